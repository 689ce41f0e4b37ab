"""Whether a target rule (``effects.TARGETS``) allows one zone, without listing every zone it
allows: re-checking an item's target on resolution asks about one zone, and the quiet paths
(``quick``, ``quicksettle``) ask it for every item they resolve.

The answer is ``zone in TARGETS[rule](board, player, src_zone, prm)``; the rules most items
use are answered directly here, the others by that list. tests/kyoukai/test_aiming.py checks
the two agree on every zone of many positions.
"""

from __future__ import annotations

from rules.kyoukai.cards import Gate, Skill
from rules.kyoukai.effects import _DIST, TARGETS, Board, Params, _within
from rules.kyoukai.state import EMPTY


def aims(b: Board, rule: str, player: int, src_zone: int, prm: Params, zone: int) -> bool:
    """``zone in TARGETS[rule](b, player, src_zone, prm)``."""
    if rule == "gate_in_range":
        field = b.field
        if zone < 0 or field[zone] == EMPTY:
            return False
        if src_zone != EMPTY:
            return zone != src_zone and _DIST[src_zone][zone] <= prm.range
        # Some Gate of the player's within range of the zone (distance is symmetric).
        gates = b.gates
        for z in _within(zone, prm.range):
            i = field[z]
            if i != EMPTY and gates[i].owner == player:
                return True
        return False
    if rule == "own_gate":
        if zone < 0:
            return False
        i = b.field[zone]
        return i != EMPTY and b.gates[i].owner == player
    return zone in TARGETS[rule](b, player, src_zone, prm)


# Each card's and Skill's effect parameters, by the object's identity (the entry holds it).
_PARAMS: dict[int, tuple[Gate | Skill, Params]] = {}


def open_params(card: Gate) -> Params:
    """``Params(card.amount, card.range)``, made once per card."""
    hit = _PARAMS.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_PARAMS) >= 10_000:
            _PARAMS.clear()
        hit = _PARAMS[id(card)] = (card, Params(card.amount, card.range))
    return hit[1]


def skill_params(skill: Skill) -> Params:
    """``Params(skill.amount, skill.range, skill.attack, skill.defense)``, made once per
    Skill."""
    hit = _PARAMS.get(id(skill))
    if hit is None or hit[0] is not skill:
        if len(_PARAMS) >= 10_000:
            _PARAMS.clear()
        hit = _PARAMS[id(skill)] = (skill, Params(skill.amount, skill.range, skill.attack,
                                                  skill.defense))
    return hit[1]
