"""Issue 34 item 15 (the rest): the Nullshapers hand at 1024x600 was too small to read (its
names cut short on 45-pixel cards); its row now takes more of the table, so each hand card's
name is drawn whole at every supported size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.scenes.table import TableScene
from tests.game.test_hand_readable import assert_names_whole
from tests.game.test_top_bar import SIZES, _table, scaled  # noqa: F401 (a fixture)


@pytest.mark.usefixtures("scaled")
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_nullshapers_hand_names_are_whole(size: tuple[int, int], ui: float, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    app = _table("nullshapers", size, ui, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        lay: Any = scene.layout
        hand = [d for d in lay.cards if d.where == "hand" and d.look.face is not None]
        assert hand
        assert_names_whole(app, hand, monkeypatch)
    finally:
        app.close()
