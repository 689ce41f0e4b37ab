"""Quiet ``apply`` without a Draft for the intents a random playout plays most: a Move with no
tackle on its path, the End of an Activation that hands over to the next figure of the same
Timeline, and an Inspiration die placed while others are left. Each changes a few fields, and
building a ``KDraft`` and freezing it costs more than the change.

Each gives the state the Draft path gives (``actions``, ``combat.move`` and ``flow`` say what
that is); ``None`` when the intent needs the Draft path (dice to roll, a turn that ends, the
Refund). A rules change to one of these actions is made here too; the loud-equals-quiet test
over random games (tests/core/test_fast_loop.py, tests/krosmaster/test_krosmaster_quick.py)
catches the two drifting apart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules.core.model import Frozen, Intent
from rules.krosmaster import house
from rules.krosmaster.board import geo
from rules.krosmaster.combat import best_path
from rules.krosmaster.flow import roll_faces
from rules.krosmaster.intents import Cast, Inspire, Move
from rules.krosmaster.state import Figure, KState, set_pair

M = TypeVar("M", bound=Frozen)


_new = object.__new__
_set = object.__setattr__


def _copy(obj: M, update: dict[str, Any]) -> M:
    """``obj.model_copy(update=update)`` (``rules.core.model.Frozen``'s) for a model with no
    private attributes, without its keyword call and checks: two or three a step."""
    new = _new(type(obj))
    data = obj.__dict__.copy()
    data.update(update)
    fields_set = obj.__pydantic_fields_set__
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__",
         fields_set if fields_set.issuperset(update) else fields_set.union(update))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


def _put(figs: tuple[Figure, ...], fig: Figure) -> tuple[Figure, ...]:
    fid = fig.id
    return figs[:fid] + (fig,) + figs[fid + 1:]


def _move(s: KState, i: Intent) -> KState | None:
    """As ``combat.move`` when no cell it leaves is next to an enemy (no tackle, so no dice
    and no MP lost on the way): the figure walks the same path and picks up its kamas."""
    assert isinstance(i, Move)
    figs = s.figures
    fig = figs[s.timelines[s.active][s.slot]]
    g = geo(s.board)
    nb = g.grid.neighbours
    owner = fig.owner
    # ``tackle_cells``: the cells next to an enemy.
    risky = {n for f in figs if f.owner != owner and f.cell is not None for n in nb[f.cell]}
    path = best_path(s, g, fig, i.to, risky)
    last = len(path) - 1
    for k in range(last):
        if path[k] in risky:
            return None
    fig = _copy(fig, {"cell": path[last], "mp": fig.mp - last})
    update: dict[str, Any] = {"figures": _put(figs, fig)}
    kama_cells = s.kama_cells
    if kama_cells and any(c in kama_cells for c in path):
        kamas = set(kama_cells)
        cells, have = kama_cells, s.kamas
        for there in path[1:]:
            if there in kamas:
                # House rule H8: the kama goes to the player whose figure entered the cell.
                kamas.discard(there)
                cells = tuple(c for c in cells if c != there)
                have = set_pair(have, fig.owner, have[fig.owner] + 1)
        if cells is not kama_cells:
            update["kama_cells"], update["kamas"] = cells, have
    return _copy(s, update)


def _end_activation(s: KState, i: Intent) -> KState | None:
    """As ``flow.end_activation`` → ``next_figure`` when a figure later in the Timeline still
    stands: its MP and AP refill (house rule H14) and it acts."""
    figs = s.figures
    line = s.timelines[s.active]
    for k in range(s.slot + 1, len(line)):
        fig = figs[line[k]]
        if fig.cell is None:
            continue
        card = s.catalog[fig.card]
        fig = _copy(fig, {"mp": card.mp, "ap": card.ap})
        return _copy(s, {"figures": _put(figs, fig), "slot": k})
    return _end_turn(s, figs)


def _end_turn(s: KState, figs: tuple[Figure, ...]) -> KState | None:
    """As ``flow.end_turn`` → ``begin_turn`` when the game goes on with a Roll for Tension:
    the opponent is active, their figures' Inspiration dice come back (R-08) and two Tension
    dice are rolled."""
    p = 1 - s.active
    turn = s.turn + 1
    if s.turn >= house.TURN_CAP or (turn == 1 and p == s.first):
        return None  # a draw at the turn cap; no Roll for Tension on the first turn
    for f in figs:
        if f.owner == p and f.inspiration:
            figs = _put(figs, _copy(f, {"inspiration": ()}))
    faces, rng = roll_faces(s.rng, s.faces, house.TENSION_DICE)
    return _copy(s, {"figures": figs, "active": p, "turn": turn, "dice": faces,
                     "rerolled": False, "slot": 0, "phase": "tension", "rng": rng})


def _inspire(s: KState, i: Intent) -> KState | None:
    """As ``actions._inspire`` while a die is left to place (the last one starts the
    Refund)."""
    assert isinstance(i, Inspire)
    dice = s.dice
    if len(dice) <= 1:
        return None
    fig = s.figures[i.figure]
    fig = _copy(fig, {"inspiration": fig.inspiration + (dice[i.die],)})
    return _copy(s, {"figures": _put(s.figures, fig), "dice": dice[:i.die] + dice[i.die + 1:]})


def _cast(s: KState, i: Intent) -> KState | None:
    """As ``combat.cast`` for a spell with no effects that knocks nobody out: the caster pays
    its AP, Critical and Armour dice are rolled, the target takes the damage. (Nothing
    changes who has lost, so ``check_end`` changes nothing.)"""
    assert isinstance(i, Cast)
    figs = s.figures
    fig = figs[s.timelines[s.active][s.slot]]
    catalog = s.catalog
    spell = catalog[fig.card].spells[i.spell]
    if spell.effects:
        return None
    target = next(f for f in figs if f.cell == i.target)
    fig = _copy(fig, {"ap": fig.ap - spell.ap})
    figs = _put(figs, fig)
    update: dict[str, Any] = {}
    if spell.damage > 0:
        faces = s.faces
        n = 1 + catalog[fig.card].powers.count("critical") + fig.inspiration.count("critical")
        crit_faces, rng = roll_faces(s.rng, faces, n)
        n = (1 + catalog[target.card].powers.count("armour")
             + target.inspiration.count("armour"))
        armour_faces, rng = roll_faces(rng, faces, n)
        crit = sum(1 for f in crit_faces if f == "critical" or f == house.WILD_FACE)
        armour = sum(1 for f in armour_faces if f == "armour" or f == house.WILD_FACE)
        hp = target.hp - min(target.hp, max(0, spell.damage + crit - armour))
        if hp <= 0:
            return None  # a knock-out: GG change hands, the game may end
        # ``target`` was read before the caster paid, as ``combat.cast`` reads it.
        figs = _put(figs, _copy(target, {"hp": hp}))
        update["rng"] = rng
    update["figures"] = figs
    return _copy(s, update)


QUIET: dict[str, Callable[[KState, Intent], KState | None]] = {
    "move": _move,
    "end_activation": _end_activation,
    "inspire": _inspire,
    "cast": _cast,
}
