"""Client frame-time benchmark for every playable game (``game.layouts.playable()``): the table
at 1280×720, software rendering (SDL dummy driver), a full table, a piece with legal intents
dragged across the board by real pygame mouse events.

    python tools/bench_client.py [--game G] [--frames 600] [--moves 60] [--out last.png]

The full table: agent moves (rules.agents, greedy by default) played through the table scene
for ``--moves`` intents, then on until the person to act has a piece with a legal intent on
the board (Kyoukai keeps its built position instead: ``--cards`` card images, every zone full).
The piece is pressed where the layout's ``pieces()`` puts it and dragged over the middle of
the zones. One line per game (wall-clock frame times, then the main thread's CPU time per
frame, which a busy shared machine does not inflate):
RESULT game=G frames=N p50_ms=X p95_ms=Y cpu_p95_ms=Z
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.input.handlers import HandOver  # noqa: E402
from game.layouts import playable  # noqa: E402
from game.layouts.base import Seats, id_key  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402
from rules.agents import AGENTS  # noqa: E402
from rules.core.state import replaced  # noqa: E402
from rules.kyoukai.state import FieldGate, State  # noqa: E402

FIELD, SPIRITS, PILES, DRAGGED = 25, 8, 4, 1  # piles: two decks and two discards, top cards
SETTLE_FRAMES = 600  # at most, 10 s of 60 Hz frames
EXTRA_MOVES = 300  # after --moves, how long to look for a position with a piece to drag


class NoDrag(Exception):
    """No position with a draggable piece was reached (the reason is the message)."""


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
        players[p] = dataclasses.replace(pl, hand=hand, spirits=spirits[:4],
                                         discard=[new(other[p])])
    return replaced(state, cards=ids, field=field, gates=gates,
                    players=(players[0], players[1]))


def draggable(scene: TableScene) -> tuple[int, int] | None:
    """Where on screen a piece of the person to act lies that has a legal intent with a
    target on the board (one a drag can end on), or None. A piece shown in several places
    (a figure on the map and on its card) is taken where ``piece_at`` finds it."""
    lay = scene.layout
    info = scene.layout_info()
    sources = {id_key(x["source"]) for x in info["legal"]
               if x["source"] is not None and x["zone"] is not None}
    for place in info["pieces"].values():
        for key, (x, y) in place.items():
            piece = lay.piece_at((int(x), int(y))) if key in sources else None
            if piece is not None and id_key(piece.source) == key:
                return int(x), int(y)
    return None


def sit_down(scene: TableScene) -> None:
    """Hot seat: the person to act takes the mouse (what clicking the hand-over does)."""
    p = scene.session.to_act()
    if p is not None and isinstance(scene.handler, HandOver):
        scene.take_seat(p)


def play_to_full(scene: TableScene, moves: int, agent_name: str, seed: int) -> tuple[int, int]:
    """Agent moves through the scene until at least ``moves`` are made and a piece can be
    dragged; its screen position."""
    agent = AGENTS[agent_name](seed=seed)
    s = scene.session
    for made in range(moves + EXTRA_MOVES):
        sit_down(scene)
        if made >= moves and (pos := draggable(scene)) is not None:
            return pos
        p = s.to_act()
        if p is None:
            raise NoDrag(f"the game ended after {made} moves")
        scene.apply(agent.choose(s.rs, s.view(p), s.legal()))
        if s.error is not None:
            raise NoDrag(f"move {made + 1} was refused: {s.error}")
    raise NoDrag(f"no piece to drag within {moves + EXTRA_MOVES} moves")


def kyoukai_built(scene: TableScene, cards: int) -> tuple[int, int]:
    """Kyoukai's full table: the first position with every zone and both hands full."""
    view = crowded(scene.session.view(0), cards)
    names = (scene.names[0], scene.names[1])
    scene.layout.update(view, Seats(0, False, names), scene.legal())
    info = scene.layout_info()
    hand = info["pieces"]["hand"]
    src = next(x["source"] for x in info["legal"] if id_key(x["source"]) in hand)
    x, y = hand[str(src)]
    return int(x), int(y)


def bench(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """Frame times (ms, wall and CPU) of ``game``'s table while a piece is dragged."""
    # grace 0: the moves are made past the table and the drag pressed at once (a person's
    # press right after the table moved on by itself would not be taken)
    app = App((1280, 720), game=GameConfig(game=game, seed=args.seed, seats=("human", "human"),
                                           auto_pass=False, autosave=False, grace=0.0))
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        app.frame(0.016)  # the scene re-reads the game once after a resize: let it, first
        if game == "kyoukai" and args.cards > 0:
            start = kyoukai_built(scene, args.cards)
        else:
            start = play_to_full(scene, args.moves, args.agent, args.seed)
            for _ in range(SETTLE_FRAMES):  # the moves' animations end before the drag
                app.frame(0.016)
                if not scene.animating():
                    break
        moves = len(scene.session.intents)
        pieces = sum(len(v) for v in scene.layout.pieces().values())
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        app.frame(0.016)
        if scene.handler.name != "dragging":
            raise NoDrag(f"pressing the piece at {start} gave {scene.handler.name!r}, "
                         "not a drag")
        centres = [scene.layout.zone_center(z) for z in scene.layout.zones()] or [
            (640, 360)]  # a table without zones: over the middle of the window
        cx = (min(c[0] for c in centres) + max(c[0] for c in centres)) // 2
        cy = (min(c[1] for c in centres) + max(c[1] for c in centres)) // 2
        rx = (max(c[0] for c in centres) - min(c[0] for c in centres)) * 2 // 5 or 200
        ry = (max(c[1] for c in centres) - min(c[1] for c in centres)) * 2 // 5 or 120
        wall: list[float] = []
        cpu: list[float] = []  # this thread's CPU time: what a frame costs on a busy machine
        for f in range(args.frames):
            x = cx + int(rx * ((f % 120) / 60 - 1))
            y = cy + int(ry * ((f % 90) / 45 - 1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1),
                                                 buttons=(1, 0, 0)))
            t0, c0 = time.perf_counter(), time.thread_time()
            app.frame(0.016)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
        if scene.handler.name != "dragging":
            raise NoDrag(f"the drag ended by itself ({scene.handler.name!r})")
        if args.out is not None:
            pygame.image.save(app.screen, str(out_path(args.out, game, len(args.games) > 1)))
        return {"wall": wall, "cpu": cpu, "moves": moves, "pieces": pieces,
                "driver": pygame.display.get_driver()}
    finally:
        app.close()


def out_path(out: Path, game: str, several: bool) -> Path:
    """``out``, or with several games ``out`` with the game's name before the suffix."""
    return out.with_name(f"{out.stem}-{game}{out.suffix}") if several else out


def _pcts(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[max(int(len(ordered) * 0.95) - 1, 0)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", dest="games", default=None,
                    help=f"game to measure (repeatable; default all: {', '.join(playable())})")
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--moves", type=int, default=60,
                    help="agent moves before the drag (default 60)")
    ap.add_argument("--agent", choices=sorted(AGENTS), default="greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", type=int, default=150,
                    help="Kyoukai's built position: card images on the table (0: play moves)")
    ap.add_argument("--out", type=Path, default=None,
                    help="save the last frame as a PNG (several games: NAME-GAME.png)")
    args = ap.parse_args(argv)
    if args.frames < 1:
        ap.error(f"--frames must be at least 1, not {args.frames}")
    args.games = args.games or playable()
    unknown = [g for g in args.games if g not in playable()]
    if unknown:
        ap.error(f"no table layout for {', '.join(unknown)}; the client knows "
                 f"{', '.join(playable())}")
    failed = 0
    for game in args.games:
        try:
            r = bench(game, args)
        except NoDrag as e:
            print(f"{game}: no drag to measure: {e} (try other --moves or --seed)",
                  file=sys.stderr)
            failed += 1
            continue
        p50, p95 = _pcts(r["wall"])
        c50, c95 = _pcts(r["cpu"])
        print(f"{game}: frames {len(r['wall'])}, pieces on the table {r['pieces']}, "
              f"after {r['moves']} moves, window 1280x720, driver {r['driver']} (software), "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"{game}: frame time (wall) p50 {p50:.2f} ms, p95 {p95:.2f} ms, "
              f"max {max(r['wall']):.2f} ms; CPU of the main thread p50 {c50:.2f} ms, "
              f"p95 {c95:.2f} ms")
        print(f"RESULT game={game} frames={len(r['wall'])} p50_ms={p50:.2f} p95_ms={p95:.2f} "
              f"cpu_p95_ms={c95:.2f}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
