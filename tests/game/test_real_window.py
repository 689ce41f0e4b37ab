"""A real X window (Xvfb), a real drag with xdotool, checked in the game record.

In CI (CI=true) missing Xvfb/xdotool is a failure, not a skip: the test must run there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.layouts.base import id_key
from rules.records import load_record

pytestmark = pytest.mark.realwindow
ROOT = Path(__file__).resolve().parents[2]


def _need_tools() -> None:
    missing = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
    if not missing:
        return
    msg = f"{' and '.join(missing)} not installed (apt-get install xvfb xdotool)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI needs the real-window test: {msg}")
    pytest.skip(msg)


def _wait(what: str, check: Any, seconds: float = 20.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh Xvfb on a display number Xvfb picks itself (``-displayfd``): tests running
    in parallel, or another X server on the machine, never get the same one."""
    _need_tools()
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as pipe:
            number = pipe.readline().strip()  # written once the display is ready
        assert number.isdigit() and xvfb.poll() is None, "Xvfb exited at start"
        yield f":{number.decode()}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _xdotool(disp: str, *args: str) -> str:
    out = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": disp},
                         capture_output=True, text=True, timeout=20)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def _layout(path: Path) -> dict[str, Any] | None:
    try:
        doc: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return doc if doc.get("handler") == "idle" and doc.get("legal") else None


def test_real_drag_in_an_x_window_opens_a_gate(display: str, tmp_path: Path) -> None:
    record, layout = tmp_path / "game.json", tmp_path / "layout.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(DISPLAY=display, SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy")
    exe = ROOT / ".venv" / "bin" / "playtable"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "game"]
    proc = subprocess.Popen([*cmd, "--seed", "1", "--players", "human,computer",
                             "--record", str(record), "--layout-out", str(layout),
                             "--quit-after-seconds", "60"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        info = _wait("the table's layout file", lambda: _layout(layout), 30)
        wid = _wait("the Playtable window",
                    lambda: _try(lambda: _xdotool(display, "search", "--pid", str(proc.pid))))
        wid = wid.split()[0]
        hand = info["pieces"]["hand"]
        pick = next(x for x in info["legal"] if x["intent"]["kind"] == "open"
                    and x["zone"] >= 0 and id_key(x["source"]) in hand)
        sx, sy = hand[id_key(pick["source"])]
        tx, ty = info["zones"][str(pick["zone"])]
        _xdotool(display, "mousemove", "--window", wid, str(sx), str(sy))
        time.sleep(0.2)
        _xdotool(display, "mousedown", "1")
        for k in range(1, 6):
            x, y = sx + (tx - sx) * k // 5, sy + (ty - sy) * k // 5
            _xdotool(display, "mousemove", "--window", wid, str(x), str(y))
            time.sleep(0.05)
        _xdotool(display, "mouseup", "1")
        rec = _wait("the opening in the game record",
                    lambda: _try(lambda: load_record(record) if load_record(record).intents
                                 else None))
        assert rec.intents[0] == pick["intent"]
        assert rec.game == "kyoukai" and rec.seed == 1
    finally:
        if proc.poll() is None:
            proc.terminate()
        out = proc.communicate(timeout=20)[0].decode(errors="replace")
    assert "Traceback" not in out, out


def _try(fn: Any) -> Any:
    try:
        return fn()
    except (AssertionError, OSError, ValueError, Exception):
        return None
