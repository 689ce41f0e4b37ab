"""Tiny Cards (tests/tinygame), a card game the client has never heard of, registered from the test
and played to the end in the real app loop by real mouse events: drags from the hand into a
slot, clicks on ready units, the End turn button."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.records import load_record, replay
from tests.game.conftest import Driver
from tests.tinygame.game import GAME, registered
from tests.tinygame.rules import SLOTS, State
from tests.tinygame.table import TinyTable

Make = Callable[..., Driver]


@pytest.fixture(autouse=True)
def tiny() -> Iterator[None]:
    with registered():
        yield


def _choice(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A plain plan: attack with every ready unit, play a card (onto an empty slot across
    from an enemy first), then end the turn."""
    kinds = {x["intent"]["kind"]: x for x in legal}
    if "attack" in kinds:
        return kinds["attack"]
    plays = [x for x in legal if x["intent"]["kind"] == "play"]
    me, them = state.sides[state.active], state.sides[1 - state.active]
    for want in (lambda k: me.row[k] is None and them.row[k] is not None,
                 lambda k: me.row[k] is None, lambda k: True):
        hit = [x for x in plays if want(x["intent"]["slot"])]
        if hit:
            return hit[0]
    return kinds["end_turn"]


def _perform(d: Driver, entry: dict[str, Any]) -> None:
    info = d.info()
    kind = entry["intent"]["kind"]
    if kind == "end_turn":
        d.click(tuple(info["buttons"]["end_turn"]))
        return
    pieces = {k: v for place in info["pieces"].values() for k, v in place.items()}
    src = tuple(pieces[str(entry["source"])])
    if kind == "play":
        d.drag(src, tuple(info["zones"][str(entry["zone"])]))
    else:  # a click on a card opens its menu, even of one action: choose it there
        d.click(src)
        hit = next(m for m in d.info()["menu"] if m["describe"] == entry["describe"])
        d.click(tuple(hit["pos"]))


@pytest.mark.slow
def test_tiny_plays_by_mouse_to_game_over(table: Make, tmp_path: Path) -> None:
    d = table(game=GAME.name, seed=4, seats=("human", "computer"))
    assert isinstance(d.scene.layout, TinyTable)
    s = d.scene.session
    done: dict[str, int] = {}
    deadline = time.monotonic() + 120
    while not s.over and time.monotonic() < deadline:
        if d.scene.legal() and d.scene.handler.name == "idle":
            entry = _choice(s.state, d.info()["legal"])
            n = len(s.intents)
            _perform(d, entry)
            assert s.intents[n:] == (entry["intent"],), (entry, d.scene.message)
            done[entry["intent"]["kind"]] = done.get(entry["intent"]["kind"], 0) + 1
        else:
            d.frames()
    assert s.over, f"not over after {done}"
    assert done.get("play", 0) > 3 and done.get("attack", 0) > 3 and done.get("end_turn")
    assert s.winner() is not None, "someone reached 0 life"
    d.frames(2)
    assert d.scene.handler.name == "watching" and d.scene._over_ui
    state, _ = replay(load_record(tmp_path / "record.json"))
    assert state == s.state


def test_a_drop_on_the_other_players_row_is_refused_with_a_reason(table: Make) -> None:
    d = table(game=GAME.name, seed=1, seats=("human", "human"))
    s = d.scene.session
    info = d.info()
    card, pos = next(iter(info["pieces"]["hand"].items()))
    lay = d.scene.layout
    theirs = lay.zone_of[(("row", 1), 0)]
    d.drag(tuple(pos), lay.zone_center(theirs))
    assert s.intents == ()
    assert "nothing can go there" in d.scene.message
    mine = lay.zone_of[(("row", 0), SLOTS - 1)]
    d.drag(tuple(pos), lay.zone_center(mine))
    assert s.intents == ({"kind": "play", "card": int(card), "slot": SLOTS - 1},)
    second = next(iter(d.info()["pieces"]["hand"].values()))
    d.drag(tuple(second), lay.zone_center(lay.zone_of[(("row", 0), 0)]))
    assert len(s.intents) == 1
    # no second play a turn, and the rules say so (not just "Nothing to do with that now.")
    assert d.scene.message == "you have already played a card this turn"


def test_hot_seat_turns_the_table_to_whoever_decides(table: Make) -> None:
    d = table(game=GAME.name, seed=2, seats=("human", "human"))
    s = d.scene.session
    lay = d.scene.layout
    assert isinstance(lay, TinyTable)
    d.click(tuple(d.info()["buttons"]["end_turn"]))
    assert s.intents == ({"kind": "end_turn"},)
    assert d.scene.handler.name == "handover"
    assert not any(look.face for look in lay.held[("hand", 0)].cards)  # both hands hidden
    d.click((640, 360))  # the next player sits down
    rect = {p.id: p.rect for p in lay.placed}
    assert d.scene.viewer == 1 and rect[("row", 1)].y > rect[("row", 0)].y
    assert set(d.info()["pieces"]["hand"]) == {str(c) for c in s.state.sides[1].hand}


def test_the_same_intents_by_keyboard(table: Make) -> None:
    import pygame

    d = table(game=GAME.name, seed=3, seats=("human", "human"))
    s = d.scene.session
    hand = d.info()["pieces"]["hand"]
    first = min(hand, key=lambda c: hand[c][0])  # Tab starts on the leftmost hand card
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)  # pick it up: its targets are the three slots of the row
    assert d.scene.handler.name == "keytargets"
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    assert s.intents == ({"kind": "play", "card": int(first), "slot": 1},)
    d.key(pygame.K_SPACE)
    assert s.intents[-1] == {"kind": "end_turn"}
