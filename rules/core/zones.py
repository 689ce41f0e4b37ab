"""Card zones as tuples of instance ids: pure helpers that return new tuples."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def without(zone: tuple[T, ...], item: T) -> tuple[T, ...]:
    """The zone with the first occurrence of ``item`` removed (ValueError if absent)."""
    i = zone.index(item)
    return zone[:i] + zone[i + 1 :]


def draw(zone: tuple[T, ...], n: int = 1) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """Take up to ``n`` items from the top (the front): (taken, rest)."""
    return zone[:n], zone[n:]
