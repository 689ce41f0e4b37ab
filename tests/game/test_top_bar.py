"""Issue 34 item 12: the top bar never draws over itself: the turn, the step chips and whose
decision ("Player 2 (computer) is thinking… (Normal)", the longest) side by side, inside the
bar left of the tool buttons, at every supported window size and UI scale."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.draw.palette import OWNER
from game.draw.scale import px, set_scale
from game.draw.text import TextRecorder
from game.layouts import playable
from game.layouts.base import top_bar
from game.scenes.table import TOOLS_W, TableScene
from game.session import GameConfig
from rules.agents import GreedyAgent

SIZES = [((1024, 600), 1.0), ((1280, 720), 1.0), ((1920, 1080), 1.0), ((1920, 1080), 1.5),
         ((2560, 1440), 2.0)]


@pytest.fixture
def scaled() -> Iterator[None]:
    yield
    set_scale(1.0)  # the next test on this worker starts at 1.0


def _table(game: str, size: tuple[int, int], ui: float, tmp_path: Path) -> App:
    app = App(size, game=GameConfig(game=game, seed=1, seats=("human", "computer"),
                                    agent_delay=0.0, record=tmp_path / "r.json"))
    app.apply_settings(app.settings.model_copy(update={"ui_scale": ui}), save=False)
    scene = app.scene
    assert isinstance(scene, TableScene)
    s = scene.session
    agents = (GreedyAgent(seed=1), GreedyAgent(seed=2))
    for _ in range(20):  # into the game: a turn number and a step past the first
        p = s.to_act()
        if p is None:
            break
        s.submit(agents[p].choose(s.rs, s.view(p), s.legal()))
    app.frame(0.016)
    return app


def _bar_texts(app: App) -> list[tuple[str, pygame.Rect]]:
    rec = TextRecorder(app.size)
    screen, app.screen = app.screen, rec
    try:
        app.draw()
    finally:
        app.screen = screen
    return [(t, r) for t, r in rec.texts if r.bottom <= top_bar()]


@pytest.mark.parametrize("game", playable())
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_the_top_bar_never_overlaps_itself(game: str, size: tuple[int, int], ui: float,
                                           tmp_path: Path, scaled: None) -> None:
    app = _table(game, size, ui, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        thinking = f"{scene.names[1]} is thinking… (Normal)"
        for who in (None, thinking):
            if who is not None:
                scene._who = lambda: (thinking, OWNER[1])  # type: ignore[method-assign]
            texts = _bar_texts(app)
            assert len(texts) >= 3, texts  # the turn, a step, whose decision
            tools = size[0] - px(TOOLS_W)
            for text, r in texts:
                assert r.left >= 0 and r.right <= tools, f"{text!r} {r} runs under the tools"
            for k, (a, ra) in enumerate(texts):
                for b, rb in texts[k + 1:]:
                    assert not ra.colliderect(rb), f"{a!r} {ra} overlaps {b!r} {rb}"
            if who is not None:
                assert thinking in [t for t, _ in texts]  # in full, never shortened
    finally:
        app.close()


LONG_TURN = "Turn 10 · Player 2 (computer): act any number of times, then Pass"


@pytest.mark.parametrize("game", playable())
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_the_turn_text_drops_clauses_rather_than_being_cut(
        game: str, size: tuple[int, int], ui: float, tmp_path: Path, scaled: None) -> None:
    """Dreadnought's bar at 1024x600 read "Turn 1 · Player 2 (compu…": now its last clauses
    go first (the side panel says them), and what is drawn is whole."""
    from game.draw.text import cut_from

    app = _table(game, size, ui, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        step = scene.layout.status()[1]
        scene.layout.status = lambda: (LONG_TURN, step)  # type: ignore[method-assign]
        texts = _bar_texts(app)
        turn = next(t for t, _ in texts if t.startswith("Turn 10"))
        assert cut_from(turn) is None and LONG_TURN.startswith(turn), turn
        assert all(cut_from(t) is None for t, _ in texts), texts
        for k, (a, ra) in enumerate(texts):
            for b, rb in texts[k + 1:]:
                assert not ra.colliderect(rb), f"{a!r} {ra} overlaps {b!r} {rb}"
    finally:
        app.close()
