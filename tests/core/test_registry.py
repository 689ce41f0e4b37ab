"""Games come from their GameInfo: runtime registration, entry points, the shared new-game
setup (options model, pack, decks), and a core that takes the registry instead of importing it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import rules
from rules import registry
from rules.core.errors import DataError
from rules.core.packs import check_pack, format_for, guess_game
from rules.core.scenario import run_scenario
from tests import fakegame

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[Path]:
    """The tiny game registered at run time, playing from a pack in ``tmp_path``."""
    pack = fakegame.write_pack(tmp_path / "tinypack")
    registry.register(fakegame.info(pack))
    try:
        yield pack
    finally:
        registry.unregister("tiny")


def test_a_game_registered_at_run_time_is_a_game_like_the_others(tiny: Path) -> None:
    assert "tiny" in rules.GAMES
    rs = rules.get("tiny")
    assert rs.info is registry.info("tiny") and rs.info.deck_word == "Pile"
    assert "tiny" in [i.name for i in registry.infos()]
    state = rs.new_game(seed=1)
    # Default decks: the first two by name ("Alpha" before "Zed"): 1 + 5 against 5 + 5.
    while rs.to_act(state) is not None:
        state = rs.apply(state, rs.legal_intents(state)[0]).state
    assert state.totals == (6, 10) and rs.winner(state) == 1
    registry.unregister("tiny")
    assert "tiny" not in rules.GAMES
    with pytest.raises(KeyError, match="unknown game 'tiny'"):
        registry.info("tiny")


def test_a_name_is_registered_once(tiny: Path) -> None:
    with pytest.raises(ValueError, match="'tiny' is already registered"):
        registry.register(fakegame.info(tiny))


def test_new_game_resolves_decks_and_the_games_own_options(tiny: Path) -> None:
    rs = rules.get("tiny")
    state = rs.new_game(seed=1, options={"decks": ["Zed", "Alpha"], "first": 1, "bonus": 3})
    assert state.decks == ((5, 5), (1, 5)) and state.totals == (3, 0) and state.active == 1
    with pytest.raises(DataError) as e:
        rs.new_game(seed=1, options={"decks": ["Zed", "Nope"]})
    assert e.value.errors == [f"{tiny}:1: piles: need two piles of ['Alpha', 'Zed'], "
                              f"got ['Zed', 'Nope']"]


@pytest.mark.parametrize(("game", "options", "named"), [
    ("kyoukai", {"frist": 1}, "frist"),
    ("kyoukai", {"first": 2}, "first"),
    ("kyoukai", {"decks": "Ronin's Pride"}, "decks"),
    ("krosmaster", {"map": "../../etc/passwd"}, "map"),
    ("krosmaster", {"teams": 3}, "teams"),
])
def test_the_options_model_refuses_a_bad_option_by_name(game: str, options: dict[str, object],
                                                         named: str) -> None:
    with pytest.raises(DataError) as e:
        rules.get(game).new_game(seed=1, options=options)
    assert len(e.value.errors) == 1
    assert e.value.errors[0].startswith(f"options:1: {named}: ")


def test_a_bad_deck_name_keeps_todays_message_in_the_games_own_word() -> None:
    with pytest.raises(DataError) as e:
        rules.get("kyoukai").new_game(seed=1, options={"decks": ["Nope", "Ronin's Pride"]})
    assert e.value.errors[0].endswith(": decks: need two decks of [\"Ronin's Pride\", "
                                      "\"Sage's Patience\"], got ['Nope', \"Ronin's Pride\"]")
    with pytest.raises(DataError, match=r": teams: need two teams of \['Brave Lanterns', "):
        rules.get("krosmaster").new_game(seed=1, options={"teams": ["Nope", "Cave Crew"]})


def test_the_core_takes_the_games_it_is_given(tiny: Path) -> None:
    only_tiny = {"tiny": rules.get("tiny")}
    assert format_for("tiny", only_tiny) is fakegame.FORMAT
    with pytest.raises(KeyError, match="unknown game 'kyoukai'; known: tiny"):
        format_for("kyoukai", only_tiny)
    assert guess_game(tiny, only_tiny) == "tiny"  # by its [[tile]] table
    assert check_pack(None, tiny, only_tiny) == []
    scenario = tiny / "kyoukai.toml"
    scenario.write_text('game = "kyoukai"\n', encoding="utf-8")
    with pytest.raises(DataError, match="unknown game 'kyoukai'"):
        run_scenario(scenario, only_tiny)


def test_the_core_imports_no_game_and_not_the_registry() -> None:
    """rules/core, rules/records and rules/agents reach games only through what they are
    given (or ``rules.GAMES`` at the edge, in records); no import of a game package."""
    offenders = []
    for folder in ("rules/core", "rules/records", "rules/agents"):
        for f in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                for n in names:
                    bad_core = folder == "rules/core" and n in ("rules", "rules.registry")
                    game_pkg = n.startswith("rules.") and n.split(".")[1] not in (
                        "core", "records", "agents", "registry", "cli")
                    if bad_core or game_pkg:
                        offenders.append(f"{f.relative_to(ROOT)}:{node.lineno}: {n}")
    assert offenders == []


def _ep(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=registry.GROUP)


def test_a_failing_entry_point_is_named_and_the_others_load(tmp_path: Path) -> None:
    fakegame.write_pack(tmp_path / "p")
    fakegame.TINY_FOR_ENTRY_POINT = fakegame.info(tmp_path / "p")  # type: ignore[attr-defined]
    said: list[str] = []
    try:
        problems = registry.load(
            [_ep("broken", "no_such_package.game:GAME"),
             _ep("notinfo", "tests.fakegame:FORMAT"),
             _ep("tiny", "tests.fakegame:TINY_FOR_ENTRY_POINT")],
            fallback=(), report=said.append)
        assert "tiny" in rules.GAMES and "kyoukai" in rules.GAMES
    finally:
        registry.unregister("tiny")
    assert said == problems and len(problems) == 2
    assert problems[0].startswith("playtable: game 'broken' (playtable.games entry point "
                                  "no_such_package.game:GAME) failed to load: "
                                  "ModuleNotFoundError: No module named 'no_such_package'")
    assert "game 'notinfo'" in problems[1] and "not a GameInfo" in problems[1]


def test_without_package_metadata_the_shipped_games_load_from_the_fallback() -> None:
    saved_games, saved_infos = dict(registry.GAMES), dict(registry._INFOS)
    try:
        for name in list(registry.GAMES):
            registry.unregister(name)
        assert registry.load([], report=pytest.fail) == []
        assert list(rules.GAMES) == [ref.split(".")[1] for ref in registry.SHIPPED]
        assert list(rules.GAMES)[:2] == ["kyoukai", "krosmaster"]
        assert rules.get("krosmaster").info.dice and rules.get("kyoukai").info.hidden_information
    finally:
        registry.GAMES.clear()
        registry.GAMES.update(saved_games)
        registry._INFOS.clear()
        registry._INFOS.update(saved_infos)


def test_the_installed_entry_points_are_the_shipped_games() -> None:
    from importlib.metadata import entry_points

    found = {ep.name: ep.value for ep in entry_points(group=registry.GROUP)}
    assert found == {ref.split(".")[1]: ref for ref in registry.SHIPPED}
    assert found["kyoukai"] == "rules.kyoukai.game:GAME"
    assert sorted(found.values()) == sorted(registry.SHIPPED)
