"""Hot reload of card data into a running game: what changed, in words for the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from rules.core.model import Event


def _short(v: Any) -> str:
    text = repr(v) if not isinstance(v, str) else f'"{v}"'
    return text if len(text) <= 40 else text[:37] + "…"


def describe_change(name: str, old: BaseModel, new: BaseModel) -> str | None:
    """``Card changed: Wandering Lion: attack 3 → 4; text changed`` or None if equal."""
    if old == new:
        return None
    a, b = old.model_dump(), new.model_dump()
    parts = []
    for key in a.keys() | b.keys():
        va, vb = a.get(key), b.get(key)
        if va == vb:
            continue
        if isinstance(va, int | float | str | None) and isinstance(vb, int | float | str | None) \
                and key not in ("text", "flavour"):
            parts.append(f"{key} {_short(va)} → {_short(vb)}")
        else:
            parts.append(f"{key} changed")
    return f"Card changed: {name}: {'; '.join(sorted(parts))}"


def replace_in_catalog(catalog: Mapping[Any, Any], cards: Mapping[str, Any],
                       kind: type[BaseModel], key: Callable[[Any, Any], str] | None = None,
                       ) -> tuple[dict[Any, Any] | None, list[Event]]:
    """The catalog with every card whose new definition (``cards[key]``, an instance of
    ``kind``) differs from the old one replaced, and one ``card_changed`` event each; ``None``
    when nothing changed, so the state can stay the same object. ``key(id, card)`` is the name
    ``cards`` uses for a catalog entry: its catalog id unless the game says otherwise."""
    found = key or (lambda cid, _card: cid)
    new_catalog = dict(catalog)
    events: list[Event] = []
    for cid, old in catalog.items():
        name = found(cid, old)
        new = cards.get(name)
        if isinstance(new, kind) and (msg := describe_change(old.name, old, new)):
            new_catalog[cid] = new
            events.append(Event(kind="card_changed", text=msg, data={"card": name}))
    return (new_catalog if events else None), events
