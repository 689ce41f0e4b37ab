"""The table of a network game: two tables (the host's own seat and a remote seat) on
loopback play through the host; each shows only its own hand; highlights, refusals, chat and
presence come from the host."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.app import App
from game.net.link import Link
from game.net.server import HostServer, new_host
from game.net.session import ASKING, NetSession, joined
from game.scenes.net_table import NetTableScene
from game.session import GameConfig
from rules.net.client import Client
from rules.net.host import Host
from tests.waiting import until


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[tuple[Host, HostServer]]:
    host = new_host("kyoukai", tmp_path / "host", seed=5)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    yield host, server
    server.stop()


def _seat(server: HostServer, host: Host, seat: int | None, name: str) -> NetSession:
    link = Link(f"ws://127.0.0.1:{server.port}", Client(name, host.code, seat))
    link.start()
    assert until(lambda: joined(link)), link.reason
    return NetSession(link, GameConfig(agent_delay=0.0, grace=0.0))


def _hidden(view: Any, seat: int) -> tuple[bool, bool]:
    """(own hand all face up, the other's hand all hidden) in a Kyoukai view."""
    hidden = "hidden"
    own = all(view.cards[i] != hidden for i in view.players[seat].hand)
    other = all(view.cards[i] == hidden for i in view.players[1 - seat].hand)
    return own, other


def _read_back(t: NetTableScene, host: Host, played: int) -> Callable[[], bool]:
    """Whether the table has read the view of the host's ``played``-th intent."""
    def done() -> bool:
        t.update(0.016)
        return len(host.session.record.intents) >= played and \
            len(t.session.intents) >= played
    return done


def test_two_network_tables_play_and_each_sees_only_its_own_hand(
        hosted: tuple[Host, HostServer]) -> None:
    host, server = hosted
    app = App((1280, 720), defaults=GameConfig(game="kyoukai", grace=0.0))
    try:
        tables = [NetTableScene(app, _seat(server, host, p, name))
                  for p, name in ((0, "Ann"), (1, "Bob"))]
        for p, t in enumerate(tables):
            assert t.viewer == p and t.session.to_act() == host.to_act()
            assert t.layout_info()["viewer"] == p
        played = 0
        end = time.monotonic() + 60
        while played < 6 and host.to_act() is not None and time.monotonic() < end:
            time.sleep(0.02)
            for t in tables:
                t.update(0.016)
            acting = host.to_act()
            assert acting is not None
            t = tables[acting]
            if not t.legal():
                continue
            hand_view = t.session.state
            assert _hidden(hand_view, acting) == (True, True)
            before = len(host.session.record.intents)
            t.apply(t.legal()[-1])
            assert t.legal() == []  # nothing more is offered until the host answers
            assert until(_read_back(t, host, before + 1))
            assert t.message == "" or not t.message_error, t.message
            played += 1
        assert played >= 6
        def caught_up() -> bool:
            for t in tables:
                t.update(0.016)
            return all(len(t.session.intents) == len(host.session.record.intents)
                       for t in tables)

        assert until(caught_up)
        for seat, t in enumerate(tables):
            assert _hidden(t.session.state, seat) == (True, True)
            assert "Ann" in t.names[0] and "Bob" in t.names[1]
        # presence and chat on each table: who decides, who is connected, the chat line
        acting = host.to_act()
        assert acting is not None
        waiting = tables[1 - acting]
        assert waiting._who()[0] == f"{waiting.names[acting]} is deciding"
        tables[acting].net.say("your move soon")

        def heard() -> bool:
            waiting.update(0.016)
            said = f"{('Ann', 'Bob')[acting]}: your move soon"  # whoever decides now
            return said in waiting.log.entries

        assert until(heard)
        assert any(e.startswith("Player") and "connected" in e for e in waiting.log.entries)
        for t in tables:
            t.close()
    finally:
        app.close()


def _answered(session: NetSession, read: Callable[[], Any], pending: Any) -> Any:
    """What ``read`` gives once the host's answer came (each try reads what arrived)."""
    found: list[Any] = []

    def came() -> bool:
        session.tick()
        found[:] = [read()]
        return bool(found[0] != pending)

    assert until(came), "no answer from the host"
    return found[0]


def test_a_network_seat_asks_the_host_without_ever_waiting_for_it(
        hosted: tuple[Host, HostServer], monkeypatch: pytest.MonkeyPatch) -> None:
    host, server = hosted
    seats = [_seat(server, host, p, f"P{p}") for p in (0, 1)]

    def blocks(*_: Any, **__: Any) -> bool:
        raise AssertionError("the table's thread waited for the host")

    monkeypatch.setattr(Link, "wait_for", blocks)
    try:
        p = host.to_act()
        assert p is not None
        me, other = seats[p], seats[1 - p]
        piece = next(x for x in host.rs.pieces(host.state) if host.rs.highlights(host.state, x))
        assert me.highlights(piece) == {}  # asked; nothing yet
        lit = _answered(me, lambda: me.highlights(piece), {})
        assert set(lit) == set(host.rs.highlights(host.state, piece))
        intent = me.legal()[0]
        assert other.submit(intent) is None  # sent: not its turn, the host says so later
        assert other.legal() == []
        said = _answered(other, lambda: list(other.said), [])
        assert said[0][1] and "turn" in said[0][0]
        assert len(host.session.record.intents) == 0
        assert me.why_not(intent) == ASKING
        assert _answered(me, lambda: me.why_not(intent), ASKING) is None
        assert _answered(other, lambda: other.why_not(intent), ASKING) is not None
        assert me.submit(intent) is None
        _answered(me, lambda: me.version, 0)
        assert len(host.session.record.intents) == 1 and me.error is None
        me.said.clear()
        assert me.undo(p) == 0 and me.error is None  # asked; the outcome is said later
        said = _answered(me, lambda: list(me.said), [])
        assert said[0][0] in ("Took back your last move",
                              "waiting for the other player to accept the undo")
        assert (len(host.session.record.intents) == 0) == (said[0][0].startswith("Took"))
        other.say("good luck")
        assert until(lambda: (me.tick(), any(c["text"] == "good luck" for c in me.chat))[1])
        assert me.presence["seats"][1 - p]["connected"] is True
    finally:
        for s in seats:
            s.close()


def test_a_watcher_sees_neither_hand_and_cannot_act(hosted: tuple[Host, HostServer]) -> None:
    host, server = hosted
    app = App((1280, 720), defaults=GameConfig(game="kyoukai", grace=0.0))
    try:
        watcher = _seat(server, host, None, "Wes")
        app.start_network(watcher)
        app.frame(0.016)
        table = app.scene
        assert isinstance(table, NetTableScene) and table.net.seat is None
        view = watcher.state
        assert all(view.cards[i] == "hidden" for p in (0, 1) for i in view.players[p].hand)
        assert table.legal() == [] and "away" in table._who()[0]  # nobody sits at Player 1
    finally:
        app.close()
