"""Issue 33 item 14: SIGKILL a journal writer at random moments (inside appends and
compactions alike); the autosave always loads to a record the game went through, with every
change it had reported saved."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rules.records import Record, load_record
from tests.records.journal_writer import records

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]
SEED = 11
ROOT = Path(__file__).resolve().parents[2]


def _bare(record: Record) -> Record:
    return record.model_copy(update={"created": None})  # the one field that differs per run


def _killed(out: Path, compact_at: int, at_ack: int, after: float) -> int:
    """Run the writer, SIGKILL it ``after`` seconds past its ``at_ack``-th reported save (so
    the kills land at points spread over the game whatever the machine's pace, and at random
    moments inside the appends and compactions that follow); the last change it reported
    saved (-1: none)."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.records.journal_writer", str(out),
                             str(SEED), str(compact_at)], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None
    acks: list[int] = []
    reached = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            acks.append(int(line.split()[1]))
            if len(acks) >= at_ack:
                reached.set()
        reached.set()  # the writer finished (or died) first

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reached.wait(120)  # a slow start on a busy machine
    time.sleep(after)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    reader.join(10)
    return acks[-1] if acks else -1


def test_a_killed_writer_leaves_a_prefix_with_every_acknowledged_change(
        tmp_path: Path) -> None:
    expected = [_bare(r) for r in records(SEED)]
    assert len(expected) > 150
    r = random.Random(33)
    seen = set()
    for run in range(14):
        out = tmp_path / f"auto{run}.json"
        acked = _killed(out, compact_at=r.choice([0, 2000, 256 * 1024]),
                        at_ack=r.randrange(1, len(expected) - 10),
                        after=r.uniform(0.0, 0.005))
        if acked < 0 and not out.exists():
            continue  # killed before the first save: nothing was reported saved
        loaded = _bare(load_record(out))
        # Killed between saving a change and printing its ack is the only way to be ahead.
        assert loaded in expected[max(acked, 0):acked + 2], (run, acked)
        seen.add(acked)
    assert len(seen) >= 5  # the kills landed at many different points
