"""Issue 34 item 21: a manual step's panel leaves the log its last lines (it squashed it to
one clipped line), and the hover zoom of a card never covers the panel's buttons."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.draw.log import LINE_SIZE
from game.draw.scale import px
from game.scenes.table import TableScene
from tests.game.conftest import Driver
from tests.game.test_manual_table import at_manual_step

Make = Callable[..., Driver]


def _manual_panel_at(table: Make, tmp_path: Path, game: str, size: tuple[int, int]
                     ) -> tuple[Driver, TableScene]:
    """A table of ``game`` at a manual step, its window ``size``, the step's panel shown."""
    d, _ = at_manual_step(table, tmp_path, game)
    d.app.resize(size)
    d.frames(2)
    scene = d.scene
    assert isinstance(scene, TableScene) and scene.manual.buttons
    return d, scene


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("game", ["kyoukai", "bos"])
def test_a_manual_step_leaves_the_log_its_lines(table: Make, tmp_path: Path, game: str,
                                                size: tuple[int, int]) -> None:
    d, scene = _manual_panel_at(table, tmp_path, game, size)
    d.frames(2)
    body = scene.log.rect.h - px(32)  # under the log's title
    assert body // px(LINE_SIZE - 2) >= 4, f"the log shows {body // px(LINE_SIZE - 2)} lines"
    assert scene.log.rect.top >= scene.manual.rect.bottom  # under the panel, not over it


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("game", ["kyoukai", "bos"])
def test_the_hover_zoom_keeps_off_the_manual_buttons(table: Make, tmp_path: Path, game: str,
                                                     size: tuple[int, int]) -> None:
    d, scene = _manual_panel_at(table, tmp_path, game, size)
    w, h = d.app.size
    for x in range(px(20), scene.layout.side_rect().left, px(40)):  # across the board
        scene.mouse = (x, h // 2)
        zoom = scene.zoom_rect()
        assert not zoom.collidepoint(scene.mouse)
        covered = [b.text for b in scene.manual.buttons if zoom.colliderect(b.rect)]
        assert not covered, f"the zoom at {zoom} (mouse at x={x}) covers {covered}"
