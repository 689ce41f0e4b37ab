"""The client over every playable game, as the rules contract tests run over ``rules.GAMES``:
a new game registered with a table layout is opened, played a little by a person (random
legal intents through the table) against the computer, undone, autosaved, resized, drawn and
replayed, with no game-specific code here."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from game.layouts import playable
from game.scenes.replay import ReplayScene
from game.userdata import autosave_path
from rules.records import Session, replay_full
from tests.game.conftest import Driver


@pytest.mark.parametrize("game", playable())
def test_every_playable_game_plays_undoes_saves_and_replays(
        game: str, table: Callable[..., Driver]) -> None:
    d = table(game=game, seed=2, seats=("human", "computer"))
    s = d.scene.session
    r = random.Random(2)
    mine = 0
    for _ in range(400):  # frames, not seconds: the computer answers within a few
        if s.over or mine >= 4:
            break
        legal = d.scene.legal()
        if legal and d.scene.handler.name == "idle" and s.to_act() == 0:
            d.scene.apply(r.choice(legal))
            assert not d.scene.message_error, d.scene.message
            mine += 1
        d.frames()
    assert mine >= 2, f"the person could act only {mine} times"
    d.app.draw()
    assert Session.resume(autosave_path())[0].state == s.state  # autosaved as played

    n = len(s.intents)
    d.app.designer_mode = True
    d.ctrl(pygame.K_z)
    assert len(s.intents) < n
    assert Session.resume(autosave_path())[0].state == s.state
    d.app.resize((900, 600))
    d.frames(2)
    d.app.draw()

    record = s.live.record
    d.app.start_replay(record, replay_full(record))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    d.key(pygame.K_END)
    assert v.k == v.n == len(record.intents) and v.r.states[v.k] == s.state
    d.app.draw()
