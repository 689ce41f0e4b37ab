"""BOS's table for manual steps (``rules.core.manual_table``): castle, spellbook and graveyard
as piles, the summon slots in front of the wizards as the board (by column), enchant spells
under a card, the boss and the three wizards as fixed zones; life and vim of a player,
Strength of a card; acted, a boss face up, a wizard turned down (it has summoned this turn).

A boss taken from its place is gone, as when defeated; a card put into an empty boss place
is a face-down boss. A wizard taken away leaves its column without one: nothing is summoned
there (its place counts as turned down, also at Startup) until a card is put into it."""

from __future__ import annotations

from dataclasses import replace

from rules.bos.actions import spell_done
from rules.bos.cards import HIDDEN, PLACEHOLDER
from rules.bos.state import EMPTY, Side, State, Unit
from rules.core.manual import Resumer, later, paused, resume
from rules.core.manual_intents import ManualStep, Resume
from rules.core.manual_table import BOARD, UNDER, CounterSpec, ManualTable, Place


class BosManual(ManualTable):
    piles = ("castle", "spellbook", "graveyard")
    top_is_last = frozenset({"graveyard", "castle"})
    hidden = frozenset({"castle", "spellbook", "wizards"})  # what the view masks
    deck = "castle"
    has_under = True
    fixed = ("boss", "wizards")
    counters = (CounterSpec("life", "player", -99, 999, "Life"),
                CounterSpec("vim", "player", 0, 999, "Vim"),
                CounterSpec("strength", "card", 0, 9999, "Strength"))
    flags = ("acted", "boss_up", "wizard_down")
    flag_labels = {"boss_up": "face up (a boss on the battlefield)",
                   "wizard_down": "turned down (a wizard that has summoned this turn)"}
    hidden_card = HIDDEN
    placeholder = PLACEHOLDER

    def spot_label(self, at: int) -> str:
        return f"column {at + 1}"

    def fixed_label(self, zone: str, at: int) -> str:
        return "the boss place" if zone == "boss" else f"the wizard place of column {at + 1}"

    def is_hidden(self, s: State, here: Place) -> bool:
        if here.zone == "boss":  # a face-down boss is masked; a face-up one is on the field
            return s.sides[here.owner].boss_state == "down"
        return here.zone in self.hidden

    def places(self, s: State) -> list[Place]:
        out: list[Place] = []
        for p, side in enumerate(s.sides):
            for zone in self.piles:
                out.extend(Place(c, p, zone) for c in getattr(side, zone))
            out.extend(Place(c, p, BOARD, k) for k, c in enumerate(side.slots) if c != EMPTY)
            out.extend(Place(c, p, "wizards", k) for k, c in enumerate(side.wizards)
                       if c != EMPTY)
            if side.boss != EMPTY and side.boss_state != "gone":
                out.append(Place(side.boss, p, "boss", 0))
        for iid, u in s.units.items():
            out.extend(Place(c, s.owner(c), UNDER, iid) for c in u.under)
        return out

    def board_spots(self, s: State, owner: int) -> list[int]:
        return [k for k, c in enumerate(s.sides[owner].slots) if c == EMPTY]

    def fixed_spots(self, s: State, owner: int, zone: str) -> list[int]:
        side = s.sides[owner]
        if zone == "boss":
            return [0] if side.boss == EMPTY or side.boss_state == "gone" else []
        return [k for k, w in enumerate(side.wizards) if w == EMPTY]

    def take_fixed(self, s: State, card: int, here: Place) -> None:
        side = s.side(here.owner)
        if here.zone == "boss":
            if side.boss_state == "up":
                _off_field(s, card)
            side.boss_state = "gone"
            return
        _put(side, here.at, EMPTY, True)

    def put_fixed(self, s: State, card: int, owner: int, zone: str, at: int) -> None:
        side = s.side(owner)
        if zone == "boss":
            side.boss, side.boss_state = card, "down"
        else:
            _put(side, at, card, False)

    def take_board(self, s: State, card: int) -> None:
        """Off its slot; enchant spells under it go to their casters' graveyards (B-03)."""
        side = s.side(s.units[card].owner)
        side.slots = tuple(EMPTY if c == card else c for c in side.slots)
        _off_field(s, card)

    def put_board(self, s: State, card: int, owner: int, at: int) -> None:
        side = s.side(owner)
        side.slots = tuple(card if k == at else c for k, c in enumerate(side.slots))
        s.units[card] = Unit(card, owner, s.card(card).strength or 1)

    def take_under(self, s: State, card: int, host: int) -> None:
        u = s.units[host]
        s.units[host] = replace(u, under=tuple(c for c in u.under if c != card))

    def put_under(self, s: State, card: int, host: int) -> None:
        u = s.units[host]
        s.units[host] = replace(u, under=(*u.under, card))

    def counter(self, s: State, spec: CounterSpec, owner: int, card: int) -> int | None:
        if spec.per == "player":
            return int(getattr(s.sides[owner], spec.name))
        u = s.units.get(card)
        return None if u is None else u.strength

    def set_counter(self, s: State, spec: CounterSpec, owner: int, card: int, value: int) -> None:
        if spec.per == "player":
            setattr(s.side(owner), spec.name, value)
        else:
            s.units[card] = s.units[card].with_strength(value)

    def flag(self, s: State, card: int, flag: str) -> bool | None:
        if flag == "acted":
            u = s.units.get(card)
            return None if u is None else u.acted
        p = _seat(s, card)
        if p is None:
            return None
        side = s.sides[p]
        if flag == "boss_up":
            return None if side.boss != card or side.boss_state == "gone" \
                else side.boss_state == "up"
        return side.wizard_down[side.wizards.index(card)] if card in side.wizards else None

    def set_flag(self, s: State, card: int, flag: str, value: bool) -> None:
        if flag == "acted":
            s.units[card] = s.units[card].with_acted(value)
            return
        p = _seat(s, card)
        assert p is not None
        side = s.side(p)
        if flag == "boss_up":  # face up it is a unit on the battlefield, as when revealed
            if value:
                s.units[card] = Unit(card, p, s.card(card).strength or 0)
            else:
                _off_field(s, card)
            side.boss_state = "up" if value else "down"
            return
        down = list(side.wizard_down)
        down[side.wizards.index(card)] = value
        side.wizard_down = tuple(down)

    def problems(self, s: State) -> list[str]:
        out = []
        for iid, u in s.units.items():
            side = s.sides[u.owner]
            if iid not in side.slots and iid != side.boss:
                out.append(f"{s.name(iid)} is a summon with no slot")
        # The castle summons, the spellbook casts, a slot holds a summon: another card there
        # would be played as what it is not.
        for p, side in enumerate(s.sides):
            for zone, kind in (("castle", "summon"), ("spellbook", "spell"), ("slots", "summon")):
                for iid in getattr(side, zone):
                    if iid != EMPTY and s.card(iid).type != kind:
                        where = "a summon slot" if zone == "slots" else \
                            f"Player {p + 1}'s {zone}"
                        out.append(f"{s.name(iid)} is a {s.card(iid).type}: it cannot be in "
                                   f"{where}")
        return out

    def settle(self, s: State, step: ManualStep) -> None:
        """A player with no life left loses; a summon or face-up boss at 0 Strength is
        defeated (B-07: its on-defeat abilities, then the graveyard), as from a coded effect;
        then the rest of the resolution the step paused."""
        # Cards whose defeat the paused resolution carries on itself are not defeated twice.
        busy = tuple(r.args[0] for r in step.then if r.op in ("defeat_rest", "battle_rest"))
        resume(s, (Resume(op="checks", args=busy), *step.then), _RESUMES)


def _off_field(s: State, card: int) -> None:
    """``card``'s unit gone; the enchant spells under it to their casters' graveyards."""
    for spell in s.units.pop(card).under:
        s.side(s.owner(spell)).graveyard += (spell,)


def _put(side: Side, at: int, wizard: int, down: bool) -> None:
    """The wizard place of column ``at`` holds ``wizard``, turned down or not."""
    wizards, downs = list(side.wizards), list(side.wizard_down)
    wizards[at], downs[at] = wizard, down
    side.wizards, side.wizard_down = tuple(wizards), tuple(downs)


def _checks(s: State, *busy: int) -> None:
    for p in (0, 1):
        s.check_loss(p)
    for iid in sorted(s.units):
        if s.winner is not None:
            return
        u = s.units.get(iid)
        if u is not None and u.strength <= 0 and iid not in busy:
            s.defeat(iid)
            if paused(s):
                later(s, "checks", *busy, iid)
                return


def _unless_over(run: Resumer) -> Resumer:
    def carry_on(s: State, *args: int) -> None:
        if s.winner is None:
            run(s, *args)
    return carry_on


_RESUMES: dict[str, Resumer] = {
    "checks": _checks,
    "defeat_rest": _unless_over(State.defeat_rest),
    "battle_rest": _unless_over(State.battle_rest),
    "spell_done": spell_done,
}


def _seat(s: State, card: int) -> int | None:
    """The player whose boss or wizard ``card`` is, None if it is neither."""
    return next((p for p, side in enumerate(s.sides)
                 if (side.boss == card and side.boss_state != "gone") or card in side.wizards),
                None)
