"""Where an action menu goes: wide enough for its longest entry in pygame-gui's font at the UI
scale, and always inside the window (it used to run off the right edge)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui

from game.draw.scale import px

Pos = tuple[int, int]


def menu_geometry(manager: pygame_gui.UIManager, labels: Sequence[str],
                  anchor: Pos) -> tuple[pygame.Rect, int, int]:
    """The panel's rect and each button's width and height for a menu of ``labels`` (the
    Cancel entry included) opened at ``anchor``: beside it, inside the window."""
    root = manager.get_root_container()
    assert root is not None  # made with the manager
    window = root.get_rect()
    font = manager.get_theme().get_font(["button"])
    pad, margin = px(4), px(4)
    text_w = max((font.size(t)[0] for t in labels), default=0)
    bw = min(max(px(260), text_w + px(28)), window.w - 2 * margin - 3 * pad)
    bh = max(px(32), font.size("Ag")[1] + px(8))
    w, h = bw + 3 * pad, bh * len(labels) + 3 * pad
    x = min(anchor[0] + px(12), window.right - w - margin)
    y = min(anchor[1] - px(10), window.bottom - h - margin)
    return pygame.Rect(max(margin, x), max(margin, y), w, h), bw, bh
