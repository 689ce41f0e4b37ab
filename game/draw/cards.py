"""Procedural card faces from card data, rendered once per (card, size) and cached.

A ruleset's table layout turns its card data into a ``FaceSpec``; this module knows nothing
about any one game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.draw.palette import CARD_BACK, CARD_BACK_EDGE, INK, INK_DARK, Color
from game.draw.scale import px
from game.draw.text import TEXT, fit, unscaled, wrap


@dataclass(frozen=True)
class Block:
    """One text block on a card: a skill (title + tag) or plain rules text."""

    title: str
    tag: str
    tag_colour: Color
    text: str


@dataclass(frozen=True)
class FaceSpec:
    key: str  # unique per card data (the card id)
    name: str
    type_label: str
    colour: Color
    cost: int | None
    stats: tuple[tuple[str, int], ...]
    blocks: tuple[Block, ...]
    flavour: str = ""


def _text(text: str, pixels: float, colour: Color, bold: bool = False) -> pygame.Surface:
    """Text on a card face: sizes follow the face's pixel size, whatever the UI scale."""
    return TEXT.get(text, unscaled(pixels), colour, bold)


def _fit(text: str, pixels: float, width: int, bold: bool = False) -> str:
    return fit(text, unscaled(pixels), width, bold)


def _wrap(text: str, pixels: float, width: int) -> list[str]:
    return wrap(text, unscaled(pixels), width)


def face_key(spec: FaceSpec) -> str:
    """A cache key that changes with the card data (a hot-reloaded card re-renders)."""
    return f"{spec.key}#{hash(spec):x}"


def _shade(c: Color, f: float) -> Color:
    return (min(255, int(c[0] * f)), min(255, int(c[1] * f)), min(255, int(c[2] * f)))


class CardFaces:
    """Cache of card surfaces: faces, backs and rotated (Rested) faces."""

    def __init__(self) -> None:
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._turned: dict[tuple[str, int, int], pygame.Surface] = {}
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self.renders = 0

    def clear(self) -> None:
        """Forget every rendered surface (the UI scale changed: faces are drawn anew)."""
        self._faces.clear()
        self._turned.clear()
        self._backs.clear()

    def face(self, spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
        key = (face_key(spec), size[0], size[1])
        surf = self._faces.get(key)
        if surf is None:
            surf = render_face(spec, size)
            self.renders += 1
            self._faces[key] = surf
        return surf

    def rested(self, spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
        """The face turned sideways (a Rested Gate)."""
        key = (face_key(spec), size[0], size[1])
        surf = self._turned.get(key)
        if surf is None:
            surf = pygame.transform.rotate(self.face(spec, size), -90)
            self._turned[key] = surf
        return surf

    def tilted(self, img: pygame.Surface, key: str, size: tuple[int, int],
               angle: int) -> pygame.Surface:
        """``img`` (the face or back of ``key`` at ``size``) rotated by ``angle`` degrees."""
        k = (f"{key}@{angle}", size[0], size[1])
        surf = self._turned.get(k)
        if surf is None:
            surf = pygame.transform.rotozoom(img, angle, 1.0)
            self._turned[k] = surf
        return surf

    def outlined(self, img: pygame.Surface, key: str, size: tuple[int, int],
                 colour: Color) -> pygame.Surface:
        """``img`` with a glowing border of ``colour`` (legal to play, answerable…)."""
        k = (f"{key}+{colour}", size[0], size[1])
        surf = self._turned.get(k)
        if surf is None:
            w, h = img.get_size()
            surf = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*colour, 110), surf.get_rect(), border_radius=10)
            pygame.draw.rect(surf, colour, surf.get_rect().inflate(-3, -3), width=2,
                             border_radius=9)
            surf.blit(img, (4, 4))
            self._turned[k] = surf
        return surf

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._backs.get(size)
        if surf is None:
            surf = render_back(size)
            self._backs[size] = surf
        return surf


def render_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = max(3, w // 12)
    pygame.draw.rect(surf, CARD_BACK, (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, CARD_BACK_EDGE, (0, 0, w, h), width=2, border_radius=r)
    inset = max(4, w // 8)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pygame.draw.rect(surf, _shade(CARD_BACK, 1.35), inner, width=1, border_radius=r)
    cx, cy = w // 2, h // 2
    d = min(w, h) // 4
    pygame.draw.polygon(surf, _shade(CARD_BACK_EDGE, 0.9),
                        [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], width=2)
    return surf


def render_face(spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = max(3, w // 12)
    edge = max(2, w // 30)
    pygame.draw.rect(surf, _shade(spec.colour, 0.55), (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, spec.colour, (edge, edge, w - 2 * edge, h - 2 * edge),
                     border_radius=r)
    if w < px(110):  # the small face at board sizes, at any UI scale
        _small(surf, spec, w, h, edge)
    else:
        _large(surf, spec, w, h, edge)
    return surf


def _cost_gem(surf: pygame.Surface, cost: int, x: int, y: int, rad: int) -> None:
    pygame.draw.circle(surf, (28, 52, 110), (x, y), rad)
    pygame.draw.circle(surf, (150, 190, 255), (x, y), rad, width=max(1, rad // 6))
    t = _text(str(cost), int(rad * 1.9), INK, True)
    surf.blit(t, t.get_rect(center=(x, y + 1)))


def _stats_row(surf: pygame.Surface, spec: FaceSpec, w: int, y: int, size: int) -> None:
    if not spec.stats:
        return
    n = len(spec.stats)
    slot = (w - 8) / n
    for k, (label, value) in enumerate(spec.stats):
        cx = int(4 + slot * (k + 0.5))
        box = pygame.Rect(0, 0, int(slot) - 3, size + 4)
        box.center = (cx, y)
        pygame.draw.rect(surf, (24, 24, 28), box, border_radius=4)
        t = _text(f"{label}{value}", size, INK, True)
        surf.blit(t, t.get_rect(center=box.center))


def _small(surf: pygame.Surface, spec: FaceSpec, w: int, h: int, edge: int) -> None:
    """A board-sized face: name, cost, a coloured art panel with the initial, stats."""
    name_size = max(10, w // 6)
    bar = pygame.Rect(edge + 2, edge + 2, w - 2 * edge - 4, name_size + 2)
    pygame.draw.rect(surf, (244, 238, 222), bar, border_radius=3)
    name = _fit(spec.name, name_size, bar.w - 4)
    t = _text(name, name_size, INK_DARK, True)
    surf.blit(t, t.get_rect(midleft=(bar.x + 3, bar.centery + 1)))
    art = pygame.Rect(edge + 3, bar.bottom + 3, w - 2 * edge - 6, h - bar.bottom - 3 - h // 4)
    pygame.draw.rect(surf, _shade(spec.colour, 0.7), art, border_radius=3)
    initial = _text(spec.name[:1], int(art.h * 0.9), _shade(spec.colour, 1.45), True)
    surf.blit(initial, initial.get_rect(center=art.center))
    if spec.cost is not None:
        _cost_gem(surf, spec.cost, art.right - w // 9, art.top + w // 9, max(6, w // 9))
    _stats_row(surf, spec, w, h - edge - h // 9, max(10, w // 5))


def _large(surf: pygame.Surface, spec: FaceSpec, w: int, h: int, edge: int) -> None:
    """A readable face (hover zoom, hand at large sizes): everything on the card."""
    pad = max(6, w // 22)
    name_size = max(14, w // 10)
    bar = pygame.Rect(edge + pad // 2, edge + pad // 2, w - 2 * edge - pad, name_size + 8)
    pygame.draw.rect(surf, (244, 238, 222), bar, border_radius=5)
    gem = name_size // 2 + 2
    left = bar.x + 6
    if spec.cost is not None:
        _cost_gem(surf, spec.cost, bar.x + gem + 3, bar.centery, gem)
        left = bar.x + 2 * gem + 10
    t = _text(_fit(spec.name, name_size, bar.right - left - 4, True), name_size, INK_DARK,
                 True)
    surf.blit(t, t.get_rect(midleft=(left, bar.centery + 1)))
    type_size = max(12, w // 16)
    tl = _text(spec.type_label, type_size, INK, True)
    surf.blit(tl, (bar.x + 4, bar.bottom + 4))
    art = pygame.Rect(bar.x, bar.bottom + 8 + tl.get_height(), bar.w, int(h * 0.16))
    pygame.draw.rect(surf, _shade(spec.colour, 0.7), art, border_radius=4)
    initial = _text(spec.name[:1], int(art.h * 1.0), _shade(spec.colour, 1.45), True)
    surf.blit(initial, initial.get_rect(center=art.center))
    stats_h = type_size + 12 if spec.stats else 0
    box = pygame.Rect(bar.x, art.bottom + 6, bar.w, h - art.bottom - 12 - stats_h - edge)
    pygame.draw.rect(surf, (244, 238, 222), box, border_radius=5)
    y = box.y + 5
    body = max(12, w // 17)
    for b in spec.blocks:
        if y > box.bottom - body:
            break
        x = box.x + 5
        if b.tag:
            tag = _text(b.tag, body - 1, INK, True)
            pill = tag.get_rect(topleft=(x, y)).inflate(8, 2)
            pill.topleft = (x, y - 1)
            pygame.draw.rect(surf, b.tag_colour, pill, border_radius=4)
            surf.blit(tag, (x + 4, y))
            x = pill.right + 5
        if b.title:
            tt = _text(_fit(b.title, body, box.right - x - 4, True), body, INK_DARK, True)
            surf.blit(tt, (x, y))
            y += tt.get_height() + 2
        for line in _wrap(b.text, body, box.w - 10):
            if y > box.bottom - body:
                break
            lt = _text(line, body, (48, 44, 40))
            surf.blit(lt, (box.x + 5, y))
            y += lt.get_height()
        y += 5
    if spec.flavour and y < box.bottom - body:
        for line in _wrap(spec.flavour, body - 1, box.w - 10):
            if y > box.bottom - body:
                break
            lt = _text(line, body - 1, (110, 100, 90))
            surf.blit(lt, (box.x + 5, y))
            y += lt.get_height()
    if spec.stats:
        _stats_row(surf, spec, w, h - edge - pad // 2 - type_size // 2 - 2, type_size + 2)
