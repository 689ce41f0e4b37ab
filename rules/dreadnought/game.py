"""Dreadnought's declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="dreadnought",
    pass_kinds=("pass",),  # declines to act (GameInfo)
    search_iterations=24,
    title="Dreadnought",
    ruleset="rules.dreadnought.ruleset:DreadnoughtRules",
    pack_format="rules.dreadnought.pack:FORMAT",
    table="game.layouts.dreadnought:DreadnoughtTable",
    hidden_information=True,  # hands, decks, HP cards, Closed cards, the first speed choice
    # the spec's rule ids (shared/games/dreadnought.md), named for refusals (GameInfo.cite)
    rule_names={
        "D-01": "the Speed phase", "D-02": "Gear Change", "D-03": "speed abilities",
        "D-04": "the second comparison", "D-05": "the Cast phase", "D-06": "casting a unit",
        "D-07": "dummies", "D-08": "discarding units", "D-09": "slot movement",
        "D-10": "the Fast phase", "D-11": "the Action phase", "D-12": "the used speed card"},
)
