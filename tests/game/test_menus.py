"""Action menus stay inside the window (the Respond… menu ran off the right edge), are wide
enough for their entries, and their entries show no missing glyph."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.draw import glyphs
from game.draw.scale import scale
from game.input.handlers import Menu
from game.scenes.table import TableScene
from game.session import GameConfig
from game.settings import Settings, save
from rules.agents import GreedyAgent
from rules.core.model import Intent


def _arrowed(app: App) -> tuple[TableScene, list[Intent]]:
    """A Kyoukai table at a decision with menu entries that have an arrow."""
    scene = app.scene
    assert isinstance(scene, TableScene)
    s = scene.session
    agents = (GreedyAgent(3), GreedyAgent(4))
    for _ in range(400):
        p = s.to_act()
        assert p is not None
        legal = s.legal()
        long = [i for i in legal if "→" in scene.layout.describe(i)]
        if p == 0 and len(long) >= 2:
            scene.refresh()
            return scene, long[:6]
        s.submit(agents[p].choose(s.rs, s.view(p), legal))
    raise AssertionError("no decision with arrowed entries")


@pytest.mark.parametrize(("factor", "size"), [(1.0, (1280, 720)), (2.0, (2560, 1440))])
def test_a_menu_opened_at_the_edges_stays_inside_the_window(factor: float,
                                                            size: tuple[int, int]) -> None:
    save(Settings(ui_scale=factor))
    app = App(size, game=GameConfig(seed=3, agent_delay=0.0, autosave=False,
                                    seats=("human", "human"), auto_pass=False))
    try:
        assert scale() == factor
        scene, intents = _arrowed(app)
        window = pygame.Rect((0, 0), size)
        for anchor in ((size[0] - 2, size[1] - 2), (size[0] - 2, 2), (2, size[1] - 2),
                       (size[0] // 2, size[1] // 2)):
            menu = Menu(scene, intents, anchor)
            try:
                assert window.contains(menu.panel.rect), (anchor, menu.panel.rect)
                for b in menu.buttons:
                    assert window.contains(b.rect)  # type: ignore[attr-defined]
                    assert menu.panel.rect.contains(b.rect)  # type: ignore[attr-defined]
                    text = b.text  # type: ignore[attr-defined]
                    assert b.font.size(text)[0] <= b.rect.w, text  # type: ignore[attr-defined]
                    assert not glyphs.missing(text, str(glyphs.ui_font_path())), text
            finally:
                menu.exit(scene)
    finally:
        app.close()
