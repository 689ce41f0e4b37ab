"""What the plain playout reads of each card instance, looked up once per game: the card's
type, cost and stats, its Skills as plain rows, and the passives and Branch bonuses the rules
ask about. Built from a State's ``cards`` and ``catalog``; ``unsupported`` names what the
playout does not carry out (a manual effect, an effect or target rule it does not know), and
such a game is played by the rules themselves.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.manual import MANUAL
from rules.core.played import Played
from rules.kyoukai.cards import Gate, Skill
from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS
from rules.kyoukai.lookup import FARTHEST
from rules.kyoukai.state import State

# The target rules and resolvers the playout carries out (rules.kyoukai.effects by name).
TARGET_RULES = frozenset({"none", "gate_in_range", "bordering_gate", "own_summon", "own_gate",
                          "empty_by_entrant"})
OPEN_RESOLVERS = frozenset({"damage", "shield", "ready", "draw", "heal", "return_to_hand",
                            "branch_self", "graft", "nothing"})
SKILL_RESOLVERS = frozenset({"damage", "shield", "ready", "draw", "heal", "primal_instinct",
                             "rebirth"})
# Skill effects that never go on a Sequence (passives, Branch bonuses): read where they apply.
MARKERS = frozenset({"open_as_fast", "ready_on_discard", "stat_bonus"})


class SkillRow(NamedTuple):
    """A Skill as generation and resolution read it."""

    number: int  # its index in the card's skills
    kind: str  # "normal", "fast", "location"
    speed: str
    effect: str
    target: str  # the target rule's name
    ki: int
    discard: int
    rest: int
    amount: int
    range: int


class CardRow(NamedTuple):
    """One card instance's facts."""

    cid: str
    type: str
    cost: int
    movement: int
    attack: int  # printed, without Branch bonuses
    defense: int
    stats: bool  # stands on the field
    skills: tuple[SkillRow, ...]  # Normal and Fast Skills, in card order
    locations: tuple[SkillRow, ...]  # Location Skills, in card order
    fast_skill: bool  # has a Fast Skill
    opens_fast: bool  # may be opened from the hand as Fast (K-15)
    ready_on_discard: bool
    branch_attack: int  # what it adds as a Branch (stat_bonus)
    branch_defense: int
    effect: str  # a Normal or Fast Gate's effect when opened ("" for the others)
    effect_target: str
    amount: int
    range: int
    played: Played
    # How far from a Gate of this card the zones taken change its Turn Actions, and the Ki
    # its dearest Skill costs; (-1, 0) when they depend on more (a cost in cards or Gates,
    # targets chosen by owner): as ``legal._reach_of``.
    near: int
    top_ki: int


def _skill(number: int, sk: Skill, target: str) -> SkillRow:
    return SkillRow(number, sk.kind, sk.speed, sk.effect, target, sk.cost.ki, sk.cost.discard,
                    sk.cost.rest, sk.amount, sk.range)


def _row(card: Gate, cid: str, problems: list[str]) -> CardRow:
    skills: list[SkillRow] = []
    locations: list[SkillRow] = []
    bonus = [0, 0]
    for k, sk in enumerate(card.skills):
        target = SKILL_EFFECTS[sk.effect].target
        if sk.kind == "branch" and sk.effect == "stat_bonus":
            bonus[0] += sk.attack
            bonus[1] += sk.defense
        if sk.kind in ("normal", "fast", "location"):
            if sk.effect not in SKILL_RESOLVERS or target not in TARGET_RULES:
                problems.append(f"{cid}: skill effect {sk.effect!r}")
            (locations if sk.kind == "location" else skills).append(_skill(k, sk, target))
        elif sk.effect not in MARKERS:
            problems.append(f"{cid}: {sk.kind} skill effect {sk.effect!r}")
    passives = {sk.effect for sk in card.skills if sk.kind == "passive"}
    effect = card.effect or ""
    effect_target = OPEN_EFFECTS[effect].target if effect else "none"
    if card.type in ("normal", "fast") and (effect not in OPEN_RESOLVERS
                                            or effect_target not in TARGET_RULES):
        problems.append(f"{cid}: open effect {effect!r}")
    if effect == MANUAL:
        problems.append(f"{cid}: manual effect")
    return CardRow(
        cid, card.type, card.cost, card.movement or 0, card.attack or 0, card.defense or 0,
        card.has_stats, tuple(skills), tuple(locations),
        any(sk.kind == "fast" for sk in card.skills),
        card.type == "fast" or (card.type in ("summon", "spirit", "normal")
                                and "open_as_fast" in passives),
        "ready_on_discard" in passives, bonus[0], bonus[1], effect, effect_target,
        card.amount, card.range, Played("card", cid, card.name), *_reach_of(card, skills))


def _reach_of(card: Gate, skills: list[SkillRow]) -> tuple[int, int]:
    nears = [-1 if sk.discard or sk.rest else
             {"none": 0, "gate_in_range": sk.range, "bordering_gate": 1}.get(sk.target, -1)
             for sk in skills]
    if any(n < 0 for n in nears):
        return -1, 0
    return (min(FARTHEST, max([card.movement or 0, 1, *nears])),
            max([0, *(sk.ki for sk in skills)]))


def card_rows(s: State) -> tuple[list[CardRow], list[str]]:
    """Every card instance's row (by instance id), and what the playout cannot carry out."""
    problems: list[str] = []
    by_card: dict[str, CardRow] = {}
    rows: list[CardRow] = []
    catalog = s.catalog
    for iid in range(len(s.cards)):
        cid = s.cards[iid]
        row = by_card.get(cid)
        if row is None:
            card = catalog[cid]
            hit = _ROWS.get(id(card))
            if hit is None or hit[0] is not card or hit[1].cid != cid:
                if len(_ROWS) >= 4096:
                    _ROWS.clear()
                found: list[str] = []
                hit = _ROWS[id(card)] = (card, _row(card, cid, found), tuple(found))
            row = by_card[cid] = hit[1]
            problems.extend(hit[2])
        rows.append(row)
    return rows, problems


# Each card's row, by the card's identity (cards are immutable; the entry holds the card, so
# its id is not reused while the entry stands): every game of a simulation has the same.
_ROWS: dict[int, tuple[Gate, CardRow, tuple[str, ...]]] = {}
