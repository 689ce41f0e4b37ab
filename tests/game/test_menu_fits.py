"""Issue 34 item 19 (the rest): the main menu fits every supported window under its title
(at 1024x600 its last row was cut off), and at UI scale 1.5 a drop-down's options and the
Open-a-game list have rows as tall as their words (pygame-gui's 20 px rows overlapped)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu

from game.app import App
from game.draw.scale import set_scale
from game.scenes.menu import MenuScene
from game.session import GameConfig
from tests.game.test_top_bar import SIZES


@pytest.fixture
def menu_at() -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    for app in apps:
        app.close()
    set_scale(1.0)


def _menu(apps: list[App], size: tuple[int, int], ui: float) -> MenuScene:
    app = App(size, defaults=GameConfig(game="bos"))
    apps.append(app)
    app.apply_settings(app.settings.model_copy(update={"ui_scale": ui}), save=False)
    app.frame(0.016)
    scene = app.scene
    assert isinstance(scene, MenuScene)
    return scene


@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_the_menu_panel_fits_the_window(menu_at: list[App], size: tuple[int, int],
                                        ui: float) -> None:
    scene = _menu(menu_at, size, ui)
    window = pygame.Rect((0, 0), size)
    panel = scene.panel.rect
    assert window.contains(panel), f"the menu panel {panel} is cut by the {size} window"
    for c in scene.controls():
        assert panel.contains(c.rect), f"{c} at {c.rect} outside the panel {panel}"


def _line(scene: MenuScene) -> int:
    return int(scene.app.manager.get_theme().get_font(["drop_down_menu"]).size("Ag")[1])


def test_drop_down_options_are_rows_as_tall_as_their_words(menu_at: list[App]) -> None:
    scene = _menu(menu_at, (1920, 1080), 1.5)
    game: UIDropDownMenu = scene.game
    game.current_state.finish()
    game.current_state = game.menu_states["expanded"]
    game.current_state.start()
    listed = game.current_state.options_selection_list
    assert listed.list_item_height >= _line(scene), \
        f"options {listed.list_item_height} px apart, their words {_line(scene)} px tall"


def test_the_open_a_game_list_has_rows_as_tall_as_their_words(menu_at: list[App]) -> None:
    scene = _menu(menu_at, (1920, 1080), 1.5)
    files = scene.app.files
    files.ask_open()
    d = files.dialog
    assert d is not None
    assert d.file_selection_list.list_item_height >= _line(scene)
    assert d.rect.w >= 800  # 560 UI pixels at 1.5 (a 1.0-sized dialog clipped its names)
