"""Scenario files under tests/scenarios/kyoukai, each run by a test named after its rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rules import GAMES
from rules.core.scenario import run_scenario

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "kyoukai"


def _run(name: str) -> None:
    result = run_scenario(HERE / name, GAMES)
    assert result.ok, "\n".join(result.failures)


def test_K09_scenario_equal_to_defense_does_nothing() -> None:
    _run("K09_equal_to_defense.toml")


def test_K16_scenario_slime_readies_the_punchers_summon() -> None:
    _run("K16_slime_readies.toml")


def test_K18_scenario_rebirth_only_from_the_discard() -> None:
    _run("K18_phoenix_rebirth.toml")


def test_scenario_cli_passes_good_files_and_fails_on_a_broken_expectation(tmp_path: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "rules", "scenario", str(HERE)],
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "3 passed, 0 failed" in ok.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text((HERE / "K16_slime_readies.toml").read_text().replace(
        'fact = "zone.C3.ready"\nequals = true', 'fact = "zone.C3.ready"\nequals = false'))
    out = subprocess.run([sys.executable, "-m", "rules", "scenario", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert "zone.C3.ready is True, expected False" in out.stdout
    assert f"{bad}:24:" in out.stdout  # the [[expect]] that failed
