"""A card table described as data: regions placed in a grid.

A game lists its regions (a hand fan, a pile, a row of slots, a column, a lane, a browsable
book — a pop-up by default, or ``inline`` pages with tabs, see region_book.py — a counter, a
text panel) with the grid cell each one takes, for the player at the bottom
of the screen. A region marked ``mirror`` exists once per player: the viewer's at its cell, the
other player's at the same columns with the rows flipped top to bottom, as across a real table.
``RegionTable`` (game/layouts/regions.py) places, draws and hit-tests it.

Region ids, the zones the rules see: ``(name, player)`` for a mirrored region, ``name`` for a
shared one; a target inside a slot row is ``(region id, slot index)``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

import pygame

from game.draw.card_states import CardLook
from game.draw.scale import px

Kind = Literal["hand", "pile", "slots", "column", "lane", "book", "counter", "panel"]
KINDS: tuple[str, ...] = ("hand", "pile", "slots", "column", "lane", "book", "counter", "panel")
Target = tuple[Hashable, int | None]  # (region id, slot index or None for the whole region)


@dataclass(frozen=True)
class Region:
    """One place on the table. ``cell`` is (row, column) of its top-left grid cell for the
    player at the bottom; ``span`` is (rows, columns)."""

    name: str
    kind: Kind
    cell: tuple[int, int]
    span: tuple[int, int] = (1, 1)
    label: str = ""
    mirror: bool = True  # one per player (see the module docstring); False: shared
    capacity: int = 0  # slots: how many slots in the row
    face_up: bool = False  # pile or book: the top card shows its face (a discard), else its back
    # book: ``inline`` lays its cards on the table in pages (arrows, the mouse wheel, Page
    # Up / Page Down turn them) instead of a pop-up opened by a click; ``tabs`` splits an
    # inline book into tabs, each (place name, label): a castle and a spellbook in one book.
    # ``Content.tabs`` holds their cards; a card's place (``pieces()``) is its tab's name.
    inline: bool = False
    tabs: tuple[tuple[str, str], ...] = ()


class TableSpecError(ValueError):
    """A table description that cannot be laid out; the message names the region."""


@dataclass(frozen=True)
class TableSpec:
    """Row and column sizes are fractions of the play area (any positive numbers: they are
    normalised); regions may not leave the grid."""

    rows: tuple[float, ...]
    cols: tuple[float, ...]
    regions: tuple[Region, ...]
    card_ratio: float = 1.4  # card height / width

    def __post_init__(self) -> None:
        where = "table spec"
        if not self.rows or not self.cols or min(self.rows + self.cols) <= 0:
            raise TableSpecError(f"{where}: rows and cols need at least one positive size each")
        seen: set[str] = set()
        for r in self.regions:
            at = f"{where}: region {r.name!r}"
            if r.name in seen:
                raise TableSpecError(f"{at}: the name is used twice")
            seen.add(r.name)
            if r.kind not in KINDS:
                raise TableSpecError(f"{at}: unknown kind {r.kind!r} (one of {', '.join(KINDS)})")
            (row, col), (rs, cs) = r.cell, r.span
            if rs < 1 or cs < 1 or row < 0 or col < 0 or row + rs > len(self.rows) \
                    or col + cs > len(self.cols):
                raise TableSpecError(f"{at}: cell {r.cell} span {r.span} leaves the "
                                     f"{len(self.rows)}×{len(self.cols)} grid")
            if r.kind == "slots" and r.capacity < 1:
                raise TableSpecError(f"{at}: a slot row needs capacity ≥ 1")
            if (r.inline or r.tabs) and r.kind != "book":
                raise TableSpecError(f"{at}: only a book can be inline or have tabs")
            if r.tabs and not r.inline:
                raise TableSpecError(f"{at}: a book with tabs must be inline (tabs of a "
                                     "pop-up are not drawn)")


@dataclass(frozen=True)
class Content:
    """What a region holds now, from the game's view. Each kind reads its own fields:
    hand / column / lane / book / pile ``cards`` (a pile's top card last), a tabbed book
    ``tabs``, slots ``slots``
    (one entry per slot, None when empty), counter ``value``, panel ``lines``. ``count``
    overrides the number shown on a pile or book (cards it does not list, e.g. a hidden deck).
    """

    cards: tuple[CardLook, ...] = ()
    slots: tuple[CardLook | None, ...] = ()
    count: int | None = None
    value: int | str | None = None
    lines: tuple[str, ...] = ()
    active: bool = False  # drawn with an accent edge (whose turn, the open window…)
    label: str | None = None  # this side's own label ("Your life"); None: the region's label
    tabs: tuple[tuple[CardLook, ...], ...] = ()  # an inline book's cards, one tuple per tab


@dataclass
class Placed:
    """A region on screen: its id, owner (None if shared) and box."""

    region: Region
    id: Hashable
    owner: int | None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def grid_rects(area: pygame.Rect, rows: tuple[float, ...], cols: tuple[float, ...],
               gap: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Top, bottom, left and right edges of each grid row and column inside ``area``."""

    def edges(start: int, length: int, parts: tuple[float, ...]) -> tuple[list[int], list[int]]:
        room = length - gap * (len(parts) - 1)
        total = sum(parts)
        lo, hi, x = [], [], float(start)
        for p in parts:
            lo.append(round(x))
            x += room * p / total
            hi.append(round(x))
            x += gap
        return lo, hi

    top, bottom = edges(area.y, area.h, rows)
    left, right = edges(area.x, area.w, cols)
    return top, bottom, left, right


def place(spec: TableSpec, area: pygame.Rect, viewer: int, gap: int) -> list[Placed]:
    """Every region instance on screen for ``viewer`` (sitting at the bottom), player 0's
    instances first so that the order never depends on who is looking."""
    top, bottom, left, right = grid_rects(area, spec.rows, spec.cols, gap)
    n = len(spec.rows)
    out: list[Placed] = []
    for r in spec.regions:
        owners: tuple[int | None, ...] = (0, 1) if r.mirror else (None,)
        for owner in owners:
            row = r.cell[0]
            if owner is not None and owner != viewer:
                row = n - r.cell[0] - r.span[0]
            col = r.cell[1]
            rect = pygame.Rect(left[col], top[row], right[col + r.span[1] - 1] - left[col],
                               bottom[row + r.span[0] - 1] - top[row])
            out.append(Placed(r, (r.name, owner) if owner is not None else r.name, owner, rect))
    return out


# ---- geometry inside a placed region ---------------------------------------------------------
LABEL_H = 18  # a region's label strip, at UI scale 1.0


def inner_rect(p: Placed) -> pygame.Rect:
    """Where a region's cards go: inside its edge, under its label."""
    r = p.rect.inflate(-px(8), -px(8))
    if p.region.label and p.region.kind != "counter":
        r.y += px(LABEL_H)
        r.h -= px(LABEL_H)
    return r


def slot_rects(p: Placed) -> list[pygame.Rect]:
    """The boxes of a slot row's slots, left to right."""
    inner, n, gap = inner_rect(p), max(1, p.region.capacity), px(6)
    sw = (inner.w - gap * (n - 1)) / n
    return [pygame.Rect(round(inner.x + k * (sw + gap)), inner.y, round(sw), inner.h)
            for k in range(n)]


def card_in(ratio: float, box: pygame.Rect, room: float = 0.94) -> tuple[int, int]:
    """The largest upright card (height / width = ``ratio``) in ``room`` of ``box``."""
    ch = min(box.h * room, box.w * room * ratio)
    return (max(8, round(ch / ratio)), max(10, round(ch)))


def fit_turned(size: tuple[int, int], box: pygame.Rect) -> tuple[int, int]:
    """``size`` shrunk so that the card turned sideways still fits ``box``."""
    k = min(1.0, box.w * 0.96 / size[1], box.h * 0.96 / size[0])
    return (max(8, round(size[0] * k)), max(10, round(size[1] * k)))
