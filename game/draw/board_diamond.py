"""A rows×cols square grid drawn as a diamond (rotated 45°): zone 0 at the top.

Screen x grows with ``col - row`` and y with ``col + row``; the last zone is at the bottom,
nearest the player who sits there. Geometry, hit-testing and highlight drawing live here; what
stands on a zone is drawn by the table layout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game.draw.marks import KindMark, badge_size, draw_badges, draw_target_rims, least_badge
from game.draw.palette import (
    FELT_LINE,
    INK_DIM,
    PANEL,
    ZONE_FILL,
    ZONE_FILL_ALT,
    Color,
    contrast,
    reach,
    text_floor,
    text_ink,
)
from game.draw.scale import px
from game.draw.text import TEXT, unscaled

Point = tuple[int, int]


class DiamondBoard:
    def __init__(self, rows: int, cols: int, label: Callable[[int], str] | None = None,
                 aspect: float = 1.28) -> None:
        self.rows, self.cols = rows, cols
        self.label = label
        self.aspect = aspect  # dx / dy: a little wider than tall reads as a table seen at a slant
        self.dx = self.dy = 1.0
        self.cx = self.y0 = 0.0
        self._base: pygame.Surface | None = None
        self._base_at = (0, 0)
        self._fills: dict[tuple[Color, int], pygame.Surface] = {}

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def fit(self, area: pygame.Rect) -> None:
        """Scale and centre the diamond inside ``area``."""
        span = self.rows + self.cols  # in half-zone units
        dy = min(area.h / span, area.w / (span * self.aspect))
        self.dy, self.dx = dy, dy * self.aspect
        self.cx = area.centerx + (self.rows - self.cols) * self.dx / 2
        self.y0 = area.centery - (self.rows + self.cols - 2) * dy / 2
        self._base = None
        self._fills.clear()

    @property
    def rect(self) -> pygame.Rect:
        pts = [p for z in (0, self.cols - 1, (self.rows - 1) * self.cols, self.size - 1)
               for p in self.polygon(z)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def center(self, zone: int) -> Point:
        r, c = divmod(zone, self.cols)
        return (round(self.cx + (c - r) * self.dx), round(self.y0 + (c + r) * self.dy))

    def polygon(self, zone: int, shrink: float = 0.0) -> list[Point]:
        x, y = self.center(zone)
        dx, dy = self.dx * (1 - shrink), self.dy * (1 - shrink)
        return [(x, round(y - dy)), (round(x + dx), y), (x, round(y + dy)), (round(x - dx), y)]

    def zone_at(self, pos: tuple[float, float]) -> int | None:
        a = (pos[0] - self.cx) / self.dx  # col - row
        b = (pos[1] - self.y0) / self.dy  # col + row
        c, r = round((a + b) / 2), round((b - a) / 2)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None

    # ---- drawing -------------------------------------------------------------------------
    def draw_base(self, surf: pygame.Surface) -> None:
        """The empty grid (cached until the next ``fit``)."""
        if self._base is None:
            self._base = self._render_base()
        surf.blit(self._base, self._base_at)

    def draw_labels(self, surf: pygame.Surface) -> None:
        """The zones' names, over whatever lights a zone (under what stands there): each in
        the dim ink taken just far enough towards white or black to read 4.5:1 (7:1) on what
        is under it; on a lit zone where no ink does, on a dark chip."""
        if self.label is None:
            return
        size = unscaled(max(px(13), int(self.dy * 0.34)))
        clip = surf.get_rect()
        for z in range(self.size):
            x, y = self.center(z)
            pts = [(x + dx, y + dy) for dx, dy in ((0, 0), (-px(8), 0), (px(8), 0))
                   if clip.collidepoint(x + dx, y + dy)]
            if not pts:
                continue
            cols = [surf.get_at(p) for p in pts]
            ground = tuple(sum(c[i] for c in cols) // len(cols) for i in range(3))
            g = (ground[0], ground[1], ground[2])
            ink = reach(INK_DIM, g, text_floor() + 0.2)
            if contrast(text_ink(ink), g) < text_floor() + 0.2:
                ink = INK_DIM
                chip = TEXT.get(self.label(z), size, ink).get_rect(center=(x, y))
                pygame.draw.rect(surf, PANEL, chip.inflate(px(6), px(2)), border_radius=px(4))
            t = TEXT.get(self.label(z), size, ink)
            surf.blit(t, t.get_rect(center=(x, y)))

    def _render_base(self) -> pygame.Surface:
        box = self.rect.inflate(px(8), px(8))
        self._base_at = box.topleft
        base = pygame.Surface(box.size, pygame.SRCALPHA)
        off = (-box.x, -box.y)
        outline = [(x + off[0], y + off[1]) for x, y in self._outline()]
        pygame.draw.polygon(base, (10, 28, 22, 150), [(x + 3, y + 5) for x, y in outline])
        for z in range(self.size):
            r, c = divmod(z, self.cols)
            pts = [(x + off[0], y + off[1]) for x, y in self.polygon(z)]
            pygame.draw.polygon(base, ZONE_FILL if (r + c) % 2 == 0 else ZONE_FILL_ALT, pts)
            pygame.draw.polygon(base, FELT_LINE, pts, width=1)
        pygame.draw.polygon(base, (120, 160, 140), outline, width=px(2))
        return base

    def _outline(self) -> list[Point]:
        top = self.polygon(0)[0]
        right = self.polygon(self.cols - 1)[1]
        bottom = self.polygon(self.size - 1)[2]
        left = self.polygon((self.rows - 1) * self.cols)[3]
        return [top, right, bottom, left]

    def _fill(self, colour: Color, alpha: int) -> pygame.Surface:
        key = (colour, alpha)
        s = self._fills.get(key)
        if s is None:
            w, h = round(2 * self.dx), round(2 * self.dy)
            s = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
            pts = [(w // 2, 2), (w - 2, h // 2), (w // 2, h - 2), (2, h // 2)]
            pygame.draw.polygon(s, (*colour, alpha), pts)
            self._fills[key] = s
        return s

    def draw_lit(self, surf: pygame.Surface, zones: Iterable[int], colour: Color,
                 alpha: int = 85) -> None:
        """Fill zones with a highlight ``colour`` (rimmed in it)."""
        fill = self._fill(colour, alpha)
        for z in zones:
            x, y = self.center(z)
            surf.blit(fill, fill.get_rect(center=(x, y)))

    def draw_hatched(self, surf: pygame.Surface, zones: Iterable[int], colour: Color) -> None:
        """Diagonal hatching and a thin rim: a zone reachable only later, not legal now."""
        hatch = self._hatch(colour)
        for z in zones:
            surf.blit(hatch, hatch.get_rect(center=self.center(z)))

    def _hatch(self, colour: Color) -> pygame.Surface:
        key = (colour, -1)
        s = self._fills.get(key)
        if s is None:
            w, h = round(2 * self.dx), round(2 * self.dy)
            s = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
            step = max(6, w // 9)
            for k in range(-h, w + h, step):
                pygame.draw.line(s, (*colour, 200), (k, h), (k + h, 0), 2)
            mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255),
                                [(w // 2, 4), (w - 4, h // 2), (w // 2, h - 4), (4, h // 2)])
            s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self._fills[key] = s
        return s

    def draw_rims(self, surf: pygame.Surface, zone: int, kinds: Sequence[str],
                  marks: dict[str, KindMark], strong: bool) -> None:
        """Each kind's rim in its pattern round ``zone``, one inside the other."""
        paths = [[(float(x), float(y)) for x, y in self.polygon(zone, shrink=0.04 + 0.1 * k)]
                 for k in range(len(kinds))]
        draw_target_rims(surf, paths, kinds, marks, strong)

    def draw_badges(self, surf: pygame.Surface, zone: int, kinds: Sequence[str],
                    marks: dict[str, KindMark]) -> None:
        """A lit zone's badges by its left corner, beside the card standing in it."""
        x, y = self.center(zone)
        d = max(least_badge(), min(badge_size(), round(self.dy * 0.42)))
        at = (x - self.dx * 0.62, y - (len(kinds) - 1) * (d + px(2)) / 2)
        for k, kind in enumerate(kinds):
            draw_badges(surf, (at[0], at[1] + k * (d + px(2))), [kind], marks, d)

    def draw_outline(self, surf: pygame.Surface, zones: Iterable[int], colour: Color,
                     width: int = 3) -> None:
        for z in zones:
            pygame.draw.polygon(surf, colour, self.polygon(z, shrink=0.1), width=width)
