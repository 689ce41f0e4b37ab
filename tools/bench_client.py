"""Client frame-time benchmark: 600 frames of the Kyoukai table at 1280×720, software
rendering (SDL dummy driver), 150 cards on the table, a hand card being dragged over the board.

    python tools/bench_client.py
Ends with one line: RESULT frames=600 cards=150 p50_ms=X p95_ms=Y
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

from game.app import App  # noqa: E402
from game.layouts.base import Seats, id_key  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402
from rules.kyoukai.state import FieldGate, State  # noqa: E402

FIELD, SPIRITS, PILES, DRAGGED = 25, 8, 4, 1  # piles: two decks and two discards, top cards


def crowded(state: State, cards: int) -> State:
    """``state`` with every zone filled and both hands made up so that ``cards`` card images
    are on the table: field + both hands + Spirit decks + pile tops + the dragged card."""
    in_hands = cards - FIELD - SPIRITS - PILES - DRAGGED
    ids = dict(state.cards)
    stand = [c for c, g in state.catalog.items() if g.type in ("summon", "spirit")]
    other = [c for c, g in state.catalog.items() if g.type not in ("entrant",)]
    nxt = max(ids) + 1

    def new(cid: str) -> int:
        nonlocal nxt
        ids[nxt] = cid
        nxt += 1
        return nxt - 1

    field = list(state.field)
    gates = dict(state.gates)
    for z in range(25):
        if field[z] < 0:
            iid = new(stand[z % len(stand)])
            field[z] = iid
            gates[iid] = FieldGate(iid=iid, owner=0 if z >= 12 else 1, ready=z % 3 != 0)
    players = list(state.players)
    for p in (0, 1):
        pl = players[p]
        want = in_hands // 2 + (in_hands % 2 if p == 0 else 0)
        hand = list(pl.hand) + [new(other[k % len(other)]) for k in range(want - len(pl.hand))]
        spirits = list(pl.spirits) + [new(stand[-1]) for _ in range(4 - len(pl.spirits))]
        players[p] = pl.model_copy(update={"hand": tuple(hand), "spirits": tuple(spirits[:4]),
                                           "discard": (new(other[p]),)})
    return state.model_copy(update={"cards": ids, "field": tuple(field), "gates": gates,
                                    "players": tuple(players)})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--cards", type=int, default=150)
    ap.add_argument("--out", type=Path, default=None, help="save the last frame as a PNG")
    args = ap.parse_args(argv)
    app = App((1280, 720), game=GameConfig(seed=1, seats=("human", "human"), auto_pass=False,
                                           autosave=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    s = scene.session
    view = crowded(s.view(0), args.cards)
    scene.layout.update(view, Seats(0, False, scene.names), scene.legal())
    # pick up a hand card that has a legal play, by real mouse events
    info = scene.layout_info()
    hand = info["pieces"]["hand"]
    src = next(x["source"] for x in info["legal"] if id_key(x["source"]) in hand)
    start = tuple(hand[str(src)])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(0.016)
    assert scene.handler.name == "dragging", scene.handler.name
    drawn = FIELD + sum(len(pl.hand) + len(pl.spirits) for pl in view.players) + PILES + DRAGGED
    times: list[float] = []
    cx, cy = scene.layout.zone_center(12)
    for f in range(args.frames):
        x = cx + int(200 * ((f % 120) / 60 - 1))
        y = cy + int(120 * ((f % 90) / 45 - 1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1),
                                             buttons=(1, 0, 0)))
        t0 = time.perf_counter()
        app.frame(0.016)
        times.append((time.perf_counter() - t0) * 1000)
    assert scene.handler.name == "dragging"
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"frames: {len(times)}, card images per frame: {drawn}, window 1280x720, "
          f"driver {pygame.display.get_driver()} (software)")
    print(f"frame time: p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms")
    print(f"RESULT frames={len(times)} cards={drawn} p50_ms={p50:.2f} p95_ms={p95:.2f}")
    if args.out is not None:
        pygame.image.save(app.screen, str(args.out))
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
