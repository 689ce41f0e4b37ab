"""Kyoukai game state: mutable (``rules.core.state``), self-contained (it carries its card
catalog), JSON-ready; with the helpers the rules share to change it: damage, leaving the field,
drawing, placing a Gate.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import lru_cache
from typing import Literal, get_args

from rules.core.grid import SquareGrid
from rules.core.manual_intents import ManualStep
from rules.core.memo import Memo
from rules.core.naming import whose
from rules.core.rng import Rng
from rules.core.state import GameState
from rules.core.window_state import WindowState
from rules.kyoukai.cards import Gate
from rules.kyoukai.lookup import Declared, Table

GRID = SquareGrid(5, 5)
# BORDER[z]: the zones bordering zone z, as a bitmask (listings and target rules read zones
# as bits).
BORDER: tuple[int, ...] = tuple(sum(1 << n for n in GRID.neighbours[z]) for z in range(GRID.size))
EMPTY = -1
ENTRANT_LIFE = 20
HAND_LIMIT = 6
OPENING_HAND = 5
TURN_CAP = 80  # game turns (both players' turns counted); reaching it is a draw
DISCARDS = -1  # what ``State.harm`` says of damage that discards its Gate


def _bits(mask: int, first: int = 0) -> tuple[int, ...]:
    zones = []
    while mask:
        low = mask & -mask
        zones.append(first + low.bit_length() - 1)
        mask ^= low
    return tuple(zones)


# The zones of each mask of the first 13 zones, and of the last 12: two tables that fill as
# masks come and stop growing (12,288 entries at most), where new deals bring new whole masks.
_LOW: Memo[int, tuple[int, ...]] = Memo(_bits)
_HIGH: Memo[int, tuple[int, ...]] = Memo(lambda m: _bits(m, 13))


@lru_cache(maxsize=65_536)
def zones_in(mask: int) -> tuple[int, ...]:
    """The zones of a bitmask, in zone order (kept per mask: a hit runs no Python)."""
    return _LOW[mask & 0x1FFF] + _HIGH[mask >> 13]


Step = Literal["draw", "ready", "main", "end", "cleanup"]
STEPS: tuple[Step, ...] = get_args(Step)
NEXT_STEP: dict[str, str] = dict(zip(STEPS, STEPS[1:] + STEPS[:1], strict=True))
Stage = Literal["move_declared", "after_move", "final", "bonus", "bonus_move_declared",
                "after_bonus_move"]
Place = Literal["discard", "hand"]


@dataclass(frozen=True, slots=True)
class FieldGate:
    """A Gate standing in a zone. ``damage`` only accumulates on Entrants (others have 1 Life).
    A value: a change replaces it in its state's ``gates`` (``State.set_gate``), so copies of a
    state share the Gates they do not change."""

    iid: int
    owner: int
    ready: bool = False
    damage: int = 0
    branches: tuple[int, ...] = ()


# A Gate value with these fields (iid, owner, ready, damage, branches): made once, then shared
# (values; a frozen dataclass is slow to make, and every Rest, Ready and damage makes one).
field_gate = lru_cache(maxsize=100_000)(FieldGate)


@dataclass(slots=True)
class Player:
    """One player's piles (the top of the deck first, the bottom of a pile last)."""

    entrant: int
    deck: list[int] = dc_field(default_factory=list)
    hand: list[int] = dc_field(default_factory=list)
    discard: list[int] = dc_field(default_factory=list)
    spirits: list[int] = dc_field(default_factory=list)
    ki: int = 0
    spirit_opened: bool = False

    def copy(self) -> Player:
        # Slot by slot: a third cheaper than through __init__ (a look-ahead copies both).
        new = Player.__new__(Player)
        new.entrant = self.entrant
        new.deck = self.deck.copy()
        new.hand = self.hand.copy()
        new.discard = self.discard.copy()
        new.spirits = self.spirits.copy()
        new.ki = self.ki
        new.spirit_opened = self.spirit_opened
        return new


@dataclass(slots=True)
class Item:
    """One entry of a Sequence: a declared Move, Attack, Skill, Gate opening or the End step.
    A Skill or an opening carries ``does``, its own copy of what it does (``declared``). A
    value, never changed once made (copies of a Sequence share it), though not frozen: a
    frozen dataclass costs four times as much to make, and new deals make one most turns."""

    kind: Literal["move", "attack", "skill", "open", "end"]
    player: int
    source: int = EMPTY
    skill: int = -1
    zone: int = EMPTY  # the target zone (or destination)
    target: int = EMPTY  # the Gate that stood in ``zone`` when declared
    does: Declared | None = None


@dataclass(frozen=True, slots=True)
class TurnAction:
    gate: int
    stage: Stage


@lru_cache(maxsize=100_000)
def turn_action(gate: int, stage: Stage) -> TurnAction:
    """The Turn Action of ``gate`` at ``stage``: made once, then shared (values)."""
    return TurnAction(gate, stage)


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice a player must make in the middle of resolving (e.g. Basic Slime's Ready)."""

    kind: Literal["ready_own"]
    player: int
    options: tuple[int, ...]
    reason: str


_ALL = 15  # every bit of ``_Tables._mine``: a new state owns all it holds


def _flipped(zones: tuple[int, ...], p: int, ready: int, own: int) -> tuple[int, ...]:
    """``State.zones`` with the bits ``ready`` of p's Ready Gates and ``own`` of p's Gates
    flipped."""
    r0, r1, o0, o1 = zones
    return (r0 ^ ready, r1, o0 ^ own, o1) if p == 0 else (r0, r1 ^ ready, o0, o1 ^ own)


def occupancy(field: list[int]) -> int:
    """Bit ``z`` set when zone ``z`` of ``field`` holds a Gate (``State.taken``)."""
    mask = 0
    for z, i in enumerate(field):
        if i != EMPTY:
            mask |= 1 << z
    return mask


class _Tables(GameState):
    """Slots that are not fields (never dumped): the card facts the rules look up
    (``lookup.Table``), shared by copies and made again when ``cards`` or ``catalog`` is
    replaced (a hidden hand dealt, a hot reload); what this state owns, not shares with a copy
    (bit p: ``players[p]``; bit 2: ``field`` and ``gates``; bit 3: ``absorbed`` and
    ``shield``), each copied when first changed (``player``, ``_own_board``, ``_own_marks``);
    ``legal.may_respond``'s answers (bit p: known for player p, bit p + 2: p may respond),
    kept by copies, p's forgotten by every change of p's hand, Ki, Discard or Ready Gates
    (``player``, ``set_gate``, ``place``, ``take_gate``), both by new card tables and by
    players or Gates set by ``rules.core.state.replaced`` (``fields_set``); and the zones
    taken (``State.taken``) and those of each player's Ready Gates and Gates (``zones[p]`` and
    ``zones[p + 2]``, ``ready_zones``, ``own_zones``), kept as the rules change the
    field and the Gates (``place``, ``take_gate``, ``move_gate``, ``set_gate``) and counted
    again for a new state, or a field or Gates set by ``replaced``: read as slots, not
    through a check (a property call costs ten slot reads); and the zone of each card in the
    field (``where``, ``zone_of``: resolution asks it several times a Sequence), kept with the
    field and owned with it."""

    __slots__ = ("_table", "_mine", "_answers", "taken", "zones", "where")

    _table: Table | None
    _mine: int
    _answers: int
    taken: int  # bit ``z`` set when zone ``z`` holds a Gate
    zones: tuple[int, ...]  # bit ``z`` of each player's Ready Gates, then of their Gates
    where: dict[int, int]  # the zone of each card in the field

    def _fresh(self, table: Table | None, mine: int, answers: int) -> None:
        """An empty log, the card facts ``table`` (None: made when first read), the players
        owned, the answers known."""
        self.loud = False
        self.events = []
        self._table = table
        self._mine = mine
        self._answers = answers

    def _set_taken(self, taken: int, zones: tuple[int, ...]) -> None:
        self.taken = taken
        self.zones = zones

    def new_table(self, table: Table) -> Table:
        """Use ``table`` for this state's card facts (its card tables replaced)."""
        self._table = table
        self._answers = 0
        return table

    def _forget(self, p: int) -> None:
        """Something of player ``p`` changed: their answer known is forgotten."""
        self._answers &= ~(5 << p)

    def _remember(self, answers: int) -> None:
        self._answers = answers


@dataclass(slots=True)
class State(_Tables):
    catalog: dict[str, Gate]
    cards: dict[int, str]
    field: list[int]
    gates: dict[int, FieldGate]
    players: tuple[Player, Player]
    active: int = 0
    first: int = 0
    turn: int = 1
    step: Step = "draw"
    seq: WindowState[Item] | None = None  # the open Sequence
    action: TurnAction | None = None
    pending: Pending | None = None
    absorbed: dict[int, int] = dc_field(default_factory=dict)
    shield: dict[int, int] = dc_field(default_factory=dict)
    rng: Rng = dc_field(default_factory=Rng)
    winner: int | None = None
    over: bool = False
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def __post_init__(self) -> None:
        self._fresh(None, _ALL, 0)
        self._count()

    def fields_set(self, names: Collection[str]) -> None:
        # The zones taken are counted again from a new field or Gates; the answers read the
        # players, Gates and card tables.
        if not {"players", "gates", "cards", "catalog"}.isdisjoint(names):
            self._remember(0)
        if "gates" in names or "field" in names:
            self._count()

    def copy(self) -> State:
        new = State.__new__(State)
        new.catalog = self.catalog
        new.cards = self.cards
        # What a step may change is shared until one of the two states changes it (``player``,
        # ``_own_board``, ``_own_marks``): most steps change only a few of them.
        new.field = self.field
        new.gates = self.gates
        new.players = self.players
        was: _Tables = self  # the slots that are not fields through their class (mypy sees
        was._mine = 0        # them there), set here, not through a call: a copy every step
        new.active = self.active
        new.first = self.first
        new.turn = self.turn
        new.step = self.step
        seq = self.seq
        new.seq = None if seq is None else seq.copy()
        new.action = self.action
        new.pending = self.pending
        new.absorbed = self.absorbed
        new.shield = self.shield
        new.rng = self.rng
        new.winner = self.winner
        new.over = self.over
        new.manual = self.manual
        new.designer = self.designer
        new.face_down = self.face_down
        # An empty log; the table made here once, not by each copy (the copy checks it as this
        # state does); the answers and zones taken kept.
        t: _Tables = new
        t.loud = False
        t.events = []
        t._table = self._table or self.table
        t._mine = 0
        t._answers = self._answers
        t.taken = self.taken
        t.zones = self.zones
        t.where = self.where  # shared with the field (``_own_board``)
        return new

    # ---- reading ---------------------------------------------------------------------
    @property
    def table(self) -> Table:
        """Each card instance's facts (``lookup.Table``) for this state's card tables."""
        t = self._table
        if t is None or t.cards is not self.cards or t.catalog is not self.catalog:
            t = self.new_table(Table(self.cards, self.catalog, t))
        return t

    def card(self, iid: int) -> Gate:
        return self.catalog[self.cards[iid]]

    def zone_of(self, iid: int) -> int:
        return self.where.get(iid, EMPTY)

    def ready_zones(self, p: int) -> int:
        """Bit ``z`` set when zone ``z`` holds a Ready Gate of player ``p``."""
        return self.zones[p]

    def own_zones(self, p: int) -> int:
        """Bit ``z`` set when zone ``z`` holds a Gate of player ``p``."""
        return self.zones[p + 2]

    def _count(self) -> None:
        """``taken``, ``ready_zones`` and ``own_zones`` counted from the field and Gates as
        they are."""
        field, gates = self.field, self.gates
        zones = [0, 0, 0, 0]
        for z, i in enumerate(field):
            g = gates.get(i)
            if g is not None:
                zones[g.owner] |= g.ready << z
                zones[g.owner + 2] |= 1 << z
        self._set_taken(occupancy(field), tuple(zones))
        t: _Tables = self  # the slot through its class, as in ``player``
        t.where = {i: z for z, i in enumerate(field) if i != EMPTY}

    def name(self, iid: int) -> str:
        return self.card(iid).name

    def named(self, iid: int, owner: int | None = None) -> str:
        """How a log line names a Gate: "Player 2's Basic Slime" while both players have a
        Gate of that name on the field (``rules.core.naming``); ``owner`` for one that has
        just left it."""
        gates, catalog, cards = self.gates, self.catalog, self.cards
        g = gates.get(iid)
        # A list, not a generator: ``whose`` reads every pair, and each loud step names some.
        return whose(catalog[cards[iid]].name, g.owner if g is not None else owner,
                     [(f.owner, catalog[cards[i]].name) for i, f in gates.items()])

    def stats(self, iid: int) -> tuple[int, int]:
        """A Gate's (Attack, Defense) with its Branches' bonus, a Sequence's shields not
        counted."""
        facts = self.table.by_iid
        f = facts[iid]
        attack, defense = f.attack, f.defense
        for b in self.gates[iid].branches:
            fb = facts[b]
            attack += fb.branch_attack
            defense += fb.branch_defense
        return attack, defense

    def attack_of(self, iid: int) -> int:
        return self.stats(iid)[0]

    def defense_of(self, iid: int) -> int:
        return self.stats(iid)[1] + self.shield.get(iid, 0)

    # ---- changing --------------------------------------------------------------------
    def player(self, p: int) -> Player:
        """Player ``p`` to change: this state's own (copied first if a copy shares it). The
        rules change a player only through it."""
        pls = self.players
        t: _Tables = self  # the slots set directly, not by a call: a look-ahead comes here often
        t._answers &= ~(5 << p)  # as ``_forget``
        if t._mine >> p & 1:
            return pls[p]
        mine = pls[p].copy()
        self.players = (mine, pls[1]) if p == 0 else (pls[0], mine)
        t._mine |= 1 << p
        return mine

    def _own_board(self) -> None:
        """``field`` and ``gates`` this state's own, to change (copied if a copy shares them)."""
        t: _Tables = self  # as in ``player``
        if not t._mine & 4:
            self.field = self.field.copy()
            self.gates = self.gates.copy()
            t.where = t.where.copy()
            t._mine |= 4

    def _own_marks(self) -> None:
        """``absorbed`` and ``shield`` this state's own, to change."""
        t: _Tables = self  # as in ``player``
        if not t._mine & 8:
            self.absorbed = self.absorbed.copy()
            self.shield = self.shield.copy()
            t._mine |= 8

    def add_shield(self, iid: int, amount: int) -> None:
        """``amount`` Defense more for the Gate ``iid`` for the rest of the Sequence."""
        self._own_marks()
        self.shield[iid] = self.shield.get(iid, 0) + amount

    def next_step(self) -> None:
        self.step = NEXT_STEP[self.step]  # type: ignore[assignment]  # one of STEPS

    def set_gate(self, iid: int, ready: bool | None = None, damage: int | None = None,
                 branches: tuple[int, ...] | None = None) -> None:
        """The Gate ``iid`` with these fields changed (the others as they are)."""
        g = self.gates[iid]
        if not self._mine & 4:  # the test first: a step often sets several Gates
            self._own_board()
        if ready is None:
            ready = g.ready
        elif ready != g.ready:
            t: _Tables = self  # the slots set directly, as in ``player``: every Ready step
            t._answers &= ~(5 << g.owner)  # as ``_forget``: a Ready Gate's Fast Skill may answer
            zone = self.zone_of(iid)
            if zone != EMPTY:
                t.zones = _flipped(t.zones, g.owner, 1 << zone, 0)
        self.gates[iid] = field_gate(iid, g.owner, ready, g.damage if damage is None else damage,
                                     g.branches if branches is None else branches)

    def place(self, iid: int, owner: int, zone: int, ready: bool = False) -> None:
        self._own_board()
        self.field[zone] = iid
        self.where[iid] = zone
        self._set_taken(self.taken | 1 << zone,
                        _flipped(self.zones, owner, ready << zone, 1 << zone))
        self.gates[iid] = field_gate(iid, owner, ready, 0, ())
        if ready:
            self._forget(owner)

    def draw(self, p: int, n: int = 1) -> int:
        pl = self.player(p)
        taken = pl.deck[:n]
        del pl.deck[:n]
        pl.hand.extend(taken)
        if taken and self.loud:
            who = "card" if len(taken) == 1 else "cards"
            self.log("draw", f"Player {p + 1} draws {len(taken)} {who}.", p, random=True,
                     reveals=(p,))
        return len(taken)

    def to_discard(self, iid: int, owner: int) -> None:
        self.player(owner).discard.append(iid)

    def take_gate(self, iid: int) -> FieldGate:
        """The Gate ``iid`` off the field (nothing else done with it; a manual step may have
        left it with no zone)."""
        self._own_board()
        g = self.gates.pop(iid)
        if g.ready:
            self._forget(g.owner)
        zone = self.where.pop(iid, EMPTY)
        if zone != EMPTY:
            self.field[zone] = EMPTY
            self._set_taken(self.taken & ~(1 << zone),
                            _flipped(self.zones, g.owner, g.ready << zone, 1 << zone))
        return g

    def move_gate(self, iid: int, start: int, to: int) -> None:
        """The Gate ``iid`` from zone ``start`` to the empty zone ``to``."""
        self._own_board()
        field = self.field
        field[start] = EMPTY
        field[to] = iid
        self.where[iid] = to
        g, bits = self.gates[iid], 1 << start | 1 << to
        self._set_taken(self.taken ^ bits, _flipped(self.zones, g.owner, g.ready * bits, bits))

    def leave_field(self, iid: int, to: Place, by: int | None) -> None:
        """The Gate leaves the field for ``to``; its Branches are discarded (K-17). Passives
        that add text to the effect that discarded it apply for player ``by`` (K-16)."""
        g = self.take_gate(iid)
        if iid in self.absorbed:
            self._own_marks()
            del self.absorbed[iid]
        pl = self.player(g.owner)
        for b in g.branches:
            pl.discard.append(b)
            if self.loud:
                self.log("discard", f"{self.named(b, g.owner)} (Branched) is discarded with "
                         "its host.", g.owner)
        if to == "hand":
            pl.hand.append(iid)
            if self.loud:
                self.log("return", f"{self.named(iid, g.owner)} returns to its owner's hand.",
                         g.owner)
        else:
            pl.discard.append(iid)
            if self.loud:
                self.log("discard", f"{self.named(iid, g.owner)} is discarded.", g.owner)
            if by is not None and self.table.by_iid[iid].ready_on_discard:
                self._ready_own_choice(by, f"{self.name(iid)}'s Potion Potential")

    def _ready_own_choice(self, p: int, reason: str) -> None:
        table = self.table
        options = tuple(sorted(
            i for i, g in self.gates.items()
            if g.owner == p and not g.ready and table.by_iid[i].type in ("summon", "spirit")
        ))
        if len(options) == 1:
            self.set_gate(options[0], ready=True)
            if self.loud:
                self.log("ready", f"{reason}: Player {p + 1} Readies {self.name(options[0])}.", p)
        elif options:
            self.pending = Pending(kind="ready_own", player=p, options=options, reason=reason)
        elif self.loud:
            self.log("ready", f"{reason}: Player {p + 1} has no Rested Summon or Spirit.", p)

    def harm(self, iid: int, amount: int) -> tuple[int, int]:
        """What ``amount`` damage does to the Gate ``iid`` now (K-08, K-11): the Defense it has
        left in this Sequence, and what gets past it: 0 (Defense stops it all), the damage an
        Entrant takes, or ``DISCARDS`` (any other Gate has 1 Life). ``damage`` deals it; the
        greedy look-ahead plays damage that does alike once."""
        left = self.defense_of(iid) - self.absorbed.get(iid, 0)
        if left < 0:  # conditions, not max and min: every look-ahead deals damage
            left = 0
        if amount <= left:
            return left, 0
        return left, amount - left if self.table.by_iid[iid].type == "entrant" else DISCARDS

    def damage(self, iid: int, amount: int, by: int | None, source: str) -> bool:
        """Deal damage; Defense reduces it, and that reduction is used up for the rest of the
        Sequence (K-08, K-11). Returns True if the Gate was discarded by it."""
        g = self.gates.get(iid)
        if g is None or amount <= 0:
            return False
        left, past = self.harm(iid, amount)
        self._own_marks()
        self.absorbed[iid] = self.absorbed.get(iid, 0) + (left if past else amount)
        name = self.named(iid) if self.loud else ""
        if past == 0:
            if self.loud:
                self.log("damage", f"{source} deals {amount} to {name}; Defense stops it all.", by)
            return False
        if past != DISCARDS:
            total = g.damage + past
            self.set_gate(iid, damage=total)
            if self.loud:
                self.log("damage", f"{source} deals {past} damage to {name} "
                         f"({total}/{ENTRANT_LIFE}).", by, data={"target": iid, "amount": past})
            if total >= ENTRANT_LIFE and self.winner is None:
                self.winner = 1 - g.owner
                self.over = True
                if self.loud:
                    self.log("win", f"{name} has taken {total} damage: Player {self.winner + 1} "
                             "wins!", self.winner)
            return False
        if self.loud:
            self.log("damage", f"{source} deals {amount - left} damage past Defense to {name}.",
                     by, data={"target": iid, "amount": amount - left})
        self.leave_field(iid, "discard", by)
        return True
