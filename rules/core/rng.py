"""Seeded, counter-based randomness that lives inside the game state, and dice with named
faces (Krosmaster's Critical/Armour/…) rolled from it.

A state holds only ``Rng(seed, counter)``: two ints, cheap to copy and to dump, and the same seed
with the same sequence of draws always gives the same numbers on every platform.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _draw(seed: int, counter: int, n: int) -> tuple[int, int]:
    """A uniform int in [0, n) drawn at ``counter`` of generator ``seed``, and the counter
    after it. Rejection keeps the draw uniform; it almost never loops."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    base = seed * 0x2545F4914F6CDD1D
    while True:
        raw = _splitmix64((base + counter) & _MASK)
        counter += 1
        if raw < limit:
            return raw % n, counter


@dataclass(frozen=True, slots=True)
class Rng:
    """A plain frozen value (pydantic validates it where a state is loaded)."""

    seed: int = 0
    counter: int = 0

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform int in [0, n) and the advanced generator."""
        value, counter = _draw(self.seed, self.counter, n)
        return value, Rng(self.seed, counter)

    def die(self, sides: int = 6) -> tuple[int, Rng]:
        """A die roll, 1..sides."""
        v, rng = self.below(sides)
        return v + 1, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        i, rng = self.below(len(items))
        return items[i], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher-Yates over a copy (one generator made at the end, not one per draw)."""
        out = list(items)
        seed, counter = self.seed, self.counter
        for i in range(len(out) - 1, 0, -1):
            j, counter = _draw(seed, counter, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(seed, counter)


def roll_faces(rng: Rng, faces: Sequence[T], n: int) -> tuple[tuple[T, ...], Rng]:
    """Roll ``n`` dice whose sides are ``faces``: the faces shown and the advanced Rng (one
    made at the end, as ``Rng.shuffled`` does, not one per die)."""
    out: list[T] = []
    seed, counter, sides = rng.seed, rng.counter, len(faces)
    for _ in range(n):
        k, counter = _draw(seed, counter, sides)
        out.append(faces[k])
    return tuple(out), Rng(seed, counter)


def count_faces(rolled: Sequence[T], wanted: T, wild: Collection[T] = ()) -> int:
    """How many dice show ``wanted``, counting wild faces as ``wanted`` too."""
    return len([f for f in rolled if f == wanted or f in wild])
