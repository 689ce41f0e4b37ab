"""Issue 34 item 15: the hand fan spreads to the room it has (no card covers the next while
the hand's area holds them side by side: every name, cost and BP in view), overlapping only
as much as a crowded hand needs; each hand card's name is drawn whole ("Dread Colossus", not
"Dread Coloss")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.draw import cards
from game.draw.hand import HandFan
from game.scenes.table import TableScene
from game.session import GameConfig


def test_a_hand_with_room_lies_side_by_side() -> None:
    fan = HandFan()
    fan.layout(pygame.Rect(0, 0, 700, 140), (90, 126), list(range(5)))
    for a, b in zip(fan.rects, fan.rects[1:], strict=False):
        assert a.right < b.left, (a, b)


def test_a_crowded_hand_overlaps_only_as_much_as_it_must() -> None:
    fan = HandFan()
    area = pygame.Rect(0, 0, 400, 140)
    fan.layout(area, (90, 126), list(range(8)))
    assert fan.rects[0].left == area.left and abs(fan.rects[-1].right - area.right) <= 1


@pytest.fixture
def tables(tmp_path: Path) -> Callable[[str, tuple[int, int]], App]:
    apps: list[App] = []

    def make(game: str, size: tuple[int, int]) -> App:
        app = App(size, game=GameConfig(game=game, seed=1, seats=("human", "computer"),
                                        agent_delay=0.0, record=tmp_path / f"{game}.json"))
        apps.append(app)
        app.frame(0.016)
        return app

    yield make  # type: ignore[misc]
    for app in apps:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_dreadnought_hand_cards_show_whole_names_side_by_side(
        tables: Callable[[str, tuple[int, int]], App], size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = tables("dreadnought", size)
    scene = app.scene
    assert isinstance(scene, TableScene)
    lay: Any = scene.layout
    hand = [d for d in lay.cards if d.where == "hand"]
    assert len(hand) >= 5
    if size != (1024, 600):  # there the hand's area is narrower than six cards
        for a, b in zip(hand, hand[1:], strict=False):
            assert not a.box.colliderect(b.box), f"{a.look.face.name} covers part of the next"
    assert_names_whole(app, hand, monkeypatch)


def assert_names_whole(app: App, hand: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each face of ``hand`` drawn afresh at its size writes its card's whole name."""
    drawn: list[str] = []
    real = cards.TEXT.get

    def noting(text: str, *a: Any, **kw: Any) -> pygame.Surface:
        drawn.append(text)
        return real(text, *a, **kw)

    monkeypatch.setattr(cards.TEXT, "get", noting)
    app.faces.clear()
    for d in hand:
        if d.look.face is None:
            continue
        app.faces.face(d.look.face, d.size)
        # whole, on one line or two (issue 38: never below the least text size, never cut)
        name = d.look.face.name
        two = {f"{a} {b}" for a, b in zip(drawn, drawn[1:], strict=False)}
        assert name in drawn or name in two, f"{name} is shortened at {d.size}"
