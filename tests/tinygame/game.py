"""Tiny Cards' declaration: what the registry, the menu and the client know about it.
Registered at run time (``registered``) by the tests and tools that play it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="tinycards",
    title="Tiny Cards",
    ruleset="tests.tinygame.rules:TinyRules",
    table="tests.tinygame.table:TinyTable",
    players=2,
    hidden_information=True,  # hands and decks: hot seat hands over between players
)


@contextmanager
def registered(info: GameInfo = GAME) -> Iterator[None]:
    """Tiny Cards is a game the rules and the client know while inside (``info`` may name
    another table for it)."""
    from rules import registry

    registry.register(info, replace=True)
    try:
        yield
    finally:
        registry.unregister(info.name)
