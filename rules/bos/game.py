"""BOS's declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="bos",
    pass_kinds=("end_summoning", "end_turn", "take_it"),  # declines to act (GameInfo)
    search_iterations=24,
    # Hard's rollouts go to the game's end: 6 x Normal's search cut two turns on is no
    # stronger than Normal (BOS's evaluate barely tells who will win), whole games are (README
    # "Computer opponent").
    hard_knobs="horizon=0:depth=100",
    title="BOS",
    ruleset="rules.bos.ruleset:BosRules",
    pack_format="rules.bos.pack:FORMAT",
    table="game.layouts.bos:BosTable",
    players=2,
    hidden_information=True,  # castle, spellbook, wizards and a face-down boss
    dice=False,
    card_size_mm=(63.0, 88.0),
    deck_word="Deck",
    decks_by_name=False,  # Ember Court against Tide Circle, as decks.toml lists them
)
