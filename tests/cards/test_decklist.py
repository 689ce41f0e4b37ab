"""Deck lists as text (rules/core/decklist.py): 'count name' lines under '# Part' headers,
names in any case, unknown or ambiguous names reported with their line and kept, and export →
import → export giving the same text for every deck of every shipped game."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.core.decklist import read, text_of
from rules.core.newgame import shipped_pack
from rules.core.packs import Pack, cached_pack


def _pack(game: str) -> Pack[Any, Any]:
    rs = rules.get(game)
    fmt = rs.pack_format()
    assert fmt is not None
    return cached_pack(fmt, shipped_pack(rs.info))


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_export_import_export_gives_the_same_text_and_deck(game: str) -> None:
    pack = _pack(game)
    fmt = pack.format
    assert fmt.deck_cards is not None and fmt.deck_data is not None
    for name, deck in pack.decks.items():
        copies = fmt.deck_cards(deck)
        text = text_of(fmt, pack.cards, copies)
        got = read(text, fmt, pack.cards)
        assert got.problems == () and got.placeholders == ()
        assert text_of(fmt, pack.cards, got.copies()) == text
        assert fmt.deck_data(name, got.copies(), pack.cards) == \
            fmt.deck_data(name, copies, pack.cards)


def test_kyoukai_lists_its_parts_under_headers() -> None:
    pack = _pack("kyoukai")
    text = text_of(pack.format, pack.cards, pack.format.deck_cards(pack.decks["Ronin's Pride"]))
    lines = text.splitlines()
    assert lines[:2] == ["# Entrant", "1 Ronin Aki"]
    assert [x for x in lines if x.startswith("#")] == ["# Entrant", "# Spirits", "# Gates"]


def test_names_in_any_case_ids_and_1x_counts_are_read() -> None:
    pack = _pack("kyoukai")
    text = ("// my deck\n\n# entrant\n1x RONIN AKI\n# Gates\n2 hunting eagle\n"
            "3 basic_slime\n")
    got = read(text, pack.format, pack.cards)
    assert got.problems == ()
    assert got.copies() == ["ronin_aki", "hunting_eagle", "hunting_eagle", "basic_slime",
                            "basic_slime", "basic_slime"]


def test_unknown_names_are_reported_by_line_and_kept_as_placeholders() -> None:
    pack = _pack("kyoukai")
    fmt = pack.format
    text = "# Entrant\n1 Ronin Aki\n# Gates\n2 Ronin Akki\n2 Hunting Eagle\nsome words\n"
    got = read(text, fmt, pack.cards)
    assert got.problems == ("line 4: unknown card 'Ronin Akki'; did you mean 'Ronin Aki'?",
                            "line 6: 'some words' is not 'count name' (a count of 1 to 999, "
                            "then the card's name)")
    assert [(e.line, e.written) for e in got.placeholders] == [(4, "Ronin Akki"),
                                                               (6, "some words")]
    assert got.copies() == ["ronin_aki", "hunting_eagle", "hunting_eagle"]
    out = text_of(fmt, pack.cards, got.copies(), got.placeholders)
    assert out == ("# Entrant\n1 Ronin Aki\n# Gates\n2 Hunting Eagle\n2 Ronin Akki\n"
                   "some words\n")  # nothing dropped
    again = read(out, fmt, pack.cards)
    assert text_of(fmt, pack.cards, again.copies(), again.placeholders) == out


def test_an_ambiguous_name_asks_for_the_id_and_is_written_by_id() -> None:
    pack = _pack("kyoukai")
    fmt = pack.format
    twin = pack.cards["hunting_eagle"].model_copy(update={"id": "eagle_two"})
    cards = {**pack.cards, "eagle_two": twin}
    got = read("2 Hunting Eagle\n1 eagle_two\n", fmt, cards)
    assert got.problems == ("line 1: 2 cards are named 'Hunting Eagle' (ids hunting_eagle, "
                            "eagle_two); write the id of the one you mean",)
    assert got.copies() == ["eagle_two"] and got.placeholders[0].written == "Hunting Eagle"
    assert text_of(fmt, cards, ["hunting_eagle"]) == "# Gates\n1 hunting_eagle\n"


def test_an_unknown_part_is_reported_and_its_cards_read() -> None:
    pack = _pack("kyoukai")
    got = read("# Sideboard\n2 Hunting Eagle\n", pack.format, pack.cards)
    assert got.problems == ("line 1: unknown part 'Sideboard' (this game's: Entrant, Spirits, "
                            "Gates); its cards are read all the same",)
    assert got.copies() == ["hunting_eagle", "hunting_eagle"]
