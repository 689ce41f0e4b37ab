"""The menu's network screen: Host a game opens a port with a join code and a lobby of the
seats, and Start goes to the host's own network table; Join finds the game on the LAN list
(loopback here) or by a typed address and code, and goes to the joining seat's table."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

import game.scenes.network as network
from game.net.discovery import Announcement
from game.net.link import Link
from game.net.server import HostServer, continue_host, new_host
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
    server = scene.server  # the Host tab's away time reaches the host (1 min by default)
    assert _frames_until(d, lambda: server.host.offer_after == 60.0)
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
        assert any(f"Ann's table (Ann): bos at 127.0.0.1:{server.port}" == x
                   for x in scene._listed)
    finally:
        shown.close()
        server.stop()


def test_the_host_tab_names_the_table_for_the_lan_list_or_says_why_it_cannot(
        menu: Callable[[], Driver]) -> None:
    d = menu()
    scene = _network(d)
    d.click(scene.host_tab.rect.center)
    d.click(scene.name.rect.center)
    scene.name.set_text("An")
    d.post(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)
    d.post(pygame.TEXTINPUT, text="n")
    d.frames(2)
    assert scene.name.get_text() == "Ann" and scene.table.placeholder_text == "Ann's table"
    scene.table.set_text("Ann\tBo")  # a tab pasted in: the list could not show it
    d.click(scene.open.rect.center)
    assert scene.server is None and "cannot be shown ('\\t')" in scene.note
    scene.table.set_text("")  # left empty: the name offered
    d.click(scene.open.rect.center)
    assert scene.server is not None and scene.shown is not None
    assert scene.shown.info.properties[b"table"] == b"Ann's table"
    scene.shown.close()
    scene.server.stop()
    scene.shown = scene.server = None
    d.click(scene.join_tab.rect.center)
    d.click(scene.host_tab.rect.center)
    scene.table.set_text("Friday playtest")
    d.click(scene.open.rect.center)
    assert scene.server is not None and scene.shown is not None
    assert scene.shown.info.properties[b"table"] == b"Friday playtest"
    assert not scene.table.is_enabled  # named once the game is open
    assert scene.table.get_text() == "Friday playtest" and scene.name.get_text() == "Ann"


def test_a_typed_address_is_read_or_refused_with_the_reason() -> None:
    assert parse_address("192.168.1.20:50000") == ("192.168.1.20", 50000)
    assert parse_address("ws://host.lan") == ("host.lan", 47370)
    assert "not host:port" in str(parse_address("host:99999"))
    assert "Type the host's address" in str(parse_address("  "))


def _join_headless(url: str, client: Client) -> Link:
    link = Link(url, client)
    link.start()
    assert link.wait_for(lambda: client.s.version >= 0, 20), link.reason
    return link


def _move(link: Link, links: list[Link]) -> None:
    """One intent of ``link``'s seat, waited for until every seat has the new view."""
    client = link.client
    before = client.s.version
    seq, frame = client.intent(client.s.legal[0])
    link.send(frame)
    assert link.wait_for(lambda: seq in client.acked and (
        not client.acked[seq] or client.s.version > before), 20)
    assert client.acked[seq], client.s.note
    for other in links:
        assert _caught_up(other, client.s.version)


def _caught_up(link: Link, version: int) -> bool:
    return link.wait_for(lambda: link.client.s.version >= version, 20)


def _play(links: list[Link], count: int) -> None:
    """``count`` intents, each sent by the seat to act."""
    for _ in range(count):
        _move(next(lk for lk in links if lk.client.my_turn()), links)


def test_continue_restores_the_hosted_game_and_both_seats_rejoin_by_token(
        menu: Callable[[], Driver], tmp_path: Path) -> None:
    # A game hosted from this menu, both seats taken, a few moves, then the host is gone.
    host = new_host("kyoukai", tmp_path / "hosted" / "kyoukai", seed=3)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    url = f"ws://127.0.0.1:{server.port}"
    links = [_join_headless(url, Client(n, host.code, s)) for s, n in ((0, "Ann"), (1, "Bob"))]
    _play(links, 5)
    played, code, tokens = len(host.session.record.intents), host.code, host.tokens()
    for lk in links:
        lk.retries = 0
    server.stop()  # its record is on disk, intent by intent: nothing else is kept
    for lk in links:
        lk.close()
    d = menu()
    scene = _network(d)
    d.click(scene.host_tab.rect.center)
    assert scene.resume is not None, "no Continue for the game hosted before"
    d.click(scene.resume.rect.center)
    assert scene.server is not None and scene.code == code
    again = scene.server.host
    assert len(again.session.record.intents) == played and again.version == 0
    assert _frames_until(d, lambda: "Player 1: " in " ".join(scene._lobby) and
                         "(connected)" in scene._lobby[0])
    assert again.seats[0].token == tokens[0]  # the host player took seat 1 back by token
    bob = _join_headless(f"ws://127.0.0.1:{scene.server.port}", Client("Bob", token=tokens[1]))
    try:
        assert bob.client.s.seat == 1
        assert _frames_until(d, lambda: scene._lobby[1] == "Player 2: Bob (connected)")
        d.click(scene.go.rect.center)
        table = d.app.scene
        assert isinstance(table, NetTableScene)
        assert len(table.net.intents) == played  # the log came back whole
    finally:
        bob.close()


def test_join_again_after_the_host_came_back_takes_the_same_seat(
        menu: Callable[[], Driver], tmp_path: Path) -> None:
    folder = tmp_path / "h"
    host = new_host("bos", folder, seed=2)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    d = menu()
    scene = _network(d)
    scene.address.set_text(f"127.0.0.1:{server.port}")
    scene.code_entry.set_text(host.code)
    d.click(scene.go.rect.center)
    assert _frames_until(d, lambda: isinstance(d.app.scene, NetTableScene))
    table = d.app.scene
    assert isinstance(table, NetTableScene)
    table.net.link.retries = 0
    port = server.port
    server.stop()  # the host crashed; this player closed the table too
    d.app.to_menu(None)
    again = HostServer(continue_host(folder), port, "127.0.0.1")
    again.start()
    try:
        scene = _network(d)
        scene.address.set_text(f"127.0.0.1:{port}")
        scene.code_entry.set_text(host.code)
        d.click(scene.go.rect.center)  # seat 2 is taken: only the remembered token gets it
        assert _frames_until(d, lambda: isinstance(d.app.scene, NetTableScene)), scene.note
        assert again.host.seats[1].conn is not None
    finally:
        again.stop()
