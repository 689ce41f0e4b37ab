"""RegionTable geometry, hit-testing and the card renderer, on the example game's table (Tiny
Cards, examples/tinycards)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.draw.card_states import CardLook, CardPainter
from game.draw.cards import CardFaces
from game.draw.scale import set_scale
from game.draw.text import reset_fonts
from game.layouts import regions
from game.layouts.base import UNTARGETED, Overlay, Seats
from game.layouts.region_spec import Content, Region, TableSpec, TableSpecError
from game.layouts.regions import RegionTable
from tests.examples.faces import face, face_of
from tinycards.intents import Attack, EndTurn, Play
from tinycards.rules import TinyRules
from tinycards.state import State
from tinycards.table import TinyTable

NAMES = ("Player 1", "Player 2")


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    reset_fonts()  # an App closed by an earlier test quit the font module
    set_scale(1.0)  # an earlier test on this worker may have left another scale
    yield
    set_scale(1.0)


def _table(state: State, viewer: int = 0, size: tuple[int, int] = (1280, 720)) -> TinyTable:
    t = TinyTable()
    t.resize(size)
    rs = TinyRules()
    t.update(rs.view(state, viewer), Seats(viewer, False, NAMES), rs.legal_intents(state))
    return t


def _played(seed: int = 3) -> State:
    """A position with units on both rows, one acted, one damaged, one stacked."""
    rs = TinyRules()
    st = rs.new_game(seed=seed)
    for _ in range(4):
        p = st.active
        st = rs.apply(st, Play(card=st.sides[p].hand[0], slot=1)).state
        st = rs.apply(st, EndTurn()).state
    return st


def test_regions_tile_the_play_area_without_overlap_at_any_size() -> None:
    for size in ((1280, 720), (1920, 1080), (900, 700)):
        t = _table(_played(), size=size)
        rects = [p.rect for p in t.placed]
        assert len(rects) == 10  # four regions per player, the shared deck and panel
        for k, r in enumerate(rects):
            assert t.area.contains(r), (size, t.placed[k].id)
            assert not any(r.colliderect(o) for o in rects[k + 1:]), t.placed[k].id
        assert not t.area.colliderect(t.side_rect())


def test_ui_scale_two_is_the_same_table_twice_as_large() -> None:
    one = {p.id: p.rect for p in _table(_played()).placed}
    set_scale(2.0)
    two = {p.id: p.rect for p in _table(_played(), size=(2560, 1440)).placed}
    for rid, r in one.items():
        big = two[rid]
        assert abs(big.x - 2 * r.x) <= 2 and abs(big.w - 2 * r.w) <= 3, rid
        assert abs(big.y - 2 * r.y) <= 2 and abs(big.h - 2 * r.h) <= 3, rid


def test_the_viewer_sits_at_the_bottom_and_zone_numbers_do_not_move() -> None:
    st = _played()
    a, b = _table(st, 0), _table(st, 1)
    rect = {p.id: p.rect for p in a.placed}
    assert rect[("row", 0)].y > rect[("row", 1)].y and rect[("hand", 0)].bottom > 600
    flipped = {p.id: p.rect for p in b.placed}
    assert flipped[("row", 1)].y == rect[("row", 0)].y
    assert flipped[("row", 1)].x == rect[("row", 0)].x  # columns stay: column faces column
    assert a.zone_of == b.zone_of


def test_a_drop_on_a_slot_is_the_intent_aimed_at_that_slot() -> None:
    st = _played()
    t = _table(st)
    card = st.sides[st.active].hand[0]
    slot2 = t.zone_of[(("row", st.active), 2)]
    assert t.target_of(Play(card=card, slot=2)) == slot2
    assert t.source_of(Play(card=card, slot=2)) == card
    assert t.zone_at(t.zone_center(slot2)) == slot2  # the slot, not its row around it
    row = t.zone_of[(("row", st.active), None)]
    label = t.zone_rect(row).topleft
    assert t.zone_at((label[0] + 3, label[1] + 3)) == row
    assert t.target_of(Attack(card=card)) is UNTARGETED  # clicked, not aimed
    assert t.target_of(EndTurn()) is None  # a button


def test_cards_show_their_states_and_are_pieces_where_they_stand() -> None:
    st = _played()
    t = _table(st)
    looks = {d.look.id: d for d in t.cards}
    unit = st.sides[0].row[1]
    assert unit is not None and unit.under  # four plays into slot 1: stacked
    d = looks[unit.card]
    assert d.look.under[0].id == unit.under[0] and d.look.counters
    assert d.look.sideways == (not unit.ready)
    assert d.box.w > d.box.h if d.look.sideways else d.box.h > d.box.w
    piece = t.piece_at(d.box.center)
    assert piece is not None and piece.source == unit.card and piece.where == "row"
    slot = t.zone_rect(t.zone_of[(("row", 0), 1)])
    assert slot.contains(d.box)
    hand = t.pieces()["hand"]
    assert set(hand) == set(st.sides[0].hand)
    assert "hand" not in {d.where for d in t.cards if d.look.id in st.sides[1].hand}


def test_a_book_opens_for_browsing_and_closes_again() -> None:
    st = _played().copy()
    grave = st.sides[0].grave = st.deck[:5]
    st.deck = st.deck[5:]
    t = _table(st)
    book = next(p for p in t.placed if p.id == ("grave", 0))
    assert not any(d.look.id in grave for d in t.cards)
    t.press(None, book.rect.center, None)
    assert t.open_book == ("grave", 0)
    shown = [d for d in t.cards if d.look.id in grave]
    assert len(shown) == 5 and all(t.browse.contains(d.box) for d in shown)
    assert t.face(grave[0]) == face_of(st.card(grave[0]))
    surf = pygame.Surface((1280, 720))
    t.draw(surf, Overlay())
    t.press(None, (5, 5), None)
    assert t.open_book is None and not any(d.look.id in grave for d in t.cards)


def test_a_spec_that_cannot_be_laid_out_names_the_region() -> None:
    with pytest.raises(TableSpecError, match="region 'row'.*leaves the 2×3 grid"):
        TableSpec(rows=(1, 1), cols=(1, 1, 1),
                  regions=(Region("row", "slots", cell=(1, 1), span=(2, 1), capacity=3),))
    with pytest.raises(TableSpecError, match="region 'a': the name is used twice"):
        TableSpec(rows=(1,), cols=(1,), regions=(Region("a", "pile", cell=(0, 0)),
                                                  Region("a", "pile", cell=(0, 0))))
    with pytest.raises(TableSpecError, match="capacity"):
        TableSpec(rows=(1,), cols=(1,), regions=(Region("s", "slots", cell=(0, 0)),))


def test_the_painter_caches_every_state_and_draws_attachments_above() -> None:
    faces = CardFaces()
    painter = CardPainter(faces)
    look = CardLook(1, face(1), sideways=True, dimmed=True, damage=2,
                    under=(CardLook(5, face(1)),))
    img = painter.surface(look, (60, 84), glow=(255, 0, 0))
    assert painter.surface(look, (60, 84), glow=(255, 0, 0)) is img
    assert img.get_width() > img.get_height()  # turned sideways
    upright = painter.surface(CardLook(1, face(1)), (60, 84))
    dim = painter.surface(CardLook(1, face(1), dimmed=True), (60, 84))
    c = (30, 60)
    assert sum(dim.get_at(c)[:3]) < sum(upright.get_at(c)[:3])
    surf = pygame.Surface((300, 300))
    renders = faces.renders
    box = painter.draw(surf, look, (150, 170), (60, 84))
    painter.draw(surf, look, (150, 170), (60, 84))
    assert faces.renders == renders  # nothing rendered again
    assert box.size == (84, 60)
    above = surf.get_at((box.centerx, box.top - 4))
    assert above[:3] != (0, 0, 0)  # the attached card peeks out above its host
    back = painter.surface(CardLook(7), (60, 84))
    assert back.get_at((30, 42)) != upright.get_at((30, 42))


def test_the_showcase_pictures_are_written(tmp_path: Path) -> None:
    from tests.examples import showcase

    assert showcase.main([str(tmp_path)]) == 0
    for name in ("regions-1x.png", "regions-2x.png", "regions-book.png"):
        assert pygame.image.load(str(tmp_path / name)).get_size() == (1280, 720)


class Every(RegionTable):
    """A table with one region of each kind, for the kinds Tiny does not use."""

    game = "every"
    spec = TableSpec(rows=(1, 1, 1), cols=(1, 3, 1), regions=(
        Region("column", "column", cell=(0, 0), span=(3, 1), label="Column"),
        Region("lane", "lane", cell=(0, 1), label="Lane", mirror=False),
        Region("area", "slots", cell=(1, 1), capacity=3, label="Area", mirror=False),
        Region("discard", "pile", cell=(0, 2), label="Discard", face_up=True, mirror=False),
        Region("queue", "panel", cell=(1, 2), label="Queue", mirror=False),
        Region("energy", "counter", cell=(2, 2), label="Energy", mirror=False),
        Region("hand", "hand", cell=(2, 1), mirror=False),
    ))

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        return {
            ("column", 0): Content(cards=tuple(CardLook(k, face(k)) for k in range(4))),
            "lane": Content(cards=tuple(CardLook(k, face(k), sideways=k == 5)
                                        for k in range(4, 9))),
            "area": Content(slots=(CardLook(9, face(9), span=2), None, CardLook(10, face(10)))),
            "discard": Content(cards=(CardLook(11, face(11)), CardLook(12, face(12)))),
            "queue": Content(lines=("Top: Blaze attacks", "Ember enters")),
            "energy": Content(value=3),
            "hand": Content(cards=(CardLook(13, face(13)),)),
        }


def test_every_region_kind_places_its_cards_inside_it() -> None:
    t = Every()
    t.update(object(), Seats(0, False, NAMES), [])
    rect = {p.id: p.rect for p in t.placed}
    at = {d.look.id: d for d in t.cards}
    column = [at[k].box for k in range(4)]
    assert all(rect[("column", 0)].contains(b) for b in column)
    assert [b.y for b in column] == sorted(b.y for b in column) and column[0].y < column[1].y
    assert len({b.x for b in column}) == 1  # one above the other
    lane = [at[k].box for k in range(4, 9)]
    assert all(rect["lane"].contains(b) for b in lane)
    assert [b.x for b in lane] == sorted(b.x for b in lane)
    assert at[5].box.w > at[5].box.h  # sideways in a lane
    slots = [t.zone_rect(t.zone_of[("area", k)]) for k in range(3)]
    wide = at[9].box
    assert wide.centerx == slots[0].union(slots[1]).centerx  # a size-2 card covers two slots
    assert 11 not in at and at[12].where == "discard"  # a face-up pile shows its top card
    assert t.face(12) == face(12)
    surf = pygame.Surface((1280, 720))
    t.draw(surf, Overlay(strong={"open": [t.zone_of[("area", 1)]]}))
    lit = t.zone_rect(t.zone_of[("area", 1)])
    assert surf.get_at((lit.x + 1, lit.centery))[:3] != (0, 0, 0)


def test_the_regions_layer_is_kept_until_the_view_changes(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    st = _played()
    t = _table(st)
    calls: list[object] = []
    real = regions.draw_region
    monkeypatch.setattr(regions, "draw_region",
                        lambda s, p, *a: (calls.append(p), real(s, p, *a)))
    surf = pygame.Surface((1280, 720))
    t.draw(surf, Overlay())
    n = len(calls)
    assert n == len(t.placed)
    t.draw(surf, Overlay())
    assert len(calls) == n  # the second frame blits the kept layer
    life = next(p.rect for p in t.placed if p.id == ("life", 1))
    before = pygame.image.tobytes(surf.subsurface(life), "RGB")
    hurt = st.copy()
    hurt.sides[1].life = 1
    rs = TinyRules()
    t.update(rs.view(hurt, 0), Seats(0, False, NAMES), [])
    t.draw(surf, Overlay())
    assert len(calls) == 2 * n
    assert pygame.image.tobytes(surf.subsurface(life), "RGB") != before


def test_contents_for_a_region_the_table_lacks_is_named() -> None:
    class Wrong(Every):
        def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
            return {**super().contents(view, seats), ("lane", 0): Content()}

    with pytest.raises(TableSpecError, match=r"Wrong.contents: no region \('lane', 0\)"):
        Wrong().update(object(), Seats(0, False, NAMES), [])

    class Crowded(Every):
        def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
            return {"area": Content(slots=(None,) * 4)}

    with pytest.raises(TableSpecError, match="'area' has 3 slots, not 4"):
        Crowded().update(object(), Seats(0, False, NAMES), [])


def test_only_the_nearest_attached_cards_peek_out() -> None:
    painter = CardPainter(CardFaces())
    surf = pygame.Surface((400, 600))
    deep = CardLook(1, face(1), under=tuple(CardLook(k, face(k)) for k in range(2, 8)))
    three = CardLook(1, face(1), under=deep.under[-3:])
    painter.draw(surf, deep, (200, 400), (60, 84))
    painter.draw(surf, three, (200, 400), (60, 84))
    (a, _), (b, _) = painter._composed.values()
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
