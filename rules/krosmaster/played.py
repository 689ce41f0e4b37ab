"""What a Krosmaster player plays, for the balance simulation: a figure that moves or casts in
its Activation, and each spell cast (figures are keyed by card name, as the catalog is)."""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from rules.core.model import Intent
from rules.core.played import Played
from rules.krosmaster.intents import Cast, Move
from rules.krosmaster.state import KState


def played_cards(state: KState, intent: Intent) -> tuple[Played, ...]:
    # The simulation asks after every intent: the kind is told by type alone (a pydantic
    # model's isinstance costs more), and the answer for a card (and spell) is made once.
    kind = type(intent)
    if kind is not Move and kind is not Cast:
        return ()
    fid = cast("Move | Cast", intent).figure
    if not 0 <= fid < len(state.figures):
        return ()
    card = state.card(state.figures[fid])
    spell = cast(Cast, intent).spell if kind is Cast else -1
    if not 0 <= spell < len(card.spells):
        return _played(card.name, None)
    return _played(card.name, card.spells[spell].name)


@lru_cache(maxsize=1024)
def _played(card: str, spell: str | None) -> tuple[Played, ...]:
    figure = Played("figure", card, card)
    if spell is None:
        return (figure,)
    return figure, Played("spell", f"{card}/{spell}", f"{spell} ({card})")
