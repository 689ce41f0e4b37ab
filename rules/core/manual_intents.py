"""The manual step's values: the open step (``ManualStep``, in a State's ``manual`` field) and
the manual intents, a small fixed set every game with a ``ManualTable`` accepts
(``rules.core.manual`` checks and applies them)."""

from __future__ import annotations

from typing import Any, Literal

from rules.core.model import Frozen, Intent
from rules.core.rng import Rng


class Resume(Frozen):
    """One part of a paused resolution to carry out after "Done": an operation the game names
    (``ManualTable.resumes``) and its arguments. Data, not a closure, so a State with an open
    step stays JSON and a record replays. Strings carry the effects still to come as the card
    said when it was played (names, texts), so they resolve as declared after a hot reload."""

    op: str
    args: tuple[int | str, ...] = ()


class ManualStep(Frozen):
    """One open manual step: who carries it out, the card's name and text, its dice, and what
    of the resolution that opened it is left to do after Done (``then``, in order)."""

    player: int
    title: str
    text: str
    card: int = -1  # the card whose effect it is (-1: a freeform step)
    rng: Rng = Rng()
    roll: int = 0  # the last roll, 0 before any
    freeform: bool = False  # opened by the designer switch, not by a card
    then: tuple[Resume, ...] = ()


# ---- the manual intents -------------------------------------------------------------------
class ManualMove(Intent):
    """Put ``card`` into ``owner``'s ``zone``: a pile (top, or bottom), the board (``at`` the
    position), under another card (``zone`` "under", ``at`` the host) or a fixed zone (``at``
    the position in it). ``face_down``: onto the board or under a card face down, so the
    other player never sees it (the log does not name it)."""

    kind: Literal["manual_move"] = "manual_move"
    card: int
    owner: int
    zone: str
    at: int = -1
    bottom: bool = False
    face_down: bool = False


class ManualCounter(Intent):
    """Set a counter: a player's (``owner``) or a card's on the board (``card``)."""

    kind: Literal["manual_counter"] = "manual_counter"
    counter: str
    value: int
    owner: int = -1
    card: int = -1


class ManualFlag(Intent):
    """Set a card state: the game's own (ready, acted…) or "face_down" (a card on the board
    or under one; ``rules.core.manual``)."""

    kind: Literal["manual_flag"] = "manual_flag"
    card: int
    flag: str
    value: bool


class ManualShuffle(Intent):
    kind: Literal["manual_shuffle"] = "manual_shuffle"
    owner: int


class ManualRoll(Intent):
    kind: Literal["manual_roll"] = "manual_roll"
    sides: int = 6


class ManualDone(Intent):
    kind: Literal["manual_done"] = "manual_done"


class Freeform(Intent):
    """The designer switch: open a freeform manual step for ``player`` (games started with
    the ``designer`` option only)."""

    kind: Literal["freeform"] = "freeform"
    player: int


MANUAL_TYPES: tuple[type[Intent], ...] = (ManualMove, ManualCounter, ManualFlag, ManualShuffle,
                                         ManualRoll, ManualDone, Freeform)
MANUAL_KINDS = frozenset(t.kind_name() for t in MANUAL_TYPES)
DIE_SIDES = (4, 6, 8, 10, 12, 20)


def source(intent: Any) -> int | None:
    """The card a manual intent acts on (what ``legal_intents(state, card)`` lists)."""
    card = getattr(intent, "card", -1)
    return card if isinstance(card, int) and card >= 0 else None
