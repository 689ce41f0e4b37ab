"""A hosted game is found by the join list on loopback (mDNS on 127.0.0.1) under the name its
host gave it, and its record does not carry the join code; a name the list cannot show is
refused with the reason."""

from __future__ import annotations

import pytest

from game.net.discovery import Announcement, Found, browse, default_table, table_name_problem


def _found(port: int) -> list[Found]:
    found: list[Found] = []
    for _ in range(5):  # multicast on a busy machine: a few listens, each bounded
        found = [f for f in browse(1.5, interfaces=["127.0.0.1"]) if f.port == port]
        if found:
            break
    return found


def test_a_hosted_game_is_found_on_loopback_by_its_table_name_without_its_code() -> None:
    shown = Announcement(47999, "bos", "Ann", interfaces=["127.0.0.1"],
                         table="Friday playtest: BOS")
    try:
        found = _found(47999)
    finally:
        shown.close()
    assert found and found[0].game == "bos" and found[0].name == "Ann"
    assert found[0].table == "Friday playtest: BOS"
    assert found[0].label() == "Friday playtest: BOS (Ann): bos at 127.0.0.1:47999"
    assert found[0].address == "127.0.0.1"
    assert set(shown.info.properties) == {b"game", b"name", b"table", b"protocol"}


def test_a_game_hosted_without_a_table_name_is_listed_as_the_players_table() -> None:
    shown = Announcement(47998, "kyoukai", "Ann", interfaces=["127.0.0.1"])
    try:
        found = _found(47998)
    finally:
        shown.close()
    assert found and found[0].table == "Ann's table" == default_table("Ann")


@pytest.mark.parametrize(("name", "said"), [
    ("", "Give the table a name"),
    ("   ", "Give the table a name"),
    ("x" * 41, "41 characters long; at most 40"),
    ("Ann\nBo", "cannot be shown ('\\n')"),
    ("Ann\x1b[31m", "cannot be shown ('\\x1b')"),
])
def test_a_table_name_the_list_cannot_show_is_refused_with_the_reason(
        name: str, said: str) -> None:
    problem = table_name_problem(name)
    assert problem is not None and said in problem
    with pytest.raises(ValueError, match="table"):
        Announcement(47997, "bos", "Ann", interfaces=["127.0.0.1"], table=name)


def test_a_printable_table_name_of_up_to_40_characters_is_taken() -> None:
    assert table_name_problem("Salle 3 — Kyōkai, tournoi") is None
    assert table_name_problem("y" * 40) is None
