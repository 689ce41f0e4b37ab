"""Nullshapers by keyboard, as every game: Tab walks the lit pieces, Enter picks one and
then its target, Space passes."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tests.game.conftest import Driver

Make = Callable[..., Driver]


def test_tab_and_enter_play_a_card_and_space_passes(table: Make) -> None:
    d = table(game="nullshapers", seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.frames(3)
    assert s.to_act() == 0 and s.state.at == "maintenance"
    n = len(s.intents)
    d.key(pygame.K_SPACE)  # Start phase: nothing to answer, pass
    assert len(s.intents) > n and s.intents[n] == {"kind": "pass"}
    for _ in range(20):  # the computer passes too: the First primary opens for player 1
        if s.state.at == "primary1" and s.to_act() == 0:
            break
        d.frames()
    assert s.state.at == "primary1" and s.to_act() == 0
    n = len(s.intents)
    d.key(pygame.K_TAB)  # focus the first piece with something to do
    for _ in range(3):  # Enter: pick it, then its first target (or menu entry)
        d.key(pygame.K_RETURN)
        if len(s.intents) > n:
            break
    assert len(s.intents) == n + 1
    assert s.intents[n]["kind"] in ("play", "convert")
