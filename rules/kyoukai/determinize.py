"""Kyoukai's ``determinize``: the opponent's hand and both decks dealt from each player's
Gates (deck list minus the Gates seen), with a fresh generator (search samples draws)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core.hidden import dealer
from rules.kyoukai.cards import HIDDEN
from rules.kyoukai.state import State


def _groups(first: State) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {}
    for p, pl in enumerate(first.players):
        out[pl.entrant] = (p, "entrant")
        out.update({i: (p, "spirits") for i in pl.spirits})
        out.update({i: (p, "gates") for i in (*pl.deck, *pl.hand)})
    return out


determinize = dealer(_groups, HIDDEN)
