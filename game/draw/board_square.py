"""A square grid map drawn from its data: terrain per cell, figure tokens, lit cells.

Geometry (cell size, hit-testing) and drawing live here; the game's table layout decides what
stands where. Terrain is drawn once into a cached base surface; tokens and highlights are drawn
each frame on top.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.draw.dice import die_surface, draw_kama
from game.draw.marks import (
    Glow,
    KindMark,
    badge_size,
    draw_badges,
    draw_target_rims,
    glow_circle,
    least_badge,
    rect_path,
)
from game.draw.palette import GOLD, INK, INK_DIM, OWNER, Color
from game.draw.scale import px, scale
from game.draw.text import TEXT, unscaled

Point = tuple[int, int]

FLOOR = ((142, 150, 104), (132, 141, 96))
GRID = (92, 100, 66)
COORD = (40, 44, 26)  # the row and column numbers on the edge cells
TERRAIN_LEGEND: tuple[tuple[str, str], ...] = (
    ("tree", "Tree: blocks moves and sight"), ("bush", "Bush: blocks moves"),
    ("crate", "Crate: blocks moves"), ("kama", "Kama cell"), ("demon", "Demon: buy GG"),
)


class SquareBoard:
    def __init__(self, width: int, height: int, terrain: Sequence[str]) -> None:
        self.width, self.height = width, height
        self.terrain = tuple(terrain)
        self.cell = 40
        self.origin = (0, 0)
        self._base: pygame.Surface | None = None
        self._fills: dict[tuple[Color, int], pygame.Surface] = {}

    # ---- geometry -------------------------------------------------------------------------
    def fit(self, area: pygame.Rect) -> None:
        # whole design pixels per cell, so the board is the same picture at every UI scale
        fit = min(area.w / self.width, area.h / self.height)
        self.cell = max(px(12), px(int(fit / scale())))
        w, h = self.cell * self.width, self.cell * self.height
        self.origin = (area.x + (area.w - w) // 2, area.y + (area.h - h) // 2)
        self._base = None
        self._fills.clear()

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(*self.origin, self.cell * self.width, self.cell * self.height)

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = divmod(cell, self.width)
        return pygame.Rect(self.origin[0] + c * self.cell, self.origin[1] + r * self.cell,
                           self.cell, self.cell)

    def center(self, cell: int) -> Point:
        return self.cell_rect(cell).center

    def cell_at(self, pos: Point) -> int | None:
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        if x < 0 or y < 0:
            return None
        c, r = x // self.cell, y // self.cell
        if c >= self.width or r >= self.height:
            return None
        return int(r * self.width + c)

    # ---- drawing --------------------------------------------------------------------------
    def draw_base(self, surf: pygame.Surface) -> None:
        if self._base is None:
            self._base = self._render_base()
        rect = self.rect
        pygame.draw.rect(surf, (0, 0, 0), rect.move(px(5), px(7)).inflate(px(8), px(8)),
                         border_radius=px(6))
        pygame.draw.rect(surf, (70, 52, 34), rect.inflate(px(10), px(10)), border_radius=px(6))
        surf.blit(self._base, rect)

    def _render_base(self) -> pygame.Surface:
        w, h = self.cell * self.width, self.cell * self.height
        base = pygame.Surface((w, h))
        for i, kind in enumerate(self.terrain):
            r, c = divmod(i, self.width)
            rect = pygame.Rect(c * self.cell, r * self.cell, self.cell, self.cell)
            draw_terrain(base, kind, rect, (r + c) % 2)
        for k in range(self.width + 1):
            pygame.draw.line(base, GRID, (k * self.cell, 0), (k * self.cell, h))
        for k in range(self.height + 1):
            pygame.draw.line(base, GRID, (0, k * self.cell), (w, k * self.cell))
        # the trees again, so canopies spill over the grid lines a little
        for i, kind in enumerate(self.terrain):
            if kind == "tree":
                r, c = divmod(i, self.width)
                _tree(base, pygame.Rect(c * self.cell, r * self.cell, self.cell, self.cell))
        self._draw_coordinates(base)
        return base

    def _draw_coordinates(self, base: pygame.Surface) -> None:
        """The numbers the log names cells by, "(row,col)": columns along the top edge, rows
        down the left edge, small and dark on the edge cells."""
        for c in range(self.width):
            t = TEXT.get(str(c), 12, COORD, True)
            base.blit(t, t.get_rect(midtop=(c * self.cell + self.cell // 2, px(1))))
        for r in range(self.height):
            t = TEXT.get(str(r), 12, COORD, True)
            base.blit(t, t.get_rect(midleft=(px(2), r * self.cell + self.cell // 2)))

    def _fill(self, colour: Color, alpha: int) -> pygame.Surface:
        key = (colour, alpha)
        s = self._fills.get(key)
        if s is None:
            s = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            s.fill((*colour, alpha))
            self._fills[key] = s
        return s

    def draw_lit(self, surf: pygame.Surface, cells: Iterable[int], colour: Color,
                 alpha: int = 90, outline: int = 0) -> None:
        fill = self._fill(colour, alpha) if alpha else None
        for c in cells:
            r = self.cell_rect(c)
            if fill is not None:
                surf.blit(fill, r)
            if outline:
                pygame.draw.rect(surf, colour, r.inflate(-2, -2), width=outline,
                                 border_radius=3)

    def draw_hatched(self, surf: pygame.Surface, cells: Iterable[int], colour: Color) -> None:
        """Cells crossed with diagonal hatching (in range, but line of sight blocked)."""
        step = max(5, self.cell // 5)
        for c in cells:
            r = self.cell_rect(c)
            surf.blit(self._fill(colour, 45), r)
            clip = surf.get_clip()
            surf.set_clip(r.inflate(-2, -2))
            for k in range(-r.h, r.w, step):
                pygame.draw.line(surf, colour, (r.x + k, r.bottom), (r.x + k + r.h, r.y), 2)
            surf.set_clip(clip)
            pygame.draw.rect(surf, colour, r.inflate(-2, -2), width=1)

    def draw_rims(self, surf: pygame.Surface, cell: int, kinds: Sequence[str],
                  marks: dict[str, KindMark], strong: bool) -> None:
        """Each kind's rim in its pattern round ``cell``, one inside the other."""
        r = self.cell_rect(cell)
        step = px(3)
        paths = [rect_path(r.inflate(-px(2) - 2 * k * step, -px(2) - 2 * k * step), px(3))
                 for k in range(len(kinds))]
        draw_target_rims(surf, paths, kinds, marks, strong)

    def draw_badges(self, surf: pygame.Surface, cell: int, kinds: Sequence[str],
                    marks: dict[str, KindMark], strong: bool) -> None:
        """A lit cell's badges in its top right corner (smaller for a faint light)."""
        r = self.cell_rect(cell)
        d = max(least_badge(), min(badge_size(), round(self.cell * (0.42 if strong else 0.36))))
        draw_badges(surf, (r.right - d / 2, r.top + d / 2), kinds, marks, d)

    def draw_kamas(self, surf: pygame.Surface, cells: Iterable[int]) -> None:
        for c in cells:
            draw_kama(surf, self.center(c), max(4, self.cell // 5))


def draw_terrain(surf: pygame.Surface, kind: str, rect: pygame.Rect, alt: int) -> None:
    pygame.draw.rect(surf, FLOOR[alt], rect)
    s = rect.w
    if kind == "bush":
        for dx, dy, rr in ((-0.2, 0.1, 0.24), (0.18, 0.12, 0.22), (0.0, -0.12, 0.24)):
            pygame.draw.circle(surf, (58, 120, 52), (rect.centerx + round(dx * s),
                                                     rect.centery + round(dy * s)),
                               round(rr * s))
        for dx, dy in ((-0.15, 0.0), (0.12, -0.12), (0.1, 0.16)):
            pygame.draw.circle(surf, (96, 166, 78), (rect.centerx + round(dx * s),
                                                     rect.centery + round(dy * s)),
                               max(1, round(0.07 * s)))
    elif kind == "crate":
        box = rect.inflate(-round(s * 0.22), -round(s * 0.22))
        pygame.draw.rect(surf, (60, 40, 22), box.move(2, 3))
        pygame.draw.rect(surf, (168, 116, 62), box)
        pygame.draw.rect(surf, (100, 66, 32), box, width=max(2, s // 14))
        pygame.draw.line(surf, (100, 66, 32), box.topleft, box.bottomright, max(2, s // 14))
        pygame.draw.line(surf, (100, 66, 32), box.topright, box.bottomleft, max(2, s // 14))
    elif kind == "kama":
        pygame.draw.circle(surf, (196, 168, 90), rect.center, round(s * 0.36), width=2)
    elif kind == "demon":
        pygame.draw.rect(surf, (92, 40, 84), rect.inflate(-2, -2), border_radius=4)
        cx, cy = rect.center
        r = s * 0.3
        pts = [(cx + round(math.cos(a) * r), cy + round(math.sin(a) * r))
               for a in (math.pi * (-0.5 + 0.8 * k) for k in range(5))]
        pygame.draw.polygon(surf, (230, 90, 90), pts, width=2)
        for sx in (-1, 1):  # horns
            pygame.draw.line(surf, (240, 200, 200), (cx + sx * round(s * 0.18), rect.y + 4),
                             (cx + sx * round(s * 0.3), rect.y + round(s * 0.16)), 2)
    elif kind in ("start1", "start2"):
        colour = OWNER[0 if kind == "start1" else 1]
        inner = rect.inflate(-round(s * 0.2), -round(s * 0.2))
        pygame.draw.rect(surf, colour, inner, width=2, border_radius=3)
    elif kind == "tree":
        pygame.draw.rect(surf, (96, 104, 70), rect)  # shade under the canopy; drawn later


def _tree(surf: pygame.Surface, rect: pygame.Rect) -> None:
    s = rect.w
    cx, cy = rect.center
    pygame.draw.circle(surf, (20, 40, 22), (cx + 2, cy + 3), round(s * 0.5))
    pygame.draw.rect(surf, (92, 60, 30), (cx - s // 12, cy, max(2, s // 6), round(s * 0.4)))
    for dx, dy, rr, col in ((-0.14, -0.02, 0.3, (28, 84, 38)), (0.15, 0.0, 0.3, (30, 90, 40)),
                            (0.0, -0.18, 0.32, (36, 104, 46)), (-0.05, -0.08, 0.14,
                                                               (60, 140, 64))):
        pygame.draw.circle(surf, col, (cx + round(dx * s), cy + round(dy * s)), round(rr * s))


def initials(name: str) -> str:
    parts = name.split()
    return (parts[0][0] + (parts[1][0] if len(parts) > 1 else parts[0][1:2])).upper()


def draw_token(surf: pygame.Surface, center: Point, radius: int, name: str, owner: int,
               hp: int, max_hp: int, acting: bool = False, glow: Glow | None = None,
               dice: Sequence[str] = (), dim: bool = False) -> pygame.Rect:
    """A round figure token: owner-coloured ring, initials, HP badge, Inspiration dice."""
    cx, cy = center
    ring = OWNER[owner]
    if acting:
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 180)
        pygame.draw.circle(surf, GOLD, center, radius + 5 + round(pulse * 2), width=3)
    pygame.draw.circle(surf, (0, 0, 0), (cx + 2, cy + 3), radius)
    pygame.draw.circle(surf, ring, center, radius)
    body = tuple(round(v * 0.35) for v in ring)
    pygame.draw.circle(surf, (body[0], body[1], body[2]), center, radius - max(3, radius // 5))
    t = TEXT.get(initials(name), unscaled(max(px(12), round(radius * 1.0))),
                 INK if not dim else INK_DIM, True)
    surf.blit(t, t.get_rect(center=(cx, cy - 1)))
    if glow is not None:
        glow_circle(surf, center, radius + px(3), glow, px(3))
    # HP badge, bottom right; red when hurt
    hurt = hp < max_hp
    ht = TEXT.get(str(hp), unscaled(max(px(13), radius * 2 // 3)), INK, True)
    badge = ht.get_rect(center=(cx + radius - px(2), cy + radius - px(3))).inflate(px(6), px(2))
    pygame.draw.rect(surf, (150, 30, 36) if hurt else (24, 88, 42), badge,
                     border_radius=badge.h // 2)
    pygame.draw.rect(surf, (240, 230, 220), badge, width=1, border_radius=badge.h // 2)
    surf.blit(ht, ht.get_rect(center=badge.center))
    # Inspiration dice, top right
    d = max(px(9), radius * 2 // 3)
    for k, face in enumerate(dice):
        surf.blit(die_surface(face, d), (cx + radius - d // 2 - k * (d + 1), cy - radius - 2))
    return pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)
