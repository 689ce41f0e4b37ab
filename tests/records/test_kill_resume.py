"""SIGKILL ``record play`` mid-game: the file is always a valid record holding every intent
that was reported saved, and ``--resume`` finishes the very same game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.records import load_record

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
GAME, SEED = "kyoukai", 7


def _cmd(out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "rules", "record", "play", "--game", GAME, "--seed", str(SEED),
            "--agents", "random,greedy", "--out", str(out), *extra]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The uninterrupted game and its RESULT line."""
    out = tmp_path_factory.mktemp("ref") / "ref.json"
    done = subprocess.run(_cmd(out), capture_output=True, text=True, check=True)
    return out, done.stdout.strip().splitlines()[-1]


def _kill_after(out: Path, saved: int | None, seconds: float = 0.0) -> int:
    """Run ``record play`` slowly, SIGKILL it once it reports ``saved`` intents (or after
    ``seconds``), and return the last count it reported."""
    proc = subprocess.Popen(_cmd(out, "--delay", "0.003", "--progress"),
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    last = 0
    if saved is None:
        deadline = time.monotonic() + 60
        while not out.exists() and time.monotonic() < deadline:  # slow start on a busy machine
            time.sleep(0.01)
        time.sleep(seconds)
    else:
        for line in proc.stdout:
            last = int(line.split()[1])
            if last >= saved:
                break
    os.kill(proc.pid, signal.SIGKILL)
    rest = proc.stdout.read()
    proc.wait()
    for line in rest.splitlines():
        if line.startswith("saved "):
            last = int(line.split()[1])
    return last


# One kill point in the quick suite; the others (the first intent, late, after a time) are
# whole games too and run with the slow tests (make test-slow, CI).
@pytest.mark.parametrize("saved", [pytest.param(1, marks=pytest.mark.slow), 17,
                                   pytest.param(150, marks=pytest.mark.slow),
                                   pytest.param(None, marks=pytest.mark.slow)])
def test_killed_play_leaves_a_record_that_checks_and_resumes(
        saved: int | None, reference: tuple[Path, str], tmp_path: Path) -> None:
    ref_path, ref_result = reference
    ref = load_record(ref_path)
    out = tmp_path / "game.json"
    last = _kill_after(out, saved, seconds=0.8)
    record = load_record(out)
    n = len(record.intents)
    # Killed between writing intent n and printing it is the only way to be one ahead.
    assert last <= n <= last + 1
    assert record.intents == ref.intents[:n]
    check = subprocess.run([sys.executable, "-m", "rules", "record", "check", str(out)],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert f" intents={n} " in check.stdout
    assert main(["record", "play", "--game", GAME, "--seed", str(SEED), "--agents",
                 "random,greedy", "--out", str(out), "--resume"]) == 0
    assert load_record(out).intents == ref.intents
    final = subprocess.run([sys.executable, "-m", "rules", "record", "check", str(out)],
                           capture_output=True, text=True, check=True)
    assert final.stdout.strip() == ref_result
