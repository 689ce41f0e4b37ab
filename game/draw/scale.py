"""The one UI scale source: every size drawn on the table goes through ``px`` (or is derived
from a size that did), and text is rendered at scaled point sizes (``game.draw.text``), so a
window at UI scale 2.0 is the same picture as one at 1.0, twice as sharp, never a blown-up
bitmap."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

MIN_SCALE = 1.0
MAX_SCALE = 2.0

_scale = 1.0
DESIGN_SIZE = (1280, 720)  # the window every screen is laid out for at UI scale 1.0


def scale() -> float:
    return _scale


def set_scale(factor: float) -> float:
    """Set the UI scale (clamped to 0.5..3; the settings screen offers 1.0..2.0); returns it."""
    global _scale
    _scale = max(0.5, min(3.0, float(factor)))
    return _scale


def fitting_scale(chosen: float, size: tuple[int, int]) -> float:
    """The UI scale in force in a window of ``size``: the chosen one, or less when the window
    cannot hold the screens at it (every screen needs ``DESIGN_SIZE`` design pixels), but
    never below 1.0 (small windows look as they always did)."""
    room = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return max(min(chosen, MIN_SCALE), min(chosen, math.floor(room * 100) / 100))


def needed_size(factor: float) -> tuple[int, int]:
    """The smallest window that holds every screen at UI scale ``factor``."""
    return (math.ceil(DESIGN_SIZE[0] * factor - 1e-9), math.ceil(DESIGN_SIZE[1] * factor - 1e-9))


@contextmanager
def at_scale(factor: float) -> Iterator[None]:
    """Draw at ``factor`` for a while (a dialog that keeps its own size while the UI scale
    under it changes), then back to the scale in force."""
    global _scale
    old, _scale = _scale, factor
    try:
        yield
    finally:
        _scale = old


def px(n: float) -> int:
    """``n`` design pixels (at scale 1.0) in screen pixels now."""
    return int(round(n * _scale))


def pxs(w: float, h: float) -> tuple[int, int]:
    return px(w), px(h)


_speed = 1.0


def set_anim_speed(speed: float) -> None:
    """Animation speed from the settings: 2.0 plays every animation in half the time."""
    global _speed
    _speed = max(0.1, min(10.0, float(speed)))


def anim_ms(ms: float) -> float:
    """How long an animation designed to take ``ms`` milliseconds takes now."""
    return ms / _speed
