"""Seeded, counter-based randomness that lives inside the game state.

A state holds only ``Rng(seed, counter)``: two ints, cheap to copy and to dump, and the same seed
with the same sequence of draws always gives the same numbers on every platform.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """A plain frozen value (pydantic validates it where a state is loaded)."""

    seed: int = 0
    counter: int = 0

    def _raw(self) -> int:
        return _splitmix64((self.seed * 0x2545F4914F6CDD1D + self.counter) & _MASK)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform int in [0, n) and the advanced generator."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # Rejection keeps the draw uniform; it almost never loops.
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        rng = self
        while True:
            raw = rng._raw()
            rng = Rng(rng.seed, rng.counter + 1)
            if raw < limit:
                return raw % n, rng

    def die(self, sides: int = 6) -> tuple[int, Rng]:
        """A die roll, 1..sides."""
        v, rng = self.below(sides)
        return v + 1, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        i, rng = self.below(len(items))
        return items[i], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher-Yates over a copy."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
