"""The host's authority, sans IO: what it accepts, refuses and never sends."""

from __future__ import annotations

import json
import random

import pytest

from rules.net.client import Client
from rules.net.host import Host
from rules.net.limits import Limits
from rules.net.messages import MAX_MESSAGE
from rules.net.undo_policy import is_free
from rules.records.session import Session
from tests.net.wiring import CODE, Table, play_random, table


def _last(t: Table, conn: int, kind: str) -> dict[str, object]:
    msgs = [json.loads(x) for x in t.sent[conn]]
    return next(m for m in reversed(msgs) if m["type"] == kind)


def test_an_accepted_intent_bumps_the_version_and_reaches_every_seat() -> None:
    t = table("kyoukai", spectators=1)
    acting = t.host.to_act()
    assert acting is not None
    c = t.clients[acting]
    seq, frame = c.intent(c.s.legal[0])
    t.send(acting, frame)
    assert c.acked[seq] and t.host.version == 1
    assert all(cl.s.version == 1 for cl in t.clients.values())
    assert len(t.host.session.record.intents) == 1


def test_a_duplicate_is_acknowledged_not_applied_twice() -> None:
    t = table("bos")
    acting = t.host.to_act()
    assert acting is not None
    c = t.clients[acting]
    _, frame = c.intent(c.s.legal[0])
    t.send(acting, frame)
    n = len(t.host.session.record.intents)
    t.send(acting, frame)  # re-sent after a reconnect
    reply = json.loads(t.sent[acting][-1])
    assert reply["type"] == "ack" and reply["duplicate"] is True
    assert len(t.host.session.record.intents) == n


def test_a_stale_intent_is_refused_with_the_current_view() -> None:
    t = table("nullshapers")
    acting = t.host.to_act()
    assert acting is not None
    old_version = t.clients[acting].s.version
    t.send(acting, t.clients[acting].intent(t.clients[acting].s.legal[0])[1])
    now = t.host.to_act()
    assert now is not None
    c = t.clients[now]
    c.s.version = old_version  # as if the view of the new version had not arrived yet
    seq, frame = c.intent(c.s.legal[0])
    count = len(t.sent[now])
    t.send(now, frame)
    replies = [json.loads(x) for x in t.sent[now][count:]]
    assert replies[0]["type"] == "refused" and replies[0]["stale"] is True
    assert replies[1]["type"] == "view" and replies[1]["version"] == t.host.version
    assert len(t.host.session.record.intents) == 1


def test_an_illegal_intent_is_refused_with_the_rules_reason_and_changes_nothing() -> None:
    t = table("kyoukai")
    acting = t.host.to_act()
    assert acting is not None
    before = t.host.session.rs.dump(t.host.state)
    data = dict(t.clients[acting].s.legal[0].data)
    bad = {"kind": "move", "gate": 0, "to": 999}
    seq, frame = t.clients[acting].intent(bad)
    t.send(acting, frame)
    reply = _last(t, acting, "refused")
    assert reply["seq"] == seq and reply["reason"]
    assert t.host.session.rs.dump(t.host.state) == before and t.host.version == 0
    assert data  # the legal one is still there to play
    # the other seat may not play now either
    other = 1 - acting
    seq, frame = t.clients[other].intent(data)
    t.send(other, frame)
    assert "turn" in str(_last(t, other, "refused")["reason"])


@pytest.mark.parametrize("frame", [
    b"\x00\xff not json", "[]", '{"type": "intent"}', '{"type": "nope"}',
    '{"type": "chat", "text": "hi", "extra": 1}', "[" * 5000 + "]" * 5000,
    '{"type": "intent", "seq": 1, "base": 0, "intent": {"kind": "pass", "x": ' + "[" * 40 +
    "]" * 40 + "}}",
    "x" * (MAX_MESSAGE + 1),
])
def test_garbage_and_oversize_frames_are_refused_and_the_host_goes_on(frame: str | bytes) -> None:
    t = table("krosmaster")
    t.send(0, frame)
    assert _last(t, 0, "refused")["reason"]
    play_random(t, 5, random.Random(1))
    assert t.host.version >= 1


def test_hello_first_wrong_code_and_handshake_deadline() -> None:
    t = table("bos")
    t.deliver(t.host.connect(7, "10.0.0.9", t.now))
    t.send(7, '{"type": "ping"}')
    assert t.closed[7] == "say hello first"
    t.deliver(t.host.connect(8, "10.0.0.9", t.now))
    t.send(8, Client("x", "WRONG1", None).hello())
    assert t.closed[8] == "wrong join code"
    t.deliver(t.host.connect(9, "10.0.0.9", t.now))
    t.now += 11
    t.deliver(t.host.tick(t.now))
    assert t.closed[9] == "no hello in time"


def test_joins_per_address_are_limited() -> None:
    host = Host(Session.new("bos", seed=1), CODE, limits=Limits(joins_per_minute=3))
    assert [bool(host.connect(i, "1.2.3.4", 0.0)) for i in range(4)] == [False] * 3 + [True]
    assert host.connect(9, "5.6.7.8", 1.0) == []
    assert host.connect(10, "1.2.3.4", 61.0) == []


def test_a_taken_seat_is_refused_and_its_token_rejoins_it() -> None:
    t = table("dreadnought")
    t.join(5, Client("Cy", CODE, 0))
    assert t.closed[5] == "seat 1 is taken"
    token = t.clients[0].s.token
    assert token
    play_random(t, 4, random.Random(2))
    t.drop(0)
    assert t.clients[1].s.presence["seats"][0]["connected"] is False
    back = t.join(6, Client(token=token))
    assert back.s.seat == 0 and back.s.version == t.host.version
    assert len(back.s.log) == len(t.host.session.record.intents)
    t.join(7, Client(token="not-a-token"))
    assert t.closed[7] == "that seat token is not this game's"


def test_spectators_watch_and_cannot_play() -> None:
    t = table("nullshapers", spectators=1)
    watcher = t.clients[2]
    assert watcher.s.seat is None and watcher.s.legal == []
    acting = t.host.to_act()
    assert acting is not None
    t.send(2, watcher.intent(t.clients[acting].s.legal[0].data)[1])
    assert "spectators" in str(_last(t, 2, "refused")["reason"])
    assert t.host.version == 0


def test_never_sent_the_seed_the_record_or_the_hidden_names() -> None:
    t = table("kyoukai", seed=987654321, spectators=1)
    play_random(t, 60, random.Random(3))
    rec = t.host.session.record
    assert rec.start_sha256
    for conn, frames in t.sent.items():
        text = "".join(frames)
        assert "987654321" not in text and rec.start_sha256 not in text
        assert '"intents"' not in text and '"redo"' not in text
        # every card a seat's view hides: its name is in the catalog once, never in a view
        viewer = None if conn == 2 else conn
        view = t.host.rs.view(t.host.state, viewer)
        last = json.loads(t.sent[conn][-2] if '"presence"' in t.sent[conn][-1] else
                          t.sent[conn][-1])
        assert last["type"] == "view"
        names = set(last["state"]["cards"].values())
        hidden_names = {t.host.state.cards[i] for i, c in view.cards.items() if c == "hidden"}
        assert names - {"hidden"} <= {c for c in view.cards.values()}
        assert not (hidden_names - set(view.cards.values())) & names


def test_free_undo_of_own_intent_and_undo_by_consent() -> None:
    t = table("kyoukai", limits=Limits(undo_every_s=0.0))
    rng = random.Random(5)
    # an own intent with nothing random or revealed after it goes back freely
    for _ in range(300):
        play_random(t, 1, rng)
        seat = t.host.session.replayed.actors[-1]
        if is_free(t.host.session.replayed, seat):
            break
    n = len(t.host.session.record.intents)
    t.send(seat, t.clients[seat].undo()[1])
    assert len(t.host.session.record.intents) == n - 1
    # after the other seat's intent the undo is a request the other seat answers
    for _ in range(300):
        play_random(t, 1, rng)
        asker = 1 - t.host.session.replayed.actors[-1]
        t.now += 1
        t.send(asker, t.clients[asker].undo()[1])
        if t.clients[1 - asker].s.undo_ask is not None:
            break
    other = t.clients[1 - asker]
    assert other.s.undo_ask is not None
    n = len(t.host.session.record.intents)
    t.send(1 - asker, other.undo_reply(False))
    assert len(t.host.session.record.intents) == n
    assert "refused the undo" in t.clients[asker].s.note
    t.now += 10
    t.send(asker, t.clients[asker].undo()[1])
    t.send(1 - asker, t.clients[1 - asker].undo_reply(True))
    assert len(t.host.session.record.intents) < n
    assert t.host.to_act() == asker  # back at the asker's decision


def test_undo_requests_are_rate_limited() -> None:
    t = table("bos", limits=Limits(undo_every_s=60.0))
    play_random(t, 6, random.Random(1))
    seat = 0
    t.send(seat, t.clients[seat].undo()[1])
    t.send(seat, t.clients[seat].undo()[1])
    assert "every 60 seconds" in str(_last(t, seat, "refused")["reason"])


def test_highlights_and_why_are_answered_on_the_host() -> None:
    t = table("kyoukai")
    acting = t.host.to_act()
    assert acting is not None
    c = t.clients[acting]
    rs = t.host.rs
    piece = next(p for p in rs.pieces(t.host.state) if rs.highlights(t.host.state, p))
    seq, frame = c.ask("highlights", piece)
    t.send(acting, frame)
    assert c.answers[seq] == json.loads(json.dumps(rs.highlights(t.host.state, piece)))
    seq, frame = c.ask("why", intent={"kind": "move", "gate": piece, "to": 999})
    t.send(acting, frame)
    assert isinstance(c.answers[seq], str) and c.answers[seq]
    seq, frame = c.ask("legal", piece)
    t.send(acting, frame)
    assert len(c.answers[seq]) == len(rs.legal_intents(t.host.state, piece))
