"""Kyoukai's table for manual steps (``rules.core.manual_table``): its piles, the 5×5 field,
Branches under a Gate, Ki and damage, Ready (and face down, through the core)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.manual_intents import ManualStep
from rules.core.manual_table import BOARD, UNDER, CounterSpec, ManualTable, Place
from rules.kyoukai.cards import HIDDEN, PLACEHOLDER
from rules.kyoukai.effects import zone_label
from rules.kyoukai.state import EMPTY, ENTRANT_LIFE, State


class KyoukaiManual(ManualTable):
    piles = ("hand", "deck", "discard", "spirits")
    top_is_last = frozenset({"discard"})  # Graft takes the Discard's last card as its top
    hidden = frozenset({"hand", "deck", "spirits"})
    has_under = True
    counters = (CounterSpec("ki", "player", 0, 99, "Ki"),
                CounterSpec("damage", "card", 0, ENTRANT_LIFE, "Damage"))
    flags = ("ready",)  # not ready: Rested (it took its Turn Action)
    hidden_card = HIDDEN
    placeholder = PLACEHOLDER

    def zone_label(self, zone: str) -> str:
        return {"spirits": "Spirit deck"}.get(zone, zone.capitalize())

    def spot_label(self, at: int) -> str:
        return zone_label(at)

    def places(self, s: State) -> list[Place]:
        out: list[Place] = []
        for p, pl in enumerate(s.players):
            for zone in self.piles:
                out.extend(Place(c, p, zone) for c in getattr(pl, zone))
        for z, iid in enumerate(s.field):
            if iid != EMPTY:
                g = s.gates.get(iid)
                out.append(Place(iid, g.owner if g else -1, BOARD, z))
        for iid, g in s.gates.items():
            out.extend(Place(b, g.owner, UNDER, iid) for b in g.branches)
        return out

    def pile(self, s: State, owner: int, zone: str) -> tuple[int, ...]:
        return tuple(getattr(s.players[owner], zone))

    def with_pile(self, s: State, owner: int, zone: str, cards: tuple[int, ...]) -> None:
        setattr(s.player(owner), zone, list(cards))

    def board_spots(self, s: State, owner: int) -> list[int]:
        return [z for z, iid in enumerate(s.field) if iid == EMPTY]

    def take_board(self, s: State, card: int) -> None:
        """Off the field; its Branches go to its owner's Discard, as when a Gate leaves (K-17)."""
        g = s.take_gate(card)
        s.player(g.owner).discard.extend(g.branches)

    def put_board(self, s: State, card: int, owner: int, at: int) -> None:
        s.place(card, owner, at)

    def take_under(self, s: State, card: int, host: int) -> None:
        s.set_gate(host, branches=tuple(b for b in s.gates[host].branches if b != card))

    def put_under(self, s: State, card: int, host: int) -> None:
        s.set_gate(host, branches=(*s.gates[host].branches, card))

    def counter(self, s: State, spec: CounterSpec, owner: int, card: int) -> int | None:
        if spec.name == "ki":
            return s.players[owner].ki
        g = s.gates.get(card)
        return None if g is None else g.damage

    def set_counter(self, s: State, spec: CounterSpec, owner: int, card: int, value: int) -> None:
        if spec.name == "ki":
            s.player(owner).ki = value
        else:
            s.set_gate(card, damage=value)

    def flag(self, s: State, card: int, flag: str) -> bool | None:
        g = s.gates.get(card)
        return None if g is None else g.ready

    def set_flag(self, s: State, card: int, flag: str, value: bool) -> None:
        s.set_gate(card, ready=value)

    def problems(self, s: State) -> list[str]:
        out = []
        for p, pl in enumerate(s.players):
            if pl.entrant not in s.gates:
                out.append(f"Player {p + 1}'s Entrant {s.name(pl.entrant)} must stay on the field")
        for iid in s.gates:
            if iid not in s.field:
                out.append(f"{s.name(iid)} is a Gate on the field with no zone")
        return out

    def settle(self, d: State, step: ManualStep) -> None:
        """K-03 again (an Entrant with 20 damage loses), then the paused flow goes on."""
        for p, pl in enumerate(d.players):
            g = d.gates.get(pl.entrant)
            if g is not None and g.damage >= ENTRANT_LIFE and d.winner is None:
                d.winner, d.over = 1 - p, True
                if d.loud:
                    d.log("win", f"{d.name(pl.entrant)} has taken {g.damage} damage: Player "
                          f"{2 - p} wins!", 1 - p)
        if d.pending is not None:
            # A choice among Gates the player took off the field by hand: those are no
            # longer offered; with none left the choice is moot.
            options = tuple(g for g in d.pending.options if g in d.gates)
            d.pending = replace(d.pending, options=options) if options else None
        from rules.kyoukai.flow import advance

        advance(d)
