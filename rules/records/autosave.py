"""Writing the autosave journal (``rules.records.journal``): one line per change of the record,
so saving a move costs the same at move 100 and move 10,000.

A change is saved when its line is written and fsynced. The whole record is written (a new
base, atomically, keeping the previous file as ``.bak``) only when the autosave starts or is
taken over, after a write failed (the journal on disk may then lack a change or end in part of
one), and at a compaction: when the journal's lines outgrow the base (and ``compact_at``), so
the file stays within twice the record and a compaction's cost is spread over as many moves
as the record is long.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rules.records.journal import change_line, marker_line
from rules.records.model import Record
from rules.records.store import to_text, write_atomic

COMPACT_AT = 256 * 1024  # bytes of journal lines before a compaction is even considered


def append_line(path: Path, line: bytes) -> None:
    """``line`` at the end of ``path``, on disk when this returns (the file must exist)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "wb") as f:
        f.write(line)
        f.flush()
        os.fsync(f.fileno())


class Autosave:
    def __init__(self, path: str | os.PathLike[str], compact_at: int = COMPACT_AT) -> None:
        self.path = Path(path)
        self.compact_at = compact_at
        self.base = 0  # bytes of the base record on disk
        self.tail = 0  # bytes of journal lines after it
        self.whole = True  # the next save writes the whole record (nothing of ours on disk yet)
        self.compactions = 0

    def rewrite(self, record: Record) -> None:
        """The whole record as a new base with an empty journal (OSError if it cannot be)."""
        self.whole = True
        text = to_text(record)
        write_atomic(self.path, (text + marker_line(text)).encode("utf-8"), backup=True)
        self.base, self.tail, self.whole = len(text), 0, False

    def add(self, record: Record, change: dict[str, Any]) -> None:
        """Save ``change``, which made ``record`` (OSError if it cannot be saved)."""
        if self.whole or self.tail > max(self.compact_at, self.base):
            if not self.whole:
                self.compactions += 1
            self.rewrite(record)
            return
        line = change_line(change)
        try:
            append_line(self.path, line)
        except OSError:
            # The file may now end in part of this line: only a whole record mends that.
            self.rewrite(record)
            return
        self.tail += len(line)
