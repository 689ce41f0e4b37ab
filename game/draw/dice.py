"""Dice: die faces drawn from primitives (no font glyphs), and the Tension dice tray.

The tray only *shows* dice: the rules rolled them. When a new roll appears, the dice tumble for
a moment (faces flicker, the dice spin and bounce) and land on the faces the rules decided.
Dice sold in the Refund fly to their player's Kama counter. Both animations are cosmetic and
time-based (``pygame.time.get_ticks``); nothing waits for them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.draw.marks import Glow, glow_rim
from game.draw.palette import GOLD, INK, INK_DARK, INK_DIM, PANEL, PANEL_EDGE, Color
from game.draw.scale import anim_ms, px
from game.draw.text import TEXT, fit

ROLL_MS = 750
FLY_MS = 600

FACE_COLOUR: dict[str, Color] = {
    "critical": (214, 64, 52),
    "armour": (70, 120, 200),
    "dodge": (60, 170, 110),
    "lock": (150, 100, 60),
    "dofus": (230, 190, 70),
}
FACE_SHORT: dict[str, str] = {
    "critical": "Crit", "armour": "Armour", "dodge": "Dodge", "lock": "Lock", "dofus": "Dofus",
}
ALL_FACES = ("critical", "armour", "dodge", "lock", "dofus")


def _pts(cx: float, cy: float, pts: Sequence[tuple[float, float]], s: float) -> list[tuple[int,
                                                                                           int]]:
    return [(round(cx + x * s), round(cy + y * s)) for x, y in pts]


def draw_symbol(surf: pygame.Surface, face: str, center: tuple[int, int], size: int,
                colour: Color) -> None:
    """The pictogram of a face, ``size`` pixels across, centred on ``center``."""
    cx, cy = center
    s = size / 2
    w = max(1, size // 10)
    if face == "critical":  # a four-pointed burst
        star = []
        for k in range(8):
            a = math.pi / 4 * k - math.pi / 2
            r = 1.0 if k % 2 == 0 else 0.38
            star.append((math.cos(a) * r, math.sin(a) * r))
        pygame.draw.polygon(surf, colour, _pts(cx, cy, star, s))
    elif face == "armour":  # a shield
        shield = [(-0.75, -0.8), (0.75, -0.8), (0.75, 0.0), (0.0, 0.95), (-0.75, 0.0)]
        pygame.draw.polygon(surf, colour, _pts(cx, cy, shield, s))
        pygame.draw.line(surf, INK, (cx, round(cy - 0.6 * s)), (cx, round(cy + 0.6 * s)), w)
    elif face == "dodge":  # two chevrons: stepping aside
        for dx in (-0.45, 0.25):
            chev = [(dx, -0.75), (dx + 0.5, 0.0), (dx, 0.75)]
            pygame.draw.lines(surf, colour, False, _pts(cx, cy, chev, s), max(2, size // 6))
    elif face == "lock":  # a padlock
        body = pygame.Rect(0, 0, round(1.4 * s), round(1.0 * s))
        body.midtop = (cx, round(cy - 0.1 * s))
        pygame.draw.rect(surf, colour, body, border_radius=max(1, size // 12))
        arc = pygame.Rect(0, 0, round(1.0 * s), round(1.1 * s))
        arc.midtop = (cx, round(cy - 0.85 * s))
        pygame.draw.arc(surf, colour, arc, 0, math.pi, max(2, size // 8))
        pygame.draw.line(surf, colour, (arc.left + 1, arc.centery), (arc.left + 1, body.top),
                         max(2, size // 8))
        pygame.draw.line(surf, colour, (arc.right - 2, arc.centery), (arc.right - 2, body.top),
                         max(2, size // 8))
    else:  # dofus: a spotted egg
        egg = pygame.Rect(0, 0, round(1.3 * s), round(1.75 * s))
        egg.center = center
        pygame.draw.ellipse(surf, colour, egg)
        for dx, dy in ((-0.2, -0.3), (0.25, 0.1), (-0.1, 0.45)):
            pygame.draw.circle(surf, (255, 250, 230), (round(cx + dx * s), round(cy + dy * s)),
                               max(1, size // 12))


_DIE_CACHE: dict[tuple[str, int, Color | None], pygame.Surface] = {}


def die_surface(face: str, size: int, tint: Color | None = None) -> pygame.Surface:
    """A die showing ``face`` (cached): ivory body, a coloured pictogram."""
    key = (face, size, tint)
    surf = _DIE_CACHE.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        r = max(3, size // 5)
        body = (246, 240, 226) if tint is None else tint
        pygame.draw.rect(surf, (40, 34, 30), (0, 0, size, size), border_radius=r)
        pygame.draw.rect(surf, body, (1, 1, size - 2, size - 3), border_radius=r)
        colour = FACE_COLOUR.get(face, INK_DARK)
        draw_symbol(surf, face, (size // 2, size // 2), int(size * 0.62), colour)
        _DIE_CACHE[key] = surf
    return surf


def draw_die(surf: pygame.Surface, face: str, center: tuple[int, int], size: int,
             angle: float = 0.0, glow: Glow | None = None) -> pygame.Rect:
    img = die_surface(face, size)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
    rect = img.get_rect(center=center)
    if not angle:  # a tumbling die casts no square shadow
        shadow = pygame.Rect(0, 0, size, size)
        shadow.center = (center[0] + px(3), center[1] + px(4))
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=max(3, size // 5))
    surf.blit(img, rect)
    if glow is not None:
        glow_rim(surf, rect.inflate(px(8), px(8)), glow, px(3), size // 4)
    return rect


@dataclass
class Flight:
    face: str
    start: tuple[int, int]
    end: tuple[int, int]
    t0: int


@dataclass
class DiceTray:
    """The Tension tray: where the dice are, whether they are still rolling, which fly away."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    die: int = 48
    faces: tuple[str, ...] = ()
    roll_t0: int = -10_000
    flights: list[Flight] = field(default_factory=list)
    _seed: int = 0

    def roll(self, faces: Sequence[str], now: int | None = None) -> None:
        """New dice from the rules: tumble, then land on ``faces``."""
        self.faces = tuple(faces)
        self.roll_t0 = pygame.time.get_ticks() if now is None else now
        self._seed += 1

    def set(self, faces: Sequence[str]) -> None:
        self.faces = tuple(faces)

    def rolling(self, now: int | None = None) -> bool:
        now = pygame.time.get_ticks() if now is None else now
        return now - self.roll_t0 < anim_ms(ROLL_MS)

    def fly(self, faces: Sequence[str], start: Sequence[tuple[int, int]],
            end: tuple[int, int]) -> None:
        now = pygame.time.get_ticks()
        self.flights += [Flight(f, s, end, now) for f, s in zip(faces, start, strict=False)]

    def centers(self, n: int) -> list[tuple[int, int]]:
        """Where ``n`` dice rest in the tray."""
        gap = self.die + px(18)
        x0 = self.rect.x + px(18) + self.die // 2
        y = self.rect.y + px(26) + self.die // 2
        return [(x0 + k * gap, y) for k in range(n)]

    def draw(self, surf: pygame.Surface, title: str, note: str, glowing: Sequence[int] = (),
             skip: int | None = None, glow: Glow | None = None) -> list[pygame.Rect]:
        """The tray, its dice (rolling or landed); returns each die's rect."""
        pygame.draw.rect(surf, PANEL, self.rect, border_radius=px(8))
        pygame.draw.rect(surf, PANEL_EDGE, self.rect, width=px(1), border_radius=px(8))
        felt = self.rect.inflate(-px(10), -px(10))
        felt.top = self.rect.y + px(22)
        felt.h = self.rect.bottom - px(5) - felt.top
        pygame.draw.rect(surf, (52, 30, 24), felt, border_radius=px(6))
        pygame.draw.rect(surf, (92, 60, 40), felt, width=px(2), border_radius=px(6))
        heading = TEXT.get(title, 17, GOLD, True)
        surf.blit(heading, (self.rect.x + px(8), self.rect.y + px(4)))
        now = pygame.time.get_ticks()
        rects: list[pygame.Rect] = []
        rolling = self.rolling(now)
        for k, (face, c) in enumerate(zip(self.faces, self.centers(len(self.faces)),
                                          strict=False)):
            if k == skip:
                rects.append(pygame.Rect(0, 0, self.die, self.die).move(c[0] - self.die // 2,
                                                                        c[1] - self.die // 2))
                continue
            if rolling:
                t = (now - self.roll_t0) / anim_ms(ROLL_MS)
                rnd = random.Random(self._seed * 131 + k * 17 + (now - self.roll_t0) // 70)
                shown = rnd.choice(ALL_FACES)
                angle = (1 - t) * 540 * (1 if k % 2 == 0 else -1)
                hop = abs(math.sin(t * math.pi * 3)) * (1 - t) * px(18)
                slide = (1 - t) ** 2 * (self.rect.right - px(30) - c[0])
                center = (round(c[0] + slide), round(c[1] - hop))
                rects.append(draw_die(surf, shown, center, self.die, angle))
            else:
                rects.append(draw_die(surf, face, c, self.die,
                                      glow=(glow or Glow(GOLD)) if k in glowing else None))
                lt = TEXT.get(FACE_SHORT.get(face, face), 14, INK_DIM)
                surf.blit(lt, lt.get_rect(midtop=(c[0], c[1] + self.die // 2 + px(2))))
        if note:
            nt = TEXT.get(fit(note, 15, self.rect.w - px(24)), 15, INK_DIM)
            x = self.rect.x + px(18) + max(2, len(self.faces)) * (self.die + px(18))
            if x + nt.get_width() > self.rect.right - px(12):
                x = self.rect.right - px(12) - nt.get_width()
            surf.blit(nt, (max(self.rect.x + px(12), x), felt.bottom - nt.get_height() - px(4)))
        return rects

    def draw_flights(self, surf: pygame.Surface) -> None:
        now = pygame.time.get_ticks()
        alive = []
        for f in self.flights:
            t = (now - f.t0) / anim_ms(FLY_MS)
            if t >= 1:
                continue
            alive.append(f)
            e = 1 - (1 - t) ** 2
            x = f.start[0] + (f.end[0] - f.start[0]) * e
            y = f.start[1] + (f.end[1] - f.start[1]) * e - math.sin(t * math.pi) * px(40)
            size = max(px(12), round(self.die * (1 - 0.6 * t)))
            draw_die(surf, f.face, (round(x), round(y)), size)
        self.flights = alive


def draw_kama(surf: pygame.Surface, center: tuple[int, int], r: int) -> None:
    """A kama coin."""
    pygame.draw.circle(surf, (120, 84, 20), (center[0] + 1, center[1] + 2), r)
    pygame.draw.circle(surf, GOLD, center, r)
    pygame.draw.circle(surf, (255, 232, 150), center, r, width=max(1, r // 4))
    inner = pygame.Rect(0, 0, r, r)
    inner.center = center
    pygame.draw.rect(surf, (150, 110, 30), inner, width=max(1, r // 5))
