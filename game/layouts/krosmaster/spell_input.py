"""Krosmaster's own input handler: a spell picked from a figure's card, waiting for a target.

The cells in range and in line of sight are lit in one colour, the cells in range whose sight
is blocked in another; the legal targets (a figure the spell may hit now) are ringed. Clicking a
ringed cell casts; clicking anything else on the board says why not; Esc or a right click
cancels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input.handlers import Ctx, Handler, Idle, keyed_intent
from game.layouts.base import Overlay
from rules.core.model import Intent
from rules.krosmaster.intents import Cast

if TYPE_CHECKING:
    from game.layouts.krosmaster.table import KrosmasterTable


class SpellTargeting(Handler):
    name = "spell"

    def __init__(self, table: KrosmasterTable, figure: int, spell: int,
                 intents: list[Intent]) -> None:
        self.table = table
        self.figure = figure
        self.spell = spell
        self.intents = intents
        self.lit = table.spell_highlights(figure, spell)

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button != 1:
                return Idle()
            piece = self.table.piece_at(ev.pos)
            if piece is not None and piece.where == "spell":
                if piece.source == self.table.spell_id(self.figure, self.spell):
                    return Idle()  # the same spell again: put it down
                pressed: Intent | Handler | None = self.table.press(piece, ev.pos, ctx)
                return pressed
            zone = self.table.board_cell(ev.pos)
            if zone is None:
                return Idle()
            hit = [i for i in self.intents if self.table.target_of(i) == zone]
            if hit:
                return hit[0]
            ctx.say(ctx.why_not(Cast(figure=self.figure, spell=self.spell, target=zone)),
                    error=True)
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                return Idle()
            if ev.key == pygame.K_SPACE:
                return keyed_intent(ctx)
            if ev.key == pygame.K_TAB:  # walk the targets by keyboard
                from game.input.keyboard import KeyTargets

                return KeyTargets(ctx, self.intents, base=self)
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        targets = [z for i in self.intents if (z := self.table.target_of(i)) is not None]
        ov = Overlay(lit={"target": list(self.lit.get("target", [])),
                          "blocked": list(self.lit.get("blocked", []))},
                     strong={"aim": targets})
        ov.glow[self.table.spell_id(self.figure, self.spell)] = "selected"
        name = self.table.spell_name(self.figure, self.spell)
        ov.hint = (f"{name}: click a ringed target (Esc cancels)" if targets
                   else f"{name}: no target in range and sight now (Esc)")
        return ov
