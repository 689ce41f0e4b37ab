"""What the table's colours mean: each game's layout lists them (``TableLayout.legend``), the F1
overlay draws them beside the keys. Each entry is a colour, how it is drawn (a bright fill, a
faint fill, an outline, a glow or ring around a piece, hatching) and the words for it."""

from __future__ import annotations

import pygame

from game.draw.palette import Color
from game.draw.scale import px

Entry = tuple[Color, str, str]

def swatch(surf: pygame.Surface, rect: pygame.Rect, colour: Color, style: str) -> None:
    """A small sample of one highlight style."""
    pygame.draw.rect(surf, (30, 70, 57), rect, border_radius=px(3))
    if style in ("bright", "faint"):
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill.fill((*colour, 170 if style == "bright" else 80))
        surf.blit(fill, rect)
        if style == "bright":
            pygame.draw.rect(surf, colour, rect, width=px(2), border_radius=px(3))
    elif style == "outline":
        pygame.draw.rect(surf, colour, rect, width=px(2), border_radius=px(3))
    elif style == "hatched":
        for k in range(0, rect.w + rect.h, px(5)):
            pygame.draw.line(surf, colour, (rect.x + k, rect.bottom - 1),
                             (rect.x + k - rect.h, rect.y), px(1))
        pygame.draw.rect(surf, colour, rect, width=px(1))
    elif style == "ring":
        pygame.draw.circle(surf, colour, rect.center, rect.h // 2, width=px(3))
    else:  # glow: a coloured edge round a card
        pygame.draw.rect(surf, colour, rect, width=px(3), border_radius=px(4))
