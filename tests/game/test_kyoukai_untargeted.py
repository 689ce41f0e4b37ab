"""Issue 34 item 5: a Kyoukai Gate that needs no target (Scout's Insight, Healing Rain) lights
no zone off the board while dragged, and is opened by a drop anywhere on the board."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.layouts.base import UNTARGETED
from rules.agents import GreedyAgent
from rules.core.model import Intent
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _untargeted_open(legal: list[Intent]) -> Intent | None:
    return next((i for i in legal if i.kind == "open" and i.zone < 0  # type: ignore[attr-defined]
                 and not any(j.kind == "open" and j.card == i.card  # type: ignore[attr-defined]
                             and j.zone >= 0 for j in legal)), None)  # type: ignore[attr-defined]


def _reach(table: Make) -> tuple[Driver, Intent]:
    for seed in (3, 1, 2):  # seed 3 deals one at once
        d = table(game="kyoukai", seed=seed, seats=("human", "computer"))
        s = d.scene.session
        agents = (GreedyAgent(seed=5), GreedyAgent(seed=6))
        for _ in range(300):
            p = s.to_act()
            if p is None:
                break
            if p == 0 and (found := _untargeted_open(s.legal())) is not None:
                d.frames(2)
                if found.card in d.scene.layout.pieces()["hand"]:  # type: ignore[attr-defined]
                    return d, found
            assert s.submit(agents[p].choose(s.rs, s.view(p), s.legal())) is None
    raise AssertionError("no game reached a hand Gate that needs no target")


def _press_and_carry(d: Driver, start: tuple[int, int], to: tuple[int, int]) -> None:
    d.move(start)
    d.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    d.frames()
    for k in range(1, 5):
        p = (start[0] + (to[0] - start[0]) * k // 4, start[1] + (to[1] - start[1]) * k // 4)
        d.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False)
        d.frames()


def test_an_untargeted_gate_lights_nothing_and_drops_anywhere_on_the_board(
        table: Make) -> None:
    d, gate = _reach(table)
    s = d.scene.session
    lay = d.scene.layout
    assert lay.target_of(gate) is UNTARGETED
    start = lay.pieces()["hand"][gate.card]  # type: ignore[attr-defined]
    board = lay.board.rect  # type: ignore[attr-defined]
    corner = (board.left + board.w // 8, board.top + board.h // 8)  # on the board, in no zone
    assert lay.zone_at(corner) is None
    _press_and_carry(d, start, corner)
    ov = d.scene.handler.overlay(d.scene)
    lit = [z for zones in ov.strong.values() for z in zones]
    assert -1 not in lit and UNTARGETED not in lit  # no diamond up-right of E1
    assert all(board.collidepoint(lay.zone_center(z)) for z in lit)
    assert ov.hint == lay.describe(gate)  # says what the drop does
    n = len(s.intents)
    d.post(pygame.MOUSEBUTTONUP, pos=corner, button=1, touch=False)
    d.frames(2)
    assert s.intents[n] == gate.to_json()


def test_an_untargeted_gate_dropped_off_the_board_snaps_back_and_says_where(
        table: Make) -> None:
    d, gate = _reach(table)
    s = d.scene.session
    lay = d.scene.layout
    start = lay.pieces()["hand"][gate.card]  # type: ignore[attr-defined]
    log = d.scene.log.rect.center  # beside the board
    assert not lay.board.rect.collidepoint(log)  # type: ignore[attr-defined]
    n = len(s.intents)
    d.drag(start, log)
    assert len(s.intents) == n
    assert "Drop it on the board" in d.scene.message
