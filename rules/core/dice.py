"""Dice with named faces (Krosmaster's Critical/Armour/…), rolled from the state's Rng."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypeVar

from rules.core.rng import Rng

T = TypeVar("T")


def roll_faces(rng: Rng, faces: Sequence[T], n: int) -> tuple[tuple[T, ...], Rng]:
    """Roll ``n`` dice whose sides are ``faces``: the faces shown and the advanced Rng."""
    out: list[T] = []
    for _ in range(n):
        face, rng = rng.choice(faces)
        out.append(face)
    return tuple(out), rng


def count_faces(rolled: Sequence[T], wanted: T, wild: Collection[T] = ()) -> int:
    """How many dice show ``wanted``, counting wild faces as ``wanted`` too."""
    return sum(1 for f in rolled if f == wanted or f in wild)
