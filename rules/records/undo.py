"""Undo and redo by replaying the record, with the information barrier.

An intent is a barrier for a player when one of its events was random (a roll, shuffle or
draw) or revealed hidden information to that player: taking it back would let them choose
again knowing what came out. Designer mode lifts the barrier for playtesting.
"""

from __future__ import annotations

from rules.core.model import Event
from rules.records.model import Mark, Record, RecordError
from rules.records.reloads import clamp
from rules.records.replay import Replayed, replay_full


def is_barrier(events: list[Event], player: int) -> bool:
    return any(e.random or player in e.reveals for e in events)


def barrier(record: Record, player: int, replayed: Replayed | None = None) -> Event | None:
    """The event that keeps ``player`` from taking back anything (a draw, a shuffle or what
    it revealed to them), None when an undo is blocked by nothing of the kind."""
    r = replayed if replayed is not None else replay_full(record)
    if undo_point(record, player, False, r) < len(record.intents):
        return None
    # Nothing to take back: the latest barrier, if any, is what stopped the walk back.
    return next((e for evs in reversed(r.events) for e in evs if e.random or player in e.reveals),
                None)


def undo_point(record: Record, player: int, designer_mode: bool = False,
               replayed: Replayed | None = None) -> int:
    """The intent count to go back to so that ``player`` decides again at their latest
    decision that can be taken back; ``len(record.intents)`` when there is none.

    Walks back over the intents (the other player's too, as in a game against the computer)
    and stops before a barrier unless ``designer_mode``. Pass ``replayed`` (the record already
    replayed) to skip the replay."""
    r = replayed if replayed is not None else replay_full(record)
    n = len(record.intents)
    for i in range(n - 1, -1, -1):
        if not designer_mode and is_barrier(r.events[i], player):
            break
        if r.actors[i] == player:
            return i
    return n


def undo(record: Record, player: int, designer_mode: bool = False,
         replayed: Replayed | None = None) -> Record:
    """The record taken back to ``undo_point``; the undone intents become the next redo.
    Hot reloads after that point move to it: an undo does not take back a card edit."""
    r = replayed if replayed is not None else replay_full(record)
    k = undo_point(record, player, designer_mode, r)
    n = len(record.intents)
    if k == n:
        return record
    lines = tuple(tuple(e.text for e in r.events[i]) for i in range(k, n))
    return take_back(record, Mark(kind="undo", at=k, count=n - k, player=player,
                                  designer=designer_mode, undone=lines))


def take_back(record: Record, mark: Mark) -> Record:
    """The record after the undo ``mark`` says happened: intents from ``mark.at`` on become
    the next redo (the journal replays undos by their marks with this)."""
    if mark.kind != "undo" or not 0 <= mark.at < len(record.intents) or \
            mark.at + mark.count != len(record.intents):
        raise RecordError(f"an undo to intent {mark.at} of {mark.count} does not fit a record "
                          f"of {len(record.intents)} intents")
    k = mark.at
    return clamp(record.model_copy(update={"intents": record.intents[:k],
                                           "redo": (record.intents[k:],) + record.redo,
                                           "marks": record.marks + (mark,)}))


def redo(record: Record) -> Record:
    """The record with the last undone group of intents put back (unchanged if none)."""
    if not record.redo:
        return record
    group, rest = record.redo[0], record.redo[1:]
    intents = record.intents + group
    mark = Mark(kind="redo", at=len(intents), count=len(group))
    return record.model_copy(update={"intents": intents, "redo": rest,
                                     "marks": record.marks + (mark,)})


def merge_marks(record: Record, since: int) -> Record:
    """The undo (or redo) marks from number ``since`` on made one: several steps taken back or
    put back as one action of the player, shown as one line of the log."""
    group = record.marks[since:]
    if len(group) < 2:
        return record
    undone = tuple(lines for m in reversed(group) for lines in m.undone)
    merged = group[-1].model_copy(update={"count": sum(m.count for m in group),
                                          "undone": undone})
    return record.model_copy(update={"marks": record.marks[:since] + (merged,)})
