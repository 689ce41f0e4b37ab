"""Issue 33 item 1: an item waiting on a stack, a queue or a paused resolution resolves as it
was declared, whatever a hot reload does to its card meanwhile. Helpers shared by each game's
test of it and by ``tools/fuzz_reload.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.model import Event, Intent
from rules.records.model import catalog_cards

Finish = Callable[[Any], Intent | None]  # the intent that moves the resolution on, None: done


def key_of(state: Any, card: Any) -> str:
    """The key a hot reload names ``card`` by (as the record keeps it)."""
    return next(k for k, c in catalog_cards(state).items() if c is card)


def reload(rs: Any, state: Any, card: Any, **update: Any) -> Any:
    """``state`` after a hot reload that changes ``card``'s fields ``update`` (asserted to
    change something)."""
    new, events = rs.replace_cards(state, {key_of(state, card): card.model_copy(update=update)})
    assert events, f"the reload changed nothing of {card.name}"
    return new


def restore(rs: Any, state: Any, was: Any) -> Any:
    """``state`` with every card whose data differs from ``was``'s given ``was``'s again (a
    second reload), so two games that differ only by a reload can be compared by dump."""
    old = catalog_cards(was)
    new, _ = rs.replace_cards(state, old)
    return new


def finish(rs: Any, state: Any, next_intent: Finish, limit: int = 50) -> tuple[Any, list[Event]]:
    """Apply ``next_intent``'s intents (loud, and quiet alongside: both must agree) until it
    says the resolution is done; the state and every event."""
    events: list[Event] = []
    quiet = state
    for _ in range(limit):
        intent = next_intent(state)
        if intent is None:
            assert rs.dump(quiet) == rs.dump(state)
            return state, events
        out = rs.apply(state, intent)
        state, events = out.state, events + out.events
        quiet = rs.apply(quiet, intent, quiet=True).state
    raise AssertionError(f"the resolution did not end in {limit} intents")


def first_of(rs: Any, state: Any, kind: str) -> Intent:
    """The first legal intent of ``kind`` (a Pass, a Done …), asserted to be there."""
    found = [i for i in rs.legal_intents(state) if i.kind == kind]
    assert found, f"no legal {kind} intent now"
    return found[0]
