"""Save every screen of the client (menu, both tables, game over, Settings, F1, how to play,
decks, replay) as PNGs, headless, at one window size and UI scale.

    python tools/screens.py --size 1280x720 --scale 2.0 --out shots/
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import gallery  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    ap.add_argument("--scale", type=float, default=2.0, help="UI scale, 1.0 to 2.0")
    ap.add_argument("--out", type=Path, required=True, help="folder for the PNGs")
    ap.add_argument("--prefix", default="", help="put before each file name")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    for path in gallery.save_all((w, h), args.scale, args.out, args.prefix):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
