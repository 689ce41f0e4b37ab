"""Suite-wide isolation, so tests can run in parallel (pytest-xdist, ``make test``): every
test gets its own user data folder (autosave, saves, settings, decks), also handed down to
the programs a test starts, since they inherit the environment."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's user data folder (``$PLAYTABLE_DATA``); created on first write."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("PLAYTABLE_DATA", str(folder))
    return folder
