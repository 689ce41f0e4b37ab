"""Issue 12 item 2 in the client: saves killed again and again leave temporaries; the next
start removes every one of them and nothing else."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.records import Session, load_record
from rules.records.temps import stale_temps
from tests.game.conftest import Driver

ROOT = Path(__file__).resolve().parents[2]
SAVER = """
import sys
from rules.records import Session
s = Session.new("kyoukai", 1, autosave=sys.argv[1])
n = 0
while True:
    legal = s.rs.legal_intents(s.state)
    if not legal:
        s = Session.new("kyoukai", n, autosave=sys.argv[1])
        continue
    s.apply(legal[n % len(legal)])
    n += 1
    print("saved", n, flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_saves_leave_nothing_after_the_next_start(menu: Callable[[], Driver],
                                                         data_dir: Path) -> None:
    autosave = data_dir / "autosave.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for k in range(4):
        proc = subprocess.Popen([sys.executable, "-c", SAVER, str(autosave)],
                                stdout=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        for line in proc.stdout:
            if int(line.split()[1]) >= 3 + 7 * k:
                break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    # And one for certain: what a save killed between its write and its rename leaves.
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    left = data_dir / f".autosave.json.{dead.pid}.0123abcd.tmp"
    left.write_text('{\n "playtable": "record",\n "form', encoding="utf-8")
    assert left in stale_temps(data_dir)

    menu()  # the client starts
    assert [p.name for p in data_dir.iterdir() if p.name.endswith(".tmp")] == []
    assert load_record(autosave).intents  # the autosave itself is untouched
    assert Session.resume(autosave)[0].state is not None
