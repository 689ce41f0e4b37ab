"""Loading a dump made before Sequence items kept their own copy of what they do: each Skill
and opening on the open Sequence gets the copy from the state's own cards, as its declaration
would have made it then."""

from __future__ import annotations

from rules.core.errors import DataError
from rules.kyoukai.lookup import declared
from rules.kyoukai.state import Item, State


def with_declared(state: State) -> State:
    """``state`` with every Skill or opening item that lacks ``does`` given it (in place);
    DataError naming the item when its card no longer has that Skill."""
    seq = state.seq
    if seq is None:
        return state
    for k, item in enumerate(seq.stack):
        if item.does is None and item.kind in ("skill", "open"):
            seq.stack[k] = _filled(state, item, k)
    return state


def _filled(state: State, item: Item, k: int) -> Item:
    where = f"state:1: seq.stack.{k}"
    cid = state.cards.get(item.source)
    card = state.catalog.get(cid) if cid is not None else None
    if card is None:
        raise DataError([f"{where}: the item's card {item.source} is not in the state"])
    if item.kind == "open":
        does = declared(card)
    elif 0 <= item.skill < len(card.skills):
        does = declared(card.skills[item.skill])
    else:
        raise DataError([f"{where}: {card.name} has no Skill number {item.skill} to "
                         "resolve (a save from before items kept their own copy)"])
    return Item(item.kind, item.player, item.source, item.skill, item.zone, item.target,
                    does)
