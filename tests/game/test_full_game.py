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

from game.layouts import playable
from game.layouts.base import id_key
from rules.agents import GreedyAgent
from rules.records import load_record, replay
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _replay(path: Path) -> Any:
    state, _ = replay(load_record(path))
    return state


# Per game: the seed of each whole game, and intent kinds the person's game must have used
# (so a game that only ever passed would not count as played by mouse).
GAMES: dict[str, tuple[int, set[str]]] = {
    "kyoukai": (5, {"open", "move"}),
    "krosmaster": (5, {"move", "cast", "end_activation", "keep"}),
    "dreadnought": (5, {"choose_speed", "cast", "check", "attack"}),
    "nullshapers": (5, {"play", "convert", "advance", "attack", "done", "pass"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", playable())
def test_computer_against_computer_runs_to_the_end(table: Make, tmp_path: Path,
                                                   game: str) -> None:
    d = table(game=game, seed=3, seats=("computer", "computer"))
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
    """Do ``intent`` the way a person would, knowing only the layout file: its button if it
    has one; a click on its zone if it has no piece; else drag its piece to its zone (or click
    the piece), then pick it from a menu or click its zone when the table asks for a target."""
    info = d.info()
    s = d.scene.session
    n = len(s.intents)
    pieces: dict[str, list[int]] = {}
    for place in info["pieces"].values():  # the first place a piece is listed in is where
        for k, pos in place.items():       # it is picked up (a token before its card)
            pieces.setdefault(k, pos)
    entry = next(x for x in info["legal"] if x["intent"] == intent)
    aimed = entry["zone"] is not None and entry["zone"] != -1

    def zone() -> tuple[int, int]:
        return tuple(d.info()["zones"][id_key(entry["zone"])])  # type: ignore[return-value]

    if intent["kind"] in info["buttons"]:
        d.click(tuple(info["buttons"][intent["kind"]]))
        if len(s.intents) == n and "Press again" in d.scene.message:  # it asks: sure
            d.click(tuple(info["buttons"][intent["kind"]]))
        return
    if entry["source"] is None:
        d.click(zone())
    else:
        key = id_key(entry["source"])
        src = tuple(pieces[key]) if key in pieces else d.reveal(key)  # in a book: browse it
        assert src is not None, f"{key} is on no page of the table"
        if aimed:
            d.drag(src, zone())
        else:
            d.click(src)
    if len(s.intents) == n and d.scene.handler.name == "menu":
        hit = next(m for m in d.info()["menu"] if m["describe"] == entry["describe"])
        d.click(tuple(hit["pos"]))
    if len(s.intents) == n and aimed and d.scene.handler.name not in ("idle", "confirm"):
        d.click(zone())  # a target to pick
    if len(s.intents) == n and d.scene.handler.name == "confirm":  # harms your own: Yes
        d.key(pygame.K_RETURN)


@pytest.mark.slow
@pytest.mark.parametrize("game", playable())
def test_person_against_computer_by_mouse_to_the_end(table: Make, tmp_path: Path,
                                                     game: str) -> None:
    seed, must = GAMES.get(game, (5, set()))
    d = table(game=game, seed=seed, seats=("human", "computer"))
    s = d.scene.session
    me = GreedyAgent(seed=11)
    deadline = time.monotonic() + 240
    done = 0
    kinds: set[str] = set()
    while not s.over and time.monotonic() < deadline:
        if d.scene.legal() and d.scene.handler.name == "idle":
            intent = me.choose(s.rs, s.view(0), d.scene.legal()).to_json()
            n = len(s.intents)
            _perform(d, intent)
            assert len(s.intents) > n and s.intents[n] == intent, (intent, d.scene.message)
            kinds.add(intent["kind"])
            done += 1
        else:
            d.frames()
    assert s.over, f"not over after {done} moves by mouse"
    assert done > 10 and must <= kinds, kinds
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
