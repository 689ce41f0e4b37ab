"""Scenario files under tests/scenarios/dreadnought, each run by a test named after its rule."""

from __future__ import annotations

from pathlib import Path

from rules import GAMES
from rules.core.scenario import run_scenario

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "dreadnought"


def _run(name: str) -> None:
    result = run_scenario(HERE / name, GAMES)
    assert result.ok, "\n".join(result.failures)


def test_D04_scenario_gear_change_takes_the_lead() -> None:
    _run("D04_gear_change_takes_the_lead.toml")


def test_D07_scenario_a_dummy_blocks_as_an_S_unit_with_50_BP_and_breaks() -> None:
    _run("D07_dummy_wall.toml")


def test_D09_scenario_swap_keeps_the_checked_state() -> None:
    _run("D09_swap_keeps_state.toml")


def test_D11_scenario_the_last_unit_breaks_and_the_caster_loses_hp() -> None:
    _run("D11_last_unit_breaks.toml")
