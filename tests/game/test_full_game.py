"""Whole games through the app's loop: computer against computer, and a person (played by
real mouse events chosen by an agent) against the computer, to the game-over screen. The
whole games are ``slow`` (``make test-slow`` and CI run them); the game-over screen itself is
tested from a finished game's record."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from rules.agents import GreedyAgent
from rules.records import load_record, replay
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _replay(path: Path) -> Any:
    state, _ = replay(load_record(path))
    return state


@pytest.mark.slow
def test_computer_against_computer_runs_to_the_end(table: Make, tmp_path: Path) -> None:
    d = table(seed=3, seats=("computer", "computer"))
    s = d.scene.session
    deadline = time.monotonic() + 120
    while not s.over and time.monotonic() < deadline:
        d.frames()
    assert s.over
    d.frames(2)
    assert d.scene.handler.name == "watching"
    assert d.scene._over_ui, "the game-over screen offers play again"
    assert _replay(tmp_path / "record.json") == s.state  # the record replays to the same end


def _perform(d: Driver, intent: dict[str, Any]) -> None:
    """Do ``intent`` the way a person would: buttons, drags and clicks."""
    info = d.info()
    kind = intent["kind"]
    pieces = {k: v for place in info["pieces"].values() for k, v in place.items()}
    entry = next(x for x in info["legal"] if x["intent"] == intent)
    if kind in ("pass", "end_step", "end_action"):
        d.click(tuple(info["buttons"][kind]))
        return
    if kind == "choose":
        d.click(tuple(info["zones"][str(entry["zone"])]))
        return
    src = tuple(pieces[str(entry["source"])])
    if entry["zone"] is not None and entry["zone"] >= 0:
        d.drag(src, tuple(info["zones"][str(entry["zone"])]))
    else:
        d.click(src)
    if d.scene.handler.name == "menu":
        menu = d.info()["menu"]
        hit = next(m for m in menu if m["describe"] == entry["describe"])
        d.click(tuple(hit["pos"]))
    if d.scene.handler.name == "targeting":
        d.click(tuple(d.info()["zones"][str(entry["zone"])]))


@pytest.mark.slow
def test_person_against_computer_by_mouse_to_the_end(table: Make, tmp_path: Path) -> None:
    d = table(seed=5, seats=("human", "computer"))
    s = d.scene.session
    me = GreedyAgent(seed=11)
    deadline = time.monotonic() + 240
    done = 0
    while not s.over and time.monotonic() < deadline:
        if d.scene.legal() and d.scene.handler.name == "idle":
            intent = me.choose(s.rs, s.view(0), d.scene.legal()).model_dump(mode="json")
            n = len(s.intents)
            _perform(d, intent)
            assert s.intents[n] == intent, (intent, d.scene.message)
            done += 1
        else:
            d.frames()
    assert s.over, f"not over after {done} moves by mouse"
    assert done > 10
    assert _replay(tmp_path / "record.json") == s.state
    assert d.scene.handler.name == "watching"


def test_game_over_play_again_starts_a_new_table(game_over: Callable[[], Driver]) -> None:
    d = game_over()
    again = d.scene._over_ui[1]
    d.click(again.rect.center)
    assert d.scene.session.cfg.seed == 4 and not d.scene.session.over
    d.post(pygame.QUIT)
    d.frames()
    assert not d.app.running
