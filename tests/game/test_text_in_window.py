"""Issue 34 item 13: no text is cut at the window's edge. A long refusal or hint wraps and
stays inside the window (at 1024x600 too); a sideways card's pills ("ATTACKING", "ATK 2 · DEF
4", "locked") stack in rows beside its name instead of hanging far out past the card."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.draw.card_states import CardLook, pill_rects, pill_texts, title_on_screen
from game.draw.scale import px, set_scale
from game.draw.text import TextRecorder, font
from game.layouts import playable
from game.layouts.base import Overlay
from game.scenes.table import TableScene
from game.session import GameConfig
from tests.game.test_top_bar import SIZES, _table

LONG = ("Hexer Moro cannot cast Gear Change now: Gear Change is once per turn and it was "
        "already used this turn, and casting a unit is not allowed in the Speed phase, "
        "only in the Cast phase")


def _texts(app: App) -> list[tuple[str, pygame.Rect]]:
    rec = TextRecorder(app.size)
    screen, app.screen = app.screen, rec
    try:
        app.draw()
    finally:
        app.screen = screen
    return rec.texts


@pytest.fixture
def narrow(tmp_path: Path) -> Callable[[str], App]:
    apps: list[App] = []

    def make(game: str) -> App:
        app = App((1024, 600), game=GameConfig(game=game, seed=1, seats=("human", "computer"),
                                               agent_delay=0.0, record=tmp_path / "r.json"))
        apps.append(app)
        app.frame(0.016)
        return app

    yield make  # type: ignore[misc]
    for app in apps:
        app.close()


def _inside(app: App, before: list[tuple[str, pygame.Rect]],
            texts: list[tuple[str, pygame.Rect]], words: str) -> None:
    window = pygame.Rect((0, 0), app.size)
    old = {t for t, _ in before}
    shown = [(t, r) for t, r in texts if t in words and t not in old]
    assert " ".join(t for t, _ in shown).split() == words.split()  # all of it, in order
    for t, r in shown:  # the recorder keeps only what lands in the window: a cut is narrow
        assert window.contains(r) and r.w >= font(20, True).size(t)[0] - px(8), \
            f"{t!r} at {r} is cut at the edge of the {app.size} window"


@pytest.mark.parametrize("game", ["dreadnought", "kyoukai", "nullshapers"])
def test_a_long_refusal_wraps_inside_the_window(narrow: Callable[[str], App],
                                                game: str) -> None:
    app = narrow(game)
    scene = app.scene
    assert isinstance(scene, TableScene)
    before = _texts(app)
    scene.say(LONG, error=True)
    _inside(app, before, _texts(app), LONG)


def test_a_long_drag_hint_wraps_inside_the_window(narrow: Callable[[str], App]) -> None:
    app = narrow("dreadnought")
    scene = app.scene
    assert isinstance(scene, TableScene)
    hint = "Bog Lurker: Cast into the left Battle Area (slot 1), Bog Lurker: Cast as a dummy " \
           "into the left Battle Area (slot 1)"  # a drop joining two options
    before = _texts(app)
    scene.handler.overlay = lambda ctx: Overlay(hint=hint)  # type: ignore[method-assign]
    _inside(app, before, _texts(app), hint)


def test_a_sideways_cards_pills_stack_beside_its_name() -> None:
    pygame.font.init()
    look = CardLook(1, None, sideways=True, counters=(
        ("ATTACKING", (200, 60, 60)), ("ATK 2 · DEF 4", (60, 160, 90)),
        ("locked", (110, 110, 110))))
    box = pygame.Rect(300, 200, 62, 44)  # a turned agent at 1024x600
    texts = pill_texts(box, look)
    pills = pill_rects(box, look, [t.get_size() for t in texts])
    for k, a in enumerate(pills):
        for b in pills[k + 1:]:
            assert not a.colliderect(b), (a, b)
    name = title_on_screen(box, True)
    widest = max(p.w for p in pills)
    assert all(p.right <= name.left for p in pills)  # the name stays readable
    # nothing hangs out further than the one pill too wide for the room beside the name
    assert min(p.left for p in pills) >= name.left - widest - 4, pills
    assert all(p.bottom <= box.bottom and p.top >= box.top for p in pills)


@pytest.mark.parametrize("game", playable())
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_no_text_of_a_table_reaches_the_window_edge(game: str, size: tuple[int, int],
                                                    ui: float, tmp_path: Path) -> None:
    """Every table, at every supported size and UI scale, some moves in: each text drawn
    lies inside the window (the recorder keeps only what lands inside, so a text cut at the
    edge would end on it)."""
    app = _table(game, size, ui, tmp_path)
    try:
        w, h = size
        for text, r in _texts(app):
            assert r.left > 0 and r.top > 0 and r.right < w and r.bottom < h, \
                f"{text!r} at {r} reaches the edge of the {size} window"
    finally:
        app.close()
        set_scale(1.0)  # the next test on this worker starts at 1.0
