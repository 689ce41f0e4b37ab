"""Kyoukai's working copy of a State for one ``apply`` (``rules.core.draft``), with the helpers
its effects share: reading cards and stats, damage, leaving the field, drawing.
"""

from __future__ import annotations

from typing import Any, Literal

from rules.core import zones
from rules.core.draft import Draft as CoreDraft
from rules.core.manual_intents import ManualStep
from rules.core.model import Event
from rules.core.rng import Rng
from rules.core.window import Window
from rules.kyoukai.cards import Gate
from rules.kyoukai.state import (
    EMPTY,
    ENTRANT_LIFE,
    GRID,
    STEPS,
    FieldGate,
    Item,
    Pending,
    Player,
    State,
    TurnAction,
    placed,
)

Place = Literal["discard", "hand"]



def event(kind: str, text: str, player: int | None = None, **kw: Any) -> Event:
    """An Event of these fields (the quick loud paths build theirs here)."""
    return Event(kind=kind, text=text, player=player, **kw)


class Draft(CoreDraft[State]):
    """Kyoukai's draft: the field, the Gates on it and the players change in place."""

    working = {"field": list, "gates": dict, "players": list}

    # The State's fields as the draft holds them (read from the State on first use).
    catalog: dict[str, Gate]
    cards: dict[int, str]
    field: list[int]
    gates: dict[int, FieldGate]
    players: list[Player]
    active: int
    first: int
    turn: int
    step: str
    seq: Window[Item] | None
    action: TurnAction | None
    pending: Pending | None
    absorbed: dict[int, int]
    shield: dict[int, int]
    rng: Rng
    winner: int | None
    over: bool
    manual: tuple[ManualStep, ...]

    # ---- reading ---------------------------------------------------------------------
    def card(self, iid: int) -> Gate:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.card(iid).name

    def zone_of(self, iid: int) -> int:
        try:
            return self.field.index(iid)
        except ValueError:
            return EMPTY

    def on_field(self, iid: int) -> bool:
        return iid in self.gates

    def branch_bonus(self, iid: int, stat: str) -> int:
        total = 0
        for b in self.gates[iid].branches:
            for sk in self.card(b).skills:
                if sk.kind == "branch" and sk.effect == "stat_bonus":
                    total += getattr(sk, stat)
        return total

    def attack_of(self, iid: int) -> int:
        return (self.card(iid).attack or 0) + self.branch_bonus(iid, "attack")

    def defense_of(self, iid: int) -> int:
        return ((self.card(iid).defense or 0) + self.branch_bonus(iid, "defense")
                + self.shield.get(iid, 0))

    def has_passive(self, iid: int, effect: str) -> bool:
        return any(s.kind == "passive" and s.effect == effect for s in self.card(iid).skills)

    # ---- changing --------------------------------------------------------------------
    def next_step(self) -> None:
        self.step = STEPS.after(self.step)[0]

    def player(self, p: int, **update: Any) -> None:
        self.players[p] = self.players[p].model_copy(update=update)

    def gate(self, iid: int, **update: Any) -> None:
        self.gates[iid] = self.gates[iid].model_copy(update=update)

    def place(self, iid: int, owner: int, zone: int, ready: bool = False) -> None:
        self.field[zone] = iid
        self.gates[iid] = placed(iid, owner, ready)

    def draw(self, p: int, n: int = 1) -> int:
        pl = self.players[p]
        taken, rest = zones.draw(pl.deck, n)
        self.player(p, deck=rest, hand=pl.hand + taken)
        if taken:
            who = "card" if len(taken) == 1 else "cards"
            if self.loud:
                self.log("draw", f"Player {p + 1} draws {len(taken)} {who}.", p, random=True,
                         reveals=(p,))
        return len(taken)

    def to_discard(self, iid: int, owner: int) -> None:
        pl = self.players[owner]
        self.player(owner, discard=zones.put_bottom(pl.discard, iid))

    def leave_field(self, iid: int, to: Place, by: int | None) -> None:
        """The Gate leaves the field for ``to``; its Branches are discarded (K-17). Passives
        that add text to the effect that discarded it apply for player ``by`` (K-16)."""
        g = self.gates.pop(iid)
        self.field[self.field.index(iid)] = EMPTY
        if iid in self.absorbed:  # else it stays as it is (dicts here are never changed in place)
            self.absorbed = {k: v for k, v in self.absorbed.items() if k != iid}
        for b in g.branches:
            pl = self.players[g.owner]
            self.player(g.owner, discard=zones.put_bottom(pl.discard, b))
            if self.loud:
                self.log("discard", f"{self.name(b)} (Branched) is discarded with its host.",
                         g.owner)
        pl = self.players[g.owner]
        if to == "hand":
            self.player(g.owner, hand=zones.put_bottom(pl.hand, iid))
            if self.loud:
                self.log("return", f"{self.name(iid)} returns to its owner's hand.", g.owner)
        else:
            self.player(g.owner, discard=zones.put_bottom(pl.discard, iid))
            if self.loud:
                self.log("discard", f"{self.name(iid)} is discarded.", g.owner)
            if by is not None and self.has_passive(iid, "ready_on_discard"):
                self._ready_own_choice(by, f"{self.name(iid)}'s Potion Potential")

    def _ready_own_choice(self, p: int, reason: str) -> None:
        options = tuple(sorted(
            i for i, g in self.gates.items()
            if g.owner == p and not g.ready and self.card(i).type in ("summon", "spirit")
        ))
        if len(options) == 1:
            self.gate(options[0], ready=True)
            if self.loud:
                self.log("ready", f"{reason}: Player {p + 1} Readies {self.name(options[0])}.", p)
        elif options:
            self.pending = Pending(kind="ready_own", player=p, options=options, reason=reason)
        else:
            if self.loud:
                self.log("ready", f"{reason}: Player {p + 1} has no Rested Summon or Spirit.", p)

    def damage(self, iid: int, amount: int, by: int | None, source: str) -> bool:
        """Deal damage; Defense reduces it, and that reduction is used up for the rest of the
        Sequence (K-08, K-11). Returns True if the Gate was discarded by it."""
        if iid not in self.gates or amount <= 0:
            return False
        defense = self.defense_of(iid)
        used = self.absorbed.get(iid, 0)
        left = max(0, defense - used)
        through = max(0, amount - left)
        self.absorbed = {**self.absorbed, iid: used + min(amount, left)}
        g = self.gates[iid]
        name = self.name(iid) if self.loud else ""
        if through == 0:
            if self.loud:
                self.log("damage", f"{source} deals {amount} to {name}; Defense stops it all.", by)
            return False
        if self.card(iid).type == "entrant":
            total = g.damage + through
            self.gate(iid, damage=total)
            if self.loud:
                self.log("damage", f"{source} deals {through} damage to {name} "
                         f"({total}/{ENTRANT_LIFE}).", by, data={"target": iid, "amount": through})
            if total >= ENTRANT_LIFE and self.winner is None:
                self.winner = 1 - g.owner
                self.over = True
                if self.loud:
                    self.log("win", f"{name} has taken {total} damage: Player {self.winner + 1} "
                             "wins!", self.winner)
            return False
        if self.loud:
            self.log("damage", f"{source} deals {through} damage past Defense to {name}.", by,
                     data={"target": iid, "amount": through})
        self.leave_field(iid, "discard", by)
        return True

    def bordering_own_ready(self, p: int) -> set[int]:
        """Empty zones bordering one of p's Ready Gates: where p may open Summons/Spirits."""
        out: set[int] = set()
        for i, g in self.gates.items():
            if g.owner == p and g.ready:
                for n in GRID.neighbours[self.field.index(i)]:
                    if self.field[n] == EMPTY:
                        out.add(n)
        return out
