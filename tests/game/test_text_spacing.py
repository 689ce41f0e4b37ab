"""Issue 34 item 16: text keeps its letters' designed spacing at the table's sizes. pygame's
sans, hinted to whole pixels, drew "At tack", "agent s", "AT K": each letter's step from the
one before it was off its design by up to 2.5 px, all of it in a few gaps. The fix is in the
drawing (``TableFont``), not in the strings, so every text of the table (bold, which is most
of it, and regular) is measured here as it is drawn.

Where a letter stands is read off the drawn pixels: drawing a word one letter longer adds that
letter's ink, and the centre of the ink added is where the letter is. The step between two
letters' centres, drawn at a table size, is compared with the same step in the word drawn very
large and scaled to that size (the design)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.draw.text import DEFAULT_FONT, DEFAULT_FONT_RATIO, TEXT, font

WORDS = ("Attack", "agents", "ATK", "ATTACKING", "Activation", "Tension", "HexerMoro",
         "ScrapBrawler", "SignalSniper", "Nullshapers")
WHITE = (255, 255, 255)
DESIGN_POINTS = 400
HALF_A_PIXEL = 0.5


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _ink(surf: pygame.Surface) -> tuple[float, float]:
    """The ink's mass and its first moment across (sum of alpha, sum of x times alpha)."""
    columns = pygame.surfarray.array_alpha(surf).sum(axis=1).astype(float)
    return float(columns.sum()), float((columns * np.arange(len(columns))).sum())


def _centres(prefixes: list[pygame.Surface], shrink: float) -> list[float]:
    """Where each letter's ink is centred, given the word drawn one more letter at a time."""
    centres, mass, moment = [], 0.0, 0.0
    for surf in prefixes:
        m, x = _ink(surf)
        centres.append((x - moment) / (m - mass) / shrink)
        mass, moment = m, x
    return centres


def _designed(word: str, points: int, bold: bool) -> list[float]:
    big = pygame.font.Font(str(DEFAULT_FONT), DESIGN_POINTS)
    big.bold = bold
    drawn = [big.render(word[:i], True, WHITE) for i in range(1, len(word) + 1)]
    return _centres(drawn, DESIGN_POINTS / points)


def _steps(centres: list[float]) -> list[float]:
    return [b - a for a, b in zip(centres, centres[1:], strict=False)]


@pytest.mark.parametrize("bold", [True, False], ids=["bold", "regular"])
@pytest.mark.parametrize("size", [11, 13, 15, 17, 20, 24])
def test_each_letter_stands_where_its_design_puts_it(size: int, bold: bool) -> None:
    points = int(size * DEFAULT_FONT_RATIO)
    for word in WORDS:
        drawn = [TEXT.get(word[:i], size, WHITE, bold) for i in range(1, len(word) + 1)]
        ours, design = _steps(_centres(drawn, 1.0)), _steps(_designed(word, points, bold))
        for k, (a, b) in enumerate(zip(ours, design, strict=True)):
            assert abs(a - b) <= HALF_A_PIXEL, \
                f"{word!r} at size {size}: {word[k]!r} to {word[k + 1]!r} is {a:.2f} px, " \
                f"designed {b:.2f} px"


@pytest.mark.parametrize("size", [11, 13, 17, 20])
def test_what_is_measured_is_what_is_drawn(size: int) -> None:
    for word in (*WORDS, "Scrap Brawler (4 damage)", "12/20"):
        for bold in (True, False):
            measured = font(size, bold).size(word)[0]
            drawn = TEXT.get(word, size, WHITE, bold).get_width()
            assert abs(measured - drawn) <= 1, word
