"""Dice with named faces (Krosmaster's Critical/Armour/…), rolled from the state's Rng."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypeVar

from rules.core.rng import Rng, _draw

T = TypeVar("T")


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
