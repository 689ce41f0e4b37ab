"""F1 at a table explains its colours as well as the keys; every game has a how-to-play page,
reached from the menu, drawn whole and closed with Esc."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.draw.text import TextRecorder
from game.layouts import playable
from game.scenes.howto import HowToScene, page_text
from game.scenes.menu import MenuScene
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _texts(d: Driver) -> list[str]:
    rec = TextRecorder(d.app.size)
    screen, d.app.screen = d.app.screen, rec
    try:
        d.app.draw()
    finally:
        d.app.screen = screen
    return [t for t, _ in rec.texts]


@pytest.mark.parametrize("game", ["kyoukai", "krosmaster"])
def test_f1_at_a_table_shows_the_legend_of_marks(table: Make, game: str) -> None:
    d = table(game=game, seed=1, seats=("human", "computer"))
    d.frames(2)
    assert "Marks on the table" not in _texts(d)
    d.key(pygame.K_F1)
    shown = " ".join(_texts(d))
    assert "Marks on the table" in shown and "Tab / Shift+Tab" in shown
    layout = d.scene.layout
    assert layout.legend  # both games explain their marks
    for line in layout.legend:  # by the kind's word, then what it means
        assert f"{layout.kinds[line.kind].word}:" in shown and line.says.split()[0] in shown
    assert "How to play" in shown


@pytest.mark.parametrize("game", playable())
def test_every_game_has_a_how_to_play_page(game: str) -> None:
    text = page_text(game)
    assert "no how-to-play page" not in text
    assert 150 <= len(text.split()) <= 450  # a page, not a rulebook


def test_how_to_play_opens_from_the_menu_and_closes(menu: Callable[[], Driver]) -> None:
    m = menu()
    scene = m.app.scene
    assert isinstance(scene, MenuScene)
    m.click(scene.howto.rect.center)
    page = m.app.scene
    assert isinstance(page, HowToScene) and page.game == "kyoukai"
    assert not scene.start.visible  # the menu waits under the page
    shown = _texts(m)
    assert "How to play Kyoukai" in shown and "Responding" in shown
    cols, _ = page.columns()
    drawn = sum(len(c) for c in cols)
    assert drawn == len([t for t in shown if t not in ("How to play Kyoukai",
                                                       "Esc or Enter closes")])
    m.key(pygame.K_ESCAPE)
    assert m.app.scene is scene and scene.start.visible
