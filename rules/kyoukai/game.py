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
    hidden_information=True,  # hands and decks
    # the spec's rule ids (shared/games/kyoukai.md), named for refusals (GameInfo.cite)
    rule_names={
        "K-01": "Turn Actions", "K-02": "what a Turn Action is", "K-03": "moving",
        "K-04": "attacking", "K-05": "highlights", "K-06": "Sequences",
        "K-07": "costs on declaration", "K-08": "Defense", "K-09": "1 Life",
        "K-10": "Entrant Life", "K-11": "Defense per Sequence", "K-12": "Fast Skills",
        "K-13": "Fast Gates", "K-14": "Passive Skills", "K-15": "opened as if Fast",
        "K-16": "text on discarding", "K-17": "Branches", "K-18": "special-location costs",
        "K-19": "Primal Instinct", "K-20": "attacking your own Gates"},
)
