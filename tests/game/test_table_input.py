"""Real pygame mouse events through the app's loop: drags become intents the rules accept,
illegal drops change nothing and say why."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import rules
from game.layouts import playable
from rules.kyoukai.intents import Move, OpenGate, Pass
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _open_from_hand(d: Driver) -> tuple[OpenGate, tuple[int, int], tuple[int, int]]:
    info = d.info()
    hand = info["pieces"]["hand"]
    for x in info["legal"]:
        i = x["intent"]
        if i["kind"] == "open" and i["zone"] >= 0 and str(i["card"]) in hand:
            return (OpenGate(card=i["card"], zone=i["zone"]), tuple(hand[str(i["card"])]),
                    tuple(info["zones"][str(i["zone"])]))
    raise AssertionError("no card in hand can be opened into a zone")


def test_drag_hand_card_to_legal_zone_opens_it(table: Make, tmp_path: Path) -> None:
    d = table(seed=1, seats=("human", "human"), auto_pass=False)
    s = d.scene.session
    before = s.state
    intent, src, dst = _open_from_hand(d)
    expected = rules.get("kyoukai").apply(before, intent).state
    d.drag(src, dst)
    assert s.state == expected
    assert intent.card not in s.state.players[0].hand
    assert s.state.seq is not None and s.state.seq.top.source == intent.card
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["game"] == "kyoukai" and record["seed"] == 1
    assert record["intents"] == [intent.to_json()]
    # the opponent answers first (K-06): in hot-seat the hand-over screen comes up
    assert d.scene.handler.name == "handover"
    assert d.info()["pieces"]["hand"] == {}


def test_drag_to_illegal_zone_snaps_back_with_the_reason(table: Make, tmp_path: Path) -> None:
    d = table(seed=1, seats=("human", "computer"))
    s = d.scene.session
    before = s.state
    intent, src, _ = _open_from_hand(d)
    legal_zones = {x["zone"] for x in d.info()["legal"] if x["source"] == intent.card}
    bad = next(z for z in range(25) if z not in legal_zones and before.field[z] < 0)
    reason = ""
    try:
        rules.get("kyoukai").apply(before, OpenGate(card=intent.card, zone=bad))
    except rules.IllegalIntent as e:
        reason = e.reason
    assert reason
    d.drag(src, tuple(d.info()["zones"][str(bad)]))
    assert s.state is before
    assert d.scene.message == reason
    assert d.scene.handler.name == "idle"
    assert json.loads((tmp_path / "record.json").read_text())["intents"] == []
    # the reason is on screen: the message box is drawn in the error colour
    d.frames()
    assert d.info()["message"] == reason


def test_picked_up_gate_lights_move_and_attack_then_moves(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    s = d.scene.session
    rs = rules.get("kyoukai")
    ent = s.state.players[0].entrant
    pos = tuple(d.info()["pieces"]["field"][str(ent)])
    d.move(pos)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    d.frames()
    d.move((pos[0] - 30, pos[1] - 30), buttons=(1, 0, 0))
    ov = d.scene.handler.overlay(d.scene)
    hl = rs.highlights(s.state, ent)
    assert d.scene.handler.name == "dragging"
    # every Move is legal now: bright; no zone is in both the "now" and the "later" style
    assert sorted(ov.strong["move"]) == hl["move"] and "move" not in ov.lit
    assert not set(ov.lit.get("attack", ())) & set(ov.strong.get("attack", ()))
    assert hl["move"] and hl["attack"]
    from game.layouts.kyoukai import LIT as HIGHLIGHT

    assert HIGHLIGHT["move"] != HIGHLIGHT["attack"]
    # the lit zone really is drawn in the move colour
    z = hl["move"][0]
    zx, zy = d.info()["zones"][str(z)]
    px = d.app.screen.get_at((zx + 12, zy))
    assert px.b > px.r  # blue-ish, not the felt green or the attack red
    to = hl["move"][0]
    d.move(tuple(d.info()["zones"][str(to)]), buttons=(1, 0, 0))
    d.post(pygame.MOUSEBUTTONUP, pos=tuple(d.info()["zones"][str(to)]), button=1, touch=False)
    d.frames(20)
    assert s.intents[0] == Move(gate=ent, to=to).to_json()
    # With a Fast Gate in hand (Stone Throw is Fast) we may answer too; pass as a player would.
    while s.state.seq is not None and s.is_human(s.to_act()):
        assert s.submit(Pass.of()) is None
        d.frames(5)
    assert s.state.zone_of(ent) == to  # the computer passed, and so did we: it resolved


def test_escape_cancels_a_drag(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    before = d.scene.session.state
    _, src, dst = _open_from_hand(d)
    d.move(src)
    d.post(pygame.MOUSEBUTTONDOWN, pos=src, button=1, touch=False)
    d.frames()
    d.move(dst, buttons=(1, 0, 0))
    d.key(pygame.K_ESCAPE)
    d.post(pygame.MOUSEBUTTONUP, pos=dst, button=1, touch=False)
    d.frames()
    assert d.scene.session.state is before and d.scene.handler.name == "idle"


def test_space_ends_the_main_step(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.key(pygame.K_SPACE)
    assert s.intents[0] == {"kind": "end_step"}


@pytest.mark.parametrize("game", playable())
def test_resize_and_clicking_anywhere_is_safe(table: Make, game: str) -> None:
    d = table(game=game, seed=2, seats=("human", "human"))
    d.post(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600)
    d.frames()
    assert d.app.size == (900, 600)
    small = d.info()["zones"]
    for x in range(5, 900, 60):
        for y in range(45, 600, 70):  # below the top bar (its Menu button leaves the table)
            d.click((x, y))
            assert "error" not in d.scene.message.lower() or "Client" not in d.scene.message
            d.key(pygame.K_ESCAPE)
    d.post(pygame.VIDEORESIZE, size=(1400, 800), w=1400, h=800)
    d.frames()
    assert d.app.size == (1400, 800)
    big = d.info()["zones"]
    assert small and all(big[z][0] > small[z][0] for z in small)  # the board follows the window
    pieces = [p for place in d.info()["pieces"].values() for p in place.values()]
    d.click(tuple(pieces[0]) if pieces else (700, 400))
    assert "Client error" not in d.scene.message
