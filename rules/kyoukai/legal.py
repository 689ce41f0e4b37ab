"""What the deciding player may do now. Generation reads the State only."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from itertools import combinations, product

from rules.core.memo import Interned, Memo
from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.kyoukai.cards import Gate, Skill
from rules.kyoukai.effects import TARGET_MASKS, TARGETS
from rules.kyoukai.intents import (
    Attack,
    Choose,
    Discard,
    EndAction,
    EndStep,
    Move,
    OpenGate,
    Pass,
    UseSkill,
)
from rules.kyoukai.lookup import FARTHEST, Table
from rules.kyoukai.state import BORDER, EMPTY, GRID, State, zones_in
from rules.kyoukai.state import occupancy as occupancy  # threats.py reads it here


def _within(zone: int, distance: int) -> int:
    got = 0
    for z in range(GRID.size):
        if GRID.manhattan(zone, z) <= max(distance, 1):
            got |= 1 << z
    return got


# NEAR[d][z]: the zones within distance d of zone z (at least its neighbours) as a bitmask.
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_within(z, d) for z in range(GRID.size)) for d in range(FARTHEST + 1))


def _stage(s: State) -> str:
    if s.over:
        return "over"
    if s.pending is not None:
        return "choice"
    if s.step == "cleanup":
        return "cleanup"
    if s.seq is not None:
        return "sequence"
    return "turn_action" if s.action is not None else "main"


def _deciding(s: State) -> int:
    """Who decides outside a pending choice: the Sequence's priority holder, else the active
    player."""
    return s.seq.priority if s.seq is not None else s.active


def _choices(s: State, p: int, only: Hashable | None) -> list[Intent]:
    assert s.pending is not None
    return [_CHOOSE[g,] for g in s.pending.options if only is None or g == only]


def _discards(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [_DISCARD[c,] for c in s.players[p].hand if only is None or c == only]


_PASS = [Pass.of()]
# Each intent kind's intents by their fields (``Interned``: a subscript, not an ``of`` call).
_CHOOSE = Interned(Choose)
_DISCARD = Interned(Discard)
_OPEN = Interned(OpenGate)
_SKILL = Interned(UseSkill)
_MOVE = Interned(Move)
_ATTACK = Interned(Attack)
# The intents with no fields, made once (``Intent.of`` would look them up every listing).
_END_ACTION = EndAction.of()
_END_STEP = EndStep.of()


def _responses(s: State, p: int, only: Hashable | None) -> list[Intent]:
    if only is None and not may_respond(s, p):
        return list(_PASS)
    out: list[Intent] = [] if only is not None else list(_PASS)
    o = _card(only)
    table = s.table  # read once: a property
    _openings(s, p, table, s.zones[p], s.taken, True, out, o)
    _fast_skill_responses(s, p, table, out, o)
    _location_skills(s, p, table, True, out, o)
    return out


def may_respond(s: State, p: int) -> bool:
    """Whether ``p`` has anything that could answer now (most of the time nothing: a Fast
    card they can pay for, a Ready Gate with a Fast Skill, a Fast Skill in the Discard).
    Kept on the state until a hand, Ki, Discard or Gate changes (``State._answers``): the
    passes of a Sequence ask it again of the same cards."""
    known = s._answers  # forgotten by new card tables (``fields_set``, ``new_table``)
    if known >> p & 1:
        return bool(known >> (p + 2) & 1)
    table = s.table
    known = s._answers  # as the table left them
    pl = s.players[p]
    ki = pl.ki
    cost = table.answer_cost
    can = not table.fast_location_iids.isdisjoint(pl.discard)
    if not can:
        for c in pl.hand:
            if cost.get(c, ki + 1) <= ki:
                can = True
                break
        else:
            fast, field, zones = table.fast_iids, s.field, s.zones[p]
            while zones and not can:
                low = zones & -zones
                can = field[low.bit_length() - 1] in fast
                zones ^= low
    s._remember(known | 1 << p | can << (p + 2))
    return can


def _follow_up(s: State, p: int, only: Hashable | None) -> list[Intent]:
    a = s.action
    assert a is not None
    out: list[Intent] = []
    if only is None or only == a.gate:
        _follow_ups(s, a.gate, a.stage, out)
    if only is None:
        out.append(_END_ACTION)
    return out


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = []
    o = _card(only)
    table = s.table  # each read once (a property, a method) for all three
    taken, ready = s.taken, s.zones[p]
    _turn_actions(s, p, table, taken, ready if o is None else _own_ready(s, p, o), out)
    _openings(s, p, table, ready, taken, False, out, o)
    _location_skills(s, p, table, False, out, o)
    if only is None:
        out.append(_END_STEP)
    return out


def _card(only: Hashable | None) -> int | None:
    return only if isinstance(only, int) else (None if only is None else -2)


# Kyoukai's timing as a table (rules.core.stages): who decides, in which priority mode, with
# which intent kinds. The order of the kinds is the order legal intents are listed in.
STAGES: Stages[State] = Stages([
    Stage("over", lambda s: None, (), title="the end of the game"),
    Stage("choice", lambda s: s.pending.player if s.pending is not None else None, ("choose",),
          title="a pending choice", generate=_choices),
    Stage("cleanup", _deciding, ("discard",), title="the clean-up step", generate=_discards),
    Stage("sequence", _deciding, ("pass", "open", "skill"), mode="respond",
          title="an open Sequence", generate=_responses),
    Stage("turn_action", _deciding, ("move", "attack", "skill", "end_action"),
          title="a Turn Action", generate=_follow_up),
    Stage("main", _deciding, ("move", "attack", "skill", "open", "end_step"),
          title="the Main step", generate=_main),
], _stage)
# STAGES' listings, called directly (``legal``): the inner loop asks every step.
_GENERATE = {st.name: st.generate for st in STAGES}


def to_act(s: State) -> int | None:
    """``STAGES``' actor of ``s``'s stage, read off directly (the inner loop asks every step):
    nobody once the game is over, the chooser of a pending choice, else the Sequence's
    priority holder or the active player (``_deciding``)."""
    if s.over:
        return None
    pending = s.pending
    if pending is not None:
        return pending.player
    seq = s.seq
    return s.active if seq is None else seq.priority


def legal(s: State, only: int | None = None) -> list[Intent]:
    """Every legal intent, in a fixed order; with ``only`` (a card id), just the intents whose
    source is that card, generated without the others."""
    seq = s.seq
    if seq is not None and only is None and not s.over and s.pending is None \
            and s.step != "cleanup" and not may_respond(s, seq.priority):
        # An open Sequence whose priority holder cannot answer: most steps of a game.
        return list(_PASS)
    p = to_act(s)
    if p is None:
        return []
    generate = _GENERATE[_stage(s)]
    assert generate is not None
    return generate(s, p, only)


def _only(cards: Sequence[int], only: int | None) -> Sequence[int]:
    if only is None:
        return cards
    return (only,) if only in cards else ()


def _open_zones(ready: int, taken: int) -> int:
    """The empty zones bordering one of the Ready Gates in ``ready`` with the zones ``taken``,
    as a bitmask: a few table reads, cheaper than a table keyed by the zones taken, which
    missed most of the time."""
    bits = 0
    for z in zones_in(ready):
        bits |= BORDER[z]
    return bits & ~taken


# Each card instance's intents opening it into (or aimed at) each zone, in zone order, made
# once per instance number: a listing takes its zones' out of the row. (A table keyed by the
# card and the zones open missed a third of the time on new deals: the zones vary.)
_OPEN_ROWS: Memo[int, tuple[Intent, ...]] = Memo(
    lambda c: tuple([_OPEN[c, z] for z in range(GRID.size)]))
# A Gate's Moves to and Attacks on each zone, made once per card instance (as above).
_MOVE_ROWS: Memo[int, tuple[Intent, ...]] = Memo(
    lambda g: tuple([_MOVE[g, z] for z in range(GRID.size)]))
_ATTACK_ROWS: Memo[int, tuple[Intent, ...]] = Memo(
    lambda g: tuple([_ATTACK[g, z] for z in range(GRID.size)]))


def _openings(s: State, p: int, facts: Table, ready: int, taken: int, fast_only: bool,
              out: list[Intent], only: int | None) -> None:
    """Opening the cards of p's hand and Spirit deck (p's Ready Gates in ``ready``, with the
    zones ``taken``)."""
    pl = s.players[p]
    ki = pl.ki
    table = facts.by_iid
    zones: tuple[int, ...] | None = None  # the empty zones a Summon or Spirit may open into
    for c in pl.hand if only is None else _only(pl.hand, only):
        f = table[c]
        if f.cost > ki or (fast_only and not f.answers):
            continue
        kind = f.type
        if kind == "summon" or kind == "spirit":
            if zones is None:
                zones = zones_in(_open_zones(ready, taken))
            out.extend(map(_OPEN_ROWS[c].__getitem__, zones))
        elif kind == "fast" or kind == "normal":
            rule = TARGET_MASKS.get(f.open_target)
            if rule is None:  # "none": no target
                out.append(_OPEN[c, EMPTY])
            else:
                out.extend(map(_OPEN_ROWS[c].__getitem__, zones_in(rule(s, p, EMPTY,
                                                                       f.open_params))))
    if not fast_only and not pl.spirit_opened:
        for c in pl.spirits if only is None else _only(pl.spirits, only):
            if table[c].cost <= ki:
                if zones is None:
                    zones = zones_in(_open_zones(ready, taken))
                out.extend(map(_OPEN_ROWS[c].__getitem__, zones))


def _skill_intents(s: State, p: int, table: Table, gate: int, zone: int, fast_only: bool,
                   out: list[Intent], mask: int = -1) -> None:
    ki = s.players[p].ki
    for k, sk, target, prm, near in table.by_iid[gate].usable:
        if (fast_only and sk.kind != "fast") or sk.cost.ki > ki:
            continue
        rule = TARGETS[target]
        if near >= 0:
            if mask < 0:
                mask = s.taken
            key = (gate, k, zone, mask & _near(zone, near) if near else 0)
            hit = _SKILL_INTENTS.get(key)
            if hit is None or hit[0] is not sk:
                if len(_SKILL_INTENTS) >= 50_000:
                    _SKILL_INTENTS.clear()
                hit = _SKILL_INTENTS[key] = (sk, tuple([
                    _SKILL[gate, k, z, ()] for z in rule(s, p, zone, prm)]))
            out.extend(hit[1])
            continue
        pays = skill_payments(s, p, gate, sk)
        if not pays:
            continue
        out.extend([_SKILL[gate, k, z, pay] for z in rule(s, p, zone, prm) for pay in pays])


# A Gate's Skill intents when they follow from the zones taken alone (``Usable.near``), by
# (Gate, skill number, its zone, the zones taken where its targets can be); the entry holds the
# Skill, so a card changed by a hot reload is never mistaken for the old one.
_SKILL_INTENTS: dict[tuple[int, int, int, int], tuple[Skill, tuple[Intent, ...]]] = {}


_FREE_PAY: list[tuple[int, ...]] = [()]


def skill_payments(s: State, p: int, gate: int, sk: Skill) -> list[tuple[int, ...]]:
    """Every ``pay`` that settles the Skill's discard and Rest costs, sorted (one empty one
    when it has neither; none when p cannot pay)."""
    cost = sk.cost
    if not cost.discard and not cost.rest:
        return _FREE_PAY
    discards = list(combinations(sorted(s.players[p].hand), cost.discard))
    others = sorted(i for i, g in s.gates.items() if g.owner == p and g.ready and i != gate)
    rests = list(combinations(others, cost.rest))
    return [d + r for d, r in product(discards, rests)]


def _own_ready(s: State, p: int, only: int | None) -> int:
    """The zones of p's Ready Gates on the field as a bitmask (or just ``only``'s)."""
    if only is None:
        return s.zones[p]
    g = s.gates.get(only)
    return 1 << s.field.index(only) if g is not None and g.owner == p and g.ready else 0


def _turn_actions(s: State, p: int, table: Table, mask: int, zones: int,
                  out: list[Intent]) -> None:
    """The Turn Actions of p's Ready Gates in the zones ``zones``, with the zones taken
    ``mask``."""
    ki = s.players[p].ki
    turn = table.turn
    field = s.field
    for z in zones_in(zones):  # in zone order
        i = field[z]
        facts = turn.get(i)
        if facts is None:
            continue
        card, near, top = facts
        if near < 0:
            out.extend(_move_intents(mask, i, z, card.movement or 0, True))
            _skill_intents(s, p, table, i, z, False, out, mask)
            continue
        key = (i, z, ki if ki < top else top, mask & NEAR[near][z])
        hit = _TURN_ACTIONS.get(key)
        if hit is None or hit[0] is not card:
            got = _move_intents(mask, i, z, card.movement or 0, True)
            _skill_intents(s, p, table, i, z, False, got, mask)
            if len(_TURN_ACTIONS) >= 50_000:
                _TURN_ACTIONS.clear()
            hit = _TURN_ACTIONS[key] = (card, tuple(got))
        out.extend(hit[1])


# A Gate's whole Turn Action list (Moves, Attacks, Skills) when it follows from the zones taken
# near it and the Ki (``Facts.near``), by (Gate, zone, Ki up to its dearest Skill, those
# zones); the entry holds the card, so a card changed by a hot reload is never mistaken for
# the old one.
_TURN_ACTIONS: dict[tuple[int, int, int, int], tuple[Gate, tuple[Intent, ...]]] = {}


def _move_intents(taken: int, gate: int, zone: int, movement: int,
                  attacks: bool = False) -> list[Intent]:
    """A Gate's Moves (and, with ``attacks``, then its Attacks) with the zones ``taken``, in
    zone order."""
    out: list[Intent] = []
    if movement > 0:
        out.extend(map(_MOVE_ROWS[gate].__getitem__, reach(zone, movement, taken)))
    if attacks:
        out.extend(map(_ATTACK_ROWS[gate].__getitem__, zones_in(BORDER[zone] & taken)))
    return out


def _near(zone: int, distance: int) -> int:
    """The zones within ``distance`` of ``zone``, and those bordering it (``NEAR``): only they
    can change where a Gate there may Move or what it may Attack."""
    return NEAR[FARTHEST if distance >= FARTHEST else distance if distance > 0 else 0][zone]


def reach(zone: int, movement: int, mask: int) -> tuple[int, ...]:
    """The zones a Gate in ``zone`` can Move to through empty zones, sorted, with the zones
    taken in ``mask``."""
    return _reach(zone, movement, mask & _near(zone, movement))


@lru_cache(maxsize=50_000)
def _reach(zone: int, movement: int, mask: int) -> tuple[int, ...]:
    # Breadth-first, one distance at a time, each as a bitmask (``BORDER``).
    seen = frontier = 1 << zone
    for _ in range(movement):
        bordering = 0
        while frontier:
            low = frontier & -frontier
            bordering |= BORDER[low.bit_length() - 1]
            frontier ^= low
        frontier = bordering & ~mask & ~seen
        seen |= frontier
    return zones_in(seen ^ 1 << zone)


def _follow_ups(s: State, gate: int, stage: str, out: list[Intent]) -> None:
    if gate not in s.gates:
        return
    z = s.zone_of(gate)
    if stage == "bonus":
        out.extend(_move_intents(s.taken, gate, z, s.card(gate).movement or 0))
    out.extend(map(_ATTACK_ROWS[gate].__getitem__, zones_in(BORDER[z] & s.taken)))
    if stage == "after_move":
        _skill_intents(s, s.gates[gate].owner, s.table, gate, z, False, out)


def _fast_skill_responses(s: State, p: int, table: Table, out: list[Intent],
                          only: int | None = None) -> None:
    facts, field = table.by_iid, s.field
    for z in zones_in(_own_ready(s, p, only)):  # in zone order
        if facts[field[z]].fast_skill:
            _skill_intents(s, p, table, field[z], z, True, out)


def _location_skills(s: State, p: int, table: Table, fast_only: bool, out: list[Intent],
                     only: int | None = None) -> None:
    """K-18: skills whose cost names the Discard are usable only from there."""
    located = table.location_iids
    pl = s.players[p]
    discard = pl.discard if only is None else _only(pl.discard, only)
    if located.isdisjoint(discard):  # most of the time: no set made
        return
    ki = pl.ki
    for c in filter(located.__contains__, discard):  # in Discard order
        for k, sk, target, prm, _near in table.by_iid[c].locations:
            if (fast_only and sk.speed != "fast") or sk.cost.ki > ki:
                continue
            pays = skill_payments(s, p, c, sk)
            out.extend([_SKILL[c, k, z, pay] for z in TARGETS[target](s, p, EMPTY, prm)
                        for pay in pays])
