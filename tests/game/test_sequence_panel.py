"""The Sequence panel gives a long line the rows it wraps onto: the table sizes the panel by
``sequence_height``, and no row is drawn over the footer (Nullshapers' defend prompt wrapped
into "Then Done (Space).")."""

from __future__ import annotations

import pygame

from game.draw.panels import sequence_height, sequence_panel
from game.draw.text import TextRecorder

LINES = [("Signal Sniper (2 damage): #1 Scrap Brawler takes 2, sector takes 0", (220, 80, 60)),
         ("Player 1: drag defenders onto the attackers they block, then Done.", (220, 220, 220))]


def test_wrapped_lines_get_their_rows_and_never_run_into_the_footer() -> None:
    pygame.init()
    width = 298
    height = sequence_height(LINES, width)
    assert height > sequence_height([(line[:10], c) for line, c in LINES], width)  # wrapping
    for numbered in (None, 0, 1):
        surf = TextRecorder((width, height))
        sequence_panel(surf, pygame.Rect(0, 0, width, height), LINES, "Then Done (Space).",
                       "Queue", numbered)
        texts = [text for text, _ in surf.texts]
        boxes = [box for _, box in surf.texts]
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), \
            (numbered, surf.texts)
        assert any("then Done." in t for t in texts)  # the wrapped row is there, not dropped


def test_a_panel_too_short_drops_rows_rather_than_overwriting_the_footer() -> None:
    pygame.init()
    surf = TextRecorder((298, 110))
    sequence_panel(surf, pygame.Rect(0, 0, 298, 110), LINES * 3, "Then Done (Space).", "Queue")
    boxes = [box for _, box in surf.texts]
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
