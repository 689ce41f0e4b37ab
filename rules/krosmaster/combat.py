"""What a figure does in its Activation: move (with tackles), cast spells, buy GG."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.manual import MANUAL, later, open_step
from rules.core.rng import count_faces
from rules.krosmaster import house
from rules.krosmaster.board import Geo
from rules.krosmaster.cards import EffectSpec
from rules.krosmaster.effects import EFFECTS, CastCtx
from rules.krosmaster.flow import check_end, roll
from rules.krosmaster.intents import BuyGG, Cast, Move
from rules.krosmaster.legal import memo
from rules.krosmaster.state import Figure, KState, set_pair

_WILD = (house.WILD_FACE,)


def best_path(s: KState, geo: Geo, fig: Figure, goal: int, risky: int) -> list[int]:
    """House rule H10: within the MP left, the route with the fewest tackles, then shortest.
    (``risky``: the cells next to an enemy of the mover, ``KState.zone``.) ``goal`` is one of
    the cells the figure can reach (a legal Move's)."""
    start = fig.cell
    assert start is not None
    if goal in geo.grid.neighbours[start]:
        return [start, goal]  # every route leaves the start once: none is better than a step
    nb = geo.open_neighbours  # terrain that blocks movement is left out already
    # Each cell's distance to the goal; and where figures stand, as bits (the mover's own
    # cell too: a route does not come back to it).
    to_goal = geo.distances[goal]
    mine, theirs = s.where()[1]
    taken = mine | theirs
    if not risky & geo.balls[start][fig.mp - 1] & ~(1 << start):
        # No route has a tackle the others have not: the search below takes the shortest,
        # and of those the first in the neighbours' order at each step (it keeps a cell's
        # first finder). A route as short as the distance is found at once by trying the
        # neighbours in order, a step nearer the goal each time.
        path = [start]
        if _nearer(nb, to_goal, taken, start, goal, path):
            return path
    # One pair of tables per number of steps: cell -> tackles so far, cell -> cell it came
    # from (both filled in the same order: a cell keeps the place where it was first seen).
    # A cell further from the goal than the steps left is left out: no route through it
    # ends at the goal, and every neighbour of a cell kept is kept, so the cells kept are
    # found in the same order, with the same tackles and the same cell before.
    costs: list[dict[int, int]] = [{start: 0}]
    prevs: list[dict[int, int]] = [{start: -1}]
    for left in range(fig.mp - 1, -1, -1):
        cost_to: dict[int, int] = {}
        came: dict[int, int] = {}
        for cur, cost in costs[-1].items():
            if risky >> cur & 1:
                cost += 1
            for n in nb[cur]:
                if to_goal[n] > left or taken >> n & 1:
                    continue
                old = cost_to.get(n)
                if old is None or cost < old:
                    cost_to[n] = cost
                    came[n] = cur
        costs.append(cost_to)
        prevs.append(came)
        if cost_to.get(goal) == 0:
            steps = len(costs) - 1  # no tackle on the way: no other route can be better
            break
    else:
        steps = min((layer[goal], k) for k, layer in enumerate(costs) if goal in layer)[1]
    path = [goal]
    for k in range(steps, 0, -1):
        path.append(prevs[k][path[-1]])
    return path[::-1]


def _nearer(nb: tuple[tuple[int, ...], ...], to_goal: tuple[int, ...], taken: int, cur: int,
            goal: int, path: list[int]) -> bool:
    """Extend ``path`` (ending on ``cur``) by the first route to ``goal`` that steps nearer
    it each time around ``taken`` (as bits), in the neighbours' order; False: there is none."""
    if cur == goal:
        return True
    near = to_goal[cur] - 1
    for n in nb[cur]:
        if to_goal[n] == near and not taken >> n & 1:
            path.append(n)
            if _nearer(nb, to_goal, taken, n, goal, path):
                return True
            path.pop()
    return False


def _tackle(s: KState, geo: Geo, fig: Figure, at: int) -> None:
    """``fig`` (the state's own, ``KState.mut``) leaves ``at``, next to an enemy: Dodge
    against Lock, MP and AP lost."""
    nb = geo.grid.neighbours[at]
    lockers = [f for f in s.figures if f.owner != fig.owner and f.cell in nb]
    name = s.named(fig) if s.loud else ""
    faces = roll(s, 1 + s.power(fig, "dodge"), "Dodge", fig.owner, name)
    dodge = count_faces(faces, "dodge", _WILD)
    lock = 0
    for enemy in lockers:
        faces = roll(s, 1 + s.power(enemy, "lock"), "Lock", enemy.owner,
                     s.named(enemy) if s.loud else "")
        lock += count_faces(faces, "lock", _WILD)
    loss = (house.TACKLE_LOCK_WINS if lock > dodge else house.TACKLE_TIE if lock == dodge
            else 0)
    if loss:
        fig.mp, fig.ap = max(0, fig.mp - loss), max(0, fig.ap - loss)
    if s.loud:
        s.log("tackle", f"Tackle: {dodge} Dodge against {lock} Lock; {name} loses {loss} MP "
              f"and {loss} AP.", fig.owner,
              data={"figure": fig.id, "dodge": dodge, "lock": lock, "loss": loss})


def move(s: KState, intent: Move) -> None:
    """A legal Move (``best_path``'s route, tackles on the way)."""
    geo, goal = (s.memo or memo(s))[0], intent.to
    fig = s.mut(intent.figure)
    # Leaving a cell next to an enemy is a tackle (no route enters the enemy's own cells).
    risky = s.zone(1 - fig.owner, geo.near_masks)
    path = best_path(s, geo, fig, goal, risky)
    kamas = s.kama_cells
    events_before = len(s.events)
    at = path[0]  # where the figure is on its way: placed there once it stops
    for there in path[1:]:
        if risky >> at & 1:
            _tackle(s, geo, fig, at)
        if fig.mp < 1:
            if s.loud:
                s.log("held", f"{s.named(fig)} is held at {s.board.rc(at)}.", fig.owner)
            break
        at = there
        fig.mp -= 1
        if kamas and there in kamas:
            # House rule H8: the kama goes to the player whose figure entered the cell.
            p = fig.owner
            s.kama_cells = kamas = tuple(c for c in kamas if c != there)
            s.kamas = set_pair(s.kamas, p, s.kamas[p] + 1)
            if s.loud:
                s.log("kama", f"{s.named(fig)} picks up a kama at {s.board.rc(there)}.", p)
    s.place(fig.id, at)
    if s.loud:
        s.log("move", f"{s.named(fig)} moves to {s.board.rc(at)}.", fig.owner,
              data={"figure": fig.id, "path": path})
        s.events.insert(events_before, s.events.pop())  # the move reads first, then the rolls


def take_gg(s: KState, to: int, n: int, source: int) -> None:
    """House rule H2: ``to`` gets up to ``n`` GG from the wild pool, then from ``source``."""
    wild = min(n, s.wild_gg)
    rest = min(n - wild, s.gg[source])
    gg = set_pair(s.gg, source, s.gg[source] - rest)
    s.gg = set_pair(gg, to, gg[to] + wild + rest)
    s.wild_gg -= wild


def knock_out(s: KState, fig: Figure, by: int) -> None:
    fig = s.place(fig.id, None)
    fig.hp, fig.inspiration = 0, ()
    level = s.card(fig).level
    before = s.gg[by]
    if by != fig.owner:
        take_gg(s, by, level, fig.owner)
    if s.loud:
        s.log("ko", f"{s.named(fig)} is knocked out! Player {by + 1} takes "
              f"{s.gg[by] - before} GG.", by, data={"figure": fig.id, "gg": s.gg[by] - before})


def cast(s: KState, intent: Cast) -> None:
    geo, fig, spell_no, cell = s.board.geo, s.figures[intent.figure], intent.spell, intent.target
    spell = s.card(fig).spells[spell_no]
    target = s.figures[s.where()[0].index(cell)]
    ap_before = target.ap
    fig = s.mut(fig.id)
    fig.ap -= spell.ap
    # The log names both once: nobody leaves the board before the damage line.
    by, on = (s.named(fig), s.named(target)) if s.loud else ("", "")
    if s.loud:
        s.log("cast", f"{by} casts {spell.name} on {on}.", fig.owner,
              data={"figure": fig.id, "spell": spell_no, "target": cell})
    dealt = 0
    if spell.damage > 0:
        crit_faces = roll(s, 1 + s.power(fig, "critical"), "Critical", fig.owner, by)
        armour_faces = roll(s, 1 + s.power(target, "armour"), "Armour", target.owner, on)
        crit = count_faces(crit_faces, "critical", _WILD)
        armour = count_faces(armour_faces, "armour", _WILD)
        dealt = min(target.hp, max(0, spell.damage + crit - armour))
        hp = target.hp - dealt
        if s.loud:
            s.log("damage", f"{on} takes {dealt} damage ({spell.damage} +{crit} "
                  f"critical -{armour} armour), {hp} HP left.", fig.owner,
                  data={"figure": target.id, "amount": dealt})
        target = s.mut(target.id)
        target.hp = hp
        # A caster hitting itself with damage gets back the AP it paid: the figure was read
        # as the target before it paid, and written back from that read, as it always has.
        target.ap = ap_before
        if hp <= 0:
            knock_out(s, target, fig.owner)
    spell_effects(CastCtx(s, geo, fig.id, target.id, dealt), spell.name, spell.text,
                  spell.effects)


def spell_effects(ctx: CastCtx, name: str, text: str, effects: Sequence[EffectSpec]) -> None:
    """The spell's ``effects`` in the card's order, then H3. A ``manual`` one opens a manual
    step and stops: the rest is carried on after Done (``cast_rest``), from the copy of them
    the step keeps (a hot reload meanwhile changes spells from the next cast on)."""
    s = ctx.state
    for k, eff in enumerate(effects):
        if eff.name == MANUAL:
            fig = s.figures[ctx.caster]
            open_step(s, fig.owner, f"{s.name(fig)}'s {name}", text, fig.id)
            later(s, "cast_rest", ctx.caster, ctx.target, ctx.dealt, name, text,
                  *rest_args(effects[k + 1:]))
            return
        EFFECTS[eff.name](ctx, eff.amount)
    check_end(s)


def rest_args(effects: Sequence[EffectSpec]) -> tuple[int | str, ...]:
    """The effects a manual step carries on after Done, as its data: name, amount, …"""
    return tuple(x for eff in effects for x in (eff.name, eff.amount))


def cast_rest(s: KState, caster: int, target: int, dealt: int, name: str, text: str,
              *rest: int | str) -> None:
    """After a manual step: the spell's effects after the manual one (``rest_args``), as cast,
    on the changed board."""
    effects = [EffectSpec(name=str(rest[k]), amount=int(rest[k + 1]))
               for k in range(0, len(rest) - 1, 2)]
    spell_effects(CastCtx(state=s, geo=s.board.geo, caster=caster, target=target,
                          dealt=dealt), name, text, effects)


def buy_gg(s: KState, intent: BuyGG) -> None:
    fig = s.figures[intent.figure]
    p = fig.owner
    s.kamas = set_pair(s.kamas, p, s.kamas[p] - house.GG_PRICE)
    take_gg(s, p, 1, 1 - p)
    if s.loud:
        s.log("buy_gg", f"{s.named(fig)} buys a GG for {house.GG_PRICE} kamas on a demon "
              "cell.", p)
    check_end(s)
