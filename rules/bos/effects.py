"""BOS's effect registry: the conditions and abilities cards name in data.

A condition is ``(state-like, player, n) -> bool``; an effect names what it may target
(``Target``) and whether a summon's ability or an on-defeat trigger may use it. The words in a
target follow B-14: "summon" never reaches a boss and "boss" never reaches a summon.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rules.bos.state import State

# none: no target; player: a started player; summon / boss / unit (either) on the battlefield;
# own_acted: one of your acted summons or your acted boss.
Target = Literal["none", "player", "summon", "boss", "unit", "own_acted", "opponent"]


@dataclass(frozen=True)
class Effect:
    target: Target
    text: str  # how the face reads it, {n} for the amount
    enchant: bool = False  # the spell stays under its target (B-03)
    spell_only: bool = False  # an ability may not use it (readying could loop for ever)


EFFECTS: dict[str, Effect] = {
    "damage_summon": Effect("summon", "Deal {n} damage to a summon."),
    "damage_boss": Effect("boss", "Deal {n} damage to a boss."),
    "damage_unit": Effect("unit", "Deal {n} damage to a summon or a boss."),
    "damage_player": Effect("player", "Deal {n} damage to a player."),
    "damage_opponent": Effect("opponent", "Deal {n} damage to your opponent."),
    "gain_vim": Effect("none", "Gain {n} vim."),
    "gain_life": Effect("none", "Gain {n} life."),
    "ready_card": Effect("own_acted", "Ready one of your acted cards.", spell_only=True),
    "enchant_strength": Effect("summon", "Enchant a summon: it has +{n} Strength.",
                               enchant=True),
    "enchant_boss": Effect("boss", "Enchant a boss: it has +{n} Strength.", enchant=True),
    "return_summon": Effect("summon", "Return a summon to its owner's castle."),
    # Carried out by hand in a manual step (``rules.core.manual``), opened by State.resolve.
    "manual": Effect("none", "Carry out its text by hand."),
}
# What an on-defeat trigger may do: nothing that needs a choice in the middle of a battle.
TRIGGER_TARGETS: frozenset[str] = frozenset({"none", "opponent"})

Condition = Callable[["State", int, int], bool]


def _summons(s: State, p: int) -> int:
    slots = s.sides[p].slots
    return len(slots) - slots.count(-1)  # EMPTY


@dataclass(frozen=True)
class Cond:
    test: Condition
    text: str  # the italic condition as the face prints it, {n} for the amount


CONDITIONS: dict[str, Cond] = {
    "always": Cond(lambda s, p, n: True, ""),
    "middle_summon": Cond(lambda s, p, n: s.sides[p].slots[1] >= 0,
                          "You have a summon in the middle column"),
    "life_at_most": Cond(lambda s, p, n: s.sides[p].life <= n, "Your life is {n} or less"),
    "opposing_defeated": Cond(lambda s, p, n: s.defeated[1 - p] > 0,
                              "An opposing summon was defeated this turn"),
    "summons_at_least": Cond(lambda s, p, n: _summons(s, p) >= n,
                             "You have {n} or more summons"),
    "opponent_summons_at_least": Cond(lambda s, p, n: _summons(s, 1 - p) >= n,
                                      "Your opponent has {n} or more summons"),
    "vim_at_least": Cond(lambda s, p, n: s.sides[p].vim >= n, "You have {n} or more vim"),
    "graveyard_at_least": Cond(lambda s, p, n: len(s.sides[p].graveyard) >= n,
                               "Your graveyard holds {n} or more cards"),
    "turn_at_least": Cond(lambda s, p, n: s.sides[p].turns >= n,
                          "It is your turn {n} or later"),
}


def condition_text(name: str, n: int) -> str:
    return CONDITIONS[name].text.format(n=n)


def effect_text(name: str, n: int) -> str:
    return EFFECTS[name].text.format(n=n)
