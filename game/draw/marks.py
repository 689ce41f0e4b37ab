"""Marks that double the table's colours, so no highlight is told by its hue alone (WCAG 2.2,
1.4.1 use of colour): every highlight kind has a word, a badge glyph and a rim pattern.

Each game's layout declares its kinds once (``TableLayout.kinds``: kind -> ``KindMark``); the
table draws lit targets through ``draw_target`` / ``draw_badges`` and glowing pieces through
``glow_rim``, and the legend and F1 list read the same declaration. The glyphs are drawn as
shapes, not characters: neither the table's font nor pygame-gui's has ⚔ or ⚡.

A target lit for two kinds shows both badges, and each kind's rim, one inside the other.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

import pygame

from game.draw.palette import BADGE_INK, Color, highlight
from game.draw.scale import px

Rim = Literal["solid", "dashed", "dotted"]
Style = Literal["bright", "hatched", "outline", "glow", "ring"]
Point = tuple[float, float]
# the shapes a badge can hold, each told from the others by its outline alone
GLYPHS = ("plus", "diamond", "bolt", "arrow", "swords", "star", "dot", "sight", "slash",
          "die", "check", "triangle")


@dataclass(frozen=True)
class KindMark:
    """What marks one highlight kind: a short ``word`` (the legend's and the look mode's
    name for it), a ``glyph`` (one of GLYPHS) on its badge and its ``rim`` pattern. ``on``
    says where it shows: round a target (a zone lit, with its badge) or round a piece (a
    glow: its rim only)."""

    word: str
    glyph: str
    rim: Rim
    on: Literal["target", "piece"] = "target"

    def __post_init__(self) -> None:
        if self.glyph not in GLYPHS:
            raise ValueError(f"no badge glyph {self.glyph!r}; there are {', '.join(GLYPHS)}")


@dataclass(frozen=True)
class Shown:
    """One line of a legend: a ``kind`` the layout declares, drawn in ``style`` (a bright
    target, a hatched one reachable later, an outline, a piece's glow, a ring round a
    figure), and what it means there."""

    kind: str
    style: Style
    says: str


# The generic input handlers' glows on pieces (game/input/handlers.py): the same in every
# game, so a layout's ``kinds`` starts from these.
GLOWS: dict[str, KindMark] = {
    "usable": KindMark("Usable", "dot", "solid", "piece"),
    "respond": KindMark("Answer", "star", "dashed", "piece"),
    "chosen": KindMark("Chosen", "check", "dotted", "piece"),
}


@dataclass(frozen=True)
class Drawn:
    """A mark as drawn on the screen (``recording``): a badge (``glyph``, its box) or a
    target's rim (``rim`` pattern along ``path``, ``width`` wide)."""

    kind: str
    what: Literal["badge", "rim"]
    shape: str  # the glyph of a badge, the pattern of a rim
    box: pygame.Rect
    path: tuple[Point, ...] = ()
    width: int = 0


_recorded: list[list[Drawn]] = []


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Note every badge and target rim drawn meanwhile (the marks test samples the screen
    where they went)."""
    out: list[Drawn] = []
    _recorded.append(out)
    try:
        yield out
    finally:
        _recorded.remove(out)


def _note(d: Drawn) -> None:
    for out in _recorded:
        out.append(d)


@dataclass(frozen=True)
class Glow:
    """A piece's glow as drawn: its colour and rim pattern (hashable: surfaces cache by it)."""

    colour: Color
    rim: Rim = "solid"


def glow_of(kind: str | None, kinds: dict[str, KindMark]) -> Glow | None:
    """The glow of ``kind`` in the palette in force, None for no glow."""
    if kind is None:
        return None
    mark = kinds.get(kind)
    return Glow(highlight(kind), mark.rim if mark is not None else "solid")


def as_glow(glow: Glow | Color | None) -> Glow | None:
    """A glow given as a plain colour is a solid one."""
    if glow is None or isinstance(glow, Glow):
        return glow
    return Glow((glow[0], glow[1], glow[2]))


# ---- rims ---------------------------------------------------------------------------------
def rect_path(rect: pygame.Rect, radius: int = 0) -> list[Point]:
    """The outline of ``rect`` (corners rounded by ``radius``) as a closed list of points."""
    r = max(0, min(radius, rect.w // 2, rect.h // 2))
    if r == 0:
        return [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    pts: list[Point] = []
    corners = ((rect.right - r, rect.top + r, -90), (rect.right - r, rect.bottom - r, 0),
               (rect.left + r, rect.bottom - r, 90), (rect.left + r, rect.top + r, 180))
    for cx, cy, start in corners:
        for k in range(5):
            a = math.radians(start + k * 22.5)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def circle_path(center: Point, radius: float) -> list[Point]:
    n = max(24, int(radius))
    return [(center[0] + radius * math.cos(2 * math.pi * k / n),
             center[1] + radius * math.sin(2 * math.pi * k / n)) for k in range(n)]


def dash_steps(rim: Rim, width: int) -> tuple[float, float]:
    """(ink, gap) along a rim of ``rim`` pattern and ``width``: a dash is long, a dot round."""
    if rim == "dashed":
        return 3.0 * width + px(4), 1.6 * width + px(3)
    if rim == "dotted":
        return 0.0, 3.2 * width + px(2)
    return math.inf, 0.0


def draw_rim(surf: pygame.Surface, colour: Color, path: Sequence[Point], width: int,
             rim: Rim, cased: bool = True) -> None:
    """A closed outline along ``path`` in ``rim`` pattern: solid, dashes or round dots; a
    dark casing under it (``cased``) keeps it 3:1 against a light ground as well as a dark
    one (WCAG 1.4.11)."""
    width = max(1, width)
    if cased:
        _pattern(surf, BADGE_INK, path, width, rim, px(1))
    _pattern(surf, colour, path, width, rim, 0)


def _pattern(surf: pygame.Surface, colour: Color, path: Sequence[Point], width: int,
             rim: Rim, grow: int) -> None:
    """The rim's ink along ``path``, each dash or dot ``grow`` pixels fuller on each side
    (the casing), laid out for the rim's own ``width``."""
    if rim == "solid" or len(path) < 2:
        pygame.draw.lines(surf, colour, True, path, width + 2 * grow)
        for p in path:  # fill the notches at the corners
            pygame.draw.circle(surf, colour, p, (width + 2 * grow) / 2 - 0.5)
        return
    ink, gap = dash_steps(rim, width)
    pts = list(path) + [path[0]]
    ends = [0.0]  # the distance along the path at each point
    for a, b in itertools.pairwise(pts):
        ends.append(ends[-1] + math.dist(a, b))
    total = ends[-1]
    period = ink + gap
    n = max(1, round(total / period))  # a whole number of periods round the shape
    period = total / n
    ink = ink * period / (ink + gap)
    for k in range(n):
        start = k * period
        if rim == "dotted":
            pygame.draw.circle(surf, colour, _point_at(pts, ends, start),
                               max(1.5, width * 0.8) + grow)
            continue
        lo, hi = max(0.0, start - grow), start + ink + grow
        stops = [lo] + [e for e in ends if lo < e < hi] + [hi]
        pygame.draw.lines(surf, colour, False, [_point_at(pts, ends, d) for d in stops],
                          width + 2 * grow)


def _point_at(pts: Sequence[Point], ends: Sequence[float], d: float) -> Point:
    """The point ``d`` along the path (``ends``: the distance at each point)."""
    i = max(0, min(len(ends) - 2, bisect.bisect_right(ends, d) - 1))
    seg = ends[i + 1] - ends[i]
    f = 0.0 if seg == 0 else (d - ends[i]) / seg
    a, b = pts[i], pts[i + 1]
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


# ---- glyphs -------------------------------------------------------------------------------
def _poly(c: Point, s: float, pts: Sequence[Point]) -> list[Point]:
    return [(c[0] + x * s, c[1] + y * s) for x, y in pts]


def draw_glyph(surf: pygame.Surface, glyph: str, center: Point, size: float,
               colour: Color) -> None:
    """``glyph`` (one of GLYPHS) filling a box ``size`` pixels across around ``center``."""
    s = size / 2
    w = max(2, round(size * 0.2))
    c = center
    if glyph == "plus":
        pygame.draw.polygon(surf, colour, _poly(c, s, (
            (-0.22, -0.85), (0.22, -0.85), (0.22, -0.22), (0.85, -0.22), (0.85, 0.22),
            (0.22, 0.22), (0.22, 0.85), (-0.22, 0.85), (-0.22, 0.22), (-0.85, 0.22),
            (-0.85, -0.22), (-0.22, -0.22))))
    elif glyph == "diamond":
        pygame.draw.polygon(surf, colour, _poly(c, s, ((0, -0.9), (0.7, 0), (0, 0.9),
                                                       (-0.7, 0))))
    elif glyph == "bolt":
        pygame.draw.polygon(surf, colour, _poly(c, s, (
            (0.3, -1.0), (-0.55, 0.15), (0.02, 0.15), (-0.3, 1.0), (0.55, -0.15),
            (-0.02, -0.15))))
    elif glyph == "arrow":
        pygame.draw.polygon(surf, colour, _poly(c, s, (
            (-0.85, -0.2), (0.1, -0.2), (0.1, -0.65), (0.9, 0), (0.1, 0.65), (0.1, 0.2),
            (-0.85, 0.2))))
    elif glyph == "swords":  # two blades crossed, each with a guard near its hilt
        for sx in (1, -1):
            a, b = (c[0] - 0.8 * s * sx, c[1] + 0.8 * s), (c[0] + 0.75 * s * sx, c[1] - 0.75 * s)
            pygame.draw.line(surf, colour, a, b, w)
            g = (c[0] - 0.45 * s * sx, c[1] + 0.45 * s)
            pygame.draw.line(surf, colour, (g[0] - 0.3 * s, g[1] - 0.3 * s * sx),
                             (g[0] + 0.3 * s, g[1] + 0.3 * s * sx), w)
    elif glyph == "star":  # a four-pointed sparkle
        pygame.draw.polygon(surf, colour, _poly(c, s, (
            (0, -0.95), (0.2, -0.2), (0.95, 0), (0.2, 0.2), (0, 0.95), (-0.2, 0.2),
            (-0.95, 0), (-0.2, -0.2))))
    elif glyph == "dot":
        pygame.draw.circle(surf, colour, c, s * 0.55)
    elif glyph == "sight":  # a ring with a dot: aimed at
        pygame.draw.circle(surf, colour, c, s * 0.8, max(2, round(size * 0.14)))
        pygame.draw.circle(surf, colour, c, s * 0.25)
    elif glyph == "slash":  # a bar struck across: in range, sight blocked
        pygame.draw.polygon(surf, colour, _poly(c, s, ((0.55, -0.95), (0.95, -0.55),
                                                       (-0.55, 0.95), (-0.95, 0.55))))
    elif glyph == "die":  # a square with two pips
        box = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.8))
        box.center = (round(c[0]), round(c[1]))
        pygame.draw.rect(surf, colour, box, max(2, round(size * 0.12)),
                         border_radius=max(1, box.w // 5))
        for fx in (-0.2, 0.2):
            pygame.draw.circle(surf, colour, (c[0] + fx * s, c[1] + fx * s), max(1.0, s * 0.14))
    elif glyph == "check":
        pygame.draw.lines(surf, colour, False, _poly(c, s, ((-0.7, 0), (-0.2, 0.55),
                                                            (0.75, -0.6))), w)
    elif glyph == "triangle":
        pygame.draw.polygon(surf, colour, _poly(c, s, ((0, -0.85), (0.85, 0.7),
                                                       (-0.85, 0.7))))


def badge_size() -> int:
    """A badge's diameter at the table's usual size."""
    return px(22)


def least_badge() -> int:
    """The smallest a badge is drawn: its glyph still tells itself from the others."""
    return px(16)


def draw_badge(surf: pygame.Surface, center: Point, kind: str, glyph: str,
               size: int | None = None) -> pygame.Rect:
    """A round badge in ``kind``'s colour with its ``glyph`` in dark ink, ringed in dark so it
    stands out on a light card as on the dark felt."""
    d = size or badge_size()
    colour = highlight(kind)
    r = pygame.Rect(0, 0, d, d)
    r.center = (round(center[0]), round(center[1]))
    pygame.draw.circle(surf, BADGE_INK, r.center, d / 2 + max(1, d // 10))
    pygame.draw.circle(surf, colour, r.center, d / 2)
    draw_glyph(surf, glyph, r.center, d * 0.66, BADGE_INK)
    _note(Drawn(kind, "badge", glyph, r))
    return r


def draw_badges(surf: pygame.Surface, anchor: Point, kinds: Sequence[str],
                marks: dict[str, KindMark], size: int | None = None) -> list[pygame.Rect]:
    """One badge per kind, the first centred on ``anchor``, the next to its left."""
    d = size or badge_size()
    out = []
    for k, kind in enumerate(kinds):
        mark = marks.get(kind)
        if mark is None:
            continue
        out.append(draw_badge(surf, (anchor[0] - k * (d + px(3)), anchor[1]), kind,
                              mark.glyph, d))
    return out


# ---- targets ------------------------------------------------------------------------------
def rim_width(strong: bool) -> int:
    return px(3) if strong else px(2)


def draw_target_rims(surf: pygame.Surface, path_at: Sequence[Sequence[Point]],
                     kinds: Sequence[str], marks: dict[str, KindMark], strong: bool) -> None:
    """Each kind's rim along its path (``path_at[k]``: the outline, a step further in for
    each further kind, so two kinds on one target both show)."""
    for kind, path in zip(kinds, path_at, strict=False):
        mark = marks.get(kind)
        rim = mark.rim if mark is not None else "solid"
        draw_rim(surf, highlight(kind), path, rim_width(strong), rim)
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        box = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                          round(max(ys) - min(ys)))
        _note(Drawn(kind, "rim", rim, box, tuple(path), rim_width(strong)))


def target_rect(surf: pygame.Surface, rect: pygame.Rect, kinds: Sequence[str],
                marks: dict[str, KindMark], strong: bool, radius: int | None = None,
                tinted: pygame.Rect | None = None, outward: bool = False) -> None:
    """A rectangular target (a slot, a region, a cell) lit for ``kinds``: a faint tint of
    each kind's colour (over ``tinted``, by default all of it: a region keeps its label
    strip as it was, so the label stays readable) and each kind's rim, one inside the other
    (badges: ``draw_badges``, drawn after the cards so no card hides them); ``outward``:
    the further rims outside the first, clear of a label inside the target's top edge."""
    rad = px(6) if radius is None else radius
    for kind in kinds:
        colour = highlight(kind)
        tint = tuple(v // ((4 if strong else 7) * len(kinds)) for v in colour)
        surf.fill(tint, rect if tinted is None else tinted, special_flags=pygame.BLEND_RGB_ADD)
    step = (rim_width(strong) + px(2)) * (-1 if outward else 1)
    paths = [rect_path(rect.inflate(-2 * k * step, -2 * k * step), rad)
             for k in range(len(kinds))]
    draw_target_rims(surf, paths, kinds, marks, strong)


def target_ring(surf: pygame.Surface, center: Point, radius: float, kind: str,
                marks: dict[str, KindMark], width: int) -> None:
    """A target shown as a ring round what stands on it (a figure), in its kind's pattern."""
    mark = marks.get(kind)
    rim = mark.rim if mark is not None else "solid"
    path = circle_path(center, radius)
    draw_rim(surf, highlight(kind), path, width, rim)
    box = pygame.Rect(0, 0, round(2 * radius), round(2 * radius))
    box.center = (round(center[0]), round(center[1]))
    _note(Drawn(kind, "rim", rim, box, tuple(path), width))


def glow_rim(surf: pygame.Surface, rect: pygame.Rect, glow: Glow, width: int | None = None,
             radius: int | None = None) -> None:
    """A piece's glow: its colour in its rim pattern round ``rect``."""
    draw_rim(surf, glow.colour, rect_path(rect, px(8) if radius is None else radius),
             width or px(3), glow.rim)


def glow_circle(surf: pygame.Surface, center: Point, radius: float, glow: Glow,
                width: int | None = None) -> None:
    draw_rim(surf, glow.colour, circle_path(center, radius), width or px(3), glow.rim)


def kinds_at(lit: dict[str, list[object]], zone: object, order: Sequence[str]) -> list[str]:
    """The kinds lighting ``zone``, in ``order`` (a layout's kinds order) then the rest."""
    here = [k for k, zones in lit.items() if zone in zones]
    return sorted(here, key=lambda k: (order.index(k) if k in order else len(order), k))


def by_zone(lit: dict[str, list[object]], order: Sequence[str]) -> dict[object, list[str]]:
    """Zone -> the kinds lighting it (``kinds_at`` order)."""
    zones: dict[object, None] = {}
    for zs in lit.values():
        for z in zs:
            zones.setdefault(z, None)
    return {z: kinds_at(lit, z, order) for z in zones}
