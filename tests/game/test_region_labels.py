"""Issue 34 item 19 (the rest): at 1024x600 region labels were cut ("Their gravey…",
"Sector · Crystal Wa…", "Durabil…"); a label now takes a smaller size before it is cut, so
every table's labels are whole at every supported size."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.draw.text import TextRecorder
from game.layouts import playable
from game.layouts.region_spec import Content
from game.layouts.regions import RegionTable
from game.scenes.table import TableScene
from tests.game.test_top_bar import SIZES, _table, scaled  # noqa: F401 (a fixture)


@pytest.mark.usefixtures("scaled")
@pytest.mark.parametrize("game", playable())
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_region_labels_are_whole(game: str, size: tuple[int, int], ui: float,
                                 tmp_path: Path) -> None:
    app = _table(game, size, ui, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        layout = scene.layout
        if not isinstance(layout, RegionTable):
            pytest.skip("no regions")
        layout._layer = None  # the regions drawn whole, not their kept picture
        rec = TextRecorder(app.size)
        screen, app.screen = app.screen, rec
        try:
            app.draw()
        finally:
            app.screen = screen
        labels = {layout.held.get(p.id, Content()).label or p.region.label
                  for p in layout.placed}
        cut = [(t, label) for t, _ in rec.texts if t.endswith("…") for label in labels
               if label and label.startswith(t[:-1]) and label != t]
        assert not cut, f"labels cut at {size}: {cut}"
    finally:
        app.close()
