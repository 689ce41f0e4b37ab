"""Keyboard play: every choice on the table without the mouse.

Tab / Shift+Tab walk the *stops* of the moment: the pieces the player can pick up (in the
order of their places on screen), then zones to click without a piece (choices, follow-ups of
the piece mid-action), then the table's buttons (Pass, End step, Reroll…). A focus ring shows
the stop and the hint line says what it is. Enter picks a piece up, never acting at once on a
card (as a click opens its menu; ``clicked_act``): its targets become the stops, an action
needing none a stop on the piece itself (Tab through them, Enter drops the piece there: the
same intents as a drag and drop, through the same ``_pick``); a zone or a button does what
clicking it does. Esc backs out one level; Space passes or ends the step as everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.draw.scale import px
from game.input.handlers import (
    Ctx,
    Handler,
    Idle,
    Menu,
    _click_targets,
    _pick,
    candidates,
    clicked_act,
    keyed_intent,
    range_lit,
    responses,
    why_idle,
    zone_targets,
)
from game.layouts.base import Overlay, Piece, PieceId, ZoneId, aimed, id_key
from rules.core.model import Intent

NEXT_KEYS = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
PREV_KEYS = (pygame.K_LEFT, pygame.K_UP)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class Stop:
    """One place Tab stops at: a piece (``key`` its source), a zone, or a button (its kind)."""

    kind: str
    key: Any
    rect: pygame.Rect
    label: str
    where: str = ""


def step(ev: pygame.event.Event) -> int:
    """+1 / -1 for a key that moves the focus, 0 for any other key."""
    if ev.key == pygame.K_TAB:
        return -1 if ev.mod & pygame.KMOD_SHIFT else 1
    if ev.key in NEXT_KEYS:
        return 1
    if ev.key in PREV_KEYS:
        return -1
    return 0


def _plain(text: str) -> str:
    """The hint line's font has no arrow glyph."""
    return text.replace(" → ", " to ")


def _label(ctx: Ctx, intents: list[Intent]) -> str:
    names = [ctx.layout.describe(i) for i in intents]
    heads = {n.split(" → ")[0] for n in names}
    if len(names) == 1:
        return names[0]
    if len(heads) == 1:
        return f"{heads.pop()} ({len(names)} choices)"
    return f"{names[0]} … ({len(names)} choices)"


def _piece(ctx: Ctx, where: str, source: PieceId, pos: tuple[int, int]) -> Piece:
    found = ctx.layout.piece_at(pos)
    if found is not None and found.source == source:
        return found
    r = pygame.Rect(0, 0, px(40), px(40))
    r.center = pos
    return Piece(source, where, r)


def stops(ctx: Ctx) -> list[Stop]:
    """The current legal choices, in Tab order."""
    legal = ctx.legal()
    if not legal:
        return []
    lay = ctx.layout
    places: dict[str, tuple[int, str, tuple[int, int]]] = {}  # by id_key: ids need not sort
    for rank, (where, spots) in enumerate(lay.pieces().items()):
        for src, pos in spots.items():
            places.setdefault(id_key(src), (rank, where, (int(pos[0]), int(pos[1]))))
    sources: list[PieceId] = []
    for i in legal:
        s = lay.source_of(i)
        if s is not None and s not in sources and id_key(s) in places:
            sources.append(s)
    sources.sort(key=lambda s: (places[id_key(s)][0], places[id_key(s)][2][0],
                                places[id_key(s)][2][1]))
    out = []
    for s in sources:
        rank, where, pos = places[id_key(s)]
        piece = _piece(ctx, where, s, pos)
        out.append(Stop("piece", s, piece.rect, _label(ctx, candidates(ctx, s)), where))
    by_zone: dict[ZoneId, list[Intent]] = {}
    for i in _click_targets(ctx):
        z = lay.target_of(i)
        if aimed(z):
            by_zone.setdefault(z, []).append(i)
    for z in sorted(by_zone, key=lambda z: (lay.zone_center(z)[1], lay.zone_center(z)[0])):
        out.append(Stop("zone", z, lay.zone_rect(z), _label(ctx, by_zone[z])))
    for name, (rect, label) in lay.controls().items():  # a book's tabs and page arrows
        if label:  # unnamed: a mouse-only control (the opponent's book)
            out.append(Stop("control", name, pygame.Rect(rect), label))
    buttons: dict[str, Any] = getattr(ctx, "buttons", {}) or {}
    for kind, b in buttons.items():
        if getattr(b, "visible", False) and ctx.button_intent(b) is not None:
            out.append(Stop("button", kind, pygame.Rect(b.rect), str(b.text)))
    return out


def _press_button(ctx: Ctx, stop: Stop) -> Intent | Handler | None:
    b = (getattr(ctx, "buttons", {}) or {}).get(stop.key)
    what = ctx.button_intent(b)
    if what == "respond":
        offered = responses(ctx)
        return Menu(ctx, offered, stop.rect.midtop) if offered else None
    return what if isinstance(what, Intent) else None


def choose(ctx: Ctx, stop: Stop) -> Intent | Handler | None:
    """Enter on a stop: what a click on it does."""
    lay = ctx.layout
    if stop.kind == "button":
        return _press_button(ctx, stop)
    if stop.kind == "control":  # the focus stays on it: Enter again turns on
        lay.use_control(stop.key)
        return KeyFocus(ctx, key=stop.key)
    if stop.kind == "zone":
        hit = [i for i in _click_targets(ctx) if lay.target_of(i) == stop.key]
        return _pick(hit, ctx, stop.rect.center)
    piece = _piece(ctx, stop.where, stop.key, stop.rect.center)
    own = lay.press(piece, piece.rect.center, ctx)
    if isinstance(own, Intent):
        return own
    if isinstance(own, Handler):
        inner = getattr(own, "intents", None)
        if isinstance(own, Idle) or not isinstance(inner, list):
            return own
        return KeyTargets(ctx, list(inner), piece, base=own)
    mine = candidates(ctx, piece.source)
    if clicked_act(ctx, piece, mine):
        return mine[0]
    if not mine:
        ctx.say(why_idle(ctx, piece), error=True)
        return None
    return KeyTargets(ctx, mine, piece)


class KeyFocus(Handler):
    """Tab is walking the stops; nothing is picked up yet."""

    name = "keyfocus"

    def __init__(self, ctx: Ctx, index: int = 0, key: Any = None) -> None:
        self.stops = stops(ctx)
        self.index = 0
        if key is not None:
            self.index = next((k for k, s in enumerate(self.stops) if s.key == key), 0)
        elif self.stops:
            self.index = index % len(self.stops)

    @classmethod
    def start(cls, ctx: Ctx, backwards: bool = False) -> Handler | None:
        h = cls(ctx)
        if not h.stops:
            ctx.say("Nothing to choose now.")
            return None
        if backwards:
            h.index = len(h.stops) - 1
        return h

    @property
    def stop(self) -> Stop | None:
        return self.stops[self.index] if self.stops else None

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.KEYDOWN:
            d = step(ev)
            if d and self.stops:
                self.index = (self.index + d) % len(self.stops)
                return None
            if ev.key in ENTER_KEYS and self.stop is not None:
                return choose(ctx, self.stop)
            if ev.key == pygame.K_ESCAPE:
                return Idle()
            if ev.key == pygame.K_SPACE:
                return keyed_intent(ctx)
            if ev.key == pygame.K_l:  # look mode, from this stop on
                from game.input.look import Look

                look = Look(ctx)
                at = self.stop.key if self.stop is not None else None
                look.index = next((k for k, s in enumerate(look.spots) if s.key == at), 0)
                return look
            return None
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame_gui.UI_BUTTON_PRESSED):
            return Idle().handle(ev, ctx) or Idle()  # the mouse takes over
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Idle().overlay(ctx)
        st = self.stop
        if st is None:
            return ov
        ring = pygame.Rect(st.rect)
        piece = Piece(st.key, st.where, st.rect) if st.kind == "piece" else None
        if piece is not None and ctx.layout.rises(piece):
            ov.raised = st.key
            ring.y -= ring.h // 6
        if piece is not None and ctx.layout.shows_range(piece) and ctx.layout.focus() is None:
            ov.lit = range_lit(ctx, st.key)
        ov.focus = ring
        ov.hint = f"{_plain(st.label)}   [Enter] choose  [Tab] next  [Esc] back"
        return ov


class KeyTargets(Handler):
    """A piece is picked up by keyboard: Tab walks its targets, Enter drops it there."""

    name = "keytargets"

    def __init__(self, ctx: Ctx, intents: list[Intent], piece: Piece | None = None,
                 base: Handler | None = None) -> None:
        self.intents = intents
        self.piece = piece
        self.base = base
        lay = ctx.layout
        by_zone: dict[ZoneId, list[Intent]] = {}
        loose: list[Intent] = []
        for i in intents:
            z = lay.target_of(i)
            if aimed(z):
                by_zone.setdefault(z, []).append(i)
            else:
                loose.append(i)
        self.targets: list[tuple[ZoneId | None, list[Intent]]] = [
            (z, by_zone[z]) for z in sorted(by_zone, key=lambda z: (lay.zone_center(z)[1],
                                                                    lay.zone_center(z)[0]))]
        if loose:  # actions that need no target: one more stop, on the piece itself
            self.targets.append((None, loose))
        self.index = 0

    def _rect(self, ctx: Ctx, zone: ZoneId | None) -> pygame.Rect:
        if zone is not None:
            return ctx.layout.zone_rect(zone)
        if self.piece is not None:
            return pygame.Rect(self.piece.rect)
        return pygame.Rect(ctx.layout.hint_at(), (px(40), px(40)))

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.KEYDOWN:
            d = step(ev)
            if d and self.targets:
                self.index = (self.index + d) % len(self.targets)
                return None
            if ev.key in ENTER_KEYS and self.targets:
                zone, here = self.targets[self.index]
                return _pick(here, ctx, self._rect(ctx, zone).center)
            if ev.key == pygame.K_ESCAPE:  # back to the pieces, on this one
                key = self.piece.source if self.piece is not None else None
                h = KeyFocus(ctx, key=key)
                return h if h.stops else Idle()
            if ev.key == pygame.K_SPACE:
                return keyed_intent(ctx)
            return None
        if self.base is not None:
            return self.base.handle(ev, ctx)
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button != 1:
                return Idle()
            zone = ctx.layout.zone_at(ev.pos)
            hit = [i for i in self.intents if ctx.layout.target_of(i) == zone]
            return _pick(hit, ctx, ev.pos) if hit else Idle()
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        if self.base is not None:
            ov = self.base.overlay(ctx)
        else:
            ov = Overlay(strong=zone_targets(ctx, self.intents))
            if self.piece is not None:
                ov.glow[self.piece.source] = "chosen"
                if ctx.layout.rises(self.piece):
                    ov.raised = self.piece.source
        if not self.targets:
            return ov
        zone, here = self.targets[self.index]
        ov.focus = self._rect(ctx, zone)
        names = sorted({ctx.layout.describe(i) for i in here})
        label = names[0] if len(names) == 1 else f"{names[0]} … ({len(names)} choices)"
        ov.hint = f"{_plain(label)}   [Enter] choose  [Tab] next  [Esc] back"
        return ov


def menu_key(menu: Menu, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None | bool:
    """Keys in an action menu: arrows/Tab move, Enter presses; False when not a menu key."""
    if ev.type != pygame.KEYDOWN:
        return False
    buttons = list(menu.buttons)
    d = step(ev)
    if d:
        menu.focus = (menu.focus + d) % len(buttons)
        return None
    if ev.key in ENTER_KEYS:
        what = menu.buttons[buttons[menu.focus]]
        if what is None:
            return Idle()
        if isinstance(what, list):
            return KeyTargets(ctx, what)
        return what
    return False
