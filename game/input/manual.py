"""The input handler of a manual step (``game.manual_panel``): a click on any card picks it
(the panel lists its zones, counters and states; a click on the table drops the pick); a drag
puts it where it is dropped: under the card it lands on, onto a free board place, into a pile
(hand, deck, discard…) as the table's ``manual_spots`` name them. Everything else is the
panel's buttons."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.input.handlers import DRAG_SLOP, Ctx, Handler
from game.layouts.base import ManualSpot, Overlay, Piece, Pos, ZoneId
from rules.core.manual_intents import ManualMove
from rules.core.manual_table import BOARD, UNDER
from rules.core.model import Intent


def fitting(moves: list[ManualMove], spot: ManualSpot, owner: int) -> ManualMove | None:
    """The move that puts a card on ``spot`` (on a pile's top); for a place of either
    player's, the card's ``owner``'s. None when its moves have none."""
    zone, who, at = spot
    fits = [m for m in moves if m.zone == zone and not m.bottom
            and (who < 0 or m.owner == who) and (zone != BOARD or m.at == at)]
    return min(fits, key=lambda m: m.owner != owner) if fits else None


def _takes(owners: dict[tuple[str, int], set[int]], spot: ManualSpot) -> bool:
    """Whether ``spot`` is one of the places of ``owners`` (``fitting``, indexed)."""
    zone, who, at = spot
    mine = owners.get((zone, at if zone == BOARD else -1))
    return mine is not None and (who < 0 or who in mine)


class ManualPick(Handler):
    name = "manual"

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.press: tuple[Piece, Pos] | None = None
        self.drag: tuple[Any, Pos] | None = None
        self.lit: list[ZoneId] = []  # the board zones the dragged card may be dropped on

    def _moves(self, card: Any) -> list[ManualMove]:
        return [i for i in self.panel.session.rs.legal_intents(self.panel.session.state, card)
                if isinstance(i, ManualMove)]

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            piece = ctx.layout.manual_piece_at(ev.pos)
            self.press = None
            if piece is None and ctx.layout.press(None, ev.pos, ctx) is not None:
                return self  # the table opened or closed a book of cards to pick from
            piece = piece or self._pile_top(ev.pos, ctx)
            self.press = (piece, ev.pos) if piece is not None else None
            if piece is None and self.panel.selected is not None:
                self.panel.select(None)  # a click on the table: the players' counters again
                return self
        elif ev.type == pygame.MOUSEMOTION and self.press is not None:
            piece, start = self.press
            if self.drag is None and math.dist(start, ev.pos) > DRAG_SLOP:
                self.lit = self._targets(piece.source, ctx)
            if self.drag is not None or math.dist(start, ev.pos) > DRAG_SLOP:
                self.drag = (piece.source, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            piece = self.press[0]
            dragged = self.drag is not None
            self.press, self.drag, self.lit = None, None, []
            if not dragged:
                self.panel.select(piece.source)
                ctx.say("Picked: the panel lists where it may go.")
                return self  # the scene lays the panel out again
            return self._drop(piece.source, ev.pos, ctx)
        return None

    def _pile_top(self, pos: Pos, ctx: Ctx) -> Piece | None:
        """The top card of the pile at ``pos`` whose cards are not pieces (a deck drawn as
        its back and a count): picked or dragged like any card, so "draw a card" can be done
        by hand. Its name stays hidden where the viewer may not see it."""
        table = self.panel.table
        spots = ctx.layout.manual_spots(None, pos)
        if table is None or not spots:
            return None
        zone, who, _ = spots[0]
        if zone == BOARD or who < 0 or zone not in table.piles:
            return None
        cards = table.pile(self.panel.session.state, who, zone)
        shown = {k for place in ctx.layout.pieces().values() for k in place}
        if not cards or any(c in shown for c in cards):
            return None  # an empty pile, or one whose cards are picked one by one
        top = cards[-1] if zone in table.top_is_last else cards[0]
        return Piece(top, zone, pygame.Rect(pos, (1, 1)))

    def _drop(self, card: Any, pos: Pos, ctx: Ctx) -> Intent | None:
        # Shift held: put it there face down (the other player never sees it) where the
        # card may go face down; the first fitting move is taken.
        down = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        moves = sorted(self._moves(card), key=lambda m: m.face_down != down)
        layout = ctx.layout
        onto = layout.manual_piece_at(pos)
        if onto is not None and onto.source != card:
            under = [m for m in moves if m.zone == UNDER and m.at == onto.source]
            if under:
                return under[0]
        owner = self.panel.owner_of(card)
        here = self.panel.place_of(card)
        spots = list(layout.manual_spots(card, pos))
        if onto is not None and onto.source != card:  # onto a card in a pile: that pile
            there = self.panel.place_of(onto.source)
            if there is not None and there.zone not in (BOARD, UNDER):
                spots.append((there.zone, there.owner, -1))
        for spot in spots:
            zone, who, _ = spot
            if here is not None and (here.zone, here.owner) == (zone, who) and zone != BOARD:
                ctx.say(f"Already there: pick it for the bottom of "
                        f"{self.panel.zone_words(zone)}.")
                return None
            move = fitting(moves, spot, owner)
            if move is not None:
                return move
        ctx.say("Not a place it can go: pick the card for its zones in the panel.", error=True)
        return None

    def _targets(self, card: Any, ctx: Ctx) -> list[ZoneId]:
        """The table's zones ``card`` may be dropped on: a free board place, another pile."""
        owners: dict[tuple[str, int], set[int]] = {}  # (zone, board place) -> its owners
        for m in self._moves(card):
            if not m.bottom:
                owners.setdefault((m.zone, m.at if m.zone == BOARD else -1), set()).add(m.owner)
        here = self.panel.place_of(card)
        layout = ctx.layout
        out = []
        for z in layout.zones():
            c = layout.zone_center(z)
            if layout.zone_at(c) != z:
                continue  # a region covered by its own slots: the slots are lit
            spots = layout.manual_spots(card, c)
            own = here is not None and bool(spots) and spots[0][0] != BOARD \
                and spots[0][:2] == (here.zone, here.owner)
            if not own and any(_takes(owners, s) for s in spots):
                out.append(z)
        return out

    def overlay(self, ctx: Ctx) -> Overlay:
        # Short: the hint sits over the top of the table (the Shift+drop line is the panel's).
        ov = Overlay(hint="Manual step: carry out the card by hand, then Done.")
        if self.drag is not None:
            ov.dragging = self.drag
            ov.strong = {"move": self.lit}
        return ov
