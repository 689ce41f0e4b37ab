"""Card zones as tuples of instance ids: pure helpers that return new tuples."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def without(zone: tuple[T, ...], item: T) -> tuple[T, ...]:
    """The zone with the first occurrence of ``item`` removed (ValueError if absent)."""
    i = zone.index(item)
    return zone[:i] + zone[i + 1 :]

