"""An idle screen is not redrawn every frame (idle CPU was ~39 % of a core); input, changes
and animations still are."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import IDLE_FPS
from tests.game.conftest import Driver

Make = Callable[..., Driver]
SECOND = 60  # frames of 1/60 s


def _draws(d: Driver, frames: int) -> int:
    before = d.app.draws
    for _ in range(frames):
        d.app.frame(1 / 60)
    return d.app.draws - before


def test_a_waiting_table_is_drawn_at_the_idle_rate(table: Make) -> None:
    d = table(seed=1, seats=("human", "human"))
    d.frames(5)
    assert d.scene.legal()  # a person's decision: nothing happens until they act
    drawn = _draws(d, 2 * SECOND)
    assert drawn <= 2 * IDLE_FPS + 1
    assert drawn >= 2 * IDLE_FPS - 1  # still drawn now and then (a text cursor blinks)


def test_the_menu_is_drawn_at_the_idle_rate(menu: Callable[[], Driver]) -> None:
    m = menu()
    m.frames(5)
    assert _draws(m, 2 * SECOND) <= 2 * IDLE_FPS + 1


def test_input_and_the_computers_moves_are_drawn_at_once(table: Make) -> None:
    d = table(seed=1, seats=("human", "human"))
    d.frames(5)
    _draws(d, SECOND)
    before = d.app.draws
    d.move((300, 300))
    assert d.app.draws == before + 1  # a mouse move is drawn in its own frame
    s = d.scene.session
    before, version = d.app.draws, s.version
    s.submit(s.legal()[0])
    d.app.frame(1 / 60)
    assert s.version != version and d.app.draws == before + 1


def test_rolling_dice_are_drawn_every_frame(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "human"))
    d.frames(5)
    tray = d.scene.layout.tray  # type: ignore[attr-defined]
    _draws(d, SECOND)  # idle first
    tray.roll(["critical", "armour"], now=pygame.time.get_ticks())
    frames = draws = 0
    while tray.rolling() and frames < 1000:
        draws += _draws(d, 1)
        frames += 1
    assert frames >= 2 and draws >= frames - 1  # every frame while they tumble (the last
    # frame may already find them landed)

