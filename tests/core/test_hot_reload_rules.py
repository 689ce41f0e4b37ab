"""Hot reload at the rules level: changed card data applies from now on, state kept."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules import GAMES
from rules.core.packs import format_for, load_pack
from rules.core.paths import asset


def _pack(game: str) -> dict[str, Any]:
    folder = asset("packs", game)
    return dict(load_pack(format_for(game, GAMES), folder).cards)


def test_kyoukai_stat_change_applies_and_the_game_goes_on() -> None:
    rs = rules.get("kyoukai")
    state = rs.new_game(seed=4)
    cards = _pack("kyoukai")
    lion = cards["wandering_lion"]
    cards["wandering_lion"] = lion.model_copy(update={"attack": 5})
    new, events = rs.replace_cards(state, cards)
    assert [e.text for e in events] == ["Card changed: Wandering Lion: attack 3 → 5"]
    assert new.catalog["wandering_lion"].attack == 5
    assert new.cards == state.cards and new.field == state.field  # the game state is intact
    assert rs.legal_intents(new)  # and it plays on
    rs.apply(new, rs.legal_intents(new)[0])


def test_unchanged_pack_changes_nothing() -> None:
    for game in ("kyoukai", "krosmaster"):
        rs = rules.get(game)
        state = rs.new_game(seed=1)
        same, events = rs.replace_cards(state, _pack(game))
        assert events == [] and same is state


def test_krosmaster_change_by_name() -> None:
    rs = rules.get("krosmaster")
    state = rs.new_game(seed=2)
    first = state.catalog[0]
    cards = _pack("krosmaster")
    key = next(k for k, c in cards.items() if c.name == first.name)
    cards[key] = first.model_copy(update={"mp": first.mp + 1})
    new, events = rs.replace_cards(state, cards)
    assert len(events) == 1 and f"mp {first.mp} → {first.mp + 1}" in events[0].text
    assert new.catalog[0].mp == first.mp + 1


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_every_game_supports_hot_reload(game: str) -> None:
    rs = rules.get(game)
    state = rs.new_game(seed=1)
    hashes = rs.card_hashes(state)
    same, events = rs.replace_cards(state, {})  # a card missing from the pack keeps its data
    assert events == [] and rs.dump(same) == rs.dump(state)

    # One number of one card in play changes: that card and nothing else takes it.
    cards = _pack(game)
    key = next(k for k in hashes if k in cards)
    card = cards[key]
    field, value = next((f, v) for f, v in card.model_dump().items()
                        if isinstance(v, int) and not isinstance(v, bool))
    cards[key] = card.model_copy(update={field: value + 1})
    new, events = rs.replace_cards(state, cards)
    assert len(events) == 1, [e.text for e in events]
    text = events[0].text
    assert text.startswith("Card changed: ") and card.name in text
    assert f"{field} {value} → {value + 1}" in text
    after = rs.card_hashes(new)
    assert after.keys() == hashes.keys()
    assert [k for k in hashes if after[k] != hashes[k]] == [key]
    assert rs.to_act(new) == rs.to_act(state) and rs.legal_intents(new)  # the game goes on
    assert rs.card_hashes(state) == hashes  # the old state is not changed in place
