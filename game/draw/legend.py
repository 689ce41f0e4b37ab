"""What the table's highlights mean: each game's layout lists them (``TableLayout.legend``,
lines of ``Shown``, each naming a kind the layout declares in ``TableLayout.kinds``); the F1
overlay and a table's small on-table key draw them. Each line shows the kind's mark — its
badge and rim pattern, in its colour — and names it by its word, never by the colour."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.draw.marks import KindMark, Shown, draw_badge, draw_rim, rect_path
from game.draw.palette import INK, PANEL, PANEL_EDGE, ZONE_FILL, highlight
from game.draw.scale import px

SWATCH = (34, 22)  # a legend swatch's size at UI scale 1.0


def words(line: Shown, kinds: dict[str, KindMark]) -> str:
    """A legend line's words: the kind's word, then what it means here."""
    mark = kinds.get(line.kind)
    return f"{mark.word}: {line.says}" if mark is not None else line.says


def draw_key(surf: pygame.Surface, bottomleft: tuple[int, int], lines: Sequence[Shown],
             kinds: dict[str, KindMark]) -> None:
    """A small key on the table itself: a swatch and a few words per highlight shown now."""
    from game.draw.text import TEXT

    if not lines:
        return
    texts = [TEXT.get(words(line, kinds), 15, INK) for line in lines]
    row = px(26)
    w = px(SWATCH[0] + 14) + max(t.get_width() for t in texts)
    r = pygame.Rect(0, 0, w + px(8), px(6) + row * len(lines))
    r.bottomleft = bottomleft
    pygame.draw.rect(surf, PANEL, r, border_radius=px(6))
    pygame.draw.rect(surf, PANEL_EDGE, r, width=px(1), border_radius=px(6))
    for k, (line, text) in enumerate(zip(lines, texts, strict=True)):
        y = r.y + px(4) + k * row
        swatch(surf, pygame.Rect(r.x + px(6), y + px(1), *(px(v) for v in SWATCH)), line,
               kinds.get(line.kind))
        surf.blit(text, text.get_rect(midleft=(r.x + px(SWATCH[0] + 14), y + px(12))))


def swatch(surf: pygame.Surface, rect: pygame.Rect, line: Shown, mark: KindMark | None) -> None:
    """A small sample of one highlight: its colour drawn in its style, with its rim pattern
    and its badge (a glow has the rim only: pieces carry no badge)."""
    colour = highlight(line.kind)
    rim = mark.rim if mark is not None else "solid"
    style = line.style
    pygame.draw.rect(surf, ZONE_FILL, rect, border_radius=px(3))
    if style == "bright":
        tint = tuple(v // 4 for v in colour)
        surf.fill(tint, rect, special_flags=pygame.BLEND_RGB_ADD)
    elif style == "hatched":
        clip = surf.get_clip()
        surf.set_clip(rect.clip(clip) if clip else rect)
        for k in range(0, rect.w + rect.h, px(6)):
            pygame.draw.line(surf, colour, (rect.x + k, rect.bottom - 1),
                             (rect.x + k - rect.h, rect.y), px(1))
        surf.set_clip(clip)
    if style == "ring":
        from game.draw.marks import circle_path

        draw_rim(surf, colour, circle_path(rect.center, rect.h / 2 - px(1)), px(2), rim)
    elif style == "glow":  # a little card inside its glow
        card = rect.inflate(-px(14), -px(8))
        pygame.draw.rect(surf, (200, 190, 170), card, border_radius=px(2))
        draw_rim(surf, colour, rect_path(rect.inflate(-px(3), -px(3)), px(3)), px(2), rim)
    else:
        draw_rim(surf, colour, rect_path(rect.inflate(-px(2), -px(2)), px(3)),
                 px(2) if style != "bright" else px(3), rim)
    if mark is not None and style != "glow":
        draw_badge(surf, (rect.right - px(9), rect.centery), line.kind, mark.glyph,
                   px(16) if style != "ring" else px(14))
