from __future__ import annotations

import re
import subprocess
import sys


def test_playout_prints_the_result_line() -> None:
    out = subprocess.run([sys.executable, "-m", "rules", "playout", "--game", "kyoukai",
                          "--games", "3", "--seed", "4"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"RESULT game=kyoukai games=3 steps=(\d+) games_per_s=[\d.]+ "
                     r"steps_per_s=\d+", last)
    assert m and int(m.group(1)) > 0


def test_playout_rejects_an_unknown_game() -> None:
    out = subprocess.run([sys.executable, "-m", "rules", "playout", "--game", "chess"],
                         capture_output=True, text=True)
    assert out.returncode != 0 and "invalid choice" in out.stderr
