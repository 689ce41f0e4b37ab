"""Issue 12 item 2: temporaries that killed saves left behind are removed on start, only ours
and only stale (never the file another running instance is writing now)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.records.temps import STALE_AFTER, clean_stale, stale_temps, temp_path

ROOT = Path(__file__).resolve().parents[2]


def _dead_pid() -> int:
    """The id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The id of another process that runs for the whole test (another instance)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield proc.pid
    proc.kill()
    proc.wait()


def _touch(path: Path, age: float = 0.0, text: str = '{\n "playtable": "rec') -> Path:
    path.write_text(text, encoding="utf-8")
    if age:
        when = time.time() - age
        os.utime(path, (when, when))
    return path


def test_only_stale_temporaries_of_our_naming_are_removed(tmp_path: Path,
                                                          live_pid: int) -> None:
    dead = _dead_pid()
    stale = {
        _touch(tmp_path / f".autosave.json.{dead}.0123abcd.tmp"),  # killed mid-save
        _touch(tmp_path / f".autosave.json.bak.{dead}.tmp"),  # killed while keeping the .bak
        _touch(tmp_path / f".settings.json.{dead}.99999999.tmp", text="{"),
        _touch(tmp_path / f".autosave.json.{live_pid}.feedbeef.tmp", age=STALE_AFTER + 60),
    }
    kept = {
        _touch(tmp_path / f".autosave.json.{live_pid}.0badf00d.tmp"),  # being written now
        _touch(tmp_path / f".autosave.json.{os.getpid()}.00000001.tmp"),  # ours, running
        _touch(tmp_path / "autosave.json"),
        _touch(tmp_path / ".autosave.json.tmp", age=10 * STALE_AFTER),  # no process id
        _touch(tmp_path / f"autosave.json.{dead}.0123abcd.tmp"),  # not hidden: not our name
        _touch(tmp_path / f".autosave.json.{dead}.NOTHEX00.tmp"),
        _touch(tmp_path / f".notes.txt.{dead}.0123abcd.tmp.old"),
    }
    (tmp_path / f".saves.{dead}.0123abcd.tmp").mkdir()  # a folder of that name
    (tmp_path / f".link.{dead}.0123abcd.tmp").symlink_to(tmp_path / "autosave.json")
    (tmp_path / "sub").mkdir()
    below = _touch(tmp_path / "sub" / f".a.json.{dead}.0123abcd.tmp")  # only the folder given

    assert set(stale_temps(tmp_path)) == stale
    assert set(clean_stale(tmp_path)) == stale
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept) and below.exists()
    assert (tmp_path / f".saves.{dead}.0123abcd.tmp").is_dir()
    assert (tmp_path / f".link.{dead}.0123abcd.tmp").is_symlink()
    assert clean_stale(tmp_path) == [] and clean_stale(tmp_path / "missing") == []


def test_the_temporary_name_is_one_clean_stale_knows(tmp_path: Path) -> None:
    name = temp_path(tmp_path / "autosave.json")
    _touch(name)
    assert stale_temps(tmp_path) == []  # this process runs
    assert stale_temps(tmp_path, now=time.time() + STALE_AFTER + 1) == [name]
