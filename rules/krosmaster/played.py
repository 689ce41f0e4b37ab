"""What a Krosmaster player plays, for the balance simulation: a figure that moves or casts in
its Activation, and each spell cast (figures are keyed by card name, as the catalog is)."""

from __future__ import annotations

from rules.core.model import Intent
from rules.core.played import Played
from rules.krosmaster.intents import Cast, Move
from rules.krosmaster.state import KState


def played_cards(state: KState, intent: Intent) -> tuple[Played, ...]:
    if not isinstance(intent, Move | Cast) or not 0 <= intent.figure < len(state.figures):
        return ()
    card = state.card(state.figures[intent.figure])
    figure = Played("figure", card.name, card.name)
    if not isinstance(intent, Cast) or not 0 <= intent.spell < len(card.spells):
        return (figure,)
    spell = card.spells[intent.spell].name
    return figure, Played("spell", f"{card.name}/{spell}", f"{spell} ({card.name})")
