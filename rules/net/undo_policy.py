"""Undo in a network game: stricter than at one table (``rules.records.undo``).

A seat may take back its own last intent freely when nothing since it was random, revealed
anything or was decided by another seat. Anything further back (over the other seat's
intents, still never over a draw, a shuffle or a reveal) needs the other seat's consent.
"""

from __future__ import annotations

from rules.records.model import Record
from rules.records.replay import Replayed
from rules.records.undo import undo_point


def is_free(replayed: Replayed, seat: int) -> bool:
    """Whether ``seat`` may take back the last intent without asking anyone."""
    if not replayed.intents:
        return False
    last = len(replayed.intents) - 1
    if replayed.actors[last] != seat:
        return False
    return not any(e.random or e.reveals for e in replayed.events[last])


def asked_point(record: Record, replayed: Replayed, seat: int) -> int | None:
    """Where an undo ``seat`` asks for would go back to (its latest decision this side of
    the information barrier), None when there is nothing it may take back."""
    k = undo_point(record, seat, False, replayed)
    return None if k >= len(record.intents) else k
