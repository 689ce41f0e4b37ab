"""BOS's declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from rules.core.gameinfo import GameInfo

GAME = GameInfo(
    name="bos",
    pass_kinds=("end_summoning", "end_turn", "take_it"),  # declines to act (GameInfo)
    search_iterations=24,
    # Hard's rollouts go to the game's end: 6 x Normal's search cut two turns on is no
    # stronger than Normal (BOS's evaluate barely tells who will win), whole games are (docs/
    # computer-opponent.md).
    hard_knobs="horizon=0:depth=100",
    title="BOS",
    ruleset="rules.bos.ruleset:BosRules",
    pack_format="rules.bos.pack:FORMAT",
    table="game.layouts.bos:BosTable",
    hidden_information=True,  # castle, spellbook, wizards and a face-down boss
    decks_by_name=False,  # Ember Court against Tide Circle, as decks.toml lists them,
    # the spec's rule ids (shared/games/bos.md), named for refusals (GameInfo.cite)
    rule_names={
        "B-01": "casting a spell", "B-02": "spell conditions", "B-03": "enchant spells",
        "B-04": "acting", "B-05": "attacking summons", "B-06": "battle", "B-07": "defeat",
        "B-08": "player attacks", "B-09": "blocking", "B-10": "unblocked attacks",
        "B-11": "before the first turn", "B-12": "attacking yourself",
        "B-13": "turning a boss face up", "B-14": "summon and boss abilities",
        "B-15": "a boss blocking", "B-16": "a boss attacking a player"},
)
