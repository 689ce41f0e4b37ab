"""The table of each registered game that has one: its GameInfo's ``table`` ("module:Class",
a ``TableLayout`` taking the card-face cache)."""

from __future__ import annotations

from pathlib import Path

from game.draw.cards import CardFaces
from game.layouts.base import TableLayout
from rules import registry
from rules.core.gameinfo import import_string
from rules.core.newgame import deck_order, shipped_pack
from rules.core.packs import cached_pack


def playable() -> list[str]:
    """Games the client has a table layout for, by name."""
    return sorted(i.name for i in registry.infos() if i.table)


def title_of(game: str) -> str:
    """A game's name for people: its GameInfo's ``title`` ("BOS", "Krosmaster Arena"); the id
    itself for a game no longer registered (a record of a removed plug-in)."""
    try:
        return registry.info(game).title
    except KeyError:
        return game


def table_for(game: str, faces: CardFaces | None = None, pack: Path | None = None
              ) -> TableLayout:
    """The game's table; ``pack`` is the folder its cards (and their art) come from."""
    if game not in playable():
        raise KeyError(f"no table layout for {game!r}; the client knows "
                       f"{', '.join(playable())}")
    ref = registry.info(game).table
    assert ref is not None
    layout: TableLayout = import_string(ref)(faces)
    layout.pack = pack
    return layout


def decks_for(game: str) -> list[str]:
    """The deck names of the game's own pack, in the order ``new_game`` picks defaults from."""
    info = registry.info(game)
    fmt = registry.get(game).pack_format()
    return deck_order(info, cached_pack(fmt, shipped_pack(info)).decks) if fmt is not None \
        else []
