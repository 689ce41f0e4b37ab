"""Card piles (deck, discard) with a count badge, and small labelled badges."""

from __future__ import annotations

import pygame

from game.draw.cards import CardFaces, FaceSpec
from game.draw.palette import INK, INK_DIM, PANEL, Color
from game.draw.scale import px
from game.draw.text import TEXT


def badge(surf: pygame.Surface, text: str, center: tuple[int, int], colour: Color = PANEL,
          size: int = 18, ink: Color = INK) -> pygame.Rect:
    t = TEXT.get(text, size, ink, True)
    box = t.get_rect(center=center).inflate(px(10), px(4))
    pygame.draw.rect(surf, colour, box, border_radius=box.h // 2)
    pygame.draw.rect(surf, (200, 200, 200), box, width=1, border_radius=box.h // 2)
    surf.blit(t, t.get_rect(center=box.center))
    return box


def draw_pile(surf: pygame.Surface, faces: CardFaces, rect: pygame.Rect, count: int,
              label: str, top: FaceSpec | None = None, face_down: bool = True) -> None:
    """A pile at ``rect``: a few offset edges for depth, the top card, the label and count."""
    size = rect.size
    if count == 0:
        pygame.draw.rect(surf, (255, 255, 255), rect, width=px(1), border_radius=px(6))
    else:
        for k in range(min(3, count - 1), 0, -1):
            pygame.draw.rect(surf, (20, 20, 24), rect.move(px(2) * k, px(2) * k),
                             border_radius=px(6))
        img = faces.back(size) if face_down or top is None else faces.face(top, size)
        surf.blit(img, rect)
    lt = TEXT.get(label, 15, INK_DIM)
    surf.blit(lt, lt.get_rect(midtop=(rect.centerx, rect.bottom + px(4))))
    badge(surf, str(count), (rect.right - px(4), rect.top + px(4)), size=16)
