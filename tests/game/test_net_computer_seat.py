"""The host's table lets the computer play for the other player once they have been away
longer than the host's set time; the computer decides on the host (off the window's thread)
and the player takes the seat back by token (real sockets on loopback, headless window)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

import rules.agents.levels as levels
from game.app import App
from game.net.link import Link
from game.net.server import HostServer, new_host
from game.net.session import NetSession, joined
from game.scenes.net_table import NetTableScene
from game.session import GameConfig
from rules.agents.base import Agent
from rules.net.client import Client
from rules.net.host import Host
from tests.waiting import until


def _read(table: NetTableScene, cond: Callable[[], bool]) -> bool:
    """``cond`` once the table has read what the host sent since."""
    table.update(0.016)
    return cond()


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[tuple[Host, HostServer]]:
    host = new_host("kyoukai", tmp_path / "host", seed=5, offer_after=0.5)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    yield host, server
    server.stop()


def _link(server: HostServer, client: Client) -> Link:
    link = Link(f"ws://127.0.0.1:{server.port}", client)
    link.start()
    assert until(lambda: joined(link)), link.reason
    return link


def test_the_host_lets_the_computer_play_an_away_seat_and_the_player_takes_it_back(
        hosted: tuple[Host, HostServer], monkeypatch: pytest.MonkeyPatch) -> None:
    host, server = hosted
    window = threading.get_ident()
    chose_on: list[int] = []
    asked: list[str] = []
    made = levels.make_agent

    def spying(spec: str, *a: Any, **k: Any) -> Agent:  # the levels' own agent, watched
        agent = made(spec, *a, **k)
        real = agent.choose
        asked.append(spec)

        def choose(*args: Any) -> Any:
            chose_on.append(threading.get_ident())
            return real(*args)

        setattr(agent, "choose", choose)  # noqa: B010 - an instance's method, spied on
        return agent

    monkeypatch.setattr(levels, "make_agent", spying)
    app = App((1280, 720), defaults=GameConfig(game="kyoukai", grace=0.0))
    try:
        mine = NetSession(_link(server, Client("Ann", host.code, 0)),
                          GameConfig(agent_delay=0.0, grace=0.0), server=server)
        table = NetTableScene(app, mine)
        other = _link(server, Client("Bob", host.code, 1))
        token = other.client.s.token

        def my_turn_done() -> bool:  # the host's seat plays until Bob owes the decision
            table.update(0.016)
            if host.to_act() == 0 and table.legal():
                table.apply(table.legal()[-1])
            return host.to_act() == 1

        assert until(my_turn_done)
        other.close()
        assert until(lambda: _read(table, lambda: table._offered == 1)), (
            host.offers(time.monotonic()), host.seats[1], mine.presence)
        assert table.hand_over is not None and table.level is not None
        assert table.hand_over.text == "Let the computer play Player 2"
        table.level.selected_option = ("Easy", "Easy")
        n = len(host.session.record.intents)
        table.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                        {"ui_element": table.hand_over}))
        assert until(lambda: len(host.session.record.intents) > n and host.to_act() != 1)
        assert asked == ["easy"]
        assert chose_on and window not in chose_on  # decided on the host, off this thread
        assert until(lambda: _read(table, lambda: table.hand_over is None))
        # Bob rejoins by his token: his seat is his again
        back = _link(server, Client("Bob", host.code, None, token))
        assert back.client.s.seat == 1
        assert until(lambda: host.seats[1].computer is None)
        back.close()
        table.close()
    finally:
        app.close()

