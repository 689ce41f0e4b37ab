"""A scrolling log of event sentences; wrapped lines and their text surfaces are cached."""

from __future__ import annotations

import pygame

from game.draw.palette import INK, INK_DIM, PANEL, PANEL_EDGE
from game.draw.scale import px
from game.draw.text import TEXT, wrap

LINE_SIZE = 17


class LogView:
    def __init__(self) -> None:
        self.entries: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # lines scrolled up from the bottom
        self._lines: list[tuple[str, bool]] = []  # (line, first line of its entry)
        self._wrapped = 0  # how many entries are in _lines
        self._width = 0

    def add(self, text: str) -> None:
        self.entries.append(text)
        self.scroll = 0

    def clear(self) -> None:
        self.entries.clear()
        self._lines.clear()
        self._wrapped = 0
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, len(self._lines) - 3), self.scroll + dy * 3))

    def _sync(self) -> None:
        width = self.rect.w - px(16)
        if width != self._width:
            self._width, self._lines, self._wrapped = width, [], 0
        for e in self.entries[self._wrapped:]:
            for k, line in enumerate(wrap(e, LINE_SIZE, width - px(8))):
                self._lines.append((("• " if k == 0 else "  ") + line, k == 0))
        self._wrapped = len(self.entries)

    def draw(self, surf: pygame.Surface) -> None:
        if self.rect.w <= px(20) or self.rect.h <= px(30):
            return
        self._sync()
        pygame.draw.rect(surf, PANEL, self.rect, border_radius=px(8))
        pygame.draw.rect(surf, PANEL_EDGE, self.rect, width=px(1), border_radius=px(8))
        title = TEXT.get("Log", 18, INK_DIM, True)
        surf.blit(title, (self.rect.x + px(8), self.rect.y + px(6)))
        body = pygame.Rect(self.rect.x + px(6), self.rect.y + px(26), self.rect.w - px(12),
                           self.rect.h - px(32))
        line_h = px(LINE_SIZE - 2)
        visible = max(1, body.h // line_h)
        end = len(self._lines) - self.scroll
        start = max(0, end - visible)
        old = surf.get_clip()
        surf.set_clip(body)
        y = body.bottom - (end - start) * line_h
        for k, (line, _first) in enumerate(self._lines[start:end]):
            recent = start + k >= len(self._lines) - 3
            t = TEXT.get(line, LINE_SIZE, INK if recent else (200, 200, 196))
            surf.blit(t, (body.x + px(2), y))
            y += line_h
        surf.set_clip(old)
        if self.scroll:
            t = TEXT.get(f"▼ {self.scroll} newer lines", 14, INK_DIM)
            surf.blit(t, t.get_rect(bottomright=(self.rect.right - px(8),
                                                 self.rect.bottom - px(2))))
