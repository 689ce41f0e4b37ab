"""The game's history as the log showed it while it was played, rebuilt from the record: every
intent ever applied (undone ones too) with its events, each undo and redo, each hot reload,
in the order they happened."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.model import Event
from rules.records.model import Mark, Record, Reload
from rules.records.replay import Replayed


@dataclass(frozen=True)
class Played:
    lines: tuple[str, ...]  # its events' texts


@dataclass(frozen=True)
class Reloaded:
    events: tuple[Event, ...]


Step = Played | Mark | Reloaded


def _segments(record: Record, replayed: Replayed) -> list[list[tuple[str, ...]]]:
    """The intents applied before the first mark, between each two marks and after the last.

    Going back from the record's intents: before a mark the intents were a prefix of those
    after it (only appends come between marks); an undo had its ``undone`` on top, a redo
    had not yet put back its ``count``."""
    cur: list[tuple[str, ...]] = [tuple(e.text for e in evs) for evs in replayed.events]
    later: list[list[tuple[str, ...]]] = []
    for m in reversed(record.marks):
        at = min(m.at, len(cur))
        later.append(cur[at:])
        cur = cur[:at]
        if m.kind == "undo":
            undone = list(m.undone[:m.count])
            # Records before format 3 kept no lines: the count still holds.
            cur += undone + [()] * (m.count - len(undone))
        else:
            cur = cur[:max(0, at - m.count)]
    later.append(cur)
    later.reverse()
    return later


def history(record: Record, replayed: Replayed) -> list[Step]:
    """``record`` (already replayed as ``replayed``) as the steps its log showed."""
    reloads = list(enumerate(record.reloads, 1))
    out: list[Step] = []
    applied = marks = length = 0

    def due(r: Reload) -> bool:
        if r.applied is not None and r.marks is not None:
            return (r.applied, r.marks) == (applied, marks)
        return r.at == length  # earlier records: where the intents reached its point

    def reloads_due() -> None:
        while reloads and due(reloads[0][1]):
            n, _ = reloads.pop(0)
            out.append(Reloaded(tuple(replayed.by_reload.get(n, []))))

    reloads_due()
    for j, segment in enumerate(_segments(record, replayed)):
        for lines in segment:
            out.append(Played(lines))
            applied, length = applied + 1, length + 1
            reloads_due()
        if j < len(record.marks):
            mark = record.marks[j]
            out.append(mark)
            marks, length = marks + 1, mark.at
            reloads_due()
    out.extend(Reloaded(tuple(replayed.by_reload.get(n, []))) for n, _ in reloads)
    return out
