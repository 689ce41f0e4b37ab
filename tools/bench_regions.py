"""Frame time of a region table (game/layouts/regions.py) full of cards while a hand card is
dragged: Tiny Cards' table (examples/tinycards) at 1280×720, software rendering (SDL dummy driver),
both hands full, every slot holding a unit with two cards attached under it (acted, damaged),
the graves full; ``--book`` also keeps a grave open for browsing.

    python tools/bench_regions.py [--scale 2.0] [--book]
Ends with one line: RESULT frames=600 cards=N p50_ms=X p95_ms=Y cpu_p50_ms=… cpu_p95_ms=…
(wall-clock frame times, then the main thread's CPU time per frame, which a busy shared
machine does not inflate).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

import tests.examples  # noqa: E402, F401 - makes the example game importable
from game.app import App  # noqa: E402
from game.layouts.base import Seats  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402
from rules import registry  # noqa: E402
from tinycards.game import GAME  # noqa: E402
from tinycards.state import SLOTS, State, Unit  # noqa: E402
from tinycards.table import TinyTable  # noqa: E402

HAND, UNDER, GRAVE = 12, 2, 10


def crowded(state: State) -> State:
    """``state`` with full hands, stacked units in every slot and full graves (new card
    numbers, each a card of the pack in turn)."""
    out = state.copy()
    out.cards = dict(state.cards)
    kinds = sorted(state.catalog)
    nxt = 100
    for p, side in enumerate(out.sides):
        ids = list(range(nxt, nxt + HAND + SLOTS * (UNDER + 1) + GRAVE))
        nxt += len(ids)
        out.cards.update((n, kinds[n % len(kinds)]) for n in ids)
        side.hand, rest = ids[:HAND], ids[HAND:]
        side.row = [Unit(card=rest[k * 3], under=tuple(rest[k * 3 + 1:k * 3 + 1 + UNDER]),
                         damage=k, ready=k % 2 == p) for k in range(SLOTS)]
        side.grave = rest[SLOTS * (UNDER + 1):]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--scale", type=float, default=1.0, help="UI scale (1.0 .. 2.0)")
    ap.add_argument("--book", action="store_true", help="keep a grave open for browsing")
    ap.add_argument("--out", type=Path, default=None, help="save the last frame as a PNG")
    args = ap.parse_args(argv)
    registry.register(GAME, replace=True)
    app = App((1280, 720), game=GameConfig(game=GAME.name, seed=1, seats=("human", "human"),
                                           auto_pass=False, autosave=False))
    if args.scale != 1.0:
        app.apply_settings(app.settings.model_copy(update={"ui_scale": args.scale}),
                           save=False)
    try:
        return run(app, args)
    finally:
        app.close()


def run(app: App, args: argparse.Namespace) -> int:
    scene = app.scene
    assert isinstance(scene, TableScene)
    lay = scene.layout
    assert isinstance(lay, TinyTable)
    app.frame(0.016)  # the scene re-reads the game once after a resize: let it, first
    view = crowded(scene.session.view(0))
    lay.update(view, Seats(0, False, scene.names), scene.legal())
    # pick up a hand card (a real legal play in Tiny Cards' first position: any hand card of
    # player 1 goes into any slot) by real mouse events
    src = scene.session.state.sides[0].hand[0]
    view.sides[0].hand[0] = src
    view.cards[src] = scene.session.state.cards[src]
    lay.update(view, Seats(0, False, scene.names), scene.legal())
    start = lay.pieces()["hand"][src]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(0.016)
    assert scene.handler.name == "dragging", scene.handler.name
    if args.book:  # opened after the press (a press outside an open book closes it)
        lay.toggle_book(("grave", 1))
    drawn = len(lay.cards) + sum(len(d.look.under) for d in lay.cards) + 2  # + decks
    cx, cy = lay.zone_center(lay.zone_of[(("row", 0), 1)])
    times: list[float] = []
    cpu: list[float] = []  # this thread's CPU time: what a frame costs on a busy machine
    for f in range(args.frames):
        x = cx + int(260 * ((f % 120) / 60 - 1))
        y = cy + int(140 * ((f % 90) / 45 - 1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1),
                                             buttons=(1, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.frame(0.016)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    assert scene.handler.name == "dragging"
    p50, p95 = _pcts(times)
    c50, c95 = _pcts(cpu)
    print(f"frames: {len(times)}, card images per frame: {drawn}, window 1280x720, UI scale "
          f"{args.scale}, book {'open' if args.book else 'closed'}, "
          f"driver {pygame.display.get_driver()} (software), load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"frame time (wall): p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {max(times):.2f} ms")
    print(f"frame time (CPU of the main thread): p50 {c50:.2f} ms, p95 {c95:.2f} ms")
    print(f"RESULT frames={len(times)} cards={drawn} p50_ms={p50:.2f} p95_ms={p95:.2f} "
          f"cpu_p50_ms={c50:.2f} cpu_p95_ms={c95:.2f}")
    if args.out is not None:
        pygame.image.save(app.screen, str(args.out))
    return 0


def _pcts(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.95) - 1]


if __name__ == "__main__":
    sys.exit(main())
