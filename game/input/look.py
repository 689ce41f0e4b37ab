"""Look mode: the keyboard visits everything on the table, legal or not, and reads it out.

L at the table starts it (L or Esc ends it). Tab / Shift+Tab and the arrows walk every piece
(place by place, as Tab play orders them) and then every zone; each is read out in one line:
what it is (a card's name, type and numbers), what lights it now (each highlight kind by its
mark's word) and what the player may do with it. The line shows on screen (the hint line and
a focus ring no zoom or dragged card covers) and goes to the window title, where screen
readers pick it up; Enter on something the player may use goes on to Tab play there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.input.handlers import Ctx, Handler, Idle, _click_targets, candidates
from game.input.keyboard import ENTER_KEYS, KeyFocus, _label, _plain, step
from game.layouts.base import Overlay, ZoneId, id_key

LOOK_KEY = pygame.K_l
TITLE = "Playtable"


@dataclass(frozen=True)
class Spot:
    """One thing look mode stops at: a piece (``key`` its source) or a zone."""

    kind: str  # "piece" or "zone"
    key: Any
    rect: pygame.Rect
    where: str = ""


def spots(ctx: Ctx) -> list[Spot]:
    """Every piece, in its places' order, then every zone, top to bottom."""
    lay = ctx.layout
    out: list[Spot] = []
    seen: set[str] = set()
    for where, at in lay.pieces().items():
        for src, pos in sorted(at.items(), key=lambda kv: (kv[1][0], kv[1][1])):
            if id_key(src) in seen:
                continue
            seen.add(id_key(src))
            found = lay.piece_at((int(pos[0]), int(pos[1])))
            rect = pygame.Rect(found.rect) if found is not None and found.source == src \
                else pygame.Rect(int(pos[0]) - 20, int(pos[1]) - 20, 40, 40)
            out.append(Spot("piece", src, rect, where))
    zones = sorted(lay.zones(), key=lambda z: (lay.zone_center(z)[1], lay.zone_center(z)[0]))
    out += [Spot("zone", z, lay.zone_rect(z)) for z in zones]
    return out


def _lit_words(ctx: Ctx, ov: Overlay, zone: ZoneId) -> list[str]:
    words = []
    for lit, how in ((ov.strong, ""), (ov.lit, " after a move")):
        for kind, zones in lit.items():
            mark = ctx.layout.kinds.get(kind)
            if zone in zones and mark is not None:
                words.append(f"{mark.word} ({mark.glyph} badge){how}")
    return words


def read_piece(ctx: Ctx, spot: Spot, ov: Overlay) -> str:
    """A piece in words: its place, its name and numbers, its glow, what it can do."""
    lay = ctx.layout
    spec = lay.face(spot.key)
    if spec is not None:
        what = ", ".join([spec.name, spec.type_label] +
                         [f"{k} {v}" for k, v in spec.stats] +
                         ([f"cost {spec.cost}"] if spec.cost is not None else []))
    else:
        what = lay.piece_name(spot.key)
    parts = [f"{spot.where.capitalize()}: {what}"]
    glow = ov.glow.get(spot.key)
    mark = lay.kinds.get(glow) if glow is not None else None
    if mark is not None:
        parts.append(f"{mark.word} ({mark.rim} rim)")
    can = candidates(ctx, spot.key)
    parts.append(f"can: {_plain(_label(ctx, can))}" if can else "nothing to do with it now")
    return ". ".join(parts) + "."


def read_zone(ctx: Ctx, spot: Spot, ov: Overlay) -> str:
    """A zone in words: its name, what stands there, what lights it, what a click does."""
    lay = ctx.layout
    parts = [lay.zone_name(spot.key)]
    here = [lay.piece_name(src) for spots in lay.pieces().values() for src, pos in spots.items()
            if lay.zone_at((int(pos[0]), int(pos[1]))) == spot.key]
    parts.append(f"holds {', '.join(dict.fromkeys(here))}" if here else "empty")
    lit = _lit_words(ctx, ov, spot.key)
    if lit:
        parts.append("lit: " + ", ".join(lit))
    click = [i for i in _click_targets(ctx) if lay.target_of(i) == spot.key]
    if click:
        parts.append(f"click: {_plain(_label(ctx, click))}")
    aimed = [i for i in ctx.legal() if i not in click and lay.target_of(i) == spot.key]
    if aimed:  # what a piece dropped here does, and the mark it lights the zone with
        marks = [lay.kinds[k] for k in dict.fromkeys(lay.highlight_kind(i) for i in aimed)
                 if k in lay.kinds]
        shown = ", ".join(f"{m.word} ({m.glyph} badge)" for m in marks)
        parts.append(f"a drop here: {_plain(_label(ctx, aimed))}" +
                     (f", lit {shown}" if shown else ""))
    return ". ".join(parts) + "."


class Look(Handler):
    """Look mode (see the module docstring)."""

    name = "look"

    def __init__(self, ctx: Ctx, index: int = 0) -> None:
        self.spots = spots(ctx)
        self.index = index % len(self.spots) if self.spots else 0
        self.said = ""

    def refresh(self, ctx: Ctx) -> None:
        """The table changed (a move, the other player's turn): its spots anew, the focus
        on the same piece or zone when it is still there."""
        key = self.spot.key if self.spot is not None else None
        self.spots = spots(ctx)
        self.index = next((k for k, s in enumerate(self.spots) if s.key == key),
                          min(self.index, max(0, len(self.spots) - 1)))

    @property
    def spot(self) -> Spot | None:
        return self.spots[self.index] if self.spots else None

    def reading(self, ctx: Ctx) -> str:
        """The line for the spot in focus."""
        sp = self.spot
        if sp is None:
            return "Nothing on the table yet."
        ov = Idle().overlay(ctx)
        return read_piece(ctx, sp, ov) if sp.kind == "piece" else read_zone(ctx, sp, ov)

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Any:
        if ev.type != pygame.KEYDOWN:
            if ev.type == pygame.MOUSEBUTTONDOWN:
                return Idle().handle(ev, ctx) or Idle()  # the mouse takes over
            return None
        d = step(ev)
        if d and self.spots:
            self.index = (self.index + d) % len(self.spots)
            return None
        if ev.key in (pygame.K_ESCAPE, LOOK_KEY):
            _title(TITLE)
            return Idle()
        if ev.key in ENTER_KEYS and self.spot is not None:
            h = KeyFocus(ctx, key=self.spot.key)
            if h.stops and h.stop is not None and h.stop.key == self.spot.key:
                _title(TITLE)
                return h
            ctx.say("Nothing to do there now: look on, or Esc.")
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Idle().overlay(ctx)
        sp = self.spot
        line = self.reading(ctx)
        if line != self.said:  # a new line for the window title (screen readers read it)
            self.said = line
            _title(f"{TITLE}: {line}")
        if sp is not None:
            ov.focus = pygame.Rect(sp.rect)
            if sp.kind == "piece":
                ov.looked = sp.key
        ov.hint = f"{line}   [Tab] next  [Enter] use  [Esc] stop looking"
        return ov


def _title(text: str) -> None:
    if pygame.display.get_init():
        pygame.display.set_caption(text)

