from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.manual.helpers import GAMES, manual_pack, reach_manual


@pytest.fixture(scope="session")
def manual_packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("manual_packs")
    return {g: manual_pack(g, root) for g in GAMES}


@pytest.fixture(scope="session")
def reached(manual_packs: dict[str, Path]) -> dict[str, tuple[Any, dict[str, Any], list[Any]]]:
    """Per game: a state at its prototype's manual step, the options with the seed, and the
    intents from ``new_game`` that reached it."""
    return {g: reach_manual(g, manual_packs[g]) for g in GAMES}
