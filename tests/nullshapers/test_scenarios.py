"""Scenario files under tests/scenarios/nullshapers, each run by a test named after its rule."""

from __future__ import annotations

from pathlib import Path

from rules import GAMES
from rules.core.scenario import run_scenario

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "nullshapers"


def _run(name: str) -> None:
    result = run_scenario(HERE / name, GAMES)
    assert result.ok, "\n".join(result.failures)


def test_N02_scenario_answer_executes_first_and_the_first_entry_is_cancelled() -> None:
    _run("N02_answer_then_cancelled.toml")


def test_N08_scenario_ranged_defenders_strike_before_a_melee_attacker() -> None:
    _run("N08_ranged_before_melee.toml")
