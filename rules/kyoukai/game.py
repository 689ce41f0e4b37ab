"""Kyoukai's declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="kyoukai",
    pass_kinds=("pass", "end_action", "end_step"),  # declines to act (GameInfo)
    search_iterations=30,
    title="Kyoukai",
    ruleset="rules.kyoukai.ruleset:KyoukaiRules",
    pack_format="rules.kyoukai.pack:FORMAT",
    table="game.layouts.kyoukai:KyoukaiTable",
    players=2,
    hidden_information=True,  # hands and decks
    dice=False,
    card_size_mm=(63.0, 88.0),
    deck_word="Deck",
)
