"""A hand of cards as a fan: positions, hit-testing and drawing (faces or backs)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence

import pygame

from game.draw.cards import CardFaces, FaceSpec, face_key
from game.draw.marks import Glow
from game.draw.scale import px

DIM = (105, 105, 115, 255)  # a card that cannot be played now: darker, still readable
FAN_GAP = 6  # design pixels between hand cards when the hand has room


class HandFan:
    """Lays ``n`` cards of ``card`` size along a shallow arc centred in ``area``."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 0, 0)
        self.card = (90, 126)
        self.ids: list[Hashable] = []  # the pieces in hand, as the table names them
        self.rects: list[pygame.Rect] = []
        self.angles: list[int] = []

    def layout(self, area: pygame.Rect, card: tuple[int, int], ids: Sequence[Hashable]) -> None:
        self.area, self.card, self.ids = area, card, list(ids)
        n = len(self.ids)
        w, h = card
        # side by side while the area has room (each name and number in view); overlapping
        # only as much as a crowded hand needs
        step = min(w + px(FAN_GAP), (area.w - w) / max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1) + w
        x0 = area.centerx - total / 2
        self.rects, self.angles = [], []
        for k in range(n):
            t = (k - (n - 1) / 2) / max(1.0, (n - 1) / 2)  # -1 .. 1
            lift = (1 - t * t) * h * 0.10
            r = pygame.Rect(round(x0 + k * step), round(area.bottom - h - lift), w, h)
            self.rects.append(r)
            self.angles.append(round(-t * min(6, n)))

    def at(self, pos: tuple[int, int]) -> Hashable | None:
        """The card under ``pos``; the top-most (rightmost) wins."""
        for iid, r in zip(reversed(self.ids), reversed(self.rects), strict=True):
            if r.collidepoint(pos):
                return iid
        return None

    def grab_point(self, iid: Hashable) -> tuple[int, int]:
        """A point on the part of the card that no card to its right covers."""
        k = self.ids.index(iid)
        r = self.rects[k]
        right = self.rects[k + 1].x if k + 1 < len(self.rects) else r.right
        return ((r.x + min(right, r.right)) // 2, r.y + r.h // 3)

    def center_of(self, iid: Hashable) -> tuple[int, int] | None:
        for i, r in zip(self.ids, self.rects, strict=True):
            if i == iid:
                return r.center
        return None

    def draw(self, surf: pygame.Surface, faces: CardFaces,
             spec_of: Callable[[Hashable], FaceSpec | None], skip: Hashable | None = None,
             raised: Hashable | None = None,
             glow: Callable[[Hashable], Glow | None] = lambda i: None,
             dim: Collection[Hashable] = ()) -> None:
        """Draw the fan; ``spec_of`` None draws a card back; ``raised`` pops a card up;
        ``glow`` outlines cards (e.g. those with a legal play); ``dim`` darkens the cards that
        cannot be played now (a raised one shows at full strength, to be read)."""
        for iid, r, ang in zip(self.ids, self.rects, self.angles, strict=True):
            if iid == skip:
                continue
            spec = spec_of(iid)
            up = iid == raised
            img = faces.back(self.card) if spec is None else faces.face(spec, self.card)
            key = face_key(spec) if spec else "back"
            lit = glow(iid)
            if lit is not None:
                img = faces.outlined(img, key, self.card, lit)
                key = f"{key}+{lit}"
            if not up and ang:
                img = faces.tilted(img, key, self.card, ang)
            if iid in dim and not up:
                img = img.copy()
                img.fill(DIM, special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery - (r.h // 6 if up else 0))))
