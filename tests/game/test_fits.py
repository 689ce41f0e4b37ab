"""Every screen fits its window at every supported size and UI scale (issue 34's done-when:
1024x600 and 1280x720 at 1.0, 1920x1080 at 1.0 and 1.5, 2560x1440 at 2.0, and 1600x900 at
2.0): no widget leaves it, no widget's text is cut, and of the texts the client draws on the
five tables, the menu, settings, the deck screen and the rest, none leaves the window, none
was shortened to fit (``fit``'s "…"), and no two overlap (nor a text and a widget)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel

from game import gallery
from game.app import App
from game.draw.scale import fitting_scale, scale
from game.draw.text import TextRecorder, cut_from
from game.settings import Settings, save

SIZES = [((1024, 600), 1.0), ((1280, 720), 1.0), ((1920, 1080), 1.0), ((1920, 1080), 1.5),
         ((1600, 900), 2.0), ((2560, 1440), 2.0)]


def _widgets(app: App) -> Iterator[Any]:
    """The visible pygame-gui elements that are not containers (buttons, labels, menus…)."""
    for e in app.manager.get_sprite_group().sprites():
        if getattr(e, "visible", False) and not isinstance(e, UIContainer) and \
                e.rect.w > 0 and type(e).__name__ not in ("UITooltip",):
            yield e


def _draw(app: App) -> TextRecorder:
    """The screen drawn on a recorder (a dialog's dimming hides the texts under it)."""
    rec = TextRecorder(app.size)
    screen, app.screen = app.screen, rec
    try:
        app.draw()
    finally:
        app.screen = screen
    return rec


def _owned(widget: Any, rect: pygame.Rect) -> bool:
    """Text drawn by the table inside a widget's panel (none should be)."""
    return bool(widget.rect.colliderect(rect))


def _problems(app: App, name: str) -> list[str]:
    window = pygame.Rect((0, 0), app.size)
    out = []
    widgets = [] if app.help_open else list(_widgets(app))
    for e in widgets:
        if not window.contains(e.rect):
            out.append(f"{name}: {type(e).__name__} {getattr(e, 'text', '')!r} {e.rect} "
                       f"leaves the {window.size} window")
        text = getattr(e, "text", "")
        if isinstance(e, UIButton | UILabel) and text:
            tw, th = e.font.size(text)
            th = e.font.get_point_size() if hasattr(e.font, "get_point_size") else th
            if tw > e.rect.w or th > e.rect.h:
                out.append(f"{name}: {type(e).__name__} {text!r} ({tw}x{th}) is cut by "
                           f"its rect {e.rect.size}")
    texts = _draw(app).texts
    for k, (text, r) in enumerate(texts):
        if not window.contains(r):
            out.append(f"{name}: text {text!r} {r} leaves the window")
        whole = cut_from(text)
        if whole is not None:
            out.append(f"{name}: text {text!r} {r} is cut (of {whole!r})")
        for other, q in texts[k + 1:]:
            if r.colliderect(q):
                out.append(f"{name}: text {text!r} {r} overlaps {other!r} {q}")
        for e in widgets:
            if _owned(e, r):
                out.append(f"{name}: text {text!r} {r} is under {type(e).__name__} "
                           f"{getattr(e, 'text', '')!r} {e.rect}")
    return out


@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_every_screen_fits(size: tuple[int, int], ui: float, tmp_path: Path) -> None:
    save(Settings(ui_scale=ui))
    app = App(size)
    problems: list[str] = []
    try:
        assert app.settings.ui_scale == ui and scale() == fitting_scale(ui, size)
        for name in gallery.screens(app):
            problems += _problems(app, name)
    finally:
        app.close()
    assert not problems, "\n".join(problems[:40])


def test_ui_scale_in_force_is_what_the_window_holds() -> None:
    assert fitting_scale(2.0, (1280, 720)) == 1.0
    assert fitting_scale(2.0, (1600, 900)) == 1.25
    assert fitting_scale(2.0, (2560, 1440)) == 2.0
    assert fitting_scale(1.5, (3840, 2160)) == 1.5
    assert fitting_scale(1.0, (800, 500)) == 1.0  # small windows look as they always did


def test_settings_screen_stays_put_under_the_mouse_when_the_scale_changes() -> None:
    from game.scenes.settings import SettingsScene
    from tests.game.conftest import Driver

    app = App((1920, 1080))
    try:
        d = Driver(app)
        app.open_settings()
        d.frames(2)
        scene = app.scene
        assert isinstance(scene, SettingsScene)
        arrows = [r.copy() for r, _, _ in scene._arrows]
        up = next(r for r, row, step in scene._arrows
                  if scene.ROWS[row] == "ui_scale" and step == 1)
        before = scale()
        for _ in range(2):
            d.click(up.center)
        assert app.settings.ui_scale == 1.5 and scale() > before  # in force under the screen
        assert [r for r, _, _ in scene._arrows] == arrows  # the screen did not move
        window = pygame.Rect((0, 0), app.size)
        assert all(window.contains(b.rect) for b in scene.buttons)
    finally:
        app.close()
