"""Issue 11 item 2: the table lights what is legal now in one style and what becomes
reachable after a Move in a clearly different one, never empty zones or your own Gates."""

from __future__ import annotations

from typing import Any

import pygame

from game.input.handlers import Dragging, Idle
from game.layouts.base import Piece, Seats
from game.layouts.kyoukai import KyoukaiTable
from rules import IllegalIntent
from rules.core.model import Intent
from rules.kyoukai.intents import Attack
from rules.kyoukai.scenario import parse_zone as Z
from rules.kyoukai.state import State
from tests.kyoukai.helpers import iid_at, position, rs


class Ctx:
    def __init__(self, s: State) -> None:
        self.s = s
        self.layout = KyoukaiTable()
        self.layout.update(s, Seats(0, False, ("P1", "P2")), rs.legal_intents(s))
        self.said: list[str] = []

    def legal(self) -> list[Intent]:
        return rs.legal_intents(self.s)

    def highlights(self, source: Any) -> dict[str, list[Any]]:
        return rs.highlights(self.s, source)

    def why_not(self, intent: Intent) -> str:
        try:
            rs.apply(self.s, intent)
        except IllegalIntent as e:
            return e.reason
        return "that is legal"

    def why_idle(self, source: Any, tries: list[Intent]) -> str:
        return rs.why_idle(self.s, source, tries) or "that is legal"

    def say(self, text: str, error: bool = False) -> None:
        self.said.append(text)


def _eagle_table() -> tuple[Ctx, int]:
    s = position(field=[{"card": "hunting_eagle", "owner": 0, "zone": "D2", "ready": True},
                        {"card": "iron_boar", "owner": 1, "zone": "D3", "ready": True},
                        {"card": "iron_boar", "owner": 0, "zone": "C1", "ready": True},
                        {"card": "stone_spirit", "owner": 1, "zone": "B2", "ready": True},
                        {"card": "iron_boar", "owner": 1, "zone": "A3", "ready": True}])
    return Ctx(s), iid_at(s, "D2")


def test_hover_splits_attack_now_from_attack_after_a_move() -> None:
    ctx, eagle = _eagle_table()
    s = ctx.s
    idle = Idle()
    idle.hover = Piece(eagle, "field", pygame.Rect(0, 0, 10, 10))
    ov = idle.overlay(ctx)  # type: ignore[arg-type]
    now = {i.zone for i in rs.legal_intents(s) if isinstance(i, Attack) and i.gate == eagle}
    assert Z("D3") in now and Z("A3") not in now
    assert set(ov.strong["attack"]) == now  # bright: exactly the legal Attacks
    now |= set(ov.strong.get("skill", ())) | set(ov.strong.get("move", ()))
    later = set(ov.lit.get("attack", ()))
    assert not later & now  # never both styles on one zone
    for z in later:  # hatched: only enemy Gates, not empty zones, not your own Gate
        assert s.field[z] >= 0 and s.gates[s.field[z]].owner == 1
    assert Z("C1") not in later and Z("C1") not in ov.strong.get("attack", ())
    rh = rs.highlights(s, eagle)
    reachable_enemies = {z for z in rh["attack"] if s.field[z] >= 0
                         and s.gates[s.field[z]].owner == 1} - now
    assert later == reachable_enemies and Z("A3") in later  # after a Move


def test_dragging_shows_the_same_split_and_the_key_names_both_styles() -> None:
    ctx, eagle = _eagle_table()
    drag = Dragging(Piece(eagle, "field", pygame.Rect(0, 0, 10, 10)), (5, 5))
    ov = drag.overlay(ctx)  # type: ignore[arg-type]
    assert Z("D3") in ov.strong["attack"] and Z("D3") not in ov.lit.get("attack", ())
    key = ctx.layout.key(ov)
    assert ("attack", "bright") in [(e.kind, e.style) for e in key]
    assert ("attack", "hatched") in [(e.kind, e.style) for e in key]
    styles = {(e.kind, e.style) for e in ctx.layout.legend}
    assert ("attack", "hatched") in styles and ("attack", "bright") in styles


def test_krosmaster_legend_names_the_style_its_reach_is_drawn_in() -> None:
    from game.layouts.krosmaster.table import KrosmasterTable

    styles = {(e.kind, e.style) for e in KrosmasterTable.legend}
    assert ("move", "bright") in styles  # reach is legal now: drawn strong, not faint
