"""What each BOS intent does: one handler per kind, a sentence for each, and the game's dispatch
table (kind -> type, handler, describe, source piece, target)."""

from __future__ import annotations

from typing import Any

from rules.bos.draft import Draft
from rules.bos.flow import end_turn, skip_summoning_if_idle
from rules.bos.intents import (
    Attack,
    Block,
    Cast,
    EndSummoning,
    EndTurn,
    PlayerAttack,
    RevealBoss,
    Summon,
    TakeIt,
    UseAbility,
)
from rules.bos.legal import blockers
from rules.bos.state import EMPTY, State, Unit
from rules.bos.state import PlayerAttack as Pending
from rules.core.manual import paused
from rules.core.ruleset import IntentKind, intent_table

# Prototypes copied with new fields (``Frozen.model_copy``): new units arrive every few steps
# of a simulation, and building a model through pydantic costs more than the rest of the step.
_UNIT = Unit(iid=0, owner=0, strength=1)
_PENDING = Pending(attacker=0, defender=0, column=0)


def new_unit(iid: int, owner: int, strength: int) -> Unit:
    return _UNIT.model_copy(update={"iid": iid, "owner": owner, "strength": strength})


def _summon(d: Draft, p: int, i: Summon) -> None:
    side = d.sides[p]
    down = list(side.wizard_down)
    down[i.column] = True
    slots = list(side.slots)
    slots[i.column] = i.card
    d.side(p, castle=tuple(c for c in side.castle if c != i.card), slots=tuple(slots),
           wizard_down=tuple(down))
    d.units[i.card] = new_unit(i.card, p, d.card(i.card).strength or 0)
    if d.loud:
        d.log("summon", f"Player {p + 1} summons {d.name(i.card)} in column {i.column + 1}; "
              "its wizard turns face down.", p, reveals=(1 - p,))
    skip_summoning_if_idle(d)


def _end_summoning(d: Draft, p: int, i: EndSummoning) -> None:
    d.step = "main"
    if d.loud:
        d.log("step", f"Player {p + 1} ends Summoning: Main phase.", p)


def _cast(d: Draft, p: int, i: Cast) -> None:
    """B-01: pay, reveal, resolve, then the graveyard (an enchant stays under its card)."""
    card = d.card(i.card)
    side = d.sides[p]
    d.side(p, vim=side.vim - card.cost, spellbook=tuple(c for c in side.spellbook
                                                        if c != i.card))
    if d.loud:
        d.log("cast", f"Player {p + 1} casts {card.name} ({card.cost} vim).", p,
              reveals=(1 - p,), data={"card": i.card})
    assert card.effect is not None
    d.resolve(card.effect, card.amount, p, i.target, i.player, card.name, i.card, card.text)
    if paused(d):  # carried out by hand: to the graveyard after Done
        d.later("spell_done", i.card, p, i.target)
        return
    spell_done(d, i.card, p, i.target)


def spell_done(d: Draft, spell: int, p: int, target: int) -> None:
    """B-01's last part: the spell goes to its caster's graveyard (an enchant stays under its
    card)."""
    under = target in d.units and spell in d.units[target].under
    if not under:
        d.side(p, graveyard=(*d.sides[p].graveyard, spell))


def _act(d: Draft, iid: int) -> None:
    """B-04: acting turns the card sideways."""
    d.unit(iid, acted=True)


def _attack(d: Draft, p: int, i: Attack) -> None:
    _act(d, i.card)
    if d.loud:
        d.log("attack", f"{d.name(i.card)} attacks {d.name(i.target)}.", p)
    d.battle(i.card, i.target)


def _player_attack(d: Draft, p: int, i: PlayerAttack) -> None:
    _act(d, i.card)
    if d.loud:
        d.log("attack", f"{d.name(i.card)} attacks Player {i.player + 1}.", p)
    if i.player == p:  # B-12: nobody to block for you but you
        _unblocked(d, i.card, p)
        return
    col = EMPTY if d.is_boss(i.card) else d.sides[p].slots.index(i.card)
    d.attack = _PENDING.model_copy(update={"attacker": i.card, "defender": i.player,
                                           "column": col})
    if blockers(d):
        d.step = "block"
    else:
        d.attack = None
        _unblocked(d, i.card, i.player)


def _unblocked(d: Draft, attacker: int, q: int) -> None:
    """B-10: the defender loses life equal to the attacker's Strength; no damage back."""
    d.lose_life(q, d.units[attacker].strength, f"{d.name(attacker)} is not blocked")


def _block(d: Draft, p: int, i: Block) -> None:
    a = d.attack
    assert a is not None
    d.attack = None
    d.step = "main"
    if not d.is_boss(i.card):  # B-09: it moves into the attacked column; B-15: a boss stays
        side = d.sides[p]
        slots = [EMPTY if c == i.card else c for c in side.slots]
        slots[a.column] = i.card
        d.side(p, slots=tuple(slots))
    if d.loud:
        d.log("block", f"Player {p + 1} blocks with {d.name(i.card)}.", p)
    d.battle(a.attacker, i.card)


def _take_it(d: Draft, p: int, i: TakeIt) -> None:
    a = d.attack
    assert a is not None
    d.attack = None
    d.step = "main"
    _unblocked(d, a.attacker, p)


def _ability(d: Draft, p: int, i: UseAbility) -> None:
    ab = d.card(i.card).abilities[i.ability]
    _act(d, i.card)
    if d.loud:
        d.log("ability", f"{d.name(i.card)} uses {ab.name}.", p)
    d.resolve(ab.effect, ab.amount, p, i.target, i.player, f"{d.name(i.card)}'s {ab.name}",
              EMPTY, ab.text)


def _reveal(d: Draft, p: int, i: RevealBoss) -> None:
    d.side(p, boss_state="up")
    d.units[i.card] = new_unit(i.card, p, d.card(i.card).strength or 0)
    if d.loud:
        d.log("boss", f"Player {p + 1} turns their boss {d.name(i.card)} face up!", p,
              reveals=(1 - p,))


def _end_turn(d: Draft, p: int, i: EndTurn) -> None:
    end_turn(d)


# ---- sentences ----------------------------------------------------------------------------
def _who(s: State, target: int, player: int) -> str:
    if target >= 0:
        return s.name(target)
    if player >= 0:
        return "yourself" if player == s.active else f"Player {player + 1}"
    return ""


def _d_summon(s: State, i: Summon) -> str:
    return f"Summon {s.name(i.card)} in column {i.column + 1}"


def _d_cast(s: State, i: Cast) -> str:
    at = _who(s, i.target, i.player)
    return f"Cast {s.name(i.card)}" + (f" on {at}" if at else "")


def _d_attack(s: State, i: Attack) -> str:
    return f"{s.name(i.card)} attacks {s.name(i.target)}"


def _d_player_attack(s: State, i: PlayerAttack) -> str:
    return f"{s.name(i.card)} attacks {_who(s, EMPTY, i.player)}"


def _d_ability(s: State, i: UseAbility) -> str:
    ab = s.card(i.card).abilities[i.ability]
    at = _who(s, i.target, i.player)
    return f"{s.name(i.card)}: {ab.name}" + (f" on {at}" if at else "")


def _d_block(s: State, i: Block) -> str:
    return f"Block with {s.name(i.card)}"


def _src(i: Any) -> int:
    return int(i.card)


def _target(i: Any) -> int | None:
    return i.target if i.target >= 0 else None


KINDS = intent_table(
    IntentKind(Summon, _summon, _d_summon, _src, lambda i: ("column", i.column)),
    IntentKind(EndSummoning, _end_summoning, lambda s, i: "End Summoning"),
    IntentKind(Cast, _cast, _d_cast, _src, _target),
    IntentKind(Attack, _attack, _d_attack, _src, _target),
    IntentKind(PlayerAttack, _player_attack, _d_player_attack, _src,
               lambda i: ("player", i.player)),
    IntentKind(UseAbility, _ability, _d_ability, _src, _target),
    IntentKind(RevealBoss, _reveal, lambda s, i: f"Turn {s.name(i.card)} face up", _src),
    IntentKind(EndTurn, _end_turn, lambda s, i: "End turn"),
    IntentKind(Block, _block, _d_block, _src),
    IntentKind(TakeIt, _take_it, lambda s, i: "Take it (no block)"),
)
