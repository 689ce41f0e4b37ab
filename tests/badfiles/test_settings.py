"""A settings file that is not UTF-8, not JSON or nested too deep (issue 12 items 5, 6): the
defaults, with a message naming the file; start-up goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import settings
from game.userdata import load_settings
from tests.badfiles.corpus import SETTINGS, write


@pytest.mark.parametrize("name", list(SETTINGS))
def test_a_bad_settings_file_gives_the_defaults_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("PLAYTABLE_DATA", str(tmp_path))
    data, expected = SETTINGS[name]()
    path = write(tmp_path, "settings.json", data)
    got, note = settings.load(path)
    assert got == settings.Settings()
    assert note is not None and "settings.json is damaged" in note and expected in note
    assert load_settings() == {}  # the switches (designer mode) fall back too
    assert settings.save(settings.Settings(width=1600), path)  # and it can be written again
    assert settings.load(path) == (settings.Settings(width=1600), None)
