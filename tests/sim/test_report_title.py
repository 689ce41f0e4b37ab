"""Issue 34, item 18: the simulation report names the game by its declared title."""

from __future__ import annotations

import pytest

import rules
from rules.sim.report import title


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_the_report_title_is_the_games_title(game: str) -> None:
    s = {"game": game, "decks": ["A", "B"]}
    assert title(s) == f"{rules.get(game).info.title}: A vs B"


def test_the_headline_says_bos_and_krosmaster_arena() -> None:
    assert title({"game": "bos", "decks": [None, None]}).startswith("BOS: ")
    assert title({"game": "krosmaster", "decks": ["A", "B"]}).startswith("Krosmaster Arena: ")


def test_an_unknown_game_keeps_its_id() -> None:
    assert title({"game": "nosuchgame", "decks": ["A", "B"]}) == "nosuchgame: A vs B"
