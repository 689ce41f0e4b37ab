"""Fonts and a cache of rendered text: text is rendered once per (text, size, colour).

Sizes are design points at UI scale 1.0; fonts are loaded at ``size * scale()`` pixels, so
text is rendered sharp at any UI scale (never a scaled bitmap). Sizes derived from pixels that
are already scaled (a card face's width) go through ``unscaled`` first."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

from game.draw import glyphs
from game.draw.palette import Color, text_ink, version
from game.draw.scale import scale

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
# Floors of the table's text (design sizes, as ``TEXT.get`` takes them), so it reads at
# 1280x720: body text (the log, panels), labels, and the least any text may be.
BODY, LABEL, SMALLEST = 18, 15, 13


def reset_fonts() -> None:
    """Forget loaded fonts (they die with ``pygame.quit``); rendered text stays valid."""
    _fonts.clear()
    glyphs.reset()


def unscaled(pixels: float) -> float:
    """A font size for text ``pixels`` high on screen whatever the UI scale."""
    return pixels / scale()


DEFAULT_FONT = Path(pygame.__file__).parent / pygame.font.get_default_font()
# pygame opens its default font at this fraction of the size asked (``Font(None, size)``)
DEFAULT_FONT_RATIO = 0.6875


def oversampling(points: int) -> int:
    """How many times larger than ``points`` the table's text is rendered before it is
    scaled down. Hinting snaps each glyph of pygame's sans to whole pixels, and its bold to a
    whole number of pixels wider, which at the table's sizes left gaps inside words ("At
    tack", "agent s", "AT K"): a letter's step off its design by up to 2.5 px. Drawn four
    times as large and scaled down by exactly four, each letter stands within half a pixel
    of its designed place, small print included (measured, tests/game/test_text_spacing.py;
    twice was still a pixel off). Large text needs less."""
    return 4 if points < 32 else 2 if points < 64 else 1


class TableFont(pygame.font.Font):
    """pygame's sans at ``points``, drawn (``render_text``) and measured (``size``) through
    a copy ``oversampling`` times larger, so what is wrapped and fitted is what is drawn."""

    def __init__(self, points: int, bold: bool) -> None:
        super().__init__(str(DEFAULT_FONT), points)
        self.bold = bold
        self.times = oversampling(points)
        self.large = pygame.font.Font(str(DEFAULT_FONT), points * self.times)
        self.large.bold = bold

    def _plain(self, text: str) -> bool:
        """Drawn as hinted: large text, and numbers (fixed-width digits keep their spacing,
        and the crisp strokes keep HP and costs easy to read)."""
        return self.times == 1 or not any(ch.isalpha() for ch in text)

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        if self._plain(text):
            return super().size(text)
        return -(-self.large.size(text)[0] // self.times), self.get_height()

    def render_text(self, text: str, colour: Color) -> pygame.Surface:
        if self._plain(text):
            return self.render(text, True, colour)
        big = self.large.render(text, True, colour)
        n = self.times
        w, h = max(1, -(-big.get_width() // n)), max(1, -(-big.get_height() // n))
        # padded to whole multiples of n, so the scaling is exactly 1/n: scaled to the
        # rounded-up size instead, a line was stretched by up to a pixel, unevenly
        exact = pygame.Surface((w * n, h * n), pygame.SRCALPHA)
        exact.fill((*colour[:3], 0))
        exact.blit(big, (0, 0))
        return pygame.transform.smoothscale(exact, (w, h))


def font(size: float, bold: bool = False) -> pygame.font.Font:
    key = (max(1, round(size * scale())), bold)
    f = _fonts.get(key)
    if f is None:
        f = TableFont(max(1, int(key[0] * DEFAULT_FONT_RATIO)), bold)
        _fonts[key] = f
    return f


class TextCache:
    """Rendered text surfaces, least recently used dropped past ``limit``."""

    def __init__(self, limit: int = 4000) -> None:
        self._cache: OrderedDict[tuple[str, float, Color, bool, float, int], pygame.Surface] \
            = OrderedDict()
        self.limit = limit
        self.renders = 0  # how many times text was actually rendered (tests/bench read it)
        self._texts: dict[int, str] = {}  # id of a cached surface -> its text (the recorder)
        self._looks: dict[int, tuple[float, Color]] = {}  # id -> its size and ink as drawn

    def get(self, text: str, size: float, colour: Color, bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold, scale(), version())
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = glyphs.render(font(size, bold), text, text_ink(colour))
        self.renders += 1
        self._cache[key] = surf
        self._texts[id(surf)] = text
        self._looks[id(surf)] = (size, text_ink(colour))
        if len(self._cache) > self.limit:
            gone = id(self._cache.popitem(last=False)[1])
            self._texts.pop(gone, None)
            self._looks.pop(gone, None)
        return surf

    def drawn(self) -> list[str]:
        """Every text in the cache (what was drawn lately)."""
        return [key[0] for key in self._cache]

    def text_of(self, surf: pygame.Surface) -> str | None:
        """The text a surface from this cache shows (None: not one of ours)."""
        return self._texts.get(id(surf))

    def look_of(self, surf: pygame.Surface) -> tuple[float, Color] | None:
        """The design size and the ink a surface from this cache was drawn in."""
        return self._looks.get(id(surf))


TEXT = TextCache()


def wrap(text: str, size: float, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels at font ``size``."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            cand = f"{line} {word}" if line else word
            if f.size(cand)[0] <= width or not line:
                line = cand
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


_CUT: OrderedDict[str, str] = OrderedDict()  # a shortened text -> the whole one (lately)


def fit(text: str, size: float, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    whole = text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    short = text.rstrip() + "…"
    _CUT[short] = whole
    _CUT.move_to_end(short)
    if len(_CUT) > 2000:
        _CUT.popitem(last=False)
    return short


def fit_smaller(text: str, size: float, width: int, bold: bool = False,
                smallest: float = 10) -> tuple[str, float]:
    """``text`` at the largest size from ``size`` down to ``smallest`` at which it fits
    ``width`` pixels; shortened (``fit``) at ``smallest`` only when it fits at none. A name
    reads whole in a smaller size rather than cut ("Sparrow Arc…")."""
    at = size
    while at > smallest and font(at, bold).size(text)[0] > width:
        at -= 1
    return fit(text, at, width, bold), at


def cut_from(text: str) -> str | None:
    """The whole text ``fit`` shortened to ``text`` lately; None when it cut nothing (the
    layout tests find the texts drawn cut)."""
    return _CUT.get(text)


class TextRecorder(pygame.Surface):
    """A surface to draw a screen on that notes where each cached text lands, as the box of
    its ink in screen pixels (the layout tests check that no two overlap). A layer the size of
    the whole window (a dialog's dimming, the background) covers what was drawn before it, and
    so does an opaque picture (no per-pixel alpha) over the whole of a text: the texts under
    them are forgotten."""

    def __init__(self, size: tuple[int, int], flags: int = 0, grounds: bool = False) -> None:
        super().__init__(size, flags)
        self.texts: list[tuple[str, pygame.Rect]] = []
        # with ``grounds``: each text's size, ink and what lay under its strokes (the median
        # colour there before it was drawn), for the readability test
        self.grounds = grounds
        self.looks: list[tuple[str, pygame.Rect, float, Color, Color]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        look = TEXT.look_of(source) if self.grounds and area is None else None
        ground = self._ground(source, dest) if look is not None else None
        done = super().blit(source, dest, area, special_flags)
        if source.get_size() == self.get_size():
            self.texts.clear()
            self.looks.clear()
        text = TEXT.text_of(source)
        if text is None and area is None and not special_flags and self._opaque(source):
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            cover = pygame.Rect(at, source.get_size())
            self.texts = [(t, r) for t, r in self.texts if not cover.contains(r)]
            self.looks = [lk for lk in self.looks if not cover.contains(lk[1])]
        if text and text.strip() and area is None:
            ink = source.get_bounding_rect()
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            seen = ink.move(at).clip(self.get_clip())  # what a clip (a scrolled log) lets show
            if seen.w and seen.h:
                self.texts.append((text, seen))
                if look is not None and ground is not None:
                    self.looks.append((text, seen, look[0], look[1], ground))
        return done

    def _ground(self, source: pygame.Surface, dest: Any) -> Color | None:
        """The median colour under the strokes of ``source`` about to be drawn at ``dest``."""
        import numpy as np

        at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        box = pygame.Rect(at, source.get_size()).clip(self.get_rect())
        if not box.w or not box.h or not source.get_flags() & pygame.SRCALPHA:
            return None
        alpha = pygame.surfarray.array_alpha(source)[box.x - at[0]:box.right - at[0],
                                                     box.y - at[1]:box.bottom - at[1]]
        under = pygame.surfarray.array3d(self.subsurface(box))[alpha > 127]
        if not len(under):
            return None
        r, g, b = (int(v) for v in np.median(under, axis=0))
        return (r, g, b)

    @staticmethod
    def _opaque(source: pygame.Surface) -> bool:
        return not source.get_flags() & pygame.SRCALPHA and source.get_colorkey() is None \
            and source.get_alpha() is None
