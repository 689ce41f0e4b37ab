"""The inline book region (``Region(kind="book", inline=True, tabs=...)``), on a table of one
book a side: tabs, pages of faces at a readable size, the controls that turn them, backs for
the opponent, and the spec's checks."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

import pygame
import pytest

from game.draw.card_states import CardLook
from game.draw.scale import px, set_scale
from game.draw.text import reset_fonts
from game.layouts.base import Overlay, Seats, id_key
from game.layouts.region_book import READABLE
from game.layouts.region_spec import Content, Region, TableSpec, TableSpecError
from game.layouts.regions import RegionTable
from tests.examples.faces import face

BOOK = Region("book", "book", cell=(2, 0), label="Book", inline=True,
              tabs=(("summons", "Castle"), ("spells", "Spellbook")))
TABS = {0: (tuple(range(10)), tuple(range(10, 17))), 1: (tuple(range(20, 30)), ())}


class Shelf(RegionTable):
    """Each player's book, a third of the table wide, either side of a strip; player 0's
    castle ten cards, spellbook seven."""

    game = "shelf"
    spec = TableSpec(rows=(1.0, 0.3, 1.0), cols=(1.0, 2.0),
                     regions=(BOOK, Region("info", "panel", cell=(1, 0), span=(1, 2),
                                           mirror=False)))

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        return {("book", p): Content(tabs=tuple(
            tuple(CardLook(i, None if p != seats.viewer else face(i)) for i in tab)
            for tab in TABS[p])) for p in (0, 1)}


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    reset_fonts()
    set_scale(1.0)
    yield
    set_scale(1.0)


def _shelf(size: tuple[int, int] = (1280, 720)) -> Shelf:
    t = Shelf()
    t.resize(size)
    t.update(object(), Seats(0, False, ("A", "B")), ())
    return t


def _mine(t: Shelf) -> list[int]:
    return sorted(int(k) for where in ("summons", "spells") for k in t.pieces().get(where, {}))


def test_a_tab_shows_one_page_of_readable_faces_inside_the_book() -> None:
    for size in ((1280, 720), (1920, 1080), (900, 600)):
        t = _shelf(size)
        book = next(p for p in t.placed if p.id == ("book", 0))
        leaf = t.leaves[("book", 0)]
        assert leaf.labels == ["Castle 10", "Spellbook 7"]
        assert leaf.size[1] >= px(READABLE) or len(leaf.boxes) >= 3, size
        boxes = leaf.boxes
        assert _mine(t) == list(range(len(boxes)))  # the first page, in the tab's order
        for k, b in enumerate(boxes):
            assert book.rect.contains(b), size
            assert not any(b.colliderect(o) for o in boxes[k + 1:]), size
            assert not any(b.colliderect(tab) for tab in leaf.tabs), size
            assert leaf.strip is None or not b.colliderect(leaf.strip), size
        assert (leaf.pages > 1) == (len(boxes) < 10), size


def test_controls_switch_the_tab_and_turn_the_pages() -> None:
    t = _shelf((1280, 720))
    key = id_key(("book", 0))
    shown, pages = len(t.leaves[("book", 0)].boxes), t.leaves[("book", 0)].pages
    assert shown < 10 and pages == -(-10 // shown)  # the castle needs pages at this size
    assert f"{key} previous page" not in t.controls()
    second = list(range(shown, min(10, 2 * shown)))
    assert t.use_control(f"{key} next page")
    assert _mine(t) == second
    for _ in range(pages - 2):
        assert t.use_control(f"{key} next page")
    assert f"{key} next page" not in t.controls() and not t.use_control(f"{key} next page")
    assert _mine(t)[-1] == 9  # the last page ends the tab
    for _ in range(pages - 2):
        assert t.use_control(f"{key} previous page")
    assert t.use_control(f"{key} tab 1")
    assert set(t.pieces()) == {"spells"} and _mine(t)[0] == 10
    assert t.use_control(f"{key} tab 0")  # the castle kept its page
    assert _mine(t) == second
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=t.controls()[f"{key} previous page"]
                               [0].center, button=1)
    assert t.view_event(click, (0, 0)) and _mine(t)[0] == 0
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)
    assert t.view_event(wheel, t.leaves[("book", 0)].boxes[0].center) and _mine(t)[0] == shown
    assert not t.view_event(wheel, (2, 2))  # not over a book: the table's, not the book's
    assert t.controls()[f"{key} tab 1"][1] == "Show the Spellbook 7 tab"


def test_the_opponents_book_shows_backs_and_counts_and_no_keyboard_stops() -> None:
    t = _shelf()
    theirs = t.leaves[("book", 1)]
    assert theirs.labels == ["Castle 10", "Spellbook 0"]
    assert all(d.look.face is None and not d.piece for d in t.cards
               if d.where in ("summons", "spells") and d.look.id >= 20)
    their = id_key(("book", 1))
    assert all(words == "" for name, (_, words) in t.controls().items()
               if name.startswith(their))
    t.use_control(f"{their} tab 1")
    assert t.leaves[("book", 1)].boxes == []  # an empty tab says so
    surf = pygame.Surface((1280, 720))
    t.draw(surf, Overlay())


def test_ui_scale_two_keeps_the_pages_at_twice_the_size() -> None:
    one = _shelf((1280, 720)).leaves[("book", 0)]
    set_scale(2.0)
    two = _shelf((2560, 1440)).leaves[("book", 0)]
    assert len(two.boxes) == len(one.boxes) and two.pages == one.pages
    assert abs(two.size[1] - 2 * one.size[1]) <= 3


def test_only_an_inline_book_has_tabs() -> None:
    with pytest.raises(TableSpecError, match="region 'x': only a book can be inline"):
        TableSpec(rows=(1.0,), cols=(1.0,),
                  regions=(Region("x", "lane", cell=(0, 0), inline=True),))
    with pytest.raises(TableSpecError, match="region 'x': a book with tabs must be inline"):
        TableSpec(rows=(1.0,), cols=(1.0,),
                  regions=(Region("x", "book", cell=(0, 0), tabs=(("a", "A"),)),))
