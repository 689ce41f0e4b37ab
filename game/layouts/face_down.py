"""Face-down cards on a region table: the rules keep which cards in play were put face down by
hand (``rules.core.card_states.face_down``). The other player's view has no face for such a card,
so it is drawn as the back already; its owner's view has the face, which gets the mark."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from game.draw.card_states import CardLook
from game.layouts.region_spec import Content
from rules.core.card_states import face_down


def marked(held: dict[Hashable, Content], view: Any) -> dict[Hashable, Content]:
    """``held`` with every face-down card's look marked (``held`` itself if there is none)."""
    down = frozenset(face_down(view))
    if not down:
        return held

    def look(c: CardLook) -> CardLook:
        under = tuple(look(u) for u in c.under)
        mark = c.id in down and c.face is not None
        if not mark and under == c.under:
            return c
        return replace(c, face_down=mark or c.face_down, under=under)

    def slot(c: CardLook | None) -> CardLook | None:
        return None if c is None else look(c)

    return {k: replace(v, cards=tuple(map(look, v.cards)), slots=tuple(map(slot, v.slots)),
                       tabs=tuple(tuple(map(look, t)) for t in v.tabs))
            for k, v in held.items()}
