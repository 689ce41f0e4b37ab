"""Dreadnought's table for manual steps (``rules.core.manual_table``): hand, deck, log and
each caster's HP cards as piles, the four slots as the board, each player's Speed Area as a
fixed zone (a card taken out of it or put into an empty one: put in Open); damage and BP bonus
of a unit; Checked and dummy (a Closed unit) of a unit, Closed of the speed card."""

from __future__ import annotations

from typing import Any

from rules.core.manual import Resumer, resume
from rules.core.manual_intents import ManualStep, Resume
from rules.core.manual_table import BOARD, CounterSpec, ManualTable, Place
from rules.dreadnought.actions import acted
from rules.dreadnought.cards import HIDDEN, PLACEHOLDER
from rules.dreadnought.flow import advance, next_chooser
from rules.dreadnought.reading import bp_of
from rules.dreadnought.state import EMPTY, State, new_unit

_SLOT_NAMES = ("left area, front", "left area, back", "right area, front", "right area, back")
_LABELS = {"log": "Log", "hp_left": "left caster's HP", "hp_right": "right caster's HP"}


class DreadnoughtManual(ManualTable):
    piles = ("hand", "deck", "log", "hp_left", "hp_right")
    top_is_last = frozenset({"log"})
    hidden = frozenset({"hand", "deck", "hp_left", "hp_right"})
    counters = (CounterSpec("damage", "card", 0, 999, "Damage"),
                CounterSpec("bonus", "card", -999, 999, "BP bonus"))
    flags = ("checked", "dummy", "closed")
    flag_labels = {"checked": "Checked", "dummy": "a dummy (Closed and Checked unit)",
                   "closed": "Closed (face down in the Speed Area)"}
    fixed = ("speed",)
    hidden_card = HIDDEN
    placeholder = PLACEHOLDER

    def zone_label(self, zone: str) -> str:
        return _LABELS.get(zone, zone.capitalize())

    def fixed_label(self, zone: str, at: int) -> str:
        return "the Speed Area"

    def is_hidden(self, s: State, here: Place) -> bool:
        if here.zone == "speed":  # a Closed speed card is secret; an Open one is not
            return s.players[here.owner].speed == here.card and s.players[here.owner].closed
        if here.zone == BOARD:  # so is a dummy (D-07: it has no name)
            u = s.units.get(here.card)
            return u is not None and u.dummy
        return here.zone in self.hidden

    def spot_label(self, at: int) -> str:
        return _SLOT_NAMES[at] if 0 <= at < len(_SLOT_NAMES) else str(at)

    def places(self, s: State) -> list[Place]:
        out: list[Place] = []
        for p in (0, 1):
            for zone in self.piles:
                out.extend(Place(c, p, zone) for c in self.pile(s, p, zone))
            pl = s.players[p]
            out.extend(Place(c, p, BOARD, k) for k, c in enumerate(pl.slots) if c != EMPTY)
            if pl.speed != EMPTY:
                out.append(Place(pl.speed, p, "speed", 0))
        return out

    def pile(self, s: State, owner: int, zone: str) -> tuple[int, ...]:
        pl = s.players[owner]
        if zone.startswith("hp_"):
            return pl.hp[0 if zone == "hp_left" else 1]
        return tuple(getattr(pl, zone))

    def with_pile(self, s: State, owner: int, zone: str, cards: tuple[int, ...]) -> None:
        pl = s.players[owner]
        if zone.startswith("hp_"):
            hp = (cards, pl.hp[1]) if zone == "hp_left" else (pl.hp[0], cards)
            _set_player(s, owner, hp=hp)
        else:
            _set_player(s, owner, **{zone: cards})

    def fixed_spots(self, s: State, owner: int, zone: str) -> list[int]:
        return [0] if s.players[owner].speed == EMPTY else []

    def take_fixed(self, s: State, card: int, here: Place) -> None:
        _set_player(s, here.owner, speed=EMPTY, closed=False)

    def put_fixed(self, s: State, card: int, owner: int, zone: str, at: int) -> None:
        _set_player(s, owner, speed=card, closed=False)

    def board_spots(self, s: State, owner: int) -> list[int]:
        return [k for k, c in enumerate(s.players[owner].slots) if c == EMPTY]

    def take_board(self, s: State, card: int) -> None:
        owner = next(p for p in (0, 1) if card in s.players[p].slots)
        pl = s.own(owner)
        pl.place(pl.slots.index(card), EMPTY)
        del s.units[card]

    def put_board(self, s: State, card: int, owner: int, at: int) -> None:
        s.own(owner).place(at, card)
        s.units[card] = new_unit(card, owner, False, s.turn)

    def counter(self, s: State, spec: CounterSpec, owner: int, card: int) -> int | None:
        u = s.units.get(card)
        return None if u is None else int(getattr(u, spec.name))

    def set_counter(self, s: State, spec: CounterSpec, owner: int, card: int, value: int) -> None:
        setattr(s.own_unit(card), spec.name, value)

    def flag(self, s: State, card: int, flag: str) -> bool | None:
        if flag == "closed":
            owner = next((p for p in (0, 1) if s.players[p].speed == card), None)
            return None if owner is None else s.players[owner].closed
        u = s.units.get(card)
        return None if u is None else bool(getattr(u, flag))

    def set_flag(self, s: State, card: int, flag: str, value: bool) -> None:
        if flag == "closed":
            owner = next(p for p in (0, 1) if s.players[p].speed == card)
            _set_player(s, owner, closed=value)
        else:
            setattr(s.own_unit(card), flag, value)

    def problems(self, s: State) -> list[str]:
        on_board = {c for pl in s.players for c in pl.slots if c != EMPTY}
        out = [f"{s.name(i)} is a unit with no slot" for i in s.units if i not in on_board]
        pay = s.paying
        if pay is not None and s.window is not None:  # a freeform step in a cast's payment
            p = s.window.priority
            pl = s.players[p]
            if len(pl.hand) < pay.left:
                out.append(f"Player {p + 1} still logs {pay.left} hand card"
                           f"{'s' if pay.left > 1 else ''} to cast {s.name(pay.card)} and "
                           f"holds {len(pl.hand)}")
            held = pl.slots[pay.slot]
            if held != EMPTY:
                out.append(f"{s.name(pay.card)} is being cast into the "
                           f"{self.spot_label(pay.slot)}, which {s.name(held)} now holds")
        return out

    def settle(self, d: State, step: ManualStep) -> None:
        """A unit whose damage reaches its BP breaks, as from a coded effect; D-13 again (a
        player whose casters have no HP card left loses); then the ability's action ends and
        the turn goes on."""
        if resume(d, (Resume(op="checks"), *step.then), _RESUMES) and not d.over:
            advance(d)


def _checks(d: State) -> None:
    """Units whose damage reaches their BP break; attackers no longer on the board leave the
    attack (none left: it ends, and with it the attacker's action); D-13."""
    for iid in sorted(d.units):
        u = d.units[iid]
        if u.damage >= bp_of(d, iid):
            if d.loud:
                d.log("break", f"{d.shown(iid)} has {u.damage} damage and breaks.", u.owner,
                      data={"target": iid})
            d.remove_unit(iid)
    d.check_loss()
    if d.phase == "choose" and not d.over:  # the chooser's hand or speed card changed hands
        next_chooser(d, 0)
    if d.attackers and not d.over:
        d.attackers = tuple(u for u in d.attackers if u in d.units)
        if not d.attackers and d.target != EMPTY and d.window is not None:
            attacker = d.window.priority
            d.target = EMPTY
            if d.loud:
                d.log("attack", f"Player {attacker + 1}'s attack ends: no attacker is left.",
                      attacker)
            acted(d, attacker)


def _acted(d: State, p: int) -> None:
    if not d.over:
        acted(d, p)


_RESUMES: dict[str, Resumer] = {"checks": _checks, "acted": _acted}


def _set_player(s: State, p: int, **update: Any) -> None:
    """Player ``p``'s fields ``update``d on ``s``."""
    pl = s.own(p)
    for k, v in update.items():
        setattr(pl, k, v)
