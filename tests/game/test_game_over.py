"""Game over never shows a negative Life ("Life -1"): the killing blow may overshoot."""

from __future__ import annotations

from game import gallery
from game.app import App
from game.draw.text import TextRecorder
from game.layouts.base import Seats
from game.scenes.table import TableScene
from game.session import GameConfig


def test_game_over_shows_life_zero_not_less() -> None:
    app = App((1280, 720), game=GameConfig(game="kyoukai", seed=5, agent_delay=0.0,
                                           seats=("computer", "computer"), autosave=False))
    try:
        scene = gallery.play_table(app, 100_000)
        assert isinstance(scene, TableScene) and scene.session.over
        state = scene.session.state
        loser = 1 - scene.session.winner()  # type: ignore[operator]
        ent = state.players[loser].entrant
        state = state.copy()
        state.set_gate(ent, damage=23)  # 3 past its 20 Life
        scene.layout.update(state, Seats(0, False, scene.names), [])
        rec = TextRecorder(app.size)
        scene.layout.draw(rec, scene.handler.overlay(scene))
        lives = [t for t, _ in rec.texts if t.startswith("Life ")]
        assert lives.count("Life 0") == 2  # the badge on the board and the player's panel
        assert not [t for t in lives if "-" in t]
    finally:
        app.close()
