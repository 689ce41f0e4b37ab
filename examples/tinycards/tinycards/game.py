"""Tiny Cards' declaration: everything Playtable's menu, client and tools need to know of it.
The entry point ``tinycards = "tinycards.game:GAME"`` (pyproject.toml) names this object."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from rules.core.gameinfo import GameInfo, GameOptions

HERE = Path(__file__).resolve().parent


class TinyOptions(GameOptions):
    """The game's own option (the menu shows a row for it; ``--option life=12``)."""

    life: int = Field(8, ge=3, le=20, description="Each player's life at the start")


GAME = GameInfo(
    name="tinycards",  # records, pack.toml's game, --game
    title="Tiny Cards",  # the menu, How to play, the log
    ruleset="tinycards.rules:TinyRules",
    pack_format="tinycards.pack:FORMAT",
    pack=HERE / "pack",  # the pack it plays from unless another is chosen
    table="tinycards.table:TinyTable",
    options=TinyOptions,
    howto=HERE / "howto.txt",
    shared_deck=True,  # both players draw from one deck: the menu offers one
    hidden_information=True,  # hands: hot seat hands over between players
)
