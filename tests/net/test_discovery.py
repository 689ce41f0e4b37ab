"""A hosted game is found by the join list on loopback (mDNS on 127.0.0.1), and its record
does not carry the join code."""

from __future__ import annotations

from game.net.discovery import Announcement, browse


def test_a_hosted_game_is_found_on_loopback_without_its_code() -> None:
    shown = Announcement(47999, "bos", "Ann's table", interfaces=["127.0.0.1"])
    try:
        found = []
        for _ in range(5):  # multicast on a busy machine: a few listens, each bounded
            found = [f for f in browse(1.5, interfaces=["127.0.0.1"]) if f.port == 47999]
            if found:
                break
    finally:
        shown.close()
    assert found and found[0].game == "bos" and found[0].name == "Ann's table"
    assert found[0].address == "127.0.0.1"
    assert set(shown.info.properties) == {b"game", b"name", b"protocol"}
