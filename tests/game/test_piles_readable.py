"""Issue 34 item 24 (piles): a pile's count badge is readable at 1280x720 (its digits were
8 pixels tall), and Dreadnought's Log, a public pile, shows its top card's face."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.draw.scale import px
from game.draw.text import TextRecorder
from game.layouts import playable
from game.layouts.regions import RegionTable
from game.scenes.table import TableScene
from rules.agents import GreedyAgent
from tests.game.test_top_bar import _table


@pytest.mark.parametrize("game", playable())
def test_pile_counts_are_readable_at_1280x720(game: str, tmp_path: Path) -> None:
    app = _table(game, (1280, 720), 1.0, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        layout = scene.layout
        if not isinstance(layout, RegionTable):
            pytest.skip("no region piles")
        piles = [p for p in layout.placed if p.region.kind in ("pile", "book")
                 and not p.region.inline]
        rec = TextRecorder(app.size)
        layout._layer = None  # the regions drawn whole, not their kept picture
        layout.draw(rec, scene.handler.overlay(scene))
        counts = [r for t, r in rec.texts if t.isdigit()
                  and any(p.rect.inflate(px(8), px(8)).contains(r) for p in piles)]
        assert counts, "no pile counts drawn"
        for r in counts:
            assert r.h >= px(11), f"a pile count {r.h} pixels tall at {r}"
    finally:
        app.close()


def test_the_dreadnought_log_shows_its_top_card(tmp_path: Path) -> None:
    app = _table("dreadnought", (1280, 720), 1.0, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        layout = scene.layout
        assert isinstance(layout, RegionTable)
        log = next(p for p in layout.placed if p.region.name == "log" and p.owner == 0)
        s, agents = scene.session, (GreedyAgent(seed=1), GreedyAgent(seed=2))
        while not layout.held[log.id].cards and (who := s.to_act()) is not None:
            s.submit(agents[who].choose(s.rs, s.view(who), s.legal()))
            app.frame(0.016)
        cards = layout.held[log.id].cards
        assert cards and cards[-1].face is not None, "the log holds an open card"
        assert log.region.face_up, "the Log pile lies face down"
    finally:
        app.close()
