"""SIGKILL the client mid-game (computer players), start it again with --continue: the game
comes back with every intent that was saved before the kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rules.records import load_record, replay

# A whole computer game in the client, killed and continued: with the slow tests (CI runs them).
pytestmark = [pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]


def _env(data: Path) -> dict[str, str]:
    return {**os.environ, "PLAYTABLE_DATA": str(data), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}


@pytest.mark.parametrize("saved", [1, 30])
def test_killed_client_continues_with_every_saved_intent(saved: int, tmp_path: Path) -> None:
    data = tmp_path / "userdata"
    proc = subprocess.Popen([sys.executable, "-m", "game", "--players", "computer,computer",
                             "--seed", "3", "--agent-delay", "0.005", "--progress",
                             "--quit-after-seconds", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=_env(data), cwd=ROOT)
    assert proc.stdout is not None
    last = 0
    for line in proc.stdout:
        if line.startswith("saved "):
            last = int(line.split()[1])
            if last >= saved:
                break
    os.kill(proc.pid, signal.SIGKILL)
    for line in proc.stdout.read().splitlines():
        if line.startswith("saved "):
            last = int(line.split()[1])
    proc.wait()
    assert last >= saved, "the client never reported a save"
    record = load_record(data / "autosave.json")
    n = len(record.intents)
    assert last <= n <= last + 1  # killed between writing and printing: one ahead at most
    # start again: Continue, computers slowed right down so nothing new is played
    again = subprocess.run([sys.executable, "-m", "game", "--continue", "--progress",
                            "--agent-delay", "60", "--quit-after-seconds", "0.5"],
                           capture_output=True, text=True, env=_env(data), cwd=ROOT,
                           timeout=120)
    assert again.returncode == 0, again.stderr
    assert f"resumed {n}" in again.stdout.splitlines()
    after = load_record(data / "autosave.json")
    assert after.intents[:n] == record.intents and after.seed == 3
    assert replay(after)[0] is not None
