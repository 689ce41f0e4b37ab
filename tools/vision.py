"""Colours as people with a colour-vision deficiency see them, through coloraide (a test and
tools dependency, never the game's): the five the marks test checks, CIEDE2000 distances,
and whole pictures simulated for tools/marks_shots.py.

Pictures go through one 3×3 matrix per deficiency, in linear sRGB: coloraide's own Machado
simulation of the three primaries (Machado's model is linear), so a picture of a hundred
thousand colours costs one matrix product, not a hundred thousand filters. Single colours (the
test's samples) go through coloraide's default method for each.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from coloraide import Color

RGB = tuple[int, int, int]
# (name, coloraide filter, severity): the five the issue names
DEFICIENCIES: tuple[tuple[str, str, float], ...] = (
    ("protanopia", "protan", 1.0), ("deuteranopia", "deutan", 1.0),
    ("tritanopia", "tritan", 1.0), ("protanomaly 60 %", "protan", 0.6),
    ("deuteranomaly 60 %", "deutan", 0.6))


def _color(c: RGB) -> Color:
    return Color("srgb", [v / 255 for v in c])


@cache
def seen(c: RGB, filt: str | None, amount: float = 1.0) -> Color:
    """``c`` as seen with deficiency ``filt`` (None: normal vision) at ``amount``."""
    col = _color(c)
    return col if filt is None else col.filter(filt, amount, out_space="srgb").clip()


def delta_e(a: RGB, b: RGB, filt: str | None = None, amount: float = 1.0) -> float:
    """CIEDE2000 distance of ``a`` and ``b`` as seen with ``filt``."""
    return float(seen(a, filt, amount).delta_e(seen(b, filt, amount), method="2000"))


def worst_delta_e(a: RGB, b: RGB) -> tuple[float, str]:
    """The smallest distance of ``a`` and ``b`` over normal vision and the five, and where."""
    out = [(delta_e(a, b), "normal vision")]
    out += [(delta_e(a, b, f, k), name) for name, f, k in DEFICIENCIES]
    return min(out)


@cache
def _matrix(filt: str, amount: float) -> np.ndarray:
    cols = []
    for basis in ((1.0, 0, 0), (0, 1.0, 0), (0, 0, 1.0)):
        c = Color("srgb-linear", list(basis)).filter(filt, amount, method="machado",
                                                     out_space="srgb-linear")
        cols.append(c.coords())
    return np.array(cols, dtype=np.float64).T


def _to_linear(a: np.ndarray) -> np.ndarray:
    s = a / 255.0
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4)


def _to_srgb(a: np.ndarray) -> np.ndarray:
    a = np.clip(a, 0.0, 1.0)
    s = np.where(a <= 0.0031308, a * 12.92, 1.055 * a ** (1 / 2.4) - 0.055)
    return np.round(s * 255).astype(np.uint8)


def simulate(pixels: np.ndarray, filt: str, amount: float = 1.0) -> np.ndarray:
    """An (…, 3) uint8 picture as seen with ``filt`` at ``amount`` (``grey``: luminance)."""
    lin = _to_linear(pixels.astype(np.float64))
    if filt == "grey":
        y = lin @ np.array([0.2126, 0.7152, 0.0722])
        out = np.repeat(y[..., None], 3, axis=-1)
    else:
        out = lin @ _matrix(filt, amount).T
    return _to_srgb(out)
