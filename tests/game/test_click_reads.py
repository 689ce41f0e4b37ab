"""Issue 34 item 3: clicking a card to read it never acts. A click on a card opens the menu of
its actions, one item included; hovering or a right-click shows the card; a drag onto a lit
target (for an action with no target: anywhere off the card) acts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.input.keyboard import KeyFocus
from game.layouts.base import UNTARGETED, PieceId, Pos
from rules.agents import GreedyAgent
from rules.core.model import Intent
from tests.game.conftest import Driver

Make = Callable[..., Driver]

# Per game, seeds whose play reaches a card of player 1 with exactly one action, untargeted
# (the case that acted on the first click: Nullshapers' attackers, Dreadnought's abilities).
SEEDS = {"nullshapers": (3, 1, 2), "dreadnought": (1, 2, 3), "bos": (1, 2, 3)}


def _lone_action(d: Driver) -> tuple[PieceId, Pos, Intent] | None:
    """A card of the viewer's table with one legal action, which needs no target."""
    lay = d.scene.layout
    by_source: dict[Any, list[Intent]] = {}
    for i in d.scene.legal():
        by_source.setdefault(lay.source_of(i), []).append(i)
    for place in lay.pieces().values():
        for src, pos in place.items():
            mine = by_source.get(src, [])
            if len(mine) == 1 and lay.target_of(mine[0]) is UNTARGETED \
                    and lay.face(src) is not None:
                return src, pos, mine[0]
    return None


def _reach(table: Make, game: str) -> tuple[Driver, PieceId, Pos, Intent]:
    for seed in SEEDS[game]:
        d = table(game=game, seed=seed, seats=("human", "computer"))
        s = d.scene.session
        agents = (GreedyAgent(seed=5), GreedyAgent(seed=6))
        for _ in range(400):
            p = s.to_act()
            if p is None:
                break
            if p == 0:
                d.frames(2)
                found = _lone_action(d)
                if found is not None:
                    return (d, *found)
            assert s.submit(agents[p].choose(s.rs, s.view(p), s.legal())) is None
    raise AssertionError(f"{game}: no seed of {SEEDS[game]} reached a card with one action")


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_a_click_on_a_card_with_one_action_opens_its_menu(table: Make, game: str) -> None:
    d, src, pos, only = _reach(table, game)
    s = d.scene.session
    n = len(s.intents)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3, touch=False)  # right-click: shows it
    d.frames()
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=3, touch=False)
    d.frames()
    assert len(s.intents) == n and d.scene.hover_source == src
    d.click(pos)
    assert len(s.intents) == n, f"a click did {s.intents[-1]}"
    assert d.scene.handler.name == "menu"
    items = [m for m in d.info()["menu"] if m["describe"] is not None]  # not Cancel
    assert [m["describe"] for m in items] == [d.scene.layout.describe(only)]
    d.click(tuple(items[0]["pos"]))
    assert s.intents[n] == only.to_json()


def test_enter_on_a_card_with_one_action_picks_it_up_without_acting(table: Make) -> None:
    d, src, pos, only = _reach(table, "nullshapers")
    s = d.scene.session
    n = len(s.intents)
    d.scene._set_handler(KeyFocus(d.scene, key=src))  # as Tab would reach it
    d.key(pygame.K_RETURN)
    assert len(s.intents) == n and d.scene.handler.name == "keytargets"
    d.key(pygame.K_RETURN)  # the second Enter does it
    assert s.intents[n] == only.to_json()


def test_dragging_the_card_off_itself_does_its_one_action(table: Make) -> None:
    d, src, pos, only = _reach(table, "nullshapers")
    s = d.scene.session
    n = len(s.intents)
    rect = next(p.rect for p in [d.scene.layout.piece_at(pos)] if p is not None)
    d.drag(pos, (pos[0], rect.top - 20))
    assert s.intents[n] == only.to_json()
