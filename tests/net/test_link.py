"""The table's link to a host: frames reach the owner's thread only through ``drain``, each
arrival wakes the owner, a dropped link rejoins by token by itself, questions are answered."""

from __future__ import annotations

import threading
from pathlib import Path

from game.net.link import Link
from game.net.server import HostServer, new_host
from rules.net.client import Client
from tests.waiting import until


def test_a_link_wakes_its_owner_rejoins_after_a_drop_and_gets_answers(tmp_path: Path) -> None:
    host = new_host("kyoukai", tmp_path / "host", seed=3)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    woken = threading.Event()
    link = Link(f"ws://127.0.0.1:{server.port}", Client("Ann", host.code, 0), woken.set)
    try:
        link.start()
        assert woken.wait(20)
        assert link.client.s.version == -1  # nothing read until the owner drains
        assert until(lambda: "view" in link.drain() or link.client.s.version >= 0)
        assert link.client.s.seat == 0 and link.client.s.version == 0
        conn = host.seats[0].conn
        assert conn is not None
        server.abort(conn)  # the link drops; it comes back with its token
        assert until(lambda: host.seats[0].conn not in (None, conn))
        # the host takes the seat back before its welcome reaches the link
        assert until(lambda: link.status == "joined"), link.status
        piece = next(p for p in host.rs.pieces(host.state) if host.rs.highlights(host.state, p))
        seq, frame = link.client.ask("highlights", piece)
        link.send(frame)
        assert link.wait_for(lambda: seq in link.client.answers, 20)
        assert link.client.answers[seq] == host.rs.highlights(host.state, piece)
    finally:
        link.close()
        server.stop()
    assert link.status == "closed"
