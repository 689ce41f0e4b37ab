"""What the table's colours mean: each game's layout lists them (``TableLayout.legend``), the F1
overlay draws them beside the keys. Each entry is a colour, how it is drawn (a bright fill, a
faint fill, an outline, a glow or ring around a piece, hatching) and the words for it."""

from __future__ import annotations

import pygame

from game.draw.palette import Color
from game.draw.scale import px

Entry = tuple[Color, str, str]


def draw_key(surf: pygame.Surface, bottomleft: tuple[int, int], entries: list[Entry]) -> None:
    """A small key on the table itself: a swatch and a few words per highlight shown now."""
    from game.draw.palette import INK, PANEL, PANEL_EDGE
    from game.draw.text import TEXT

    if not entries:
        return
    lines = [TEXT.get(words, 14, INK) for _, _, words in entries]
    w = px(34) + max(t.get_width() for t in lines)
    r = pygame.Rect(0, 0, w + px(8), px(6) + px(20) * len(entries))
    r.bottomleft = bottomleft
    pygame.draw.rect(surf, PANEL, r, border_radius=px(6))
    pygame.draw.rect(surf, PANEL_EDGE, r, width=px(1), border_radius=px(6))
    for k, ((colour, style, _), text) in enumerate(zip(entries, lines, strict=True)):
        y = r.y + px(4) + k * px(20)
        swatch(surf, pygame.Rect(r.x + px(6), y + px(1), px(22), px(15)), colour, style)
        surf.blit(text, (r.x + px(34), y + px(1)))

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
        clip = surf.get_clip()
        surf.set_clip(rect.clip(clip) if clip else rect)
        for k in range(0, rect.w + rect.h, px(5)):
            pygame.draw.line(surf, colour, (rect.x + k, rect.bottom - 1),
                             (rect.x + k - rect.h, rect.y), px(1))
        surf.set_clip(clip)
        pygame.draw.rect(surf, colour, rect, width=px(1))
    elif style == "ring":
        pygame.draw.circle(surf, colour, rect.center, rect.h // 2, width=px(3))
    else:  # glow: a coloured edge round a card
        pygame.draw.rect(surf, colour, rect, width=px(3), border_radius=px(4))
