"""Nullshapers' ``determinize``: the opponent's hand and energy and both decks dealt from each
player's deck list minus the cards seen, with a fresh generator (search samples draws)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core.hidden import dealer
from rules.nullshapers.cards import HIDDEN
from rules.nullshapers.state import State


def _groups(first: State) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {}
    for p, side in enumerate(first.sides):
        out.update({i: p for i in (*side.deck, *side.hand, *side.energy)})
    return out


determinize = dealer(_groups, HIDDEN)
