"""BOS's ``determinize``: the opponent's castle, spellbook, wizards and face-down boss dealt
from that deck's own lists (castle cards stay castle cards...) minus the cards seen. BOS has
no chance of its own: nothing else to sample."""


from __future__ import annotations

from collections.abc import Hashable

from rules.bos.cards import HIDDEN
from rules.bos.state import State
from rules.core.hidden import dealer


def _groups(first: State) -> dict[int, Hashable]:
    out: dict[int, Hashable] = {}
    for p, side in enumerate(first.sides):
        out[side.boss] = (p, "boss")
        out.update({i: (p, "wizards") for i in side.wizards})
        out.update({i: (p, "castle") for i in side.castle})
        out.update({i: (p, "spellbook") for i in side.spellbook})
    return out


determinize = dealer(_groups, HIDDEN)
