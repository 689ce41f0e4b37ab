"""Krosmaster Arena's declaration: what the registry, the menu and the client know about it."""

from __future__ import annotations

from pydantic import Field

from rules.core.gameinfo import GameInfo, GameOptions


class KrosmasterOptions(GameOptions):
    """``teams`` is the game's own word for ``decks`` (either may be given); ``map`` is a
    file name in the pack's maps/ folder. ``first`` is not used: Initiative decides."""

    teams: list[str] | None = None
    map: str = Field("arena", pattern=r"^[A-Za-z0-9_-]+$",
                     description="The map: a file name in the pack's maps/ folder, without "
                                 ".toml")

    def chosen_decks(self) -> list[str] | None:
        return self.teams or self.decks


GAME = GameInfo(
    name="krosmaster",
    pass_kinds=("end_inspiration", "end_activation"),  # declines to act (GameInfo)
    search_iterations=15,
    title="Krosmaster Arena",
    ruleset="rules.krosmaster.ruleset:KrosmasterRules",
    pack_format="rules.krosmaster.pack:FORMAT",
    table="game.layouts.krosmaster.table:KrosmasterTable",
    options=KrosmasterOptions,
    dice=True,
    deck_word="Team",
    decks_by_name=False,  # the teams file lists the intended pairing first,
    # the spec's rule ids (shared/games/krosmaster.md), named for refusals (GameInfo.cite)
    rule_names={
        "R-01": "the game turn", "R-02": "Roll for Tension", "R-03": "the reroll",
        "R-04": "a Tension double", "R-05": "the first turn's Tension",
        "R-06": "placing Tension dice", "R-07": "two dice at most", "R-08": "placed dice stay",
        "R-09": "Refund", "R-10": "the Timeline", "R-11": "the end of the turn"},
)
