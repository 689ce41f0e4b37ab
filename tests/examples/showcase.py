"""Pictures of the example game's table (Tiny Cards, examples/tinycards) with cards in every
state (docs, review, the region tests):

    python -m tests.examples.showcase OUT_DIR

writes OUT_DIR/regions-1x.png and regions-2x.png (1280×720 at UI scale 1.0 and 2.0: a hand
card being dragged over the lit slots) and regions-book.png (the grave opened for browsing).
Units stand acted (sideways), damaged, stacked (a card attached under another); one of the
other player's units is shown Closed (face down) and one hand card dimmed, as a game with those
states would show them.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import tests.examples  # noqa: E402, F401 - makes the example importable
from game.app import App  # noqa: E402
from game.draw.card_states import CardLook  # noqa: E402
from game.draw.scale import scale, set_scale  # noqa: E402
from game.layouts.base import Seats  # noqa: E402
from game.layouts.region_spec import Content  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402
from rules import registry  # noqa: E402
from rules.agents import RandomAgent  # noqa: E402
from tinycards.game import GAME  # noqa: E402
from tinycards.rules import TinyRules  # noqa: E402
from tinycards.state import State  # noqa: E402
from tinycards.table import TinyTable  # noqa: E402


class ShowcaseTable(TinyTable):
    """Tiny Cards' table with the states the game never uses: a Closed unit, a dimmed card."""

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        out = super().contents(view, seats)
        other = 1 - seats.viewer
        row = out[("row", other)]
        slots = list(row.slots)
        k = next((i for i, c in enumerate(slots) if c is not None and not c.under), None)
        if k is not None and slots[k] is not None:
            c = slots[k]
            assert c is not None
            slots[k] = CardLook(c.id, None, sideways=c.sideways, damage=c.damage,
                                counters=(("Closed", (70, 60, 110)),))
        out[("row", other)] = Content(slots=tuple(slots), active=row.active)
        hand = out[("hand", seats.viewer)]
        if hand.cards:
            last = hand.cards[-1]
            out[("hand", seats.viewer)] = Content(cards=(*hand.cards[:-1], CardLook(
                last.id, last.face, dimmed=True)))
        return out


def _rich(state: State) -> bool:
    units = [u for s in state.sides for u in s.row if u is not None]
    return (any(u.under for u in units) and any(u.damage for u in units)
            and any(not u.ready for u in units) and len(units) >= 4
            and max(len(s.grave) for s in state.sides) >= 3)


def _script(tries: int = 300) -> tuple[int, list[Any]]:
    """A seed and random intents that reach a position showing every state, on a fresh turn
    (nothing played yet, so the hand glows)."""
    rs = TinyRules()
    for seed in range(tries):
        agent = RandomAgent(seed)
        st = rs.new_game(seed=seed)
        done: list[Any] = []
        while rs.to_act(st) is not None and len(done) < 120:
            if _rich(st) and not st.played and st.turn > 6:
                return seed, done
            i = agent.choose(rs, st, rs.legal_intents(st))
            done.append(i)
            st = rs.apply(st, i).state
    raise RuntimeError("no showcase position found")


def open_table() -> App:
    seed, intents = _script()
    app = App((1280, 720), game=GameConfig(game=GAME.name, seed=seed, seats=("human", "human"),
                                           agent_delay=0.0, autosave=False, auto_pass=False))
    scene = app.scene
    assert isinstance(scene, TableScene)
    for i in intents:
        scene.session.submit(i)
    scene.take_seat(scene.session.to_act() or 0)
    app.frame(0.016)
    return app


def _post(kind: int, **kw: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, kw))


def drag_shot(app: App, path: Path) -> None:
    """Pick up the first hand card and hold it over the middle slot of the viewer's row."""
    scene = app.scene
    assert isinstance(scene, TableScene)
    lay = scene.layout
    assert isinstance(lay, TinyTable)
    hand = lay.pieces()["hand"]
    start = next(iter(hand.values()))
    over = lay.zone_center(lay.zone_of[(("row", scene.viewer), 1)])
    _post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    app.frame(0.016)
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    app.frame(0.016)
    for k in range(1, 5):
        p = (start[0] + (over[0] - start[0]) * k // 4, start[1] + (over[1] - start[1]) * k // 4)
        _post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False)
        app.frame(0.016)
    pygame.image.save(app.screen, str(path))
    _post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    _post(pygame.MOUSEBUTTONUP, pos=over, button=1, touch=False)
    app.frame(0.016)
    time.sleep(0.25)  # the card snaps back to the hand (a real-time animation)
    app.frame(0.016)


def book_shot(app: App, path: Path) -> None:
    scene = app.scene
    assert isinstance(scene, TableScene)
    lay = scene.layout
    assert isinstance(lay, TinyTable)
    book = max((p for p in lay.placed if p.region.kind == "book"),
               key=lambda p: len(lay.held[p.id].cards))
    lay.toggle_book(book.id)
    mouse = lay.pieces()[book.region.name]
    pos = next(iter(mouse.values()))
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    app.frame(0.016)
    pygame.image.save(app.screen, str(path))
    lay.toggle_book(book.id)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else ".")
    out.mkdir(parents=True, exist_ok=True)
    registry.register(dataclasses.replace(GAME, table="tests.examples.showcase:ShowcaseTable"),
                      replace=True)
    try:
        app = open_table()
        before = scale()
        try:
            drag_shot(app, out / "regions-1x.png")
            book_shot(app, out / "regions-book.png")
            app.apply_settings(app.settings.model_copy(update={"ui_scale": 2.0}), save=False)
            app.frame(0.016)
            drag_shot(app, out / "regions-2x.png")
        finally:
            app.close()
            set_scale(before)
    finally:
        registry.unregister(GAME.name)
    print(f"wrote {out}/regions-1x.png, regions-2x.png, regions-book.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
