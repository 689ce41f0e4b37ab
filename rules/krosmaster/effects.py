"""The spell-effect registry: names used in card data → what they do.

A spell's damage is built in (``damage = n``); everything else is an effect named in data and
looked up here, so an unknown name fails when the cards load, with file and line.
Each effect gets the cast context and its ``amount`` and changes the state ``ctx.state`` in
place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.krosmaster.board import Geo
    from rules.krosmaster.state import KState


@dataclass
class CastCtx:
    state: KState
    geo: Geo
    caster: int
    target: int
    dealt: int


Effect = Callable[[CastCtx, int], None]


def _heal(ctx: CastCtx, fid: int, amount: int) -> None:
    s = ctx.state
    fig = s.figures[fid]
    if not fig.alive or amount <= 0:
        return
    top = s.card(fig).hp
    hp = min(top, fig.hp + amount)
    if hp != fig.hp:
        gain = hp - fig.hp
        s.mut(fid).hp = hp
        if s.loud:
            s.log("heal", f"{s.named(fig)} heals {gain} HP ({hp}/{top}).", fig.owner,
                  data={"figure": fid, "amount": gain})


def heal(ctx: CastCtx, amount: int) -> None:
    """The target regains ``amount`` HP, up to its card's HP."""
    _heal(ctx, ctx.target, amount)


def drain(ctx: CastCtx, amount: int) -> None:
    """The caster regains the damage dealt, at most ``amount`` HP."""
    _heal(ctx, ctx.caster, min(amount, ctx.dealt))


def mp_gain(ctx: CastCtx, amount: int) -> None:
    """The caster gains ``amount`` MP for this Activation."""
    s = ctx.state
    fig = s.mut(ctx.caster)
    fig.mp += amount
    if s.loud:
        s.log("mp_gain", f"{s.named(fig)} gains {amount} MP.", fig.owner)


def _shift(ctx: CastCtx, amount: int, away: bool) -> None:
    s = ctx.state
    caster, target = s.figures[ctx.caster], s.figures[ctx.target]
    if target.cell is None or caster.cell is None or target.id == caster.id:
        return
    g = ctx.geo.grid
    (cr, cc), (tr, tc) = g.rc(caster.cell), g.rc(target.cell)
    if cr != tr and cc != tc:
        return  # house rule H12: only a target in line can be pushed or pulled
    dr = (tr > cr) - (tr < cr)
    dc = (tc > cc) - (tc < cc)
    if not away:
        dr, dc = -dr, -dc
    taken = s.occupant()
    r, c, moved = tr, tc, 0
    for _ in range(amount):
        nr, nc = r + dr, c + dc
        if not g.contains(nr, nc):
            break
        n = g.cell(nr, nc)
        if n in ctx.geo.move_block or n in taken:
            break
        r, c, moved = nr, nc, moved + 1
    if moved:
        cell = g.cell(r, c)
        s.place(target.id, cell)
        if s.loud:
            verb = "pushed" if away else "pulled"
            s.log("shift", f"{s.named(target)} is {verb} {moved} cell"
                  f"{'s' if moved > 1 else ''} to {s.board.rc(cell)}.", caster.owner,
                  data={"figure": target.id, "to": cell})


def push(ctx: CastCtx, amount: int) -> None:
    """The target slides up to ``amount`` cells away from the caster (house rule H12)."""
    _shift(ctx, amount, away=True)


def pull(ctx: CastCtx, amount: int) -> None:
    """The target slides up to ``amount`` cells towards the caster (house rule H12)."""
    _shift(ctx, amount, away=False)


def by_hand(ctx: CastCtx, amount: int) -> None:
    """Carried out by hand (``rules.core.manual``): ``combat.cast`` opens a manual step."""
    raise AssertionError("a manual effect opens a manual step; it has no resolver")


EFFECTS: dict[str, Effect] = {"heal": heal, "drain": drain, "mp_gain": mp_gain, "push": push,
                              "pull": pull, "manual": by_hand}
