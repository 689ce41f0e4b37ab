"""Nullshapers' declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="nullshapers",
    pass_kinds=("pass", "done"),  # declines to act (GameInfo)
    search_iterations=22,
    # Hard's rollouts look 4 turns on (16 choices) instead of 2: a Battle's worth shows in the
    # turns after it, and 6 x Normal's search at 2 turns was no stronger than Normal (README
    # "Computer opponent").
    hard_knobs="horizon=4:depth=16",
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
