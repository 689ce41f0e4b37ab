"""The one cache of card faces every table uses: a card's ``FaceSpec`` by its id, made from
the game's own pack face function (as the deck screen and the print make it) and made again
whenever the card's data changes. A hot reload puts new card objects into the view; a table
that kept a face until the card's name changed showed the old numbers and text."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from game.draw.cards import FaceSpec, spec_of
from rules.core.packs import Face


class FaceSpecs:
    """Faces by card id; ``face`` is the game's pack face function, ``folder`` where the
    art is looked up (the pack the game plays from)."""

    def __init__(self, face: Callable[[Any], Face], folder: Callable[[], Path]) -> None:
        self.face = face
        self.folder = folder
        self._by_id: dict[Hashable, tuple[Any, FaceSpec]] = {}

    def get(self, key: Hashable, card: Any) -> FaceSpec:
        """``card``'s face: the one made before while the card's data is the same (the same
        object, or an equal one), else a new one."""
        got = self._by_id.get(key)
        if got is None or (got[0] is not card and got[0] != card):
            got = self._by_id[key] = (card, spec_of(self.face(card), self.folder()))
        return got[1]

    def clear(self) -> None:
        self._by_id.clear()
