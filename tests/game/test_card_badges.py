"""The badges the card painter draws over a card (damage, counters) never cover its name,
upright or sideways, at board and readable sizes (a sideways BOS unit's damage badge hid the
first letters of its name)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.draw.card_states import CardLook, CardPainter, pill_rects, pill_texts, title_on_screen
from game.draw.cards import CardFaces, FaceSpec, title_bar
from game.draw.scale import scale, set_scale
from game.draw.text import reset_fonts
from game.layouts.region_parts import count_rect, pile_rect
from game.layouts.region_spec import Content, Placed, Region

CREAM = (244, 238, 222)  # the name strip's colour on every face
SIZES = ((44, 62), (60, 84), (80, 112), (108, 151), (130, 182), (200, 280))
COUNTERS = (("Strength 14", (60, 120, 200)),)


@pytest.fixture(autouse=True, params=[1.0, 1.5])
def _pygame(request: pytest.FixtureRequest) -> Iterator[None]:
    pygame.init()
    reset_fonts()
    set_scale(request.param)
    yield
    set_scale(1.0)


def _px(size: tuple[int, int]) -> tuple[int, int]:
    """A card of ``size`` design pixels at the UI scale in force (a table draws its cards
    that many times larger: their text keeps the least size, issue 38)."""
    return (round(size[0] * scale()), round(size[1] * scale()))


def _spec(name: str = "Ox", cost: int | None = None) -> FaceSpec:
    return FaceSpec(key=f"t-{name}", name=name, type_label="Summon", colour=(40, 90, 160),
                    cost=cost, stats=(("S", 14),), blocks=())


def _name_rect(box: pygame.Rect, sideways: bool) -> pygame.Rect:
    """The name strip on screen, worked out here on its own: an upright face of (w, h) turned
    90° clockwise puts its point (x, y) at (h - y, x)."""
    w, h = (box.h, box.w) if sideways else box.size
    bar = title_bar((w, h))
    if not sideways:
        return bar.move(box.topleft)
    return pygame.Rect(box.x + h - bar.bottom, box.y + bar.x, bar.h, bar.w)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("sideways", [False, True])
def test_the_name_strip_is_where_the_face_draws_it(size: tuple[int, int],
                                                   sideways: bool) -> None:
    size = _px(size)
    img = CardPainter(CardFaces()).surface(CardLook(1, _spec(), sideways=sideways), size)
    box = img.get_rect()
    strip = title_on_screen(box, sideways)
    assert strip == _name_rect(box, sideways)
    # the far end of the strip (a short name does not reach it) is cream, just past it is not
    if sideways:
        inside = [(strip.left + 1, strip.bottom - 6), (strip.right - 2, strip.bottom - 6)]
        outside = (strip.left - 2, strip.bottom - 6)
    else:
        inside = [(strip.right - 6, strip.top + 1), (strip.right - 6, strip.bottom - 2)]
        outside = (strip.right - 6, strip.bottom + 1)
    assert all(img.get_at(p)[:3] == CREAM for p in inside)
    assert img.get_at(outside)[:3] != CREAM


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("sideways", [False, True])
@pytest.mark.parametrize("damage", [1, 14, 99])
def test_no_badge_is_drawn_over_the_name(size: tuple[int, int], sideways: bool,
                                         damage: int) -> None:
    size = _px(size)
    box = pygame.Rect((40, 40), (size[1], size[0]) if sideways else size)
    look = CardLook(1, _spec(), sideways=sideways, damage=damage, counters=COUNTERS)
    surf = pygame.Surface((box.w + 80, box.h + 80), pygame.SRCALPHA)
    CardPainter.badges(surf, look, box)
    name = _name_rect(box, sideways)
    drawn = [(x, y) for x in range(name.left, name.right) for y in range(name.top, name.bottom)
             if surf.get_at((x, y)).a]
    assert drawn == []
    assert surf.get_bounding_rect().colliderect(box)  # drawn, and on the card
    red = [(x, y) for x in range(surf.get_width()) for y in range(surf.get_height())
           if surf.get_at((x, y))[:3] == (170, 34, 40)]
    assert red  # the damage badge, its middle on the card
    assert box.collidepoint(sum(x for x, _ in red) // len(red), sum(y for _, y in red) // len(red))


@pytest.mark.parametrize("size", SIZES[:2])
def test_a_long_pill_row_kept_off_the_name_is_not_cut_off(size: tuple[int, int]) -> None:
    size = _px(size)
    green = (40, 140, 80)
    look = CardLook(1, _spec(), sideways=True, counters=(("ATK 2 · DEF 3", green),
                                                         ("locked", (110, 110, 110))))
    surf = pygame.Surface((600, 400))
    box = CardPainter(CardFaces()).draw(surf, look, (300, 200), size)
    pills = pill_rects(box, look, [t.get_size() for t in pill_texts(box, look)])
    # beside the name, in rows (issue 34): a pill wider than that room hangs out on the left,
    # past the card's edge, and is drawn there too
    for r, (_, colour) in zip(pills, look.counters, strict=True):
        assert surf.get_at((r.left + 3, r.centery))[:3] == colour


@pytest.mark.parametrize("region", [(130, 160), (90, 130), (200, 260)])
def test_a_face_up_piles_count_keeps_off_its_top_cards_name(region: tuple[int, int]) -> None:
    p = Placed(Region("grave", "book", cell=(0, 0), face_up=True), "grave", 0,
               pygame.Rect((100, 100), region))
    r = pile_rect(p, 1.4)
    name = title_bar(r.size).move(r.topleft)
    shown = Content(cards=(CardLook(1, _spec()), CardLook(2, _spec())))
    for text in ((9, 17), (30, 17)):  # "4", "123"
        b = count_rect(p, shown, 1.4, text)
        assert not b.colliderect(name) and b.colliderect(r) and p.rect.contains(b)
    backs = Content(cards=(CardLook(1), CardLook(2)))  # a face-down pile: on the corner
    assert count_rect(p, backs, 1.4, (9, 17)).top < r.top


def test_a_tiny_face_up_piles_count_stays_on_its_corner() -> None:
    """A card too small to hold its name strip and the count under it keeps the corner."""
    p = Placed(Region("grave", "book", cell=(0, 0), face_up=True), "grave", 0,
               pygame.Rect((100, 100), (30, 30)))
    r = pile_rect(p, 1.4)
    b = count_rect(p, Content(cards=(CardLook(1, _spec()),)), 1.4, (9, 17))
    assert b.top < r.top and r.colliderect(b)
