"""Each table with every highlight kind it declares lit (game/marks_gallery.py), saved as a
person with deuteranopia sees it and in grey, under each palette: the marks must tell every
kind apart in both.

    python tools/marks_shots.py --out shots/ [--size 1280x720] [--preset safe] [--game bos]

Writes GAME-PRESET-normal.png, -deuteranopia.png and -grey.png per table.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
from vision import simulate  # noqa: E402

from game import gallery  # noqa: E402
from game.app import App  # noqa: E402
from game.draw.palette import PRESETS  # noqa: E402
from game.marks_gallery import show_every_kind  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402

TABLES = ("kyoukai", "krosmaster", "dreadnought", "bos", "nullshapers")


def shoot(app: App, game: str, preset: str, out: Path) -> list[Path]:
    app.apply_settings(app.settings.model_copy(update={"palette": preset}), save=False)
    gallery.OPEN[game](app)
    scene = app.scene
    assert isinstance(scene, TableScene)
    show_every_kind(scene)
    gallery.frames(app, 2)
    app.draw()
    rgb = pygame.surfarray.array3d(app.screen)
    paths = []
    for name, filt in (("normal", None), ("deuteranopia", "deutan"), ("grey", "grey")):
        pic = rgb if filt is None else simulate(rgb, filt)
        path = out / f"{game}-{preset}-{name}.png"
        pygame.image.save(pygame.surfarray.make_surface(pic), str(path))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    ap.add_argument("--preset", choices=PRESETS, action="append",
                    help="a palette (default: all three)")
    ap.add_argument("--game", choices=TABLES, action="append", help="a table (default: all)")
    ap.add_argument("--out", type=Path, required=True, help="folder for the PNGs")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    app = App((w, h))
    try:
        for preset in args.preset or PRESETS:
            for game in args.game or TABLES:
                for path in shoot(app, game, preset, args.out):
                    print(path)
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
