"""Render the table after N agent moves to a PNG (headless).

    python tools/screenshot.py --game kyoukai --seed 1 --moves 40 --out shot.png
    python tools/screenshot.py --record saved.json --out shot.png   # a saved game, as it stands
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.layouts.base import id_key  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig, config_for  # noqa: E402
from rules import registry  # noqa: E402
from rules.agents import GreedyAgent  # noqa: E402
from rules.records import Session  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="kyoukai")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--hover", action="store_true", help="hover the first hand card (zoom)")
    ap.add_argument("--drag", action="store_true",
                    help="pick up a piece with a legal move, to show its lit zones")
    ap.add_argument("--drag-from", default=None, metavar="PLACE",
                    help="with --drag: pick it up from this place first (BOS: spells, castle)")
    ap.add_argument("--spell", action="store_true",
                    help="krosmaster: pick a castable spell, to show its range and sight")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="UI scale 1.0..2.0 (less when the window cannot hold it)")
    ap.add_argument("--tab", type=int, default=None,
                    help="show tab N (0, 1…) of your book (BOS: 0 castle, 1 spellbook)")
    ap.add_argument("--page", type=int, default=0, help="then turn N pages on in it")
    ap.add_argument("--hover-dimmed", action="store_true",
                    help="hover a dimmed card of your book, to show why it is dimmed")
    ap.add_argument("--settle", type=float, default=None,
                    help="seconds of frames before the shot, so animations land "
                         "(default 0.9 for a game with dice, else 0)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--record", type=Path, default=None,
                    help="open this saved game at its last position (seats as recorded; "
                    "--game, --seed and --moves are then not used)")
    ap.add_argument("--key", action="append", default=[],
                    help="press this key at the table before the shot (pygame's name: f1, l, "
                    "tab; repeat for several)")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    if args.record is not None:
        live = Session.open(args.record)
        args.game, args.moves = live.record.game, 0
        app = App((w, h))
        app.start_game(config_for(live, GameConfig(agent_delay=0.0, autosave=False)), live)
    else:
        app = App((w, h), game=GameConfig(game=args.game, seed=args.seed,
                                          seats=("human", "computer"), agent_delay=0.0,
                                          autosave=False))
    app.apply_settings(app.settings.model_copy(update={"ui_scale": args.scale}), save=False)
    scene = app.scene
    assert isinstance(scene, TableScene)
    s = scene.session
    agents = (GreedyAgent(args.seed), GreedyAgent(args.seed + 1))
    played = 0
    while played < args.moves and not s.over:
        p = s.to_act()
        assert p is not None
        err = s.submit(agents[p].choose(s.rs, s.view(p), s.legal()))
        if err:
            print("refused:", err, file=sys.stderr)
            break
        played += 1
    for _ in range(200 if args.record is None else 0):  # on to a decision of the person
        p = s.to_act()
        if p is None or (p == 0 and any(i.kind != "pass" for i in s.legal())):
            break
        s.submit(agents[p].choose(s.rs, s.view(p), s.legal()))
    app.frame(0.016)
    _browse(app, scene, args.tab, args.page)
    info = scene.layout_info()
    if args.hover_dimmed:
        usable = {id_key(x["source"]) for x in info["legal"]}
        pos = next((p for place in info["pieces"].values() for i, p in place.items()
                    if i not in usable and int(i) in getattr(scene.layout, "why", {})), None)
        if pos is not None:
            _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    elif args.drag:
        first = (args.drag_from,) if args.drag_from else ()
        for kind in (*first, "field",
                     *(k for k in info["pieces"] if k not in ("field", "hand")), "hand"):
            srcs = {id_key(x["source"]) for x in info["legal"] if x["source"] is not None}
            pos = next((p for i, p in info["pieces"].get(kind, {}).items() if i in srcs),
                       None)
            if pos is not None:
                _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
                app.frame(0.016)
                to = (pos[0] + 40, pos[1] - 90)
                _post(pygame.MOUSEMOTION, pos=to, rel=(40, -90), buttons=(1, 0, 0))
                break
    elif args.spell and info["pieces"].get("spell"):  # Krosmaster: pick a castable spell
        srcs = {id_key(x["source"]) for x in info["legal"] if x["intent"]["kind"] == "cast"}
        pos = next((p for i, p in info["pieces"]["spell"].items() if i in srcs), None)
        if pos is not None:
            _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            app.frame(0.016)
            _post(pygame.MOUSEMOTION, pos=(w - 20, h - 60), rel=(0, 0), buttons=(0, 0, 0))
    elif args.hover and info["pieces"].get("hand"):
        pos = next(iter(info["pieces"]["hand"].values()))
        _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for name in args.key:
        key = pygame.key.key_code(name)
        _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        _post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        app.frame(0.016)
    app.frame(0.016)
    app.frame(0.016)
    rolls = registry.info(args.game).dice
    wait = args.settle if args.settle is not None else (0.9 if rolls else 0)
    settle = time.monotonic() + wait  # let cosmetic animations (dice) finish
    while time.monotonic() < settle and not args.drag:
        app.frame(0.016)
        time.sleep(0.01)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(args.out))
    print(f"{args.out}: {played} moves, turn {s.state.turn}, to act {s.to_act()}")
    app.close()
    return 0


def _browse(app: App, scene: TableScene, tab: int | None, pages: int) -> None:
    """Click a tab of the viewer's book, then its next-page arrow ``pages`` times."""
    viewer = scene.layout_info()["viewer"]
    for k in range(pages + (tab is not None)):
        controls = scene.layout_info()["controls"]
        want = f"tab {tab}" if k == 0 and tab is not None else "next page"
        pos = next((p for name, p in controls.items()
                    if name.endswith(want) and f", {viewer}]" in name), None)
        if pos is None:
            return
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        app.frame(0.016)


def _post(kind: int, **kw: object) -> None:
    pygame.event.post(pygame.event.Event(kind, kw))


if __name__ == "__main__":
    sys.exit(main())
