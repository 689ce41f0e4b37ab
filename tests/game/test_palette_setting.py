"""Issue 38 item 2: the palette is a setting like the others — kept in settings.json, a bad
value falls back to the default with a message, and the Settings screen's Colours row puts a
palette in force at once (the highlight kinds' and the players' colours)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.draw.palette import HIGHLIGHT, HIGHLIGHTS, OWNER, OWNERS, use_preset
from game.scenes.settings import SettingsScene
from game.settings import Settings, load, save, settings_path
from tests.game.conftest import Driver


def test_the_palette_is_saved_and_read_back(data_dir: Path) -> None:
    save(Settings(palette="safe"))
    got, note = load()
    assert got.palette == "safe" and note is None
    settings_path().write_text(json.dumps({"palette": "rainbow", "volume": 0.3}))
    got, note = load()
    assert got.palette == "default" and got.volume == 0.3
    assert note is not None and "palette" in note


def test_the_colours_row_puts_a_palette_in_force(data_dir: Path) -> None:
    app = App((1280, 720))
    try:
        d = Driver(app)
        app.open_settings()
        d.frames(2)
        scene = app.scene
        assert isinstance(scene, SettingsScene)
        row = scene.ROWS.index("palette")
        while scene.row != row:
            d.key(pygame.K_DOWN)
        d.key(pygame.K_RIGHT)
        assert app.settings.palette == "safe"
        assert HIGHLIGHTS["safe"] == HIGHLIGHT and list(OWNERS["safe"]) == OWNER
        d.key(pygame.K_RIGHT)
        assert app.settings.palette == "contrast" and HIGHLIGHT["move"] == (0, 200, 255)
    finally:
        use_preset("default")
        app.close()


def test_an_app_starts_in_the_saved_palette(data_dir: Path) -> None:
    save(Settings(palette="contrast"))
    app = App((1280, 720))
    try:
        assert HIGHLIGHTS["contrast"] == HIGHLIGHT
    finally:
        use_preset("default")
        app.close()
