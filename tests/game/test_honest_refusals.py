"""Issue 11 item 4: a piece that can do nothing now says why when picked ("costs 3 Ki, you
have 2"), and cards in hand that cannot be played now are dimmed, in every game."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.draw.cards import CardFaces
from game.draw.hand import HandFan
from game.input.handlers import Idle
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def test_pressing_an_unaffordable_card_says_its_cost(table: Make) -> None:
    d = table(seed=2, seats=("human", "computer"))
    st = d.scene.session.state
    p = st.players[0]
    usable = {x["intent"].get("card") for x in d.info()["legal"]}
    dear = [c for c in p.hand if st.card(c).cost > p.ki and c not in usable]
    assert dear, "seed 2 starts with Wandering Lion (3) and 2 Ki"
    card = dear[0]
    pos = tuple(d.info()["pieces"]["hand"][str(card)])
    d.move(pos)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    d.frames()
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    d.frames()
    want = f"{st.card(card).name} costs {st.card(card).cost} Ki; you have {p.ki}"
    assert want in d.scene.message
    assert "Nothing to do" not in d.scene.message


def test_unplayable_hand_cards_are_dimmed_while_their_owner_decides(table: Make) -> None:
    d = table(seed=2, seats=("human", "computer"))
    st = d.scene.session.state
    usable = {x["intent"].get("card") for x in d.info()["legal"]}
    ov = Idle().overlay(d.scene)
    hand = set(st.players[0].hand)
    assert ov.dim == hand - usable and ov.dim and hand & usable


def test_a_dimmed_card_is_drawn_darker() -> None:
    pygame.init()
    faces = CardFaces()
    fan = HandFan()
    fan.layout(pygame.Rect(0, 0, 400, 200), (90, 126), [1, 2])
    lit, dim = pygame.Surface((400, 200)), pygame.Surface((400, 200))
    fan.draw(lit, faces, lambda i: None)
    fan.draw(dim, faces, lambda i: None, dim={2})
    c1, c2 = fan.rects[0].center, fan.rects[1].center
    assert lit.get_at(c1) == dim.get_at(c1)  # the playable card is untouched
    a, b = lit.get_at(c2), dim.get_at(c2)
    assert sum(b[:3]) < 0.7 * sum(a[:3])
