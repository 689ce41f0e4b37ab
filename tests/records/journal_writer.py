"""A writer of autosave journals for the kill -9 tests: a Kyoukai game of random changes
(intents, undos and their merged marks, redos, hot reloads), the same for the same seed.

    python -m tests.records.journal_writer OUT SEED COMPACT_AT

prints ``ack N`` once change N is saved (0: the new game's first save). ``changes`` is the
same sequence in the test's own process, without the disk.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from rules.records import Record, Session
from rules.records.reloads import catalog_cards

GAME = "kyoukai"
CHANGES = 400


def changes(session: Session, seed: int) -> Iterator[Record]:
    """Make up to CHANGES random changes to ``session``, yielding its record after each."""
    r = random.Random(seed)
    for _ in range(CHANGES):
        p = session.rs.to_act(session.state)
        if p is None:
            return
        x = r.random()
        if x < 0.08 and session.can_undo(p, designer_mode=True):
            # The client's undo: steps, then their marks merged, saved as one change.
            since = len(session.record.marks)
            with session.one_change():
                session.undo(p, designer_mode=True)
                if session.can_undo(p, designer_mode=True) and r.random() < 0.5:
                    session.undo(p, designer_mode=True)
                session.merge_marks(since)
        elif x < 0.14 and session.can_redo():
            session.redo()
        elif x < 0.18:
            cards = catalog_cards(session.state)
            key = r.choice(sorted(cards))
            session.reload_cards({key: cards[key].model_copy(update={"cost": r.randint(0, 9)})})
        else:
            session.apply(r.choice(session.rs.legal_intents(session.state)))
        yield session.record


def records(seed: int) -> list[Record]:
    """The record after each change (0: the new game), as the writer makes them."""
    s = Session.new(GAME, seed)
    return [s.record, *changes(s, seed)]


def write(out: Path, seed: int, compact_at: int, ack: Callable[[int], None]) -> None:
    s = Session.new(GAME, seed, autosave=out)
    assert s.journal is not None
    s.journal.compact_at = compact_at  # small, so kills land in compactions too
    ack(0)
    for n, _ in enumerate(changes(s, seed), 1):
        ack(n)


if __name__ == "__main__":
    write(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]),
          lambda n: print(f"ack {n}", flush=True))
