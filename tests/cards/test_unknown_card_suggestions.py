"""A deck, team, list or scenario naming a card the pack lacks suggests the nearest one the
file could have meant ("did you mean 'hunting_eagle'?"), and nothing when none is close."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules import GAMES
from rules.core.decklist import read
from rules.core.packs import check_pack, format_for, load_pack
from rules.core.paths import asset
from rules.core.scenario import run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
KROSMASTER_SCENARIOS = Path(__file__).resolve().parents[1] / "krosmaster" / "scenarios"
FAR = "zzqx_wvvj"

# (game, deck file, text naming a card in it, the card's name as the file writes it)
DECKS = [
    ("bos", "decks.toml", '"infernal_tyrant"', "infernal_tyrant"),
    ("bos", "decks.toml", '"cinder_imp"', "cinder_imp"),
    ("dreadnought", "decks.toml", '"captain_vale"', "captain_vale"),
    ("dreadnought", "decks.toml", "scout_drone = 3", "scout_drone"),
    ("kyoukai", "decks.toml", 'entrant = "ronin_aki"', "ronin_aki"),
    ("kyoukai", "decks.toml", "hunting_eagle = 2", "hunting_eagle"),
    ("kyoukai", "decks.toml", "wind_spirit = 2", "wind_spirit"),
    ("nullshapers", "decks.toml", "scrap_brawler = 3", "scrap_brawler"),
    ("krosmaster", "teams.toml", '"Storm Mage"', "Storm Mage"),
]


def _misspelt(name: str) -> str:
    return name[:-2] + name[-1]  # 'hunting_eagle' -> 'hunting_eage'


def _deck_errors(tmp_path: Path, game: str, file: str, text: str, card: str,
                 written: str) -> list[str]:
    folder = tmp_path / game
    shutil.copytree(asset("packs", game), folder)
    deck = folder / file
    original = deck.read_text(encoding="utf-8")
    assert text in original
    deck.write_text(original.replace(text, text.replace(card, written), 1), encoding="utf-8")
    return check_pack(game, folder, GAMES)


def _kind(game: str) -> str:
    return "Krosmaster" if game == "krosmaster" else "card"


@pytest.mark.parametrize(("game", "file", "text", "card"), DECKS)
def test_a_misspelt_card_in_a_deck_gets_the_nearest_name(
        tmp_path: Path, game: str, file: str, text: str, card: str) -> None:
    errors = _deck_errors(tmp_path, game, file, text, card, _misspelt(card))
    want = f"unknown {_kind(game)} {_misspelt(card)!r}; did you mean {card!r}?"
    assert any(e.endswith(want) for e in errors), errors


@pytest.mark.parametrize(("game", "file", "text", "card"), DECKS)
def test_a_far_off_card_in_a_deck_gets_no_suggestion(
        tmp_path: Path, game: str, file: str, text: str, card: str) -> None:
    errors = _deck_errors(tmp_path, game, file, text, card, FAR)
    assert any(e.endswith(f"unknown {_kind(game)} {FAR!r}") for e in errors), errors
    assert not any("did you mean" in e for e in errors), errors


def test_a_deck_list_suggests_by_the_card_name_it_is_written_with() -> None:
    fmt = format_for("kyoukai", GAMES)
    pack = load_pack(fmt, asset("packs", "kyoukai"))
    got = read("# Gates\n2 Hunting Egle\n1 Zzqx Wvvj\n", fmt, pack.cards)
    assert got.problems == ("line 2: unknown card 'Hunting Egle'; did you mean 'Hunting Eagle'?",
                            "line 3: unknown card 'Zzqx Wvvj'")


# (scenario file, text naming a card in it, the card)
POSITIONS = [
    (SCENARIOS / "dreadnought" / "D07_dummy_wall.toml", '"storm_hound"', "storm_hound"),
    (SCENARIOS / "kyoukai" / "K09_equal_to_defense.toml", '"wandering_lion"', "wandering_lion"),
    (SCENARIOS / "nullshapers" / "N02_answer_then_cancelled.toml", '"signal_sniper"',
     "signal_sniper"),
    (KROSMASTER_SCENARIOS / "ko_wins_gg.toml", '"Ember Witch"', "Ember Witch"),
]


def _run_with(tmp_path: Path, path: Path, text: str, card: str, written: str) -> str:
    original = path.read_text(encoding="utf-8")
    assert text in original
    changed = tmp_path / path.name
    changed.write_text(original.replace(text, text.replace(card, written), 1), encoding="utf-8")
    with pytest.raises(ValueError, match="unknown") as err:
        run_scenario(changed, GAMES)
    return str(err.value)


@pytest.mark.parametrize(("path", "text", "card"), POSITIONS, ids=lambda v: getattr(v, "stem", ""))
def test_a_misspelt_card_in_a_scenario_position_gets_the_nearest_id(
        tmp_path: Path, path: Path, text: str, card: str) -> None:
    message = _run_with(tmp_path, path, text, card, _misspelt(card))
    assert message.endswith(f"{_misspelt(card)!r}; did you mean {card!r}?"), message


@pytest.mark.parametrize(("path", "text", "card"), POSITIONS, ids=lambda v: getattr(v, "stem", ""))
def test_a_far_off_card_in_a_scenario_position_gets_no_suggestion(
        tmp_path: Path, path: Path, text: str, card: str) -> None:
    message = _run_with(tmp_path, path, text, card, FAR)
    assert message.endswith(f"unknown {'Krosmaster' if 'Witch' in card else 'card'} {FAR!r}"), \
        message
