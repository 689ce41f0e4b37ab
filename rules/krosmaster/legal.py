"""Legal intents per phase, spell targeting, and the reasons an intent is not legal."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import attrgetter

from rules.core.memo import Interned
from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.krosmaster import house
from rules.krosmaster.board import Geo
from rules.krosmaster.cards import Spell
from rules.krosmaster.intents import (
    BuyGG,
    Cast,
    EndActivation,
    EndInspiration,
    Inspire,
    KeepTension,
    Move,
    Reroll,
    SetDofus,
)
from rules.krosmaster.state import Figure, KState, Where

_DOFUS_CHOICES = ("critical", "armour", "dodge", "lock")


def spell_cells(s: KState, geo: Geo, fig: Figure, spell: Spell) -> tuple[list[int], list[int]]:
    """Cells in the spell's range (and line): those in line of sight, those blocked."""
    if fig.cell is None:
        return [], []
    lo, hi = spell.range
    cells = geo.in_range(fig.cell, lo, hi, spell.line)
    if not spell.los:
        return cells, []
    blocks = wall(geo, s.where())
    los = geo.grid.line_of_sight
    seen: list[int] = []
    hidden: list[int] = []
    for c in cells:
        (seen if los(fig.cell, c, blocks) else hidden).append(c)
    return seen, hidden


# A spell as aiming reads it: its index on the card, AP, cells in range from each origin
# (``Geo.range_masks``), whether it needs a sight line, and the side it targets (``SIDES``).
SpellAim = tuple[int, int, tuple[int, ...], bool, int]
SIDES = {"ally": 0, "enemy": 1, "any": 2}  # a spell's target (``aimed``)


def memo(s: KState) -> tuple[Geo, tuple[tuple[SpellAim, ...], ...]]:
    """The map's geometry and each card's spells as ``SpellAim``s, by catalog index: made once
    per catalog and map (``KState.memo``, read as ``s.memo or memo(s)``: every step reads the
    geometry, a generic look-up through the Board's cached property)."""
    got = s.memo
    if got is None:
        g = s.board.geo
        got = (g, tuple(
            tuple((i, sp.ap, g.range_masks((sp.range, sp.line)), sp.los, SIDES[sp.target])
                  for i, sp in enumerate(card.spells)) for card in s.catalog))
        s.remember(got)
    return got


def aimed(where: Where, owner: int, side: int) -> int:
    """The cells of the figures a spell aimed at ``side`` (``SIDES``) may hit, as bits, seen
    from a figure of ``owner`` (``where``: ``KState.where``)."""
    masks = where[1]
    return masks[owner ^ side] if side < 2 else masks[0] | masks[1]


def wall(geo: Geo, where: Where) -> int:
    """What blocks a sight line, as bits: trees and every figure (house rule H7; the ray
    excludes its own ends)."""
    masks = where[1]
    return geo.los_bits | masks[0] | masks[1]


def targets(geo: Geo, where: Where, owner: int, here: int, spell: SpellAim) -> list[int]:
    """Cells holding a figure a figure of ``owner`` may cast ``spell`` on from ``here`` (AP
    aside), in figure order: the rule the legal intents and the highlights both ask."""
    hits = spell[2][here] & aimed(where, owner, spell[4])
    if not hits:
        return []
    # in figure order (one hit is its own order)
    out = [hits.bit_length() - 1] if not hits & (hits - 1) else \
        [c for c in where[0] if c is not None and hits >> c & 1]
    near = geo.near_masks[here]
    if spell[3] and hits & ~near:
        # No sight line is needed at distance 0 or 1.
        seen, blocks = geo.grid.line_of_sight, wall(geo, where)
        return [c for c in out if near >> c & 1 or seen(here, c, blocks)]
    return out


_TENSION: tuple[Intent, ...] = (Reroll.of(), KeepTension.of())


def _tension(s: KState, p: int, only: Hashable | None) -> list[Intent]:
    return list(_TENSION)


def _dofus(s: KState, p: int, only: Hashable | None) -> list[Intent]:
    return [SetDofus.of(i, f) for i, d in enumerate(s.dice) if d == house.WILD_FACE
            for f in _DOFUS_CHOICES]


_INSPIRE: dict[tuple[int, tuple[int, ...]], tuple[Intent, ...]] = {}


def _inspiration(s: KState, p: int, only: Hashable | None) -> list[Intent]:
    """Done, then each die on each of the player's standing figures (a handful of
    combinations, remembered)."""
    mine = tuple([f.id for f in s.figures if f.owner == p and f.cell is not None])
    key = (len(s.dice), mine)
    got = _INSPIRE.get(key)
    if got is None:
        if len(_INSPIRE) >= 4096:
            _INSPIRE.clear()
        got = _INSPIRE[key] = (EndInspiration.of(),) + tuple(
            Inspire.of(i, f) for i in range(len(s.dice)) for f in mine)
    return list(got)


def _activation(s: KState, p: int, only: Hashable | None) -> list[Intent]:
    fig = s.figures[s.timelines[s.active][s.slot]]  # the acting figure
    fid, here = fig.id, fig.cell
    out: list[Intent] = [_ENDS[fid,]]
    if here is None:
        return out
    g, aims = s.memo or memo(s)
    where = s.where()
    cells, (mask0, mask1) = where
    taken = mask0 | mask1
    if fig.mp > 0:
        out += _move_intents(g, fig, here, cells, taken)
    ap = fig.ap
    for spell in aims[fig.card]:
        # (most have no one in range: the sides are told apart, in ``targets``, only if one has)
        if spell[1] <= ap and spell[2][here] & taken:
            for c in targets(g, where, fig.owner, here, spell):
                out.append(_CASTS[fid, spell[0], c])
    if here in g.demon and s.kamas[fig.owner] >= house.GG_PRICE:
        out.append(_BUYS[fid,])
    return out


_ENDS, _BUYS, _CASTS = Interned(EndActivation), Interned(BuyGG), Interned(Cast)


_MOVES: dict[int, list[Move]] = {}  # figure id -> cell -> its Move (``Move.of``'s, at hand)


def _move_intents(g: Geo, fig: Figure, here: int, cells: tuple[int | None, ...],
                  taken: int) -> tuple[Intent, ...]:
    """The acting figure's Moves, to the cells ``Geo.reach`` gives, in its order (``cells``:
    each figure's, ``taken``: those as bits). Only figures nearer than its MP block a route
    (one its MP away is in ``reach``'s last layer, never walked on from): the Moves are
    remembered (on the map's ``Geo``) by those, and the cells of any its MP away taken out."""
    mp = fig.mp
    fid = fig.id
    ball = g.balls[here]
    near = taken & ball[mp - 1]  # the cells taken nearer than its MP, its own among them
    key = (fid, here, mp, near)
    got = g.move_cache.get(key)
    if got is None:
        if len(g.move_cache) >= 20_000:
            g.move_cache.clear()
        far = g.distances[here]
        row = _MOVES.get(fid)
        if row is None or len(row) < len(far):
            row = _MOVES[fid] = [Move.of(fid, c) for c in range(len(far))]
        if near & ~(1 << here):
            to = g.reach(here, mp, [c for c in cells if c is not None and near >> c & 1])
        else:
            # No other figure nearer than its MP: the walk around terrain alone.
            to = g.walk(here, mp)
        got = g.move_cache[key] = (tuple([row[c] for c in to]), tuple(to))
    moves, reached = got
    end = (taken & ball[mp]) ^ near  # the figures its MP away
    if not end:
        return moves
    if end & (end - 1):  # two or more
        return tuple([m for m, c in zip(moves, reached, strict=True) if not end >> c & 1])
    c = end.bit_length() - 1
    if c not in reached:
        return moves
    i = reached.index(c)
    return moves[:i] + moves[i + 1:]


_active: Callable[[KState], int] = attrgetter("active")  # asked every step: a C call


# Krosmaster's timing as a table (rules.core.stages): the phase names the stage; the active
# player decides in each; the kinds are listed in the order legal intents come.
STAGES: Stages[KState] = Stages([
    Stage("tension", _active, ("reroll", "keep"), title="the Roll for Tension",
          generate=_tension),
    Stage("dofus", _active, ("dofus",), title="the Dofus side choice", generate=_dofus),
    Stage("inspiration", _active, ("end_inspiration", "inspire"), title="the Inspiration phase",
          generate=_inspiration),
    Stage("activation", _active, ("end_activation", "move", "cast", "buy_gg"),
          title="an Activation", generate=_activation),
    Stage("over", lambda s: None, (), title="the end of the game"),
], attrgetter("phase"))


def explain(s: KState, geo: Geo, intent: Intent) -> str:
    why = STAGES.why_not(s, intent.kind)
    if why is not None:
        return f"Not now: {why}."
    if isinstance(intent, SetDofus):
        return "That die does not show a Dofus."
    if isinstance(intent, Inspire):
        if not 0 <= intent.die < len(s.dice):
            return "There is no such Inspiration die left."
        if not 0 <= intent.figure < len(s.figures):
            return "There is no such figure."
        f = s.figures[intent.figure]
        if f.owner != s.active:
            return "Inspiration dice go on your own Krosmasters."
        return f"{s.name(f)} is knocked out."
    fig = s.acting()
    assert fig is not None
    fid = getattr(intent, "figure", None)
    if fid != fig.id:
        return f"It is {s.name(fig)}'s turn in the Timeline."
    if isinstance(intent, Move):
        return _explain_move(s, geo, fig, intent.to)
    if isinstance(intent, Cast):
        return _explain_cast(s, geo, fig, intent)
    if isinstance(intent, BuyGG):
        if fig.cell not in geo.demon:
            return "GG can only be bought on a demon cell."
        return f"A GG costs {house.GG_PRICE} kamas; you have {s.kamas[fig.owner]}."
    return f"{intent.label()} is not legal now."


def _explain_move(s: KState, geo: Geo, fig: Figure, to: int) -> str:
    b = s.board
    if not 0 <= to < b.width * b.height:
        return "That cell is off the board."
    if to in geo.move_block:
        return f"{b.terrain[to].capitalize()} blocks movement."
    if to in s.occupant():
        return "Another figure stands there."
    if fig.mp <= 0:
        return f"{s.name(fig)} has no MP left."
    assert fig.cell is not None
    return (f"{s.name(fig)} cannot reach {b.rc(to)} with {fig.mp} MP "
            f"({geo.grid.manhattan(fig.cell, to)} cells away, obstacles and figures block).")


def _explain_cast(s: KState, geo: Geo, fig: Figure, intent: Cast) -> str:
    card = s.card(fig)
    if not 0 <= intent.spell < len(card.spells):
        return f"{card.name} has no spell {intent.spell + 1}."
    spell = card.spells[intent.spell]
    if spell.ap > fig.ap:
        return f"{spell.name} costs {spell.ap} AP; {card.name} has {fig.ap}."
    occ = s.occupant()
    if intent.target not in occ:
        return f"{spell.name} needs a figure on the target cell."
    if not aimed(s.where(), fig.owner, SIDES[spell.target]) >> intent.target & 1:
        return f"{spell.name} targets {'an enemy' if spell.target == 'enemy' else 'an ally'}."
    assert fig.cell is not None
    g = geo.grid
    d = g.manhattan(fig.cell, intent.target)
    lo, hi = spell.range
    if not lo <= d <= hi:
        return f"{spell.name} has range {lo}-{hi}; the target is {d} cells away."
    if spell.line and not g.in_line(fig.cell, intent.target):
        return f"{spell.name} must be cast in a straight line."
    return f"Line of sight to {s.board.rc(intent.target)} is blocked (trees and figures block)."
