"""Issue 36 items 3 and 4: a game declares in its GameInfo whether its players share one deck,
and new_game, simulate and print follow it; its own options (its options model's fields) are
read from ``--option NAME=VALUE``, each checked against the model, with the option named."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import registry
from rules.cli import simulate as simulate_cli
from rules.core.errors import DataError
from rules.core.options import from_text, own_options
from rules.sim.simulation import Request, prepare
from tests import fakegame


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return fakegame.write_pack(tmp_path / "tinypack")


@pytest.fixture
def shared(pack: Path) -> Iterator[str]:
    registry.register(dataclasses.replace(fakegame.info(pack), shared_deck=True))
    try:
        yield "tiny"
    finally:
        registry.unregister("tiny")


@pytest.fixture
def each(pack: Path) -> Iterator[str]:
    registry.register(fakegame.info(pack))
    try:
        yield "tiny"
    finally:
        registry.unregister("tiny")


def test_a_shared_deck_game_starts_from_one_deck(shared: str) -> None:
    rs = registry.get(shared)
    assert rs.setup().deck_names == ("Alpha",)  # the first by name, as a pair would be
    st = rs.new_game(seed=1, options={"decks": ["Zed"]})
    assert st.decks == ((5,), (5,))  # Zed's two tiles dealt one to each player
    with pytest.raises(DataError) as e:
        rs.new_game(seed=1, options={"decks": ["Zed", "Alpha"]})
    assert e.value.errors == [f"{registry.info(shared).pack}:1: piles: need one pile (shared) "
                              f"of ['Alpha', 'Zed'], got ['Zed', 'Alpha']"]


def test_a_game_with_a_deck_each_still_needs_two(each: str) -> None:
    with pytest.raises(DataError, match=r"piles: need two piles of \['Alpha', 'Zed'\], "
                                        r"got \['Zed'\]"):
        registry.get(each).new_game(seed=1, options={"decks": ["Zed"]})


def test_simulate_plays_a_shared_deck_game_with_one_deck_and_its_options(shared: str) -> None:
    prep = prepare(Request(game=shared, games=4, workers=1,
                           options={"decks": ["Zed"], "bonus": 3}))
    assert prep.settings.decks == ("", "")  # no deck A against deck B: players 1 and 2
    matches = list(prep.plan)
    assert {tuple(m.game_options()["decks"]) for m in matches} == {("Zed",)}
    assert all(m.game_options()["bonus"] == 3 for m in matches)


def test_simulate_command_line_takes_one_deck_and_option(shared: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    out = tmp_path / "report"
    args = ["--game", shared, "--games", "4", "--workers", "1", "--quiet", "--out", str(out)]
    assert simulate_cli.main([*args, "--decks", "Zed", "--option", "bonus=3"]) == 0
    assert "RESULT games=4" in capsys.readouterr().out
    assert simulate_cli.main([*args, "--decks", "Zed,Alpha"]) == 2
    assert "--decks: Tiny plays from one shared deck: give one name" in capsys.readouterr().err
    assert simulate_cli.main([*args, "--option", "bonus=12"]) == 2
    assert "--option bonus=12: bonus: must be at most 9, got '12'" in capsys.readouterr().err


def test_print_without_a_deck_prints_the_shared_deck(shared: str, pack: Path,
                                                     tmp_path: Path) -> None:
    from game.printing.sheet import print_command

    said = io.StringIO()
    assert print_command(pack, tmp_path / "cards.pdf", game=shared, stream=said) == 0
    assert "2 cards on 1 A4 page (deck 'Alpha', every copy)" in said.getvalue()


def test_print_without_a_deck_says_it_prints_one_of_each_card(each: str, pack: Path,
                                                               tmp_path: Path) -> None:
    from game.printing.sheet import print_command

    said = io.StringIO()
    assert print_command(pack, tmp_path / "cards.pdf", game=each, stream=said) == 0
    assert "(one of each card of the pack; --deck NAME prints a deck, every copy)" in \
        said.getvalue()


def test_own_options_are_described_for_the_menu() -> None:
    specs = {s.name: s for s in own_options(fakegame.TinyOptions)}
    assert list(specs) == ["bonus", "bonus_to", "double"]  # the shared ones have their rows
    assert (specs["bonus"].kind, specs["bonus"].low, specs["bonus"].high) == ("number", 0, 9)
    assert specs["bonus"].help == "Added to one player's total"
    assert (specs["bonus_to"].kind, specs["bonus_to"].choices) == ("choice", (1, 2))
    assert specs["double"].kind == "switch" and specs["double"].label == "Double"


def test_options_from_text_are_checked_against_the_model() -> None:
    model = fakegame.TinyOptions
    assert from_text(model, ["bonus=4", "bonus_to=2", "double=yes", "first=1"]) == \
        {"bonus": 4, "bonus_to": 2, "double": True, "first": 1}
    with pytest.raises(ValueError, match=r"^--option colour=red: Tiny has no option 'colour' "
                                         r"\(its options: bonus, bonus_to, double, first\)$"):
        from_text(model, ["colour=red"], "Tiny")
    with pytest.raises(ValueError, match=r"^--option bonus_to=3: bonus_to: expected one of 1, "
                                         r"2, got '3'$"):
        from_text(model, ["bonus_to=3"])
    with pytest.raises(ValueError, match=r"^--option 'bonus': expected NAME=VALUE$"):
        from_text(model, ["bonus"])
    with pytest.raises(ValueError, match=r"^--option pack=/x: .* has no option 'pack'"):
        from_text(model, ["pack=/x"])  # the shared options have their own flags
