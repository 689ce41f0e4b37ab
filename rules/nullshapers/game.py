"""Nullshapers' declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="nullshapers",
    pass_kinds=("pass", "done"),  # declines to act (GameInfo)
    search_iterations=22,
    # Hard's rollouts look 4 turns on (16 choices) instead of 2: a Battle's worth shows in the
    # turns after it, and 6 x Normal's search at 2 turns was no stronger than Normal (docs/
    # computer-opponent.md).
    hard_knobs="horizon=4:depth=16",
    title="Nullshapers",
    ruleset="rules.nullshapers.ruleset:NullshapersRules",
    pack_format="rules.nullshapers.pack:FORMAT",
    table="game.layouts.nullshapers:NullshapersTable",
    hidden_information=True,  # hands, decks and face-down energy
    # the spec's rule ids (shared/games/nullshapers.md), named for refusals (GameInfo.cite)
    rule_names={
        "N-01": "the Start phase", "N-02": "primary phases", "N-03": "once per turn",
        "N-04": "Advance", "N-05": "Attack", "N-06": "Defend", "N-07": "damage order",
        "N-08": "battle damage", "N-09": "termination", "N-10": "losing a biome",
        "N-11": "retreat", "N-12": "the End phase"},
)
