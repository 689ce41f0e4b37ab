"""The autosave's journal format: a record file followed by the changes made since it was
written, one checksummed line each.

    { "playtable": "record", ... }        the base: a record file's text, as ``to_text`` writes it
    #journal 1 3f2a9c01                    the marker, with the CRC-32 of the base
    5d41402a {"intent":{...}}              then one line per change of the record:
    0cc175b9 {"undo":{"kind":"undo",...}}    an intent, an undo (its mark), a redo (its mark),
    92eb5ffe {"merge":3}                     undo/redo marks merged from number 3 on,
    e4da3b7f {"reload":{"at":12,...}}        a hot reload with its card data,
    1679091c {"batch":[{"undo":…},{"undo":…},{"merge":3}]}   several changes saved as one

Each change line is the CRC-32 (8 hex digits) of its JSON, a space, the JSON, a newline. The
writer appends a line and fsyncs it before the change counts as saved, so a crash can only
leave the last line torn: a last line that is cut off or fails its checksum is ignored (it was
never reported saved). A damaged line with good lines after it is not a crash but damage, and
is named. The base is only ever replaced whole, atomically (``write_atomic``): at a save, a
compaction, or when a game is opened. A record file without the marker is a record file as
before (every autosave of earlier versions).
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from pydantic import ValidationError

from rules.core.limits import Refused, check_json
from rules.records.model import Mark, Record, RecordError, Reload, append
from rules.records.reloads import add_reload
from rules.records.undo import merge_marks, redo, take_back

MARKER = "#journal 1 "


def crc(data: bytes) -> str:
    return f"{zlib.crc32(data):08x}"


def marker_line(base: str) -> str:
    return f"{MARKER}{crc(base.encode('utf-8'))}\n"


def change_line(change: dict[str, Any]) -> bytes:
    """One change as a journal line (``{"intent": data}``, ``{"undo": mark}``, …)."""
    # ASCII only: a line cut short inside a character would make the whole file bad UTF-8.
    data = json.dumps(change, separators=(",", ":")).encode("ascii")
    return crc(data).encode() + b" " + data + b"\n"


def split_journal(text: str) -> tuple[str, str | None]:
    """The base record's text and the journal after it (None: a plain record file). A JSON
    string holds no raw newline, so the marker at the start of a line cannot be inside it."""
    if text.startswith(MARKER):
        return "", text
    at = text.find("\n" + MARKER)
    if at < 0:
        return text, None
    return text[:at + 1], text[at + 1:]


def apply_change(record: Record, change: Any, nested: bool = False) -> Record:
    """``record`` after one journal change (RecordError if it is not one that fits)."""
    if not isinstance(change, dict) or len(change) != 1:
        raise RecordError("not a change (one key: intent, undo, redo, merge, reload or batch)")
    ((kind, value),) = change.items()
    if kind == "batch" and not nested:
        if not isinstance(value, list) or not value:
            raise RecordError("batch: not a list of changes")
        for part in value:
            record = apply_change(record, part, nested=True)
        return record
    try:
        if kind == "intent":
            if not isinstance(value, dict):
                raise RecordError("intent: not an object")
            return append(record, value)
        if kind == "undo":
            return take_back(record, Mark.model_validate(value))
        if kind == "redo":
            mark = Mark.model_validate(value)
            after = redo(record)
            if after is record or after.marks[-1] != mark:
                raise RecordError(f"redo: does not fit the record ({len(record.redo)} to redo)")
            return after
        if kind == "merge":
            if not isinstance(value, int) or isinstance(value, bool) or \
                    not 0 <= value <= len(record.marks):
                raise RecordError(f"merge: {value!r} is not a mark number")
            return merge_marks(record, value)
        if kind == "reload":
            return add_reload(record, Reload.model_validate(value))
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(map(str, err["loc"]))
        raise RecordError(f"{kind}: {where + ': ' if where else ''}{err['msg']}") from None
    raise RecordError(f"unknown change {kind!r}")


def replay_journal(record: Record, base: str, tail: str, where: str,
                   lenient: bool = False) -> tuple[Record, str | None]:
    """``record`` (read from the text ``base``) with the journal ``tail`` applied. With
    ``lenient`` a damaged line in the middle ends the journal there and the second value
    says so; without, it is a RecordError."""
    first_line = base.count("\n")
    lines = tail.split("\n")
    # The base is only ever replaced whole: a marker that does not match it is damage.
    if len(lines) < 2 or lines[0] + "\n" != marker_line(base):
        raise RecordError(f"{where}:{first_line + 1}: the journal marker is damaged or does "
                          "not match the record before it")
    lines = lines[1:]
    lines.pop()  # after the last newline: "" or a torn line, never reported saved
    for n, line in enumerate(lines):
        no = first_line + 2 + n
        try:
            record = apply_change(record, _decode(line))
        except RecordError as e:
            if n == len(lines) - 1 and isinstance(e, _Torn):
                break  # the last line written when the writer was killed
            problem = f"{where}:{no}: damaged journal line ({e.message})"
            if not lenient:
                raise RecordError(problem) from None
            return record, f"{problem}; continuing from the {n} changes before it"
    return record, None


class _Torn(RecordError):
    """A line whose checksum fails: a write cut short if it is the last one."""


def _decode(line: str) -> Any:
    sum_, _, data = line.partition(" ")
    if len(sum_) != 8 or crc(data.encode("utf-8")) != sum_:
        raise _Torn("checksum does not match")
    try:
        check_json(data)
        return json.loads(data)
    except Refused as e:
        raise RecordError(e.problem) from None
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON ({e.msg})") from None
