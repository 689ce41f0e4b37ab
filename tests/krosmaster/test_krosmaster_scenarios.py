"""Every scenario file under tests/krosmaster/scenarios passes (``python -m rules scenario``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import GAMES
from rules.core.scenario import run_scenario

HERE = Path(__file__).resolve().parent / "scenarios"


@pytest.mark.parametrize("path", sorted(HERE.glob("*.toml")), ids=lambda p: p.stem)
def test_scenario_file(path: Path) -> None:
    result = run_scenario(path, GAMES)
    assert result.ok, "\n".join(result.failures)
