"""Issue 33 item 14: the autosave is an append-only journal, one checksummed line per change,
and loading it gives exactly the record the old autosave (the whole record) held."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules.records.autosave as autosave_mod
from rules.records import (
    RecordError,
    Session,
    backup_path,
    load_autosave,
    load_record,
    new_record,
    save_atomic,
    to_text,
)
from rules.records.journal import MARKER, change_line, split_journal
from tests.records.journal_writer import changes


def _lines(path: Path) -> list[str]:
    """The journal's change lines (after the marker)."""
    tail = split_journal(path.read_text(encoding="utf-8"))[1]
    assert tail is not None and tail.startswith(MARKER)
    return tail.split("\n")[1:-1]


def test_loading_the_journal_gives_exactly_the_record_the_old_autosave_held(
        tmp_path: Path) -> None:
    """After every change (intents, undos, merged marks, redos, reloads) the journal loads to
    the record the old autosave wrote whole, byte for byte as ``to_text``; each change is one
    more line and the base is never rewritten."""
    path = tmp_path / "autosave.json"
    s = Session.new("kyoukai", 5, autosave=path)
    base = split_journal(path.read_text(encoding="utf-8"))[0]
    kinds: set[str] = set()
    lines = 0
    for record in changes(s, seed=5):
        loaded = load_record(path)
        assert loaded == record
        assert to_text(loaded) == to_text(record)
        now = _lines(path)
        for line in now[lines:]:
            change = json.loads(line.partition(" ")[2])
            kinds.update(change)
            kinds.update(k for part in change.get("batch", ()) for k in part)
        lines = len(now)
        assert split_journal(path.read_text(encoding="utf-8"))[0] == base
    assert kinds == {"intent", "undo", "redo", "merge", "reload", "batch"}
    assert Session.resume(path)[0].state == s.state


def test_an_old_autosave_still_loads_and_the_journal_goes_on_from_it(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    s = Session.new("kyoukai", 2)
    for _ in range(6):
        s.apply(s.rs.legal_intents(s.state)[0])
    save_atomic(path, s.record, backup=True)  # as earlier versions wrote every autosave
    again, note = Session.resume(path)
    assert note is None and again.record == s.record
    again.apply(again.rs.legal_intents(again.state)[0])  # the first save writes it whole
    again.apply(again.rs.legal_intents(again.state)[0])
    assert load_record(path) == again.record and len(_lines(path)) == 1
    assert load_record(backup_path(path)) == s.record  # the old file kept as the .bak


@pytest.fixture
def journal(tmp_path: Path) -> tuple[Path, Session]:
    path = tmp_path / "autosave.json"
    s = Session.new("kyoukai", 4, autosave=path)
    for _ in range(8):
        s.apply(s.rs.legal_intents(s.state)[-1])
    return path, s


def test_a_torn_last_line_is_ignored_at_every_cut(journal: tuple[Path, Session]) -> None:
    """Killed while writing the last line: whatever part of it reached the disk, the file
    loads to the record before that change."""
    path, s = journal
    data = path.read_bytes()
    last = data.rindex(b"\n", 0, len(data) - 1) + 1
    before = s.record.model_copy(update={"intents": s.record.intents[:-1]})
    for cut in range(last, len(data)):
        path.write_bytes(data[:cut])
        assert load_record(path) == before, cut


def test_a_last_line_failing_its_checksum_is_ignored(journal: tuple[Path, Session]) -> None:
    path, s = journal
    data = bytearray(path.read_bytes())
    data[-5] ^= 0x01  # a byte of the last intent's JSON
    path.write_bytes(bytes(data))
    assert load_record(path).intents == s.record.intents[:-1]


def test_a_damaged_middle_line_is_named_and_continue_keeps_the_changes_before_it(
        journal: tuple[Path, Session]) -> None:
    path, s = journal
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    no = next(i for i, line in enumerate(lines) if line.startswith(MARKER)) + 4  # 3rd change
    lines[no - 1] = lines[no - 1].replace('"kind"', '"kinb"')
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(RecordError, match=rf"autosave.json:{no}: damaged journal line "
                                          r"\(checksum does not match\)"):
        load_record(path)
    record, note = load_autosave(path)
    assert record.intents == s.record.intents[:2]
    assert note is not None and f":{no}: damaged journal line" in note and "2 changes" in note


def test_a_line_with_a_good_checksum_that_does_not_fit_is_named(
        journal: tuple[Path, Session]) -> None:
    path, _ = journal
    with path.open("ab") as f:
        f.write(change_line({"undo": {"kind": "undo", "at": 99, "count": 1}}))
        f.write(change_line({"intent": {"kind": "pass"}}))
    with pytest.raises(RecordError, match="damaged journal line .*an undo to intent 99"):
        load_record(path)


def test_a_damaged_marker_falls_back_to_the_bak(journal: tuple[Path, Session]) -> None:
    path, s = journal
    s.save_autosave()  # the journal so far becomes the .bak
    s.apply(s.rs.legal_intents(s.state)[0])
    text = path.read_text(encoding="utf-8")
    at = text.index(MARKER) + len(MARKER)
    path.write_text(text[:at] + "00000000" + text[at + 8:], encoding="utf-8")
    record, note = load_autosave(path)
    assert record.intents == s.record.intents[:-1]
    assert note is not None and "journal marker" in note and "autosave.json.bak" in note


def test_compaction_keeps_the_file_within_twice_the_record(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    s = Session.new("kyoukai", 6, autosave=path)
    assert s.journal is not None
    s.journal.compact_at = 0
    for record in changes(s, seed=6):
        assert load_record(path) == record
        base, tail = split_journal(path.read_text(encoding="utf-8"))
        assert tail is not None and len(tail) <= 2 * len(base) + 4000
    assert s.journal.compactions >= 2


def test_a_failed_append_is_mended_by_writing_the_whole_record(
        journal: tuple[Path, Session], monkeypatch: pytest.MonkeyPatch) -> None:
    """Disk full in the middle of a line: the part written would be a damaged middle line once
    more lines follow, so the save writes the whole record instead."""
    path, s = journal
    real = autosave_mod.append_line

    def half(p: Path, line: bytes) -> None:
        with p.open("ab") as f:
            f.write(line[: len(line) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave_mod, "append_line", half)
    s.apply(s.rs.legal_intents(s.state)[0])
    monkeypatch.setattr(autosave_mod, "append_line", real)
    s.apply(s.rs.legal_intents(s.state)[0])
    assert load_record(path) == s.record and len(_lines(path)) == 1


def test_a_plain_record_with_junk_after_it_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    save_atomic(path, new_record("kyoukai", 1))
    path.write_text(path.read_text(encoding="utf-8") + "junk\n", encoding="utf-8")
    with pytest.raises(RecordError, match="truncated"):
        load_record(path)


def test_an_undo_of_several_steps_is_saved_as_one_line(
        journal: tuple[Path, Session]) -> None:
    """The client's undo (steps, then their marks merged) is one change: cut short, the
    journal gives the game before it, never half undone."""
    path, s = journal
    before, lines = s.record, len(_lines(path))
    with s.one_change():
        s.undo(0, designer_mode=True)
        s.undo(0, designer_mode=True)
        s.merge_marks(len(before.marks))
    assert len(s.record.marks) == len(before.marks) + 1  # merged into one
    now = _lines(path)
    assert len(now) == lines + 1 and '{"batch":[{"undo"' in now[-1] and '{"merge"' in now[-1]
    assert load_record(path) == s.record
    data = path.read_bytes()
    path.write_bytes(data[:-10])  # killed while writing it
    assert load_record(path) == before
