"""Reading and writing record files: readable JSON, written atomically.

A save is a temp file in the same folder, flushed and fsynced, then ``os.replace``d over the
target, so a crash at any moment leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules.core.limits import MAX_FILE_BYTES, MAX_JSON_LINE, Refused, check_json, read_limited
from rules.records.journal import replay_journal, split_journal
from rules.records.model import READS_FORMATS, RECORD_FORMAT, Record, RecordError, format_of
from rules.records.replay import parse_intents
from rules.records.temps import temp_path

MAGIC = '"playtable": "record"'  # first key of every record file; tells ours from others
MAX_RECORD_BYTES = MAX_FILE_BYTES  # 5 MB: a long game is well under 100 KB
# An autosave journal is compacted once its changes outgrow its record (``autosave.py``).
MAX_JOURNAL_BYTES = 2 * MAX_RECORD_BYTES + 2 * MAX_JSON_LINE


def to_text(record: Record) -> str:
    """One top-level key per line and one intent per line: diffable, readable, compact."""
    doc = record.model_dump(mode="json")
    doc["format"] = format_of(record)
    if not record.agents:
        del doc["agents"]
    if not record.reloads:
        del doc["reloads"]  # a record earlier versions can read, byte for byte as they wrote it
    if not record.start_cards and record.start_sha256 is None:
        del doc["start_cards"], doc["start_sha256"]
    # Empty format 3 fields are left out, for the same reason.
    for mark in doc["marks"]:
        if not mark["undone"]:
            del mark["undone"]
    for reload in doc.get("reloads", []):
        for key in ("applied", "marks"):
            if reload[key] is None:
                del reload[key]
    lines = [f" {MAGIC}"]
    for key, value in doc.items():
        if isinstance(value, list) and value and key not in ("players", "agents"):
            inner = ",\n".join("  " + json.dumps(v, separators=(",", ":")) for v in value)
            lines.append(f" {json.dumps(key)}: [\n{inner}\n ]")
        elif isinstance(value, dict) and value and key in ("cards", "start_cards"):
            inner = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            lines.append(f" {json.dumps(key)}: {{\n{inner}\n }}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def from_text(text: str, where: str = "record") -> Record:
    """Parse and check a record file's text; RecordError names the problem. An autosave
    journal (``rules.records.journal``) gives the record its changes add up to; one with a
    damaged line in its middle is refused, naming the line (``read_text`` can take the part
    before it)."""
    return read_text(text, where)[0]


def read_text(text: str, where: str = "record", lenient: bool = False
              ) -> tuple[Record, str | None]:
    """``from_text``; with ``lenient``, a journal damaged in the middle gives the record its
    changes before the damage, and the second value says so."""
    base, tail = split_journal(text)
    record = _from_record_text(base, where)
    if tail is None:
        return record, None
    record, note = replay_journal(record, base, tail, where, lenient)
    return check_record(record, where), note


def _from_record_text(text: str, where: str) -> Record:
    if not text.strip():
        raise RecordError(f"{where}: the file is empty (truncated?)")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"{where}: {len(text)} characters is over the "
                          f"{MAX_RECORD_BYTES // (1024 * 1024)} MB limit for records")
    try:
        check_json(text)
    except Refused as e:
        raise RecordError(f"{where}:{e.line}: {e.problem}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        body = text.strip()
        # Our files always end with the closing brace: a JSON start without it was cut off.
        if body.startswith("{") and not body.endswith("}"):
            raise RecordError(f"{where}: the file is truncated (it ends at line {e.lineno} "
                              f"in the middle of the data)") from None
        raise RecordError(f"{where}: not a JSON file (line {e.lineno}, column {e.colno}: "
                          f"{e.msg})") from None
    if not isinstance(doc, dict) or doc.get("playtable") != "record":
        raise RecordError(f"{where}: not a Playtable game record")
    fmt = doc.get("format")
    if fmt not in READS_FORMATS or isinstance(fmt, bool):
        newer = "; the file comes from a newer Playtable" if isinstance(fmt, int) \
            and fmt > RECORD_FORMAT else ""
        raise RecordError(f"{where}: unknown record format version {fmt!r} (this version reads "
                          f"{' and '.join(map(str, READS_FORMATS))}{newer})")
    doc.pop("playtable")
    doc.pop("format")  # the format of the file, not of the record: to_text picks it again
    try:
        record = Record.model_validate(doc)
    except ValidationError as e:
        raise RecordError(f"{where}: " + "; ".join(_field_error(x) for x in e.errors())) from None
    return check_record(record, where)


def check_record(record: Record, where: str) -> Record:
    """A record's intents parse and its reloads stand in order (RecordError otherwise)."""
    try:
        parse_intents(record)  # unknown game and bad intent data are found at load time
    except RecordError as e:
        raise RecordError(f"{where}: {e.message}", e.intent) from None
    last = 0
    for n, r in enumerate(record.reloads, 1):
        if not last <= r.at <= len(record.intents):
            raise RecordError(f"{where}: reload {n}: at intent {r.at}, out of order or after "
                              f"the last intent ({len(record.intents)})")
        last = r.at
    return record


def _field_error(err: Any) -> str:
    loc = list(err["loc"])
    if len(loc) >= 2 and loc[0] == "intents" and isinstance(loc[1], int):
        return f"intent {loc[1] + 1}: bad intent data: {err['msg']}"
    return f"{'.'.join(map(str, loc)) or 'record'}: {err['msg']}"


def load_record(path: str | os.PathLike[str]) -> Record:
    """A record file, or an autosave journal, checked (RecordError naming the file and the
    problem). Records over MAX_RECORD_BYTES are refused unread, and journals over
    MAX_JOURNAL_BYTES: a record that large is no real game."""
    return read_record(path)[0]


def read_record(path: str | os.PathLike[str], lenient: bool = False
                ) -> tuple[Record, str | None]:
    """``load_record``; with ``lenient`` a journal damaged in the middle gives the changes
    before the damage, and the second value says so (see ``read_text``)."""
    p = Path(path)
    try:
        # The player chose this file: a link to it is fine wherever it leads.
        raw = read_limited(p, MAX_JOURNAL_BYTES, inside=p.resolve().parent)
    except FileNotFoundError:
        raise RecordError(f"{p}: no such file") from None
    except Refused as e:
        raise RecordError(f"{p}: {e.problem.replace('limit', 'limit for records')}") from None
    except OSError as e:
        raise RecordError(f"{p}: cannot read it ({e.strerror or e})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{p}: not a JSON file (not UTF-8 text)") from None
    return read_text(text, str(p), lenient)


def backup_path(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    return p.with_name(p.name + ".bak")


def load_autosave(path: str | os.PathLike[str]) -> tuple[Record, str | None]:
    """The autosave, or its ``.bak`` if the autosave itself is unreadable (then the second
    value says why, for the player). A journal damaged in the middle gives the changes before
    the damage, with a note: they are newer than the ``.bak``."""
    try:
        return read_record(path, lenient=True)
    except RecordError as first:
        bak = backup_path(path)
        if not bak.exists():
            raise
        try:
            return load_record(bak), f"{first.message}; using the previous copy {bak.name}"
        except RecordError:
            raise first from None


def _is_ours(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(64).startswith(("{\n " + MAGIC).encode())
    except OSError:
        return False


def save_atomic(path: str | os.PathLike[str], record: Record, backup: bool = False) -> None:
    """Write ``record`` to ``path`` atomically. With ``backup`` (autosaves), the file it
    replaces is kept as ``<name>.bak``, but only over a ``.bak`` that is one of our records:
    a file the caller did not name is never overwritten."""
    write_atomic(path, to_text(record).encode("utf-8"), backup)


def write_atomic(path: str | os.PathLike[str], data: bytes, backup: bool = False) -> None:
    """``data`` to ``path`` atomically (see ``save_atomic``)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)  # e.g. the first autosave in a fresh profile
    # Created with the usual permissions, as the file it replaces would be.
    tmp = temp_path(p)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if backup and p.exists():
            _keep_backup(p)
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(p.parent)


def _keep_backup(p: Path) -> None:
    bak = backup_path(p)
    if bak.exists() and not _is_ours(bak):
        return
    # A hard link makes the backup without a moment where ``p`` is missing.
    link = temp_path(bak)
    try:
        os.link(p, link)
    except OSError:  # filesystems without hard links: copy instead
        link.write_bytes(p.read_bytes())
    os.replace(link, bak)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; other systems do not open folders)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
