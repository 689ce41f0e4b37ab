"""Every game plays as its golden traces (``tools/golden_traces.py``) recorded: the same
legal intents, events, states, computer choices and simulator results, step by step. The
quick tests check a few of each game's (its shortest stored games, for speed); the slow ones
everything stored."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import rules

TOOL = Path(__file__).resolve().parents[2] / "tools" / "golden_traces.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_traces", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gt = _tool()


def _shortest(games: list[str], n: int) -> list[int]:
    """The seeds of the ``n`` stored games (``"<hash> <steps>"``) with the fewest steps."""
    return sorted(range(len(games)), key=lambda seed: int(games[seed].split()[1]))[:n]


def _differences(game: str, picks: dict[str, Any], levels: tuple[str, ...]) -> list[str]:
    lines: list[str] = gt.differences(gt.stored(game), gt.compute(game, picks, levels))
    return lines


@pytest.mark.parametrize("game", list(rules.GAMES))
def test_a_few_games_and_easy_choices_as_recorded(game: str) -> None:
    want = gt.stored(game)
    picks = {"random": _shortest(want["random"], 3), "greedy": _shortest(want["greedy"], 1),
             "choices": [0, 1], "simulate": [0, 1]}
    assert _differences(game, picks, ("easy",)) == []


@pytest.mark.slow
@pytest.mark.timeout(3600)  # Kyoukai's takes 2+ CPU-minutes, 7+ on a loaded machine
@pytest.mark.parametrize("game", list(rules.GAMES))
def test_every_recorded_game_and_choice(game: str) -> None:
    want = gt.stored(game)
    picks = {what: range(len(want[what])) for what in gt.KINDS}
    assert _differences(game, picks, gt.LEVELS) == []


def test_a_changed_trace_is_reported() -> None:
    want = gt.stored("bos")
    got = gt.compute("bos", {"random": [1], "choices": [0], "simulate": [0]}, ("easy",))
    assert gt.differences(want, got) == []
    want = {**want, "random": [want["random"][0], "0" * 16 + " 1", *want["random"][2:]],
            "simulate": [], "choices": [{**want["choices"][0], "easy": {"kind": "nothing"}}]}
    lines = gt.differences(want, got)
    assert len(lines) == 3
    assert lines[0].startswith(f"bos random seed 1: stored {'0' * 16} 1, now ")
    assert lines[1] == "bos simulate 0: not stored"
    assert "easy: stored {'kind': 'nothing'}" in lines[2]
