"""Kyoukai's Spirit deck in the side panel: two Spirit cards stand side by side (neither
covers the other's name) at every window size, and a larger Spirit deck overlaps only as
much as keeps its last card inside the panel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.app import App
from game.session import GameConfig
from tests.game.conftest import Driver


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_spirit_cards_stand_side_by_side_while_the_panel_has_room(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = App(size, game=GameConfig(game="kyoukai", seed=5, seats=("human", "computer"),
                                    record=tmp_path / "record.json", agent_delay=0.0,
                                    grace=0.0))
    try:
        d = Driver(app)
        d.frames(2)
        lay: Any = d.scene.layout
        w = lay.mini[0]
        for owner in (0, 1):
            panel = lay._panel_rect(owner)
            x0 = lay._spirit_origin(owner, panel)[0]
            assert lay._spirit_step(panel, 2) >= w, (size, owner)
            for n in range(3, 13):
                last_right = x0 + round((n - 1) * lay._spirit_step(panel, n)) + w
                assert last_right <= panel.right, (size, owner, n)
    finally:
        app.close()
