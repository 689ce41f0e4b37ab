"""The input handler of a manual step (``game.manual_panel``): a click on any card picks it
(the panel lists its zones, counters and states; a click on the table drops the pick); a drag
puts it on the board place, or under the card, it is dropped on. Everything else is the
panel's buttons."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.input.handlers import DRAG_SLOP, Ctx, Handler
from game.layouts.base import Overlay, Piece, Pos
from rules.core.manual_intents import ManualMove
from rules.core.manual_table import BOARD, UNDER
from rules.core.model import Intent


class ManualPick(Handler):
    name = "manual"

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.press: tuple[Piece, Pos] | None = None
        self.drag: tuple[Any, Pos] | None = None

    def _moves(self, card: Any) -> list[ManualMove]:
        return [i for i in self.panel.session.rs.legal_intents(self.panel.session.state, card)
                if isinstance(i, ManualMove) and i.zone in (BOARD, UNDER)]

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            piece = ctx.layout.piece_at(ev.pos)
            self.press = (piece, ev.pos) if piece is not None else None
            if piece is None and self.panel.selected is not None:
                self.panel.select(None)  # a click on the table: the players' counters again
                return self
        elif ev.type == pygame.MOUSEMOTION and self.press is not None:
            piece, start = self.press
            if self.drag is not None or math.dist(start, ev.pos) > DRAG_SLOP:
                self.drag = (piece.source, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            piece = self.press[0]
            dragged = self.drag is not None
            self.press, self.drag = None, None
            if not dragged:
                self.panel.select(piece.source)
                ctx.say("Picked: the panel lists where it may go.")
                return self  # the scene lays the panel out again
            return self._drop(piece.source, ev.pos, ctx)
        return None

    def _drop(self, card: Any, pos: Pos, ctx: Ctx) -> Intent | None:
        # Shift held: put it there face down (the other player never sees it).
        down = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        moves = [m for m in self._moves(card) if m.face_down == down] or self._moves(card)
        onto = ctx.layout.piece_at(pos)
        if onto is not None and onto.source != card:
            under = [m for m in moves if m.zone == UNDER and m.at == onto.source]
            if under:
                return under[0]
        zone = ctx.layout.zone_at(pos)
        here = [m for m in moves if m.zone == BOARD and m.at == zone]
        if here:  # for the card's owner (the panel moves it to the other player's side)
            owner = self.panel.owner_of(card)
            return min(here, key=lambda m: m.owner != owner)
        ctx.say("Not a free place on the board: pick the card for its zones in the panel.",
                error=True)
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Overlay(hint="Manual step: carry out the card by hand, then Done (Shift+drop: "
                     "face down).")
        if self.drag is not None:
            card, pos = self.drag
            ov.dragging = (card, pos)
            ov.strong = {"move": sorted({m.at for m in self._moves(card) if m.zone == BOARD})}
        return ov
