"""What the deciding player may do now. Generation reads the immutable State only."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations, product

from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.kyoukai.cards import Gate, Skill
from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS, TARGETS, Params, TargetRule
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
from rules.kyoukai.lookup import FARTHEST, NEAR, facts
from rules.kyoukai.state import EMPTY, GRID, FieldGate, Player, State


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
    return [Choose.of(g) for g in s.pending.options if only is None or g == only]


def _discards(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return [Discard.of(c) for c in s.players[p].hand if only is None or c == only]


_PASS = [Pass.of()]


def _responses(s: State, p: int, only: Hashable | None) -> list[Intent]:
    if only is None and not may_respond(s, p):
        return list(_PASS)
    out: list[Intent] = [] if only is not None else [Pass.of()]
    o = _card(only)
    _openings(s, p, fast_only=True, out=out, only=o)
    _fast_skill_responses(s, p, out, o)
    _location_skills(s, p, fast_only=True, out=out, only=o)
    return out


def may_respond(s: State, p: int) -> bool:
    """Whether ``p`` has anything that could answer now (most of the time nothing: a Fast
    card they can pay for, a Ready Gate with a Fast Skill, a Fast Skill in the Discard)."""
    if _may_answer_from_cards(s, s.players[p]):
        return True
    gates = s.gates
    hit = _FAST_READY.get(id(gates))
    if hit is None or hit[0] is not gates or hit[1] is not s.cards or hit[2] is not s.catalog:
        owners = [False, False]
        for i in _fast_iids(s).intersection(gates):
            g = gates[i]
            if g.ready:
                owners[g.owner] = True
        if len(_FAST_READY) >= 64:
            _FAST_READY.clear()
        hit = _FAST_READY[id(gates)] = (gates, s.cards, s.catalog, (owners[0], owners[1]))
    return hit[3][p]


# Per player, whether one of their Ready Gates has a Fast Skill, by the Gate table's identity
# (the entry holds it and the card tables): both players' passes in a Sequence ask it of the
# same table, so a few entries do (more would keep many old tables alive for the cycle
# collector to walk).
_FAST_READY: dict[int, tuple[dict[int, FieldGate], dict[int, str], dict[str, Gate],
                             tuple[bool, bool]]] = {}


# Whether a player's hand (a Fast card they can pay for) or Discard (a Fast location Skill)
# could answer, by the Player's identity: a Player is shared by every state until it changes.
# The entry holds the Player and the card tables, so a reused id is never mistaken for them.
_FROM_CARDS: dict[int, tuple[Player, dict[int, str], dict[str, Gate], bool]] = {}


def _may_answer_from_cards(s: State, pl: Player) -> bool:
    hit = _FROM_CARDS.get(id(pl))
    if hit is not None and hit[0] is pl and hit[1] is s.cards and hit[2] is s.catalog:
        return hit[3]
    catalog, cards = s.catalog, s.cards
    ki = pl.ki
    found = any(catalog[cards[c]].cost <= ki for c in _fast_openers(s, pl.hand)) or any(
        sk.speed == "fast" for _c, _k, sk in _location_entries(s, pl.discard))
    if len(_FROM_CARDS) >= 4096:
        _FROM_CARDS.clear()
    _FROM_CARDS[id(pl)] = (pl, s.cards, s.catalog, found)
    return found


def _follow_up(s: State, p: int, only: Hashable | None) -> list[Intent]:
    a = s.action
    assert a is not None
    out: list[Intent] = []
    if only is None or only == a.gate:
        _follow_ups(s, a.gate, a.stage, out)
    if only is None:
        out.append(EndAction.of())
    return out


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = []
    o = _card(only)
    ready = _own_ready(s, p, None)
    _turn_actions(s, p, out, o, ready)
    _openings(s, p, fast_only=False, out=out, only=o, ready=ready)
    _location_skills(s, p, fast_only=False, out=out, only=o)
    if only is None:
        out.append(EndStep.of())
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


# STAGES' look-ups, done directly: the inner loop asks who acts and what is legal every step.
_ACTORS = {st.name: st.actor for st in STAGES}
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
    source is that card, generated without the others (``STAGES.legal``)."""
    seq = s.seq
    if seq is not None and only is None and not s.over and s.pending is None \
            and s.step != "cleanup" and not may_respond(s, seq.priority):
        # An open Sequence whose priority holder cannot answer: most steps of a game.
        return list(_PASS)
    name = _stage(s)
    p = _ACTORS[name](s)
    if p is None:
        return []
    generate = _GENERATE[name]
    assert generate is not None
    return generate(s, p, only)


def _only(cards: tuple[int, ...], only: int | None) -> tuple[int, ...]:
    if only is None:
        return cards
    return (only,) if only in cards else ()


def occupied(s: State) -> set[int]:
    return {z for z, i in enumerate(s.field) if i != EMPTY}


def open_zones(s: State, p: int) -> list[int]:
    """Empty zones bordering one of p's Ready Gates: where p may open a Summon or Spirit."""
    return list(_open_zones(occupancy(s.field), _ready_zones(_own_ready(s, p, None)))[1])


def _ready_zones(ready: Sequence[tuple[int, int]]) -> int:
    bits = 0
    for z, _i in ready:
        bits |= 1 << z
    return bits


# ``open_zones`` by (zones taken, the player's Ready Gates' zones): the zones as a bitmask and
# in order.
_OPEN_ZONES: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}


def _open_zones(taken: int, ready: int) -> tuple[int, tuple[int, ...]]:
    key = (taken, ready)
    got = _OPEN_ZONES.get(key)
    if got is None:
        bits = 0
        for z in range(GRID.size):
            if ready >> z & 1:
                for n in GRID.neighbours[z]:
                    if not taken >> n & 1:
                        bits |= 1 << n
        if len(_OPEN_ZONES) >= 50_000:
            _OPEN_ZONES.clear()
        got = _OPEN_ZONES[key] = (bits, tuple(z for z in range(GRID.size) if bits >> z & 1))
    return got


# The intents opening card ``c`` into each of the zones of a bitmask, by (card, bitmask).
_OPENS: dict[tuple[int, int], tuple[Intent, ...]] = {}


def _opens(c: int, zones: tuple[int, tuple[int, ...]]) -> tuple[Intent, ...]:
    key = (c, zones[0])
    got = _OPENS.get(key)
    if got is None:
        if len(_OPENS) >= 50_000:
            _OPENS.clear()
        got = _OPENS[key] = tuple(OpenGate.of(c, z) for z in zones[1])
    return got


def card_targets(s: State, p: int, card: Gate) -> list[int]:
    rule, prm = _open_targeting(card)
    return rule(s, p, EMPTY, prm)


# A Normal or Fast card's target rule and parameters, by card identity (as ``_targeting``).
_OPEN_TARGETING: dict[int, tuple[Gate, TargetRule, Params]] = {}


def _open_targeting(card: Gate) -> tuple[TargetRule, Params]:
    hit = _OPEN_TARGETING.get(id(card))
    if hit is None or hit[0] is not card:
        assert card.effect is not None
        if len(_OPEN_TARGETING) >= 4096:
            _OPEN_TARGETING.clear()
        hit = _OPEN_TARGETING[id(card)] = (card, TARGETS[OPEN_EFFECTS[card.effect].target],
                                           Params(card.amount, card.range))
    return hit[1], hit[2]


def _openings(s: State, p: int, fast_only: bool, out: list[Intent],
              only: int | None = None, ready: Sequence[tuple[int, int]] | None = None) -> None:
    """Opening the cards of p's hand and Spirit deck (``ready``: p's Ready Gates, if known)."""
    pl = s.players[p]
    ki = pl.ki
    table = facts(s)
    zones: tuple[int, tuple[int, ...]] | None = None
    for c in _only(_fast_openers(s, pl.hand) if fast_only else pl.hand, only):
        f = table[c]
        if f.cost > ki:
            continue
        kind = f.type
        if kind == "summon" or kind == "spirit":
            if fast_only and not f.opens_fast:
                continue
            if zones is None:
                zones = _open_zones(occupancy(s.field), _ready_zones(
                    _own_ready(s, p, None) if ready is None else ready))
            out.extend(_opens(c, zones))
        elif kind == "fast" or (kind == "normal" and (not fast_only or f.opens_fast)):
            out.extend(OpenGate.of(c, z) for z in card_targets(s, p, f.card))
    if not fast_only and not pl.spirit_opened:
        for c in _only(pl.spirits, only):
            if table[c].cost <= ki:
                if zones is None:
                    zones = _open_zones(occupancy(s.field), _ready_zones(
                        _own_ready(s, p, None) if ready is None else ready))
                out.extend(_opens(c, zones))


def _skill_intents(s: State, p: int, gate: int, zone: int, fast_only: bool,
                   out: list[Intent]) -> None:
    ki = s.players[p].ki
    mask = -1
    for k, sk, rule, prm, near in _usable(s.card(gate)):
        if (fast_only and sk.kind != "fast") or sk.cost.ki > ki:
            continue
        if near >= 0:
            if mask < 0:
                mask = occupancy(s.field)
            key = (gate, k, zone, mask & _near(zone, near) if near else 0)
            hit = _SKILL_INTENTS.get(key)
            if hit is None or hit[0] is not sk:
                if len(_SKILL_INTENTS) >= 50_000:
                    _SKILL_INTENTS.clear()
                hit = _SKILL_INTENTS[key] = (sk, tuple(
                    UseSkill.of(gate, k, z, ()) for z in rule(s, p, zone, prm)))
            out.extend(hit[1])
            continue
        pays = skill_payments(s, p, gate, sk)
        if not pays:
            continue
        out.extend(UseSkill.of(gate, k, z, pay) for z in rule(s, p, zone, prm) for pay in pays)


# A Gate's Skill intents when they follow from the zones taken alone (``_usable``), by (Gate,
# skill number, its zone, the zones taken where its targets can be); the entry holds the
# Skill, so a card changed by a hot reload is never mistaken for the old one.
_SKILL_INTENTS: dict[tuple[int, int, int, int], tuple[Skill, tuple[Intent, ...]]] = {}

_Usable = tuple[int, Skill, TargetRule, Params, int]
# A card's Normal and Fast Skills as (number, Skill, target rule, parameters, ``near``), by
# card identity (the entry holds the card). ``near`` >= 0 for a Skill that costs no cards or
# Gates and whose targets, from a Gate on the field, depend only on which zones within that
# distance are taken (0: on none); -1 for the others.
_USABLE: dict[int, tuple[Gate, tuple[_Usable, ...]]] = {}


def _usable(card: Gate) -> tuple[_Usable, ...]:
    hit = _USABLE.get(id(card))
    if hit is None or hit[0] is not card:
        rows: list[_Usable] = []
        for k, sk in enumerate(card.skills):
            if sk.kind not in ("normal", "fast"):
                continue
            rule, prm = _targeting(sk)
            target = SKILL_EFFECTS[sk.effect].target
            near = {"none": 0, "gate_in_range": sk.range, "bordering_gate": 1}.get(target, -1)
            if sk.cost.discard or sk.cost.rest:
                near = -1
            rows.append((k, sk, rule, prm, near))
        if len(_USABLE) >= 4096:
            _USABLE.clear()
        hit = _USABLE[id(card)] = (card, tuple(rows))
    return hit[1]


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


# A Skill's target rule and parameters, by Skill identity (the entry holds its Skill, so a
# reused id is never mistaken for it): generation asks for them every step.
_TARGETING: dict[int, tuple[Skill, TargetRule, Params]] = {}


def _targeting(sk: Skill) -> tuple[TargetRule, Params]:
    hit = _TARGETING.get(id(sk))
    if hit is None or hit[0] is not sk:
        if len(_TARGETING) >= 4096:
            _TARGETING.clear()
        hit = _TARGETING[id(sk)] = (sk, TARGETS[SKILL_EFFECTS[sk.effect].target],
                                    Params(sk.amount, sk.range, sk.attack, sk.defense))
    return hit[1], hit[2]


def _own_ready(s: State, p: int, only: int | None) -> list[tuple[int, int]]:
    """(zone, Gate) of p's Ready Gates on the field, in zone order (or just ``only``)."""
    field = s.field
    if only is not None:
        g = s.gates.get(only)
        return [(field.index(only), only)] if g is not None and g.owner == p and g.ready else []
    # Fewer Gates than zones: find p's Ready ones, then place them (every Gate is on the field).
    return sorted([(field.index(i), i) for i, g in s.gates.items() if g.owner == p and g.ready])


def _turn_actions(s: State, p: int, out: list[Intent], only: int | None = None,
                  ready: Sequence[tuple[int, int]] | None = None) -> None:
    """The Turn Actions of p's Ready Gates (``ready``: all of them, if known)."""
    field = s.field
    ki = s.players[p].ki
    table = facts(s)
    mask = occupancy(field)
    for z, i in _own_ready(s, p, only) if ready is None or only is not None else ready:
        f = table[i]
        if not f.stats:
            continue
        card = f.card
        near, top = _reach_of(card)
        if near < 0:
            out.extend(_gate_actions(field, i, z, card.movement or 0))
            _skill_intents(s, p, i, z, False, out)
            continue
        key = (i, z, ki if ki < top else top, mask & NEAR[near][z])
        hit = _TURN_ACTIONS.get(key)
        if hit is None or hit[0] is not card:
            got: list[Intent] = list(_gate_actions(field, i, z, card.movement or 0))
            _skill_intents(s, p, i, z, False, got)
            if len(_TURN_ACTIONS) >= 50_000:
                _TURN_ACTIONS.clear()
            hit = _TURN_ACTIONS[key] = (card, tuple(got))
        out.extend(hit[1])


# A Gate's whole Turn Action list (Moves, Attacks, Skills) when it follows from the zones taken
# near it and the Ki (``_reach_of``), by (Gate, zone, Ki up to its dearest Skill, those zones);
# the entry holds the card, so a card changed by a hot reload is never mistaken for the old one.
_TURN_ACTIONS: dict[tuple[int, int, int, int], tuple[Gate, tuple[Intent, ...]]] = {}
_REACH_OF: dict[int, tuple[Gate, int, int]] = {}


def _reach_of(card: Gate) -> tuple[int, int]:
    """How far from a Gate of this card the zones taken change its Turn Actions, and the Ki
    its dearest Skill costs; (-1, 0) when a Skill's intents depend on more (a cost in cards or
    Gates, targets chosen by owner)."""
    hit = _REACH_OF.get(id(card))
    if hit is None or hit[0] is not card:
        rows = _usable(card)
        near = min(FARTHEST, max([card.movement or 0, 1, *(r[4] for r in rows)]))
        top = max([0, *(r[1].cost.ki for r in rows)])
        if any(r[4] < 0 for r in rows):
            near, top = -1, 0
        if len(_REACH_OF) >= 4096:
            _REACH_OF.clear()
        hit = _REACH_OF[id(card)] = (card, near, top)
    return hit[1], hit[2]


def _moves(s: State, gate: int, zone: int, movement: int, out: list[Intent]) -> None:
    if movement <= 0:
        return
    out.extend(_move_intents(s.field, gate, zone, movement))


# A Gate's Moves (and, with ``attacks``, then its Attacks), by the zones taken (``occupancy``):
# the same few Gates stand in the same zones from one step to the next (a pass, a declaration)
# and across a turn, and which Gates they are does not change where one can go.
_MOVES: dict[tuple[int, int, int, bool, int], tuple[Intent, ...]] = {}


def _move_intents(field: tuple[int, ...], gate: int, zone: int, movement: int,
                  attacks: bool = False) -> tuple[Intent, ...]:
    mask = occupancy(field) & _near(zone, movement)
    key = (gate, zone, movement, attacks, mask)
    got = _MOVES.get(key)
    if got is None:
        if len(_MOVES) >= 50_000:
            _MOVES.clear()
        out: list[Intent] = []
        if movement > 0:
            out.extend(Move.of(gate, c) for c in reach(zone, movement, mask)[0])
        if attacks:
            out.extend(Attack.of(gate, n) for n in GRID.neighbours[zone] if mask >> n & 1)
        got = _MOVES[key] = tuple(out)
    return got


# Occupied zones of a field as a bitmask, by the field tuple's identity (the entry holds the
# tuple, so a reused id is never mistaken for it): a field is shared by every state until a
# Gate moves, enters or leaves.
_OCCUPANCY: dict[int, tuple[tuple[int, ...], int]] = {}


def occupancy(field: tuple[int, ...]) -> int:
    """Bit ``z`` set when zone ``z`` holds a Gate."""
    hit = _OCCUPANCY.get(id(field))
    if hit is not None and hit[0] is field:
        return hit[1]
    mask = 0
    bit = 1
    for i in field:
        if i != EMPTY:
            mask |= bit
        bit <<= 1
    if len(_OCCUPANCY) >= 4096:
        _OCCUPANCY.clear()
    _OCCUPANCY[id(field)] = (field, mask)
    return mask


_REACH: dict[tuple[int, int, int], tuple[tuple[int, ...], frozenset[int]]] = {}
# The zones within a distance of a zone, and those bordering it, as a bitmask: only they can
# change where a Gate there may Move or what it may Attack.
_NEAR: dict[tuple[int, int], int] = {}


def _near(zone: int, distance: int) -> int:
    got = _NEAR.get((zone, distance))
    if got is None:
        got = 0
        for z in range(GRID.size):
            if GRID.manhattan(zone, z) <= max(distance, 1):
                got |= 1 << z
        _NEAR[zone, distance] = got
    return got


def reach(zone: int, movement: int, mask: int) -> tuple[tuple[int, ...], frozenset[int]]:
    """The zones a Gate in ``zone`` can Move to through empty zones (``GRID.reach``), sorted
    and as a set, with the zones taken in ``mask``: a Move resolves when its destination is
    still among them (the shortest path then is within the Gate's Movement)."""
    mask &= _near(zone, movement)
    key = (zone, movement, mask)
    got = _REACH.get(key)
    if got is None:
        if len(_REACH) >= 50_000:
            _REACH.clear()
        cells = GRID.reach(zone, movement, lambda c: bool(mask >> c & 1))
        got = _REACH[key] = (tuple(sorted(cells)), frozenset(cells))
    return got


def _gate_actions(field: tuple[int, ...], gate: int, zone: int,
                  movement: int) -> tuple[Intent, ...]:
    """A Ready Gate's Moves then Attacks as a Turn Action."""
    return _move_intents(field, gate, zone, movement, True)


def _follow_ups(s: State, gate: int, stage: str, out: list[Intent]) -> None:
    if gate not in s.gates:
        return
    z = s.zone_of(gate)
    field = s.field
    if stage == "bonus":
        _moves(s, gate, z, s.card(gate).movement or 0, out)
    out.extend(Attack.of(gate, n) for n in GRID.neighbours[z] if field[n] != EMPTY)
    if stage == "after_move":
        _skill_intents(s, s.gates[gate].owner, gate, z, False, out)


def _fast_skill_responses(s: State, p: int, out: list[Intent], only: int | None = None) -> None:
    catalog, cards = s.catalog, s.cards
    if only is not None:
        ready = _own_ready(s, p, only)
    else:
        # Few Gates have a Fast Skill: look for them first, then place them (zone order).
        field = s.field
        fast = _fast_iids(s)
        ready = [(field.index(i), i) for i, g in s.gates.items()
                 if i in fast and g.owner == p and g.ready]
        ready.sort()
    for z, i in ready:
        if has_fast_skill(catalog[cards[i]]):
            _skill_intents(s, p, i, z, True, out)


# The cards of a hand that could be opened as Fast, by the hand tuple's identity (as
# ``_with_location_skill``): answering in a Sequence reads them every step, and most hands
# have none. Entries hold the tuple and the card tables, so a reused id is never mistaken.
_FAST_OPENERS: dict[int, tuple[tuple[int, ...], dict[int, str], dict[str, Gate],
                               tuple[int, ...]]] = {}


def _fast_openers(s: State, hand: tuple[int, ...]) -> tuple[int, ...]:
    if not hand:
        return hand
    hit = _FAST_OPENERS.get(id(hand))
    if hit is not None and hit[0] is hand and hit[1] is s.cards and hit[2] is s.catalog:
        return hit[3]
    catalog, cards = s.catalog, s.cards
    found = tuple(c for c in hand if _opens_fast(catalog[cards[c]]))
    if len(_FAST_OPENERS) >= 4096:
        _FAST_OPENERS.clear()
    _FAST_OPENERS[id(hand)] = (hand, s.cards, s.catalog, found)
    return found


def _opens_fast(card: Gate) -> bool:
    # K-15: a Passive lets any Gate from the hand (a Summon or a Normal Gate) open as Fast.
    return card.type == "fast" or (card.type in ("summon", "spirit", "normal")
                                   and _flags(card)[2])


# The card instances that have a Fast Skill, one set per game's card tables (by the cards
# table's identity; the entry holds both tables, so a reused id is never mistaken for them).
_FAST_IIDS: dict[int, tuple[dict[int, str], dict[str, Gate], frozenset[int]]] = {}


def _fast_iids(s: State) -> frozenset[int]:
    hit = _FAST_IIDS.get(id(s.cards))
    if hit is None or hit[0] is not s.cards or hit[1] is not s.catalog:
        if len(_FAST_IIDS) >= 256:
            _FAST_IIDS.clear()
        catalog = s.catalog
        hit = _FAST_IIDS[id(s.cards)] = (s.cards, catalog, frozenset(
            i for i, cid in s.cards.items() if _flags(catalog[cid])[1]))
    return hit[2]


# Per card: whether it has a Fast Skill, whether it opens as Fast (cards are immutable; the
# entry keeps the card alive, so its id is not reused while the entry stands).
_FLAGS: dict[int, tuple[Gate, bool, bool]] = {}


def _flags(card: Gate) -> tuple[Gate, bool, bool]:
    got = _FLAGS.get(id(card))
    if got is None or got[0] is not card:
        if len(_FLAGS) >= 4096:
            _FLAGS.clear()
        got = _FLAGS[id(card)] = (
            card, any(sk.kind == "fast" for sk in card.skills),
            any(k.kind == "passive" and k.effect == "open_as_fast" for k in card.skills))
    return got


def has_fast_skill(card: Gate) -> bool:
    return _flags(card)[1]


def _location_skills(s: State, p: int, fast_only: bool, out: list[Intent],
                     only: int | None = None) -> None:
    """K-18: skills whose cost names the Discard are usable only from there."""
    ki = s.players[p].ki
    for c, k, sk in _location_entries(s, s.players[p].discard):
        if only is not None and c != only:
            continue
        if (fast_only and sk.speed != "fast") or sk.cost.ki > ki:
            continue
        pays = skill_payments(s, p, c, sk)
        rule, prm = _targeting(sk)
        out.extend(UseSkill.of(c, k, z, pay) for z in rule(s, p, EMPTY, prm) for pay in pays)


# The location Skills of a Discard's cards as (card, skill number, Skill), in pile and skill
# order, by the Discard tuple's identity: a pile is shared by every state until it changes,
# and legal-intent generation reads it each step. Entries hold the tuple and the card tables,
# so a reused id is never mistaken for it.
_Entries = tuple[tuple[int, int, Skill], ...]
_LOCATION: dict[int, tuple[tuple[int, ...], dict[int, str], dict[str, Gate], _Entries]] = {}


def _location_entries(s: State, pile: tuple[int, ...]) -> _Entries:
    if not pile:
        return ()
    hit = _LOCATION.get(id(pile))
    if hit is not None and hit[0] is pile and hit[1] is s.cards and hit[2] is s.catalog:
        return hit[3]
    catalog, cards = s.catalog, s.cards
    found = tuple((c, k, sk) for c in pile
                  for k, sk in enumerate(catalog[cards[c]].skills) if sk.kind == "location")
    if len(_LOCATION) >= 4096:
        _LOCATION.clear()
    _LOCATION[id(pile)] = (pile, s.cards, s.catalog, found)
    return found
