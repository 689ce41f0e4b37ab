"""Nullshapers' declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="nullshapers",
    search_iterations=22,
    title="Nullshapers",
    ruleset="rules.nullshapers.ruleset:NullshapersRules",
    pack_format="rules.nullshapers.pack:FORMAT",
    table="game.layouts.nullshapers:NullshapersTable",
    players=2,
    hidden_information=True,  # hands, decks and face-down energy
    dice=False,
    card_size_mm=(63.0, 88.0),
    deck_word="Deck",
)
