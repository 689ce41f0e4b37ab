"""A Kyoukai game on plain, mutable Python values, for playouts: the simulation plays a random
game here, one intent after another in place, instead of through immutable States (copying a
State and its pydantic parts for each of a game's ~1,100 intents cost more than the rules).

``PlainGame.of(state)`` takes a State as the rules left it; ``snapshot`` gives both in one plain
form, which is how tests/kyoukai/test_plain_playout.py holds this to the rules, intent by
intent. What changes here follows ``rules.kyoukai.draft`` (damage, leaving the field, drawing);
``play`` follows ``actions``, ``flow`` and ``effects``; ``legal`` follows ``legal``. A rules
change is made in both: that test fails until it is.
"""

from __future__ import annotations

from typing import Any

from rules.kyoukai.plain.tables import CardRow, card_rows
from rules.kyoukai.state import EMPTY, ENTRANT_LIFE, GRID, State

# A Sequence item: (kind, player, source, skill, zone, target), as ``state.Item``'s fields.
Item = tuple[str, int, int, int, int, int]


class OnField:
    """A Gate on the field (``state.FieldGate``'s fields, changed in place)."""

    __slots__ = ("owner", "ready", "damage", "branches")

    def __init__(self, owner: int, ready: bool, damage: int = 0,
                 branches: tuple[int, ...] = ()) -> None:
        self.owner = owner
        self.ready = ready
        self.damage = damage
        self.branches = branches


class Side:
    """One player's piles (lists: the top of the deck first, the bottom of a pile last)."""

    __slots__ = ("entrant", "deck", "hand", "discard", "spirits", "ki", "spirit_opened")

    def __init__(self, entrant: int, deck: list[int], hand: list[int], discard: list[int],
                 spirits: list[int], ki: int, spirit_opened: bool) -> None:
        self.entrant = entrant
        self.deck = deck
        self.hand = hand
        self.discard = discard
        self.spirits = spirits
        self.ki = ki
        self.spirit_opened = spirit_opened


class PlainGame:
    """The whole game as plain values. ``gates`` holds the Gates on the field and ``taken``
    their zones as a bitmask; the Sequence is ``stack`` (None: none open) with ``priority``
    and ``passes``; the Turn Action is ``(gate, stage)``; a pending choice is
    ``(player, options)``. ``rows`` and the lists after it are the cards' facts by instance
    id, the ones read every step as plain lists."""

    def __init__(self, rows: list[CardRow]) -> None:
        self.rows = rows
        self.types = [r.type for r in rows]
        # A Gate's Turn Actions' reach (``CardRow.near``; -1 also for cards without stats,
        # which have none) and dearest Skill.
        self.near = [r.near if r.stats else -1 for r in rows]
        self.top_ki = [r.top_ki for r in rows]
        # The Ki a card in hand needs to answer in a Sequence (K-15), 99 if it cannot.
        self.answer_cost = [r.cost if r.opens_fast else 99 for r in rows]
        self.locations = [r.locations for r in rows]
        self.location_ids = tuple(i for i, r in enumerate(rows) if r.locations)
        self.fast_location = [any(sk.speed == "fast" for sk in r.locations) for r in rows]
        self.any_fast_location = any(self.fast_location)
        self.fast_skill = [r.fast_skill for r in rows]
        self.fast_on_field: set[int] = set()  # the Gates on the field with a Fast Skill
        self.field: list[int] = [EMPTY] * GRID.size
        self.taken = 0
        self.own = [0, 0]  # each player's zones taken
        self.gates: dict[int, OnField] = {}
        self.sides: list[Side] = []
        self.active = self.first = 0
        self.turn = 1
        self.step = "draw"
        self.stack: list[Item] | None = None
        self.priority = self.passes = 0
        self.action: tuple[int, str] | None = None
        self.pending: tuple[int, tuple[int, ...]] | None = None
        self.absorbed: dict[int, int] = {}
        self.shield: dict[int, int] = {}
        self.winner: int | None = None
        self.over = False

    @classmethod
    def of(cls, s: State) -> PlainGame | None:
        """The game of ``s``, or None when the playout cannot carry it out (a manual step or
        effect, cards put face down by hand, an effect it does not know)."""
        if s.manual or s.face_down or s.designer or set(s.cards) != set(range(len(s.cards))):
            return None
        rows, problems = card_rows(s)
        if problems:
            return None
        g = cls(rows)
        g.field = list(s.field)
        for z, i in enumerate(s.field):
            if i != EMPTY:
                g.taken |= 1 << z
                g.own[s.gates[i].owner] |= 1 << z
        g.gates = {i: OnField(f.owner, f.ready, f.damage, f.branches) for i, f in s.gates.items()}
        g.fast_on_field = {i for i in g.gates if g.fast_skill[i]}
        g.sides = [Side(pl.entrant, list(pl.deck), list(pl.hand), list(pl.discard),
                        list(pl.spirits), pl.ki, pl.spirit_opened) for pl in s.players]
        g.active, g.first, g.turn, g.step = s.active, s.first, s.turn, s.step
        if s.seq is not None:
            g.stack = [(it.kind, it.player, it.source, it.skill, it.zone, it.target)
                       for it in s.seq.stack]
            g.priority, g.passes = s.seq.priority, s.seq.passes
        g.action = None if s.action is None else (s.action.gate, s.action.stage)
        if s.pending is not None:
            if s.pending.kind != "ready_own":
                return None
            g.pending = (s.pending.player, s.pending.options)
        g.absorbed, g.shield = dict(s.absorbed), dict(s.shield)
        g.winner, g.over = s.winner, s.over
        return g

    def snapshot(self) -> tuple[Any, ...]:
        """Everything the rules would see, in the form ``snapshot_of`` gives a State."""
        return (tuple(self.field),
                {i: (g.owner, g.ready, g.damage, g.branches) for i, g in self.gates.items()},
                tuple((x.entrant, tuple(x.deck), tuple(x.hand), tuple(x.discard),
                       tuple(x.spirits), x.ki, x.spirit_opened) for x in self.sides),
                self.active, self.first, self.turn, self.step,
                None if self.stack is None else (tuple(self.stack), self.priority, self.passes),
                self.action, self.pending, dict(self.absorbed), dict(self.shield),
                self.winner, self.over)

    # ---- reading (as ``Draft``) -----------------------------------------------------------
    def zone_of(self, iid: int) -> int:
        try:
            return self.field.index(iid)
        except ValueError:
            return EMPTY

    def attack_of(self, iid: int) -> int:
        rows = self.rows
        return rows[iid].attack + sum(rows[b].branch_attack for b in self.gates[iid].branches)

    def defense_of(self, iid: int) -> int:
        rows = self.rows
        return (rows[iid].defense + sum(rows[b].branch_defense for b in self.gates[iid].branches)
                + self.shield.get(iid, 0))

    # ---- changing (as ``Draft``) ----------------------------------------------------------
    def place(self, iid: int, owner: int, zone: int, ready: bool) -> None:
        self.field[zone] = iid
        self.taken |= 1 << zone
        self.own[owner] |= 1 << zone
        self.gates[iid] = OnField(owner, ready)
        if self.fast_skill[iid]:
            self.fast_on_field.add(iid)

    def move(self, iid: int, start: int, zone: int) -> None:
        field = self.field
        field[start] = EMPTY
        field[zone] = iid
        both = 1 << start | 1 << zone
        self.taken ^= both
        self.own[self.gates[iid].owner] ^= both

    def draw(self, p: int, n: int = 1) -> None:
        side = self.sides[p]
        side.hand.extend(side.deck[:n])
        del side.deck[:n]

    def leave_field(self, iid: int, to_hand: bool, by: int | None) -> None:
        """As ``Draft.leave_field``: Branches go to the owner's Discard (K-17); a Gate with
        Potion Potential discarded by ``by``'s effect lets ``by`` Ready a Summon (K-16)."""
        gate = self.gates.pop(iid)
        self.fast_on_field.discard(iid)
        owner = gate.owner
        zone = self.field.index(iid)
        self.field[zone] = EMPTY
        self.taken &= ~(1 << zone)
        self.own[owner] &= ~(1 << zone)
        self.absorbed.pop(iid, None)
        side = self.sides[owner]
        side.discard.extend(gate.branches)
        if to_hand:
            side.hand.append(iid)
            return
        side.discard.append(iid)
        if by is not None and self.rows[iid].ready_on_discard:
            self._ready_own_choice(by)

    def _ready_own_choice(self, p: int) -> None:
        types = self.types
        options = tuple(sorted(i for i, g in self.gates.items() if g.owner == p and not g.ready
                               and types[i] in ("summon", "spirit")))
        if len(options) == 1:
            self.gates[options[0]].ready = True
        elif options:
            self.pending = (p, options)

    def damage(self, iid: int, amount: int, by: int | None) -> bool:
        """As ``Draft.damage`` (K-08, K-11): True when the Gate was discarded by it."""
        gate = self.gates.get(iid)
        if gate is None or amount <= 0:
            return False
        used = self.absorbed.get(iid, 0)
        left = max(0, self.defense_of(iid) - used)
        self.absorbed[iid] = used + min(amount, left)
        through = amount - left
        if through <= 0:
            return False
        if self.types[iid] == "entrant":
            gate.damage += through
            if gate.damage >= ENTRANT_LIFE and self.winner is None:
                self.winner = 1 - gate.owner
                self.over = True
            return False
        self.leave_field(iid, False, by)
        return True


def snapshot_of(s: State) -> tuple[Any, ...]:
    """``PlainGame.snapshot``'s form of a State: what a playout must agree with."""
    seq = s.seq
    return (s.field,
            {i: (f.owner, f.ready, f.damage, f.branches) for i, f in s.gates.items()},
            tuple((pl.entrant, pl.deck, pl.hand, pl.discard, pl.spirits, pl.ki, pl.spirit_opened)
                  for pl in s.players),
            s.active, s.first, s.turn, s.step,
            None if seq is None else (
                tuple((it.kind, it.player, it.source, it.skill, it.zone, it.target)
                      for it in seq.stack), seq.priority, seq.passes),
            None if s.action is None else (s.action.gate, s.action.stage),
            None if s.pending is None else (s.pending.player, s.pending.options),
            dict(s.absorbed), dict(s.shield), s.winner, s.over)
