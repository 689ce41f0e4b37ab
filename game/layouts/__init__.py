"""One table layout per game, chosen by game name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.draw.cards import CardFaces
from game.layouts.base import TableLayout


def _kyoukai(faces: CardFaces | None) -> TableLayout:
    from game.layouts.kyoukai import KyoukaiTable

    return KyoukaiTable(faces)


def _kyoukai_decks() -> list[str]:
    from game.layouts.kyoukai import deck_names

    return deck_names()


def _krosmaster(faces: CardFaces | None) -> TableLayout:
    from game.layouts.krosmaster import KrosmasterTable

    return KrosmasterTable(faces)


def _krosmaster_teams() -> list[str]:
    from game.layouts.krosmaster import team_names

    return team_names()


TABLES: dict[str, tuple[Callable[[CardFaces | None], TableLayout], Callable[[], list[str]]]] = {
    "kyoukai": (_kyoukai, _kyoukai_decks),
    "krosmaster": (_krosmaster, _krosmaster_teams),
}


def playable() -> list[str]:
    """Games the client has a table layout for."""
    return sorted(TABLES)


def table_for(game: str, faces: CardFaces | None = None, pack: Path | None = None
              ) -> TableLayout:
    """The game's table; ``pack`` is the folder its cards (and their art) come from."""
    try:
        make = TABLES[game][0]
    except KeyError:
        raise KeyError(f"no table layout for {game!r}; the client knows "
                       f"{', '.join(playable())}") from None
    layout = make(faces)
    layout.pack = pack
    return layout


def decks_for(game: str) -> list[str]:
    return TABLES[game][1]()
