"""Scenario files under tests/scenarios/bos, each run by a test named after its rule."""

from __future__ import annotations

from pathlib import Path

from rules import GAMES
from rules.core.scenario import run_scenario

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "bos"


def _run(name: str) -> None:
    result = run_scenario(HERE / name, GAMES)
    assert result.ok, "\n".join(result.failures)


def test_B06_scenario_500_against_2() -> None:
    _run("B06_500_vs_2.toml")


def test_B09_scenario_block_from_the_next_column() -> None:
    _run("B09_block_from_the_next_column.toml")


def test_B03_scenario_enchant_goes_to_the_casters_graveyard() -> None:
    _run("B03_enchant_goes_home.toml")
