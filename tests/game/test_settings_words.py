"""Issue 34 item 19: Settings says which window a UI scale the window cannot hold needs (1.5
at 1280x720 ran at 1.0 silently), shown whole in its row; the menu shows a computer level only
beside a computer seat."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
import pytest

from game.app import App
from game.draw.scale import set_scale
from game.draw.text import TextRecorder
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from tests.game.conftest import Driver


def test_the_window_each_scale_needs() -> None:
    from game.draw.scale import needed_size

    assert needed_size(1.0) == (1280, 720)
    assert needed_size(1.5) == (1920, 1080)
    assert needed_size(2.0) == (2560, 1440)


@pytest.mark.parametrize(("size", "ui", "words"), [
    ((1280, 720), 1.5, "1.5× needs 1920×1080 (now 1×)"),
    ((1600, 900), 2.0, "2× needs 2560×1440 (now 1.25×)"),
    ((1920, 1080), 1.5, "1.50×  (high-DPI)"),  # held: no more to say
])
def test_settings_say_the_window_a_scale_needs(size: tuple[int, int], ui: float,
                                               words: str) -> None:
    app = App(size)
    try:
        app.apply_settings(app.settings.model_copy(update={"ui_scale": ui}), save=False)
        app.open_settings()
        scene = app.scene
        assert isinstance(scene, SettingsScene)
        assert scene.text("ui_scale") == words
        rec = TextRecorder(app.size)
        scene.draw(rec)
        shown = [r for t, r in rec.texts if t == words]
        assert shown, "the row shows it whole"
        row = scene.panel_rect()
        assert row.contains(shown[0])
    finally:
        app.close()
        set_scale(1.0)


def _seat(d: Driver, m: MenuScene, p: int, label: str) -> None:
    m.seat[p].selected_option = (label, f"#{label.lower()}")  # type: ignore[assignment]
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=m.seat[p], text=label)
    d.frames()


def test_a_person_seat_shows_no_computer_level(menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    _seat(d, m, 0, "Person")
    _seat(d, m, 1, "Computer")
    assert not m.level[0].visible and m.level[1].visible
    _seat(d, m, 1, "Person")
    assert not m.level[1].visible
    _seat(d, m, 0, "Computer")
    assert m.level[0].visible
    m.resize(d.app.size)  # rebuilt (after Settings or How to play): the same
    assert m.level[0].visible and not m.level[1].visible
    d.key(pygame.K_TAB)
    stops = []
    for _ in range(12):
        stops.append(m.focus.current)
        d.key(pygame.K_TAB)
    assert m.level[1] not in stops  # the keyboard skips it too
