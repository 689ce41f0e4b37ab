"""Hot reload of card data into a running game: what changed, in words for the log."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def _short(v: Any) -> str:
    text = repr(v) if not isinstance(v, str) else f'"{v}"'
    return text if len(text) <= 40 else text[:37] + "…"


def describe_change(name: str, old: BaseModel, new: BaseModel) -> str | None:
    """``card changed: Wandering Lion: attack 3 → 4; text changed`` or None if equal."""
    if old == new:
        return None
    a, b = old.model_dump(), new.model_dump()
    parts = []
    for key in a.keys() | b.keys():
        if a.get(key) == b.get(key):
            continue
        va, vb = a.get(key), b.get(key)
        if isinstance(va, int | float | str | None) and isinstance(vb, int | float | str | None) \
                and key not in ("text", "flavour"):
            parts.append(f"{key} {_short(va)} → {_short(vb)}")
        else:
            parts.append(f"{key} changed")
    return f"card changed: {name}: {'; '.join(sorted(parts))}"
