"""The replay viewer shows a manual step's panel (the card's text, who carries it out) while
the replayed position is inside the step, read-only: no button of it acts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.scenes.replay import ReplayScene
from rules.core.manual_intents import ManualDone, ManualRoll
from rules.records import Session, replay_full
from tests.game.conftest import Driver
from tests.manual.helpers import manual_pack, reach_manual

Make = Callable[..., Driver]


@pytest.mark.parametrize("game", ["kyoukai", "nullshapers"])
def test_the_replay_shows_the_manual_panel_inside_the_step_only(table: Make, tmp_path: Path,
                                                                 game: str) -> None:
    _, opts, intents = reach_manual(game, manual_pack(game, tmp_path))
    live = Session.new(game, opts["seed"], {"pack": opts["pack"]}, players=("human", "human"))
    for i in intents:
        live.apply(i)
    step = live.rs.manual_pending(live.state)
    assert step is not None
    live.apply(ManualRoll(sides=6))
    live.apply(ManualDone())
    d = table(game="kyoukai", seed=1)
    d.app.start_replay(live.record, replay_full(live.record))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    opened = len(intents)  # the position right after the intent that opened the step

    def at(k: int) -> None:
        v.goto(k)
        d.frames(1)

    at(opened - 1)
    assert v.manual.step is None and v.manual.rect.h == 0
    for k in (opened, opened + 1):  # the step open; then open with the die rolled
        at(k)
        assert v.manual.step is not None and v.manual.step.title == step.title
        assert v.manual.rect.h > 60 and v.log.rect.top >= v.manual.rect.bottom
        assert v.manual.buttons == {}  # read-only: nothing to press
        notes = [words for words, _, _ in v.manual.labels]
        assert f"Player {step.player + 1} carries it out by hand." in notes
        shown = [e for e in d.app.manager.get_sprite_group().sprites()
                 if getattr(e, "text", None) in ("Done", "Roll d6")]
        assert shown == []
    assert v.manual.step.roll > 0  # the die rolled in the step is shown
    at(opened + 2)  # Done
    assert v.manual.step is None
    d.key(pygame.K_LEFT)  # back into the step by the keyboard
    assert v.k == opened + 1 and v.manual.step is not None
    d.app.draw()
