"""Kyoukai's Spirit deck in the side panel: its cards side by side, each name whole, while the
panel has room for them; overlapping only as much as the panel's width needs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.game.conftest import Driver


def test_spirit_cards_stand_side_by_side_while_the_panel_has_room(
        table: Callable[..., Driver]) -> None:
    d = table(game="kyoukai", seed=5, seats=("human", "computer"))
    d.frames(2)
    lay: Any = d.scene.layout
    w = lay.mini[0]
    for owner in (0, 1):
        panel = lay._panel_rect(owner)
        x0 = lay._spirit_origin(owner, panel)[0]
        for n in range(2, 9):
            step = lay._spirit_step(panel, n)
            last_right = x0 + round((n - 1) * step) + w
            fits = x0 + n * w + (n - 1) * 4 <= panel.right - 8
            assert (step >= w) == fits, (owner, n, step)
            assert last_right <= panel.right, (owner, n)
