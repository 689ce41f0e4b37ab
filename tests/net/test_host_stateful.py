"""The host core under random interleavings (hypothesis, stateful): valid, illegal, stale,
duplicated and reordered intents, reconnects, garbage and oversize frames.

Invariants: the host's state is a replay of the accepted intents; each client's last view is
its seat's view in its numbers; swapping which card two hidden instances are changes no byte
sent to the seats that cannot see them; nothing raises out of the host.
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from rules.net.client import Client
from rules.net.messages import MAX_MESSAGE
from rules.records.replay import replay_full
from tests.net.wiring import CODE, Table, table

GAMES = ("kyoukai", "nullshapers", "dreadnought", "bos")


class HostMachine(RuleBasedStateMachine):
    t: Table

    @initialize(game=st.sampled_from(GAMES), seed=st.integers(0, 50))
    def start(self, game: str, seed: int) -> None:
        self.t = table(game, seed=seed, spectators=1)
        self.next_conn = 10
        self.held: dict[int, list[str]] = {0: [], 1: []}  # frames made, not yet sent

    def _acting(self) -> int | None:
        acting = self.t.host.to_act()
        return acting if acting is not None and acting in self.t.clients else None

    @rule(pick=st.integers(0, 10_000))
    def valid_intent(self, pick: int) -> None:
        seat = self._acting()
        if seat is None or not self.t.clients[seat].s.legal:
            return
        c = self.t.clients[seat]
        seq, frame = c.intent(c.s.legal[pick % len(c.s.legal)])
        self.t.send(seat, frame)
        assert c.acked.get(seq) is True, c.s.note

    @rule(seat=st.sampled_from((0, 1)), data=st.dictionaries(
        st.sampled_from(["kind", "card", "gate", "to", "zone", "slot", "x"]),
        st.one_of(st.integers(-5, 2_000_000_000), st.text(max_size=5), st.booleans(),
                  st.lists(st.integers(-3, 80), max_size=3)), max_size=4))
    def illegal_intent(self, seat: int, data: dict[str, object]) -> None:
        if seat not in self.t.clients:
            return
        before = self.t.host.version
        _, frame = self.t.clients[seat].intent(data)
        self.t.send(seat, frame)
        if self.t.host.version != before:  # a random dict that was legal after all
            assert json.loads(self.t.sent[seat][-1])["type"] in ("view", "presence")

    @rule(seat=st.sampled_from((0, 1)))
    def stale_intent(self, seat: int) -> None:
        c = self.t.clients.get(seat)
        if c is None or not c.s.legal or c.s.version == 0:
            return
        c.s.version -= 1
        seq, frame = c.intent(c.s.legal[0])
        self.t.send(seat, frame)
        assert c.acked.get(seq) is False

    @rule(seat=st.sampled_from((0, 1)))
    def duplicate_last(self, seat: int) -> None:
        c = self.t.clients.get(seat)
        if c is None or not c.s.legal:
            return
        seq, frame = c.intent(c.s.legal[0])
        self.t.send(seat, frame)
        version = self.t.host.version
        self.t.send(seat, frame)
        assert self.t.host.version == version

    @rule(seat=st.sampled_from((0, 1)))
    def reordered(self, seat: int) -> None:
        c = self.t.clients.get(seat)
        if c is None or not c.s.legal:
            return
        _, first = c.intent(c.s.legal[0])
        _, second = c.intent(c.s.legal[-1])
        self.t.send(seat, second)
        self.t.send(seat, first)  # older sequence number: refused, never applied

    @rule(seat=st.sampled_from((0, 1)))
    def reconnect(self, seat: int) -> None:
        c = self.t.clients.get(seat)
        if c is None:
            return
        token = c.s.token
        self.t.drop(seat)
        self.t.join(seat, Client(token=token))

    @rule(frame=st.one_of(st.binary(max_size=64), st.text(max_size=64),
                          st.just("{" * 3000), st.just("x" * (MAX_MESSAGE + 10)),
                          st.just('{"type":"hello","protocol":1}')))
    def garbage(self, frame: str | bytes) -> None:
        self.t.send(0 if 0 in self.t.clients else 2, frame)

    @rule()
    def spectator_joins(self) -> None:
        self.t.join(self.next_conn, Client("late", CODE, None))
        self.next_conn += 1

    @rule(seat=st.sampled_from((0, 1)))
    def undo(self, seat: int) -> None:
        if seat in self.t.clients:
            self.t.now += 10
            self.t.send(seat, self.t.clients[seat].undo()[1])

    # ---- invariants ------------------------------------------------------------------------
    @invariant()
    def host_state_is_a_replay_of_the_accepted_intents(self) -> None:
        host = self.t.host
        replayed = replay_full(host.session.record)
        assert host.rs.dump(replayed.state) == host.rs.dump(host.state)

    @invariant()
    def each_client_holds_its_seats_view(self) -> None:
        host = self.t.host
        for c in self.t.clients.values():
            assert c.s.version == host.version
            doc = json.loads(host._docs[c.s.seat])
            doc["catalog"] = json.loads(host._catalog)
            want = host.rs.load(json.dumps({"format": 1, "game": host.rs.name, "state": doc}))
            assert host.rs.dump(c.s.view) == host.rs.dump(want)

    @invariant()
    def swapping_two_hidden_cards_changes_no_byte_sent_to_who_cannot_see_them(self) -> None:
        host = self.t.host
        state = host.state
        hidden_name = host.rs.manual_table.hidden_card if host.rs.manual_table else None
        for viewer in (0, 1, None):
            view = host.rs.view(state, viewer)
            hidden = sorted(i for i, c in view.cards.items() if c == hidden_name
                            and state.cards[i] != hidden_name)
            pairs = [(a, b) for a, b in zip(hidden, hidden[1:], strict=False)
                     if state.cards[a] != state.cards[b]]
            if not pairs:
                continue
            a, b = random.Random(host.version).choice(pairs)
            swapped = state.copy()
            swapped.cards = {**state.cards, a: state.cards[b], b: state.cards[a]}
            sent = [host.seat_doc(s, viewer, copy.deepcopy(host.aliases[viewer]))
                    for s in (state, swapped)]
            assert sent[0] == sent[1]
            acting = host.rs.to_act(state)
            if acting is not None and acting == viewer:
                legal = [host.legal_entries(s, viewer, copy.deepcopy(host.aliases[viewer]))
                         for s in (state, swapped)]
                assert legal[0] == legal[1]


HostMachine.TestCase.settings = settings(
    max_examples=12, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
test_host_machine = HostMachine.TestCase
