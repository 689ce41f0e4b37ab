"""The intervals the arena and the balance simulation report: Wilson for a share, and a
deck-and-seat stratified difference of two shares (Mantel-Haenszel weights, Agresti-Caffo
adjusted) for a card played against not played."""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import NamedTuple


def z_for(confidence: float) -> float:
    """The two-sided normal quantile of ``confidence`` (0.95 -> 1.96)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share of ``k`` in ``n`` (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Difference(NamedTuple):
    raw: float  # the weighted difference of the shares as counted
    adjusted: float  # the Agresti-Caffo adjusted one: the interval's centre
    lo: float
    hi: float


def stratified_difference(strata: list[tuple[int, int, int, int]],
                          z: float = 1.96) -> Difference | None:
    """The difference of two shares ``k1/n1 - k2/n2`` over strata ``(k1, n1, k2, n2)`` (e.g.
    one per deck and seat) and its interval; None when no stratum has both sides.

    Each stratum's difference is weighted by ``n1 * n2 / (n1 + n2)`` (Mantel-Haenszel's
    weights); the interval is the normal one around the Agresti-Caffo adjusted difference (one
    win and one loss added to each side), which stays honest at 0 % and 100 %, where the plain
    normal approximation collapses to zero width, and pulls small samples toward zero."""
    total = raw = centre = var = 0.0
    for k1, n1, k2, n2 in strata:
        if n1 == 0 or n2 == 0:
            continue
        w = n1 * n2 / (n1 + n2)
        a1, a2 = (k1 + 1) / (n1 + 2), (k2 + 1) / (n2 + 2)
        total += w
        raw += w * (k1 / n1 - k2 / n2)
        centre += w * (a1 - a2)
        var += w * w * (a1 * (1 - a1) / (n1 + 2) + a2 * (1 - a2) / (n2 + 2))
    if total == 0.0:
        return None
    half = z * math.sqrt(var) / total
    centre /= total
    return Difference(raw / total, centre, max(-1.0, centre - half), min(1.0, centre + half))
