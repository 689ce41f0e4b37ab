"""Game records: save, autosave, undo, redo and replay, all by replaying intents.

    rec = new_record("kyoukai", seed=1)
    rec = append(rec, intent)
    state, events = replay(rec)
    save_atomic(path, rec)                   # a record file, written whole
    live = Session.new("kyoukai", 1, autosave=path)  # journal: a line per change
    rec = load_record(path)                  # either; RecordError with a clear message
    rec = undo(rec, player)                  # stops at dice, draws, reveals
"""

from rules.records.model import Mark, Record, RecordError, append, new_record, state_sha256
from rules.records.reloads import cut
from rules.records.replay import Replayed, as_played, card_changes, replay, replay_full
from rules.records.session import Session
from rules.records.store import (
    backup_path,
    from_text,
    load_autosave,
    load_record,
    save_atomic,
    to_text,
)
from rules.records.undo import is_barrier, redo, undo, undo_point

__all__ = [
    "Mark", "Record", "RecordError", "Replayed", "Session", "append", "as_played", "backup_path",
    "card_changes", "cut", "from_text", "is_barrier", "load_autosave", "load_record",
    "new_record", "redo", "replay", "replay_full", "save_atomic", "state_sha256", "to_text",
    "undo", "undo_point",
]
