"""Frame times while a computer thinks: does a searching opponent starve the render loop?

    python tools/bench_thinking.py [--game G] [--level hard] [--frames 300] [--seed 1]
                                   [--on-thread]

A person (random legal choices, made at once) against a computer of ``--level`` at the table
(1280x720, SDL dummy driver), the mouse moving every frame. Frames are timed apart while the
computer thinks and while the person is to decide (nothing thinking): the two p95s should
match. One line per game:
RESULT game=G level=L idle_p50_ms=A idle_p95_ms=B thinking_p50_ms=C thinking_p95_ms=D
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.layouts import playable  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def bench(game: str, level: str, frames: int, seed: int) -> str:
    cfg = GameConfig(game=game, seed=seed, seats=("human", "computer"), levels=(level, level),
                     agent_delay=0.0, auto_pass=True, autosave=False)
    app = App((1280, 720), game=cfg)
    r = random.Random(seed)
    idle: list[float] = []
    thinking: list[float] = []
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        s = scene.session
        app.frame(0.016)
        f = 0
        while (len(thinking) < frames or len(idle) < frames) and not s.over:
            human = s.is_human(s.to_act())
            if human and (len(idle) >= frames or f % 3 == 2):
                s.submit(r.choice(s.legal()))  # the person decides (at once when done)
                f += 1
                continue
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + f % 600, 360),
                                                 rel=(1, 0), buttons=(0, 0, 0)))
            busy = s.thinking
            t0 = time.perf_counter()
            app.frame(0.016)
            ms = (time.perf_counter() - t0) * 1000
            if busy:
                thinking.append(ms)
            elif human:
                idle.append(ms)
            f += 1
    finally:
        app.close()
    return (f"RESULT game={game} level={level} idle_frames={len(idle)} "
            f"idle_p50_ms={statistics.median(idle) if idle else float('nan'):.2f} "
            f"idle_p95_ms={_p(idle, 0.95):.2f} thinking_frames={len(thinking)} "
            f"thinking_p50_ms={statistics.median(thinking) if thinking else float('nan'):.2f} "
            f"thinking_p95_ms={_p(thinking, 0.95):.2f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=playable())
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--on-thread", action="store_true",
                    help="search on a thread of the window's process (to compare)")
    args = ap.parse_args()
    if args.on_thread:
        import game.thinking

        game.thinking._shipped = set  # no game thinks in the worker process
    for game in args.game or playable():
        print(bench(game, args.level, args.frames, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
