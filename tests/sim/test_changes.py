"""Card changes a game starts with (``options["changes"]``, ``rules.core.changes``): what a
paired experiment plays. A changed card keeps its places in the deck, so the same seed deals
the same positions; bad changes are refused naming the change and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core.changes import CardChange, broken_rules
from rules.core.errors import DataError


def deck_order(state: Any) -> list[list[str]]:
    players = state.players if hasattr(state, "players") else state.sides
    return [[state.cards[i] for i in p.deck] for p in players]


@pytest.mark.parametrize(("game", "out", "into"), [
    ("kyoukai", "wandering_lion", "stone_throw"), ("dreadnought", "scout_drone", "stone_pup"),
    ("nullshapers", "scrap_brawler", "emergency_power")])
def test_a_card_put_instead_takes_the_places_of_every_copy(game: str, out: str,
                                                           into: str) -> None:
    rs = rules.get(game)
    before = deck_order(rs.new_game(seed=11))
    after = deck_order(rs.new_game(seed=11, options={"changes": [{"card": out,
                                                                  "instead": into}]}))
    assert any(out in d for d in before)
    for old, new in zip(before, after, strict=True):
        assert len(old) == len(new)
        for a, b in zip(old, new, strict=True):
            assert b == a if a != out else (b != out and b.startswith(out))
    state = rs.new_game(seed=11, options={"changes": [{"card": out, "instead": into}]})
    clone = next(c for d in after for c in d if c.startswith(out) and c != out)
    assert state.catalog[clone].name == state.catalog[into].name


def test_a_field_change_is_made_everywhere_and_checked_like_a_card_file() -> None:
    rs = rules.get("kyoukai")
    state = rs.new_game(seed=1, options={"changes": [{"card": "wandering_lion",
                                                      "set": {"attack": 2}}]})
    assert state.catalog["wandering_lion"].attack == 2
    with pytest.raises(DataError) as e:
        rs.new_game(seed=1, options={"changes": [{"card": "wandering_lion",
                                                  "set": {"attack": 25}}]})
    assert "changes.0" in str(e.value) and "attack" in str(e.value) and "20" in str(e.value)
    with pytest.raises(DataError) as e:
        rs.new_game(seed=1, options={"changes": [{"card": "wandering_lion",
                                                  "set": {"atack": 2}}]})
    assert "no 'atack'" in str(e.value) and "attack" in str(e.value)
    with pytest.raises(DataError) as e:
        rs.new_game(seed=1, options={"changes": [{"card": "no_such", "set": {"attack": 2}}]})
    assert "no card 'no_such'" in str(e.value)


def test_a_nested_field_is_named_by_its_path() -> None:
    rs = rules.get("kyoukai")
    state = rs.new_game(seed=1, options={"changes": [{"card": "hunting_eagle",
                                                      "set": {"skills.0.amount": 4}}]})
    assert state.catalog["hunting_eagle"].skills[0].amount == 4


def test_a_change_in_one_deck_leaves_the_other_alone() -> None:
    rs = rules.get("dreadnought")
    opts = {"decks": ["Vanguard Rush", "Vanguard Rush"],
            "changes": [{"card": "scout_drone", "blank": True, "deck": 1}]}
    state = rs.new_game(seed=3, options=opts)
    mine, theirs = deck_order(state)[0] + list(state.players[0].hand), \
        deck_order(state)[1] + list(state.players[1].hand)
    cards = state.cards
    assert "scout_drone" in {cards.get(c, c) for c in mine}
    assert "scout_drone" not in {cards.get(c, c) for c in theirs}
    blank = state.catalog["scout_drone0"]
    assert blank.bp == 0 and not blank.abilities and blank.cost == 0


def test_a_card_goes_only_where_the_replaced_one_goes() -> None:
    with pytest.raises(DataError) as e:
        rules.get("kyoukai").new_game(seed=1, options={"changes": [
            {"card": "ronin_aki", "instead": "stone_throw"}]})
    assert "Gates, ronin_aki in its Entrant" in str(e.value)
    assert "same part of a deck" in str(e.value)


def test_a_change_does_one_thing() -> None:
    with pytest.raises(ValueError, match="does one thing"):
        CardChange(card="x", set={"attack": 1}, blank=True)


def test_the_rules_an_experiment_breaks_are_named(tmp_path: Path) -> None:
    rs = rules.get("kyoukai")
    setup = rs.setup({})
    fmt = rs.pack_format()
    assert fmt is not None
    changes = [CardChange(card="wandering_lion", instead="basic_slime")]  # 3 + 2 slimes
    broken = broken_rules(fmt, setup.cards, setup.decks, changes, tmp_path)
    assert any("5 copies of 'basic_slime'" in b for b in broken), broken
    assert broken_rules(fmt, setup.cards, setup.decks,
                        [CardChange(card="wandering_lion", set={"attack": 1})], tmp_path) == []


def test_kyoukai_entrants_and_spirits_are_swapped_where_they_stand() -> None:
    rs = rules.get("kyoukai")
    before = rs.new_game(seed=4)
    after = rs.new_game(seed=4, options={"changes": [
        {"card": "ronin_aki", "instead": "sage_mirei"},
        {"card": "ember_spirit", "instead": "stone_spirit"}]})
    for p in (0, 1):
        old, new = before.players[p], after.players[p]
        if before.cards[old.entrant] == "ronin_aki":
            assert after.cards[new.entrant] == "ronin_aki0"
            assert after.catalog["ronin_aki0"].name == "Sage Mirei"
        spirits = [before.cards[i] for i in old.spirits]
        assert [after.cards[i] for i in new.spirits] == \
            ["ember_spirit0" if c == "ember_spirit" else c for c in spirits]
    assert any(before.cards[before.players[p].entrant] == "ronin_aki" for p in (0, 1))
    assert "ember_spirit" in {before.cards[i] for p in (0, 1) for i in before.players[p].spirits}
