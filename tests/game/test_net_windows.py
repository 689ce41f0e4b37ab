"""Two real windows of a network game under Xvfb, screenshotted at the same moment
(tools/net_windows.py): each seat's window shows its own hand and none of the other's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # an X server and two windows of the program: about 20 s
@pytest.mark.skipif(not all(shutil.which(t) for t in ("Xvfb", "import", "convert")),
                    reason="needs Xvfb and ImageMagick (Debian: xvfb, imagemagick)")
def test_two_windows_each_show_only_their_own_hand(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "tools/net_windows.py", "--out", str(tmp_path)],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    seats = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert [s["seat"] for s in seats] == [0, 1]
    assert seats[0]["version"] == seats[1]["version"] > 0  # the same moment of the game
    for s in seats:
        assert s["own"] > 0 and s["own_seen"] == s["own"]
        assert s["other"] > 0 and s["other_seen"] == 0
    for name in ("both.png", "seat1.png", "seat2.png"):
        assert (tmp_path / name).stat().st_size > 10_000  # a drawn table, not a blank screen
