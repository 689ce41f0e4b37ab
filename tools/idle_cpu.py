"""Idle CPU of the client: the share of one core the process uses while nothing happens, on
the menu and on a table waiting for the person's decision (SDL dummy video driver).

    python tools/idle_cpu.py --seconds 5
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app import App  # noqa: E402
from game.session import GameConfig  # noqa: E402


def idle_share(app: App, seconds: float) -> tuple[float, int]:
    """Share of a core used over ``seconds`` of the app's own loop, and how many frames it
    drew (the app is closed after)."""
    drawn0 = getattr(app, "draws", app.frames)
    for _ in range(30):  # settle: first frames load fonts and faces
        app.frame(1 / 60)
    drawn0 = getattr(app, "draws", app.frames)
    cpu0, wall0 = time.process_time(), time.monotonic()
    app.run(quit_after=seconds)  # closes the app
    cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
    return cpu / wall, getattr(app, "draws", app.frames) - drawn0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="seconds measured per screen")
    args = ap.parse_args(argv)
    os.environ.setdefault("PLAYTABLE_DATA", tempfile.mkdtemp(prefix="playtable-idle-"))
    screens = {
        "menu": lambda: App((1280, 720)),
        "kyoukai table, waiting": lambda: App((1280, 720), game=GameConfig(
            game="kyoukai", seed=1, seats=("human", "computer"), autosave=False)),
        "krosmaster table, waiting": lambda: App((1280, 720), game=GameConfig(
            game="krosmaster", seed=1, seats=("human", "human"), autosave=False)),
    }
    for name, make in screens.items():
        share, drawn = idle_share(make(), args.seconds)
        print(f"{name}: {share * 100:.1f} % of a core, {drawn / args.seconds:.0f} draws/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
