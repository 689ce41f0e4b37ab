"""A scrolling log of event sentences, runs of passes folded into what they let happen (the
lines in full on hover); wrapped lines and their text surfaces are cached."""

from __future__ import annotations

import pygame

from game.draw.palette import INK, INK_DIM, PANEL, PANEL_EDGE
from game.draw.panels import text_box
from game.draw.scale import px
from game.draw.text import BODY, TEXT, wrap
from game.log_fold import Shown, folded

LINE_SIZE = BODY  # the log is body text (issue 38: 17 read about 11.7 px high)


class LogView:
    def __init__(self) -> None:
        self.entries: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # lines scrolled up from the bottom
        # (line, first line of its entry, the entry it belongs to)
        self._lines: list[tuple[str, bool, Shown]] = []
        self._wrapped = -1  # how many entries _lines shows
        self._width = 0
        self._wraps: dict[str, list[str]] = {}  # an entry's text -> its wrapped lines
        self._shown: list[tuple[pygame.Rect, Shown]] = []  # where each visible line was drawn

    def add(self, text: str) -> None:
        self.entries.append(text)
        self.scroll = 0

    def clear(self) -> None:
        self.entries.clear()
        self._lines.clear()
        self._wrapped = -1
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, len(self._lines) - 3), self.scroll + dy * 3))

    def _sync(self) -> None:
        width = self.rect.w - px(16)
        if width != self._width:
            self._width, self._wrapped, self._wraps = width, -1, {}
        if self._wrapped == len(self.entries):
            return
        # A new line may fold the passes before it: the entries are folded again (cheap),
        # each text wrapped once.
        self._lines = []
        for e in folded(self.entries):
            got = self._wraps.get(e.text)
            if got is None:
                got = self._wraps[e.text] = wrap(e.text, LINE_SIZE, width - px(8))
            for k, line in enumerate(got):
                self._lines.append((("• " if k == 0 else "  ") + line, k == 0, e))
        self._wrapped = len(self.entries)

    def detail_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """The lines folded into the entry drawn at ``pos`` (empty if none is)."""
        return next((e.detail for r, e in self._shown if r.collidepoint(pos)), ())

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int] | None = None) -> None:
        """The log; with the ``mouse`` over a folded entry, its lines in full beside it."""
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
        self._shown = []
        for k, (line, _first, entry) in enumerate(self._lines[start:end]):
            recent = start + k >= len(self._lines) - 3
            t = TEXT.get(line, LINE_SIZE, INK if recent else (200, 200, 196))
            surf.blit(t, (body.x + px(2), y))
            self._shown.append((pygame.Rect(body.x, y, body.w, line_h).clip(body), entry))
            y += line_h
        surf.set_clip(old)
        if self.scroll:
            t = TEXT.get(f"▼ {self.scroll} newer lines", 14, INK_DIM)
            surf.blit(t, t.get_rect(bottomright=(self.rect.right - px(8),
                                                 self.rect.bottom - px(2))))
        detail = self.detail_at(mouse) if mouse is not None else ()
        if detail:  # beside the log, not over it: the line hovered stays readable
            text_box(surf, " ".join(detail), 15, INK, "midright",
                     (self.rect.x - px(6), mouse[1] if mouse else self.rect.centery),
                     edge=PANEL_EDGE)
