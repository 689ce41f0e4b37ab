"""What a Kyoukai state keeps for its listings instead of counting again each step (the zones
taken, Ready and each player's, ``may_respond``'s answers, each card's zone) is what a state
loaded from its dump, which keeps nothing, counts: at every step of random games, and for a
field or Gates replaced by other means."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.state import replaced
from rules.kyoukai.legal import may_respond
from rules.kyoukai.state import EMPTY, GRID, FieldGate, State, occupancy


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_what_a_state_keeps_is_what_counting_again_gives(seed: int) -> None:
    rs = rules.get("kyoukai")
    r = random.Random(seed)
    s: State = rs.new_game(seed=seed)
    answers = 0
    while rs.to_act(s) is not None:
        fresh: State = rs.load(rs.dump(s))
        assert s.taken == occupancy(s.field) == fresh.taken
        assert [s.zone_of(i) for i in s.field if i != EMPTY] == \
            [z for z, i in enumerate(s.field) if i != EMPTY] and s.where == fresh.where
        assert [(s.own_zones(p), s.ready_zones(p)) for p in (0, 1)] \
            == [(fresh.own_zones(p), fresh.ready_zones(p)) for p in (0, 1)]
        for p in (0, 1):
            got = may_respond(s, p)
            assert got == may_respond(fresh, p)
            answers += got
        s = rs.apply(s, r.choice(rs.legal_intents(s)), quiet=r.random() < 0.5).state
    assert answers > 0  # some states had an answer to keep


def test_a_field_replaced_by_other_means_is_counted_again() -> None:
    rs = rules.get("kyoukai")
    s: State = rs.new_game(seed=4)
    assert s.taken == occupancy(s.field)
    moved = [EMPTY] * len(s.field)
    for z, i in enumerate(s.field):
        if i != EMPTY:
            moved[(z + 1) % len(moved)] = i
    t = replaced(s, field=moved)
    assert t.taken == occupancy(moved) != s.taken
    assert [t.zone_of(i) for i in moved if i != EMPTY] == \
        [z for z, i in enumerate(moved) if i != EMPTY]


def test_players_replaced_by_other_means_are_asked_again() -> None:
    """``replaced`` (the core's way to set a state's fields on a copy) with other players:
    the may-respond answers the state kept were about the old ones."""
    rs = rules.get("kyoukai")
    s: State = rs.new_game(seed=4)
    assert not may_respond(s, 0) and not may_respond(s, 1)  # no Ki yet: kept as False
    rich = [pl.copy() for pl in s.players]
    for pl in rich:  # every card of the deck that may answer now in hand, and Ki to pay
        answers = [c for c in pl.deck if c in s.table.answer_cost]
        pl.deck = [c for c in pl.deck if c not in answers]
        pl.hand = [*pl.hand, *answers]
        pl.ki = 10
    t = replaced(s, players=(rich[0], rich[1]))
    fresh: State = rs.load(rs.dump(t))
    assert [may_respond(t, p) for p in (0, 1)] == [may_respond(fresh, p) for p in (0, 1)] \
        == [True, True]


def test_a_gate_readied_or_rested_is_asked_again() -> None:
    """A Gate with a Fast Skill answers only while Ready: its owner's kept answer is
    forgotten when a step readies or rests it (``set_gate``)."""
    rs = rules.get("kyoukai")
    s: State = rs.new_game(seed=4)
    eagle = next(i for i in s.players[0].hand if s.cards[i] == "hunting_eagle")
    zone = next(z for z, i in enumerate(s.field) if i == EMPTY)
    s.player(0).hand.remove(eagle)
    s.player(0).ki = 0  # no card in hand can be paid for: only the Gate may answer
    s.place(eagle, 0, zone, ready=False)
    assert not may_respond(s, 0)  # Rested: kept as False
    s.set_gate(eagle, ready=True)
    assert may_respond(s, 0) == may_respond(rs.load(rs.dump(s)), 0) is True
    s.set_gate(eagle, ready=False)
    assert may_respond(s, 0) == may_respond(rs.load(rs.dump(s)), 0) is False


def test_the_ready_zones_follow_a_ready_gate_moved_and_gates_replaced() -> None:
    """``ready_zones`` moves with a Ready Gate (``move_gate``: one Readied by hand while its
    Move waits on the Sequence) and is counted again for Gates set by ``replaced``."""
    rs = rules.get("kyoukai")
    s: State = rs.new_game(seed=4)
    p = s.active
    ent = s.players[p].entrant
    start = s.zone_of(ent)
    to = next(z for z in GRID.neighbours[start] if s.field[z] == EMPTY)
    assert s.ready_zones(p) == 1 << start
    moved = s.copy()
    moved.move_gate(ent, start, to)
    rested = replaced(s, gates={i: FieldGate(g.iid, g.owner) for i, g in s.gates.items()})
    for t in (moved, rested):
        fresh: State = rs.load(rs.dump(t))
        assert [t.ready_zones(q) for q in (0, 1)] == [fresh.ready_zones(q) for q in (0, 1)]
    assert (moved.ready_zones(p), rested.ready_zones(p)) == (1 << to, 0)
