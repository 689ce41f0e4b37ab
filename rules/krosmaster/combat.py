"""What a figure does in its Activation: move (with tackles), cast spells, buy GG."""

from __future__ import annotations

from rules.core.dice import count_faces
from rules.core.model import Event
from rules.krosmaster import house
from rules.krosmaster.board import Geo
from rules.krosmaster.effects import EFFECTS, CastCtx
from rules.krosmaster.flow import Events, check_end, roll
from rules.krosmaster.state import Figure, KState, set_pair

_WILD = (house.WILD_FACE,)


def move_blockers(s: KState, geo: Geo) -> frozenset[int]:
    return geo.move_block | {f.cell for f in s.figures if f.cell is not None}


def reachable(s: KState, geo: Geo, fig: Figure, mp: int) -> dict[int, int]:
    if fig.cell is None or mp <= 0:
        return {}
    return geo.grid.reach(fig.cell, mp, move_blockers(s, geo))


def tackle_cells(s: KState, geo: Geo, owner: int) -> set[int]:
    """Cells next to an enemy of ``owner``: leaving one is a tackle."""
    out: set[int] = set()
    nb = geo.grid.neighbours
    for f in s.figures:
        if f.owner != owner and f.cell is not None:
            out.update(nb[f.cell])
    return out


def best_path(s: KState, geo: Geo, fig: Figure, goal: int) -> list[int]:
    """House rule H10: within the MP left, the route with the fewest tackles, then shortest."""
    assert fig.cell is not None
    blocked = move_blockers(s, geo)
    risky = tackle_cells(s, geo, fig.owner)
    nb = geo.grid.neighbours
    # One table per number of steps: cell -> (tackles so far, cell it came from).
    layers: list[dict[int, tuple[int, int]]] = [{fig.cell: (0, -1)}]
    for _ in range(fig.mp):
        nxt: dict[int, tuple[int, int]] = {}
        for cur, (cost, _prev) in layers[-1].items():
            cost += cur in risky
            for n in nb[cur]:
                if n not in blocked and (n not in nxt or cost < nxt[n][0]):
                    nxt[n] = (cost, cur)
        layers.append(nxt)
    steps = min((layer[goal][0], k) for k, layer in enumerate(layers) if goal in layer)[1]
    path = [goal]
    for k in range(steps, 0, -1):
        path.append(layers[k][path[-1]][1])
    return path[::-1]


def _tackle(s: KState, geo: Geo, fig: Figure, ev: Events) -> tuple[KState, Figure]:
    assert fig.cell is not None
    nb = geo.grid.neighbours[fig.cell]
    lockers = [f for f in s.figures if f.owner != fig.owner and f.cell in nb]
    name = s.name(fig)
    faces, s = roll(s, 1 + s.power(fig, "dodge"), "Dodge", fig.owner, ev, who=name)
    dodge = count_faces(faces, "dodge", _WILD)
    lock = 0
    for enemy in lockers:
        faces, s = roll(s, 1 + s.power(enemy, "lock"), "Lock", enemy.owner, ev,
                        who=s.name(enemy))
        lock += count_faces(faces, "lock", _WILD)
    loss = (house.TACKLE_LOCK_WINS if lock > dodge else house.TACKLE_TIE if lock == dodge
            else 0)
    if loss:
        fig = fig.model_copy(update={"mp": max(0, fig.mp - loss), "ap": max(0, fig.ap - loss)})
        s = s.with_figure(fig)
    if ev is not None:
        ev.append(Event(kind="tackle", player=fig.owner,
                        text=f"Tackle: {dodge} Dodge against {lock} Lock; {name} loses {loss} MP "
                             f"and {loss} AP.",
                        data={"figure": fig.id, "dodge": dodge, "lock": lock, "loss": loss}))
    return s, fig


def move(s: KState, geo: Geo, fig: Figure, goal: int, ev: Events) -> KState:
    path = best_path(s, geo, fig, goal)
    risky = tackle_cells(s, geo, fig.owner)
    kamas = set(s.kama_cells)
    start = fig
    # The figure walks as a local value: nothing on the way reads it back from the state
    # (tackle rolls use the state's Rng and the other figures), so it is stored once at the end.
    for here, there in zip(path, path[1:], strict=False):
        if here in risky:
            s, fig = _tackle(s, geo, fig, ev)
        if fig.mp < 1:
            if ev is not None:
                ev.append(Event(kind="held", player=fig.owner,
                                text=f"{s.name(fig)} is held at {s.board.rc(here)}."))
            break
        fig = fig.model_copy(update={"cell": there, "mp": fig.mp - 1})
        if there in kamas:
            # House rule H8: the kama goes to the player whose figure entered the cell.
            kamas.discard(there)
            p = fig.owner
            s = s.model_copy(update={"kama_cells": tuple(c for c in s.kama_cells if c != there),
                                     "kamas": set_pair(s.kamas, p, s.kamas[p] + 1)})
            if ev is not None:
                ev.append(Event(kind="kama", player=p,
                                text=f"{s.name(fig)} picks up a kama at {s.board.rc(there)}."))
    if fig is not start:
        s = s.with_figure(fig)
    assert fig.cell is not None
    if ev is not None:
        ev.insert(0, Event(kind="move", player=fig.owner,
                           text=f"{s.name(fig)} moves to {s.board.rc(fig.cell)}.",
                           data={"figure": fig.id, "path": path}))
    return s


def take_gg(s: KState, to: int, n: int, source: int) -> KState:
    """House rule H2: ``to`` gets up to ``n`` GG from the wild pool, then from ``source``."""
    wild = min(n, s.wild_gg)
    rest = min(n - wild, s.gg[source])
    gg = set_pair(s.gg, source, s.gg[source] - rest)
    gg = set_pair(gg, to, gg[to] + wild + rest)
    return s.model_copy(update={"gg": gg, "wild_gg": s.wild_gg - wild})


def _knock_out(s: KState, fig: Figure, by: int, ev: Events) -> KState:
    s = s.with_figure(fig.model_copy(update={"cell": None, "hp": 0, "inspiration": ()}))
    level = s.card(fig).level
    before = s.gg[by]
    s = take_gg(s, by, level, fig.owner) if by != fig.owner else s
    if ev is not None:
        ev.append(Event(kind="ko", player=by,
                        text=f"{s.name(fig)} is knocked out! Player {by + 1} takes "
                             f"{s.gg[by] - before} GG.",
                        data={"figure": fig.id, "gg": s.gg[by] - before}))
    return s


def cast(s: KState, geo: Geo, fig: Figure, spell_no: int, cell: int, ev: Events) -> KState:
    spell = s.card(fig).spells[spell_no]
    target = s.figures[s.occupant()[cell]]
    fig = fig.model_copy(update={"ap": fig.ap - spell.ap})
    s = s.with_figure(fig)
    if ev is not None:
        ev.append(Event(kind="cast", player=fig.owner,
                        text=f"{s.name(fig)} casts {spell.name} on {s.name(target)}.",
                        data={"figure": fig.id, "spell": spell_no, "target": cell}))
    dealt = 0
    if spell.damage > 0:
        crit_faces, s = roll(s, 1 + s.power(fig, "critical"), "Critical", fig.owner, ev,
                             who=s.name(fig))
        armour_faces, s = roll(s, 1 + s.power(target, "armour"), "Armour", target.owner, ev,
                               who=s.name(target))
        crit = count_faces(crit_faces, "critical", _WILD)
        armour = count_faces(armour_faces, "armour", _WILD)
        dealt = min(target.hp, max(0, spell.damage + crit - armour))
        hp = target.hp - dealt
        if ev is not None:
            ev.append(Event(kind="damage", player=fig.owner,
                            text=f"{s.name(target)} takes {dealt} damage ({spell.damage} +{crit} "
                                 f"critical -{armour} armour), {hp} HP left.",
                            data={"figure": target.id, "amount": dealt}))
        target = target.model_copy(update={"hp": hp})
        s = s.with_figure(target)
        if hp <= 0:
            s = _knock_out(s, target, fig.owner, ev)
    ctx = CastCtx(state=s, geo=geo, caster=fig.id, target=target.id, dealt=dealt, events=ev)
    for eff in spell.effects:
        EFFECTS[eff.name](ctx, eff.amount)
    return check_end(ctx.state, ev)


def buy_gg(s: KState, fig: Figure, ev: Events) -> KState:
    p = fig.owner
    s = s.model_copy(update={"kamas": set_pair(s.kamas, p, s.kamas[p] - house.GG_PRICE)})
    s = take_gg(s, p, 1, 1 - p)
    if ev is not None:
        ev.append(Event(kind="buy_gg", player=p,
                        text=f"{s.name(fig)} buys a GG for {house.GG_PRICE} kamas on a demon "
                             "cell."))
    return check_end(s, ev)
