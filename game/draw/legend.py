"""What the table's colours mean, per game: the F1 overlay draws it beside the keys. Each entry
is a colour, how it is drawn (a bright fill, a faint fill, an outline, a glow or ring around a
piece, hatching) and the words for it."""

from __future__ import annotations

import pygame

from game.draw.palette import GOLD, HIGHLIGHT, Color
from game.draw.scale import px

Entry = tuple[Color, str, str]

KYOUKAI: tuple[Entry, ...] = (
    (HIGHLIGHT["open"], "glow", "a card or Gate you can use now"),
    (HIGHLIGHT["respond"], "glow", "a card you can respond with"),
    (HIGHLIGHT["move"], "bright", "bright: legal now (drop it here)"),
    (HIGHLIGHT["move"], "faint", "faint blue: zones it can Move to"),
    (HIGHLIGHT["attack"], "faint", "faint red: zones it could Attack, now or after a Move"),
    (HIGHLIGHT["attack"], "bright", "bright red: a Gate it can Attack now"),
    (HIGHLIGHT["skill"], "bright", "purple: a target of its Skill"),
    (HIGHLIGHT["choose"], "bright", "yellow: a choice to click"),
)
KROSMASTER: tuple[Entry, ...] = (
    (HIGHLIGHT["open"], "glow", "a figure or die you can use now"),
    ((70, 170, 255), "faint", "cells the figure can reach"),
    ((255, 86, 64), "outline", "cells it could cast on from here"),
    ((255, 150, 40), "bright", "spell: in range and in sight"),
    ((150, 110, 230), "hatched", "spell: in range, sight blocked"),
    ((230, 30, 30), "ring", "a legal target of the picked spell"),
    (GOLD, "ring", "the acting figure; where a die can go"),
)
LEGENDS: dict[str, tuple[Entry, ...]] = {"kyoukai": KYOUKAI, "krosmaster": KROSMASTER}


def legend(game: str | None) -> tuple[Entry, ...]:
    return LEGENDS.get(game or "", ())


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
