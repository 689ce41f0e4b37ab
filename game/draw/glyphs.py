"""Characters the fonts lack. The table's font (pygame's bold sans) and pygame-gui's Noto Sans
have no arrows ("→" came out as an empty box): the table draws such characters from a fallback
font that has them, and text for pygame-gui widgets swaps them for a look-alike Noto Sans has.

Characters no font draws (a NUL, zero-width and direction marks, a soft hyphen, a byte-order
mark, a lone surrogate) are left out before anything is rendered: pygame refuses a NUL
("A null character") and a run of nothing but zero-width characters ("Text has zero width").
``check`` refuses them in packs; text from elsewhere (a record, a log) may still hold them.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

import pygame

# a private-use code point: no font has it, so it renders as the font's "missing" box
_NOT_A_GLYPH = "\ue000"
# for pygame-gui's Noto Sans, which has no arrows
UI_SUBSTITUTES = {"→": "»", "←": "«"}


def _gui_data() -> Path:
    import pygame_gui

    return Path(pygame_gui.__file__).parent / "data"


def fallback_path() -> Path | None:
    """A font with arrows and symbols (shipped with pygame-gui); None if it is missing."""
    p = _gui_data() / "FiraCode-Regular.ttf"
    return p if p.is_file() else None


def ui_font_path() -> Path:
    """pygame-gui's own font, the one the widgets' text is in."""
    return _gui_data() / "NotoSans-Regular.ttf"


_UNDRAWN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# What pygame refuses to render: every string holding one, or made of them only.
_RENDER_ERRORS = (pygame.error, ValueError, UnicodeError)


def drawable(text: str) -> str:
    """``text`` without the characters no font draws (whitespace kept)."""
    if text.isprintable():
        return text
    return "".join(ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _UNDRAWN)


def _pixels(f: pygame.font.Font, text: str) -> bytes | None:
    """The picture of ``text`` in ``f``; None when pygame will not draw it at all."""
    try:
        return pygame.image.tobytes(f.render(text, True, (255, 255, 255), (0, 0, 0)), "RGB")
    except _RENDER_ERRORS:
        return None


@cache
def _box(path: str | None) -> bytes:
    """How the font at ``path`` draws a character it lacks. Only the picture is kept: a Font
    object would die with ``pygame.quit`` while the cache lived on."""
    return _pixels(pygame.font.Font(path, 24), _NOT_A_GLYPH) or b""


@cache
def has_glyph(path: str | None, ch: str) -> bool:
    """Whether the font at ``path`` (None: pygame's default) draws ``ch`` (not a box).
    A character no font draws (``drawable`` leaves it out) has none."""
    if ch.isspace() or ch == _NOT_A_GLYPH or not drawable(ch):
        return ch.isspace()
    pixels = _pixels(pygame.font.Font(path, 24), ch)
    return pixels is not None and pixels != _box(path)


def missing(text: str, path: str | None = None) -> set[str]:
    """The characters of ``text`` the font at ``path`` (None: the table's font) lacks."""
    return {ch for ch in set(text) if not has_glyph(path, ch)}


def ui_text(text: str) -> str:
    """``text`` for a pygame-gui widget: characters Noto Sans lacks swapped for look-alikes,
    those no font draws left out."""
    text = drawable(text)
    for ch, sub in UI_SUBSTITUTES.items():
        text = text.replace(ch, sub)
    return text


def runs(text: str) -> list[tuple[str, bool]]:
    """``text`` split into runs of (text, drawn from the fallback font)."""
    out: list[tuple[str, bool]] = []
    for ch in text:
        other = not has_glyph(None, ch)
        if out and out[-1][1] == other:
            out[-1] = (out[-1][0] + ch, other)
        else:
            out.append((ch, other))
    return out


_fallbacks: dict[tuple[int, bool], pygame.font.Font] = {}


def reset() -> None:
    """Forget loaded fallback fonts (they die with ``pygame.quit``)."""
    _fallbacks.clear()
    _box.cache_clear()


def _main(f: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` in the table's font: its own way of drawing (``TableFont.render_text``)."""
    own = getattr(f, "render_text", None)
    return own(text, colour) if own is not None else f.render(text, True, colour)


def render(main: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` in ``main``, its missing characters drawn from the fallback font at the same
    height, all on one baseline; never raises (what cannot be drawn is left out)."""
    text = drawable(text)
    path = fallback_path()
    parts = runs(text)
    if path is None or not any(other for _, other in parts):
        return _piece(main, text, colour) or _nothing(main)
    key = (main.point_size, main.bold)
    fb = _fallbacks.get(key)
    if fb is None:
        fb = _fallbacks[key] = pygame.font.Font(str(path), main.point_size)
        fb.bold = main.bold
    drawn = [(_piece(fb if other else main, t, colour), fb if other else main)
             for t, other in parts]
    pieces = [(s, f) for s, f in drawn if s is not None]
    if not pieces:
        return _nothing(main)
    ascent = max(f.get_ascent() for _, f in pieces)
    height = max(ascent + s.get_height() - f.get_ascent() for s, f in pieces)
    out = pygame.Surface((sum(s.get_width() for s, _ in pieces), height), pygame.SRCALPHA)
    x = 0
    for s, f in pieces:
        out.blit(s, (x, ascent - f.get_ascent()))
        x += s.get_width()
    return out


def _piece(f: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface | None:
    try:
        return _main(f, text, colour)
    except _RENDER_ERRORS:  # e.g. a run of combining marks only: it has no width
        return None


def _nothing(f: pygame.font.Font) -> pygame.Surface:
    """An empty line's worth: as wide as nothing, as high as the font."""
    return pygame.Surface((0, f.get_height()), pygame.SRCALPHA)
