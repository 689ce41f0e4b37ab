"""Dice with named faces (Krosmaster's Critical/Armour/…), rolled from the state's Rng."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypeVar

from rules.core.rng import Rng, below

T = TypeVar("T")


def roll_faces(rng: Rng, faces: Sequence[T], n: int) -> tuple[tuple[T, ...], Rng]:
    """Roll ``n`` dice whose sides are ``faces``: the faces shown and the advanced Rng (as
    ``n`` draws of ``rng.choice(faces)``, with one new Rng at the end)."""
    if n <= 0:
        return (), rng
    seed, counter = rng.seed, rng.counter
    k = len(faces)
    out: list[T] = []
    for _ in range(n):
        i, counter = below(seed, counter, k)
        out.append(faces[i])
    return tuple(out), Rng(seed=seed, counter=counter)


def count_faces(rolled: Sequence[T], wanted: T, wild: Collection[T] = ()) -> int:
    """How many dice show ``wanted``, counting wild faces as ``wanted`` too."""
    return sum(1 for f in rolled if f == wanted or f in wild)
