"""Face-down cards on the generic table: the other player's view has no face for one, so it is
drawn as the back; its owner's has the face, drawn with the FACE DOWN mark."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

import rules
from game.draw.card_states import CardLook
from game.layouts.base import Seats
from game.layouts.bos import BosTable
from game.layouts.dreadnought import DreadnoughtTable
from game.layouts.kyoukai import KyoukaiTable
from game.layouts.nullshapers import NullshapersTable
from rules.core import card_states
from rules.core.manual_intents import ManualFlag, ManualMove
from rules.core.manual_table import FACE_DOWN
from tests.game.conftest import Driver
from tests.game.test_manual_table import at_manual_step
from tests.manual.helpers import manual_pack, reach_manual
from tests.manual.test_card_states import with_holder

Make = Callable[..., Driver]
TABLES = {"bos": BosTable, "dreadnought": DreadnoughtTable, "nullshapers": NullshapersTable}


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield


def _face_down(game: str, tmp_path: Path) -> tuple[Any, Any, int, int]:
    """A manual step's state with one card in play face down: (rs, state, card, owner)."""
    rs = rules.get(game)
    state = reach_manual(game, manual_pack(game, tmp_path))[0]
    state, here = with_holder(rs, state, FACE_DOWN)
    state = rs.apply(state, ManualFlag(card=here.card, flag="face_down", value=True)).state
    return rs, state, here.card, here.owner


def _looks(held: dict[Hashable, Any]) -> dict[Hashable, CardLook]:
    out: dict[Hashable, CardLook] = {}

    def add(c: CardLook) -> None:
        out[c.id] = c
        for u in c.under:
            add(u)

    for content in held.values():
        for c in (*content.cards, *(s for s in content.slots if s is not None),
                  *(c for tab in content.tabs for c in tab)):
            add(c)
    return out


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_region_table_draws_a_face_down_card_as_back_or_marked(game: str,
                                                                  tmp_path: Path) -> None:
    rs, state, card, owner = _face_down(game, tmp_path)
    for viewer in (owner, 1 - owner):
        t = TABLES[game]()
        t.update(rs.view(state, viewer), Seats(viewer, False, ("P1", "P2")),
                 rs.legal_intents(state))
        look = _looks(t.held)[card]
        if viewer == owner:
            assert look.face is not None and look.face_down
            # Drawn with the mark: the card's middle differs from the unmarked card's.
            shots = []
            for mark in (True, False):
                surf = pygame.Surface((200, 200))
                box = t.painter.draw(surf, replace(look, face_down=mark, under=()), (100, 100),
                                     (80, 110))
                shots.append(surf.get_at(box.center))
            assert shots[0] != shots[1]
        else:
            assert look.face is None  # the back
    t = TABLES[game]()
    up = rs.apply(state, ManualFlag(card=card, flag="face_down", value=False)).state
    t.update(rs.view(up, owner), Seats(owner, False, ("P1", "P2")), rs.legal_intents(up))
    assert not _looks(t.held)[card].face_down


def test_kyoukais_field_has_no_face_for_the_other_players_face_down_gate(
        tmp_path: Path) -> None:
    rs, state, card, owner = _face_down("kyoukai", tmp_path)
    t = KyoukaiTable()
    t.update(rs.view(state, 1 - owner), Seats(1 - owner, False, ("P1", "P2")), [])
    assert t.face(card) is None
    t.update(rs.view(state, owner), Seats(owner, False, ("P1", "P2")), [])
    assert t.face(card) is not None


def test_shift_and_drop_puts_a_card_into_play_face_down(table: Make, tmp_path: Path) -> None:
    d, step = at_manual_step(table, tmp_path, "kyoukai")
    state = d.scene.session.state
    card = state.players[step.player].hand[0]
    info = d.info()
    start = tuple(next(p[str(card)] for p in info["pieces"].values() if str(card) in p))
    free = next(z for z, i in enumerate(state.field) if i == -1)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        d.drag(start, tuple(info["zones"][str(free)]))  # type: ignore[arg-type]
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)
    after = d.scene.session.state
    assert after.field[free] == card and card_states.face_down(after) == (card,)
    line = d.scene.session.log[-1]
    assert line.endswith(", face down.") and state.name(card) not in line
    assert d.scene.session.rs.view(after, 1 - step.player).cards[card] != state.cards[card]


def test_the_panel_words_card_states_and_places_for_people(table: Make, tmp_path: Path) -> None:
    d, step = at_manual_step(table, tmp_path, "bos")
    s = d.scene.session.state
    side = s.sides[step.player]
    labels = [label for label, _ in d.scene.manual.card_intents(side.boss)]
    assert "face up (a boss on the battlefield)" in labels
    summon = next(c for c in side.slots if c != -1)
    labels = [label for label, _ in d.scene.manual.card_intents(summon)]
    assert "turn face down" in labels and "acted" in labels
    wizard = side.wizards[0]
    labels = [label for label, _ in d.scene.manual.card_intents(wizard)]
    assert any(x.startswith("turned down") or x.startswith("not turned down") for x in labels)
    # With the boss taken away, a castle card may go into the boss place.
    assert d.scene.session.submit(ManualMove(card=side.boss, owner=step.player,
                                             zone="graveyard")) is None
    labels = [label for label, _ in d.scene.manual.card_intents(side.castle[0])]
    assert f"P{step.player + 1} boss place" in labels
