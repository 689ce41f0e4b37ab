"""The menu's network screen: Host a game opens a port with a join code and a lobby of the
seats, and Start goes to the host's own network table; Join finds the game on the LAN list
(loopback here) or by a typed address and code, and goes to the joining seat's table."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import game.scenes.network as network
from game.net.discovery import Announcement
from game.net.link import Link
from game.net.server import HostServer, new_host
from game.scenes.net_table import NetTableScene
from game.scenes.network import NetworkScene, parse_address
from rules.net.client import Client
from tests.game.conftest import Driver


def _frames_until(d: Driver, cond: Callable[[], bool], seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        d.frames()
        if cond():
            return True
        time.sleep(0.02)
    return False


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setattr(network, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(network, "hosted_folder", lambda game: tmp_path / "hosted" / game)
    yield


def _network(d: Driver) -> NetworkScene:
    d.click(d.app.scene.network.rect.center)  # type: ignore[attr-defined]
    scene = d.app.scene
    assert isinstance(scene, NetworkScene)
    return scene


def test_host_a_game_shows_the_code_and_the_seats_then_starts_the_table(
        menu: Callable[[], Driver]) -> None:
    d = menu()
    scene = _network(d)
    d.click(scene.host_tab.rect.center)
    d.click(scene.open.rect.center)
    assert scene.server is not None and scene.code
    assert scene.server.host.code == scene.code
    assert _frames_until(d, lambda: any("(connected)" in x for x in scene._lobby))
    assert scene._lobby[1].startswith("Player 2: empty")
    guest = Link(f"ws://127.0.0.1:{scene.server.port}", Client("Bob", scene.code, 1))
    guest.start()
    try:
        assert _frames_until(d, lambda: scene._lobby[1] == "Player 2: Bob (connected)")
        d.click(scene.go.rect.center)
        table = d.app.scene
        assert isinstance(table, NetTableScene)
        assert table.viewer == 0 and table.net.seat == 0
        assert "Bob" in table.names[1]
    finally:
        guest.close()


def test_join_by_typed_address_and_code_takes_the_seat(menu: Callable[[], Driver],
                                                       tmp_path: Path) -> None:
    host = new_host("kyoukai", tmp_path / "h", seed=2)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    try:
        d = menu()
        scene = _network(d)
        scene.address.set_text(f"127.0.0.1:{server.port}")
        scene.code_entry.set_text("WRONG")
        d.click(scene.go.rect.center)
        assert _frames_until(d, lambda: scene.note.startswith("Could not join"))
        scene.code_entry.set_text(host.code.lower())  # typed in any case
        d.click(scene.go.rect.center)
        assert _frames_until(d, lambda: isinstance(d.app.scene, NetTableScene))
        table = d.app.scene
        assert isinstance(table, NetTableScene)
        assert table.viewer == 1 and host.seats[1].conn is not None
    finally:
        server.stop()


def test_the_lan_list_finds_a_hosted_game(menu: Callable[[], Driver], tmp_path: Path) -> None:
    host = new_host("bos", tmp_path / "h", seed=2)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    shown = Announcement(server.port, "bos", "Ann", ["127.0.0.1"])
    try:
        d = menu()
        scene = _network(d)
        for _ in range(4):  # multicast on a busy machine: a few bounded listens
            if _frames_until(d, lambda: any(str(server.port) in x for x in scene._listed), 6):
                break
            d.click(scene.again.rect.center)
        assert any(f"Ann: bos at 127.0.0.1:{server.port}" == x for x in scene._listed)
    finally:
        shown.close()
        server.stop()


def test_a_typed_address_is_read_or_refused_with_the_reason() -> None:
    assert parse_address("192.168.1.20:50000") == ("192.168.1.20", 50000)
    assert parse_address("ws://host.lan") == ("host.lan", 47370)
    assert "not host:port" in str(parse_address("host:99999"))
    assert "Type the host's address" in str(parse_address("  "))
