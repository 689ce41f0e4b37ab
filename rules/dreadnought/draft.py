"""Dreadnought's working copy of a State for one ``apply`` (``rules.core.draft``), with the
helpers the actions, effects and flow share: drawing, breaking units, losing HP."""

from __future__ import annotations

from typing import Any

from rules.core import zones
from rules.core.draft import Draft as CoreDraft
from rules.core.rng import Rng
from rules.core.window import Window
from rules.dreadnought import reading
from rules.dreadnought.cards import Card
from rules.dreadnought.state import EMPTY, Payment, Phase, Player, State, Unit


class Draft(CoreDraft[State]):
    """The players and the units on the table change in place."""

    working = {"players": list, "units": dict}

    catalog: dict[str, Card]
    cards: dict[int, str]
    players: list[Player]
    units: dict[int, Unit]
    turn: int
    phase: Phase
    chooser: int
    ties: int
    faster: int
    first: int
    grades: tuple[int, int]
    compared: int
    window: Window[int] | None
    attackers: tuple[int, ...]
    target: int
    paying: Payment | None
    rng: Rng
    winner: int | None
    over: bool

    def name(self, iid: int) -> str:
        return reading.card(self, iid).name

    def player(self, p: int, **update: Any) -> None:
        self.players[p] = self.players[p].model_copy(update=update)

    def unit(self, iid: int, **update: Any) -> None:
        self.units[iid] = self.units[iid].model_copy(update=update)

    def shown(self, iid: int) -> str:
        """How the log names a unit: a dummy has no name (D-07)."""
        u = self.units.get(iid)
        return "a dummy" if u is not None and u.dummy else self.name(iid)

    def draw(self, p: int) -> None:
        """Draw one card; from an empty deck, take an HP card instead (the caster with the
        most HP gives it, the left one on a tie)."""
        pl = self.players[p]
        if pl.deck:
            taken, rest = zones.draw(pl.deck, 1)
            self.player(p, deck=rest, hand=pl.hand + taken)
            if self.loud:
                self.log("draw", f"Player {p + 1} draws a card.", p, random=True, reveals=(p,))
            return
        k = 0 if len(pl.hp[0]) >= len(pl.hp[1]) else 1
        if not pl.hp[k]:
            return
        hp = list(pl.hp)
        card, hp[k] = hp[k][0], hp[k][1:]
        self.player(p, hp=(hp[0], hp[1]), hand=pl.hand + (card,))
        if self.loud:
            self.log("hp", f"Player {p + 1}'s deck is empty: {self.name(pl.casters[k])} gives "
                     "an HP card to the hand instead.", p, reveals=(p,))
        self.check_loss()

    def lose_hp(self, p: int, area: int) -> None:
        """The area's caster turns one HP card into the log."""
        pl = self.players[p]
        if not pl.hp[area]:
            return
        hp = list(pl.hp)
        card, hp[area] = hp[area][0], hp[area][1:]
        self.player(p, hp=(hp[0], hp[1]), log=pl.log + (card,))
        if self.loud:
            self.log("hp", f"{self.name(pl.casters[area])} loses 1 HP "
                     f"({len(hp[area])} left).", p, reveals=(0, 1))
        self.check_loss()

    def check_loss(self) -> None:
        if self.over:
            return
        lost = [p for p in (0, 1) if self.players[p].hp_total == 0]
        if not lost:
            return
        self.over = True
        self.phase = "over"
        self.winner = None if len(lost) == 2 else 1 - lost[0]
        if self.loud:
            text = ("Both players' casters are out of HP: a draw." if self.winner is None
                    else f"Both of Player {lost[0] + 1}'s casters are out of HP: "
                         f"Player {self.winner + 1} wins!")
            self.log("win", text, self.winner)

    def remove_unit(self, iid: int, to: str = "log") -> None:
        """The unit leaves its slot for its owner's log (or hand)."""
        u = self.units.pop(iid)
        pl = self.players[u.owner]
        slots = list(pl.slots)
        slots[slots.index(iid)] = EMPTY
        s4 = (slots[0], slots[1], slots[2], slots[3])
        if to == "hand":
            self.player(u.owner, slots=s4, hand=pl.hand + (iid,))
        else:
            self.player(u.owner, slots=s4, log=pl.log + (iid,))

    def damage(self, iid: int, amount: int) -> bool:
        """Deal damage to a unit; it breaks when its damage reaches its BP. True if broken."""
        u = self.units[iid]
        total = u.damage + amount
        bp = reading.bp_of(self, iid)
        if total >= bp:
            if self.loud:
                self.log("break", f"{self.shown(iid)} takes {amount} and breaks.", u.owner,
                         data={"target": iid, "amount": amount})
            self.remove_unit(iid)
            return True
        self.unit(iid, damage=total)
        if self.loud:
            self.log("damage", f"{self.shown(iid)} takes {amount} ({total}/{bp}).", u.owner,
                     data={"target": iid, "amount": amount})
        return False
