"""Dreadnought game state: mutable (``rules.core.state``), self-contained (it carries its
card catalog), JSON-ready.

Each player's four slots are one tuple: slots 0 and 1 are the left Battle Area (of caster 0),
slots 2 and 3 the right one (of caster 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.core.manual_intents import ManualStep
from rules.core.naming import whose
from rules.core.rng import Rng
from rules.core.sides import OwnsParts
from rules.core.window_state import WindowState
from rules.dreadnought.cards import Card

EMPTY = -1
AREAS = 2
SLOTS_PER_AREA = 2
AREA_SIZE = 3  # the sizes of an area's units add up to at most this
HP_CARDS = 3  # per caster, face down from the deck top at setup
OPENING_HAND = 6
TURN_CAP = 30  # turns; reaching it ends the game as a draw
TIE_REVEALS = 3  # first-comparison ties re-revealed at most this many times in a row
NO_SPEED = 5  # the grade index of a player with no speed card: slower than E

# "choose": the hidden speed-card choice; "speed", "cast", "fast", "action": a window of
# actions; "pay": a cast's log-cost being paid; "block": the defender picks a blocker.
Phase = Literal["choose", "speed", "cast", "fast", "action", "over"]


def area_of(slot: int) -> int:
    return slot // SLOTS_PER_AREA


AREA_SLOTS = ((0, 1), (2, 3))  # each area's slots, SLOTS_PER_AREA each


@dataclass(slots=True)
class Unit:
    """A unit (or dummy) in a slot. ``checked``: tapped."""

    iid: int
    owner: int
    checked: bool = False
    dummy: bool = False
    cast_turn: int = 0
    damage: int = 0
    bonus: int = 0  # +BP until End

    def copy(self) -> Unit:
        return Unit(self.iid, self.owner, self.checked, self.dummy, self.cast_turn,
                    self.damage, self.bonus)


@dataclass(slots=True)
class Player:
    """One player's cards. Its piles are tuples, replaced (never changed in place), so a copy
    of the player shares them."""

    casters: tuple[int, int]
    hp: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # face-down HP cards per caster
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    log: tuple[int, ...] = ()  # the discard pile
    slots: tuple[int, int, int, int] = (EMPTY, EMPTY, EMPTY, EMPTY)
    speed: int = EMPTY  # the card in the Speed Area
    closed: bool = False  # the speed card lies Closed (face down)
    shift: int = 0  # grade steps faster (+) or slower (-) this turn, from abilities
    geared: bool = False  # Gear Change used this turn (D-02)
    used: tuple[int, ...] = ()  # abilities used this turn, as ability_key(source, index)
    # slot movements this turn: not a limit (D-09 allows any number), only a cost in
    # ``evaluate`` so a one-ply computer does not shuffle units back and forth forever
    moves: int = 0

    @property
    def hp_total(self) -> int:
        return len(self.hp[0]) + len(self.hp[1])

    def copy(self) -> Player:
        return Player(self.casters, self.hp, self.deck, self.hand, self.log, self.slots,
                      self.speed, self.closed, self.shift, self.geared, self.used, self.moves)

    def place(self, slot: int, iid: int) -> None:
        """``iid`` into ``slot`` (EMPTY: the slot emptied)."""
        s = list(self.slots)
        s[slot] = iid
        self.slots = (s[0], s[1], s[2], s[3])


def new_unit(iid: int, owner: int, dummy: bool, cast_turn: int) -> Unit:
    """A unit just cast (a dummy enters Checked)."""
    return Unit(iid, owner, dummy, dummy, cast_turn)


def ability_key(source: int, index: int) -> int:
    return source * 16 + index


@dataclass(frozen=True, slots=True)
class Payment:
    """A cast waiting for its log-cost: ``left`` more hand cards to choose."""

    card: int
    slot: int
    left: int


@dataclass(slots=True)
class State(OwnsParts):
    """The whole game, changed in place by the rules; ``copy`` copies the units' table and
    shares the rest: a player is copied when this state first changes it (``own``), a unit
    each time it changes (``own_unit``)."""

    catalog: dict[str, Card]
    cards: dict[int, str]
    players: tuple[Player, Player]
    units: dict[int, Unit] = field(default_factory=dict)
    turn: int = 1
    phase: Phase = "choose"
    chooser: int = 0  # who makes the hidden speed choice now
    ties: int = 0  # first-comparison ties in a row this turn
    faster: int = 0  # the faster player of the first comparison
    first: int = 0  # the faster player of the second comparison: the first player (D-04)
    grades: tuple[int, int] = (NO_SPEED, NO_SPEED)  # the grades of the last comparison
    compared: int = 0  # which comparison ``grades`` is (0: none yet this turn)
    window: WindowState[int] | None = None
    attackers: tuple[int, ...] = ()  # Checked for the attack being declared
    target: int = EMPTY  # the attacked area while the defender blocks
    paying: Payment | None = None
    rng: Rng = field(default_factory=Rng)
    winner: int | None = None
    over: bool = False
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def copy(self) -> State:
        # Slot by slot: less than half the cost of through __init__ (a step makes one).
        new = State.__new__(State)
        new.catalog = self.catalog
        new.cards = self.cards
        new.players = self.players
        new.units = self.units.copy()
        new.turn = self.turn
        new.phase = self.phase
        new.chooser = self.chooser
        new.ties = self.ties
        new.faster = self.faster
        new.first = self.first
        new.grades = self.grades
        new.compared = self.compared
        window = self.window
        new.window = None if window is None else window.copy()  # changed in place
        new.attackers = self.attackers
        new.target = self.target
        new.paying = self.paying
        new.rng = self.rng
        new.winner = self.winner
        new.over = self.over
        new.manual = self.manual
        new.designer = self.designer
        new.face_down = self.face_down
        return self.copied(new)

    def card(self, iid: int) -> Card:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.card(iid).name

    # ---- changing (the rules' steps share these) ---------------------------------------
    def own(self, p: int) -> Player:
        """Player ``p`` to change in place: this state's own, copied first if another state
        shares it. The rules change a player only through it."""
        pls = self.players
        if self._mine >> p & 1:
            return pls[p]
        mine = pls[p].copy()
        self.players = (mine, pls[1]) if p == 0 else (pls[0], mine)
        self.took(p)
        return mine

    def own_unit(self, iid: int) -> Unit:
        """Unit ``iid`` to change in place: a copy put in its place (another state may share
        the old one)."""
        u = self.units[iid] = self.units[iid].copy()
        return u

    def shown(self, iid: int) -> str:
        """How the log names a unit or a caster: a dummy has no name (D-07), and while both
        players have one of a name in play, it says whose ("Player 2's Storm Hound", "Player
        1's dummy": ``rules.core.naming``; only the other player's pieces can share it)."""
        u = self.units.get(iid)
        owner = u.owner if u is not None else next(
            (q for q, pl in enumerate(self.players) if iid in pl.casters), None)
        named = self._called(iid)
        if owner is not None:
            foe = self.players[1 - owner]
            named = whose(named, owner, [(1 - owner, self._called(i))
                                         for i in (*foe.casters, *foe.slots) if i != EMPTY])
        return "a dummy" if named == "dummy" else named

    def _called(self, iid: int) -> str:
        u = self.units.get(iid)
        return "dummy" if u is not None and u.dummy else self.catalog[self.cards[iid]].name

    def draw(self, p: int) -> None:
        """Draw one card; from an empty deck, take an HP card instead (the caster with the
        most HP gives it, the left one on a tie)."""
        pl = self.own(p)
        if pl.deck:
            pl.hand += pl.deck[:1]
            pl.deck = pl.deck[1:]
            if self.loud:
                self.log("draw", f"Player {p + 1} draws a card.", p, random=True, reveals=(p,))
            return
        k = 0 if len(pl.hp[0]) >= len(pl.hp[1]) else 1
        if not pl.hp[k]:
            return
        pl.hand += (self._take_hp(pl, k),)
        if self.loud:
            self.log("hp", f"Player {p + 1}'s deck is empty: {self.name(pl.casters[k])} gives "
                     "an HP card to the hand instead.", p, reveals=(p,))
        self.check_loss()

    @staticmethod
    def _take_hp(pl: Player, k: int) -> int:
        """The top HP card of caster ``k``, taken off."""
        hp = pl.hp[k]
        pl.hp = (hp[1:], pl.hp[1]) if k == 0 else (pl.hp[0], hp[1:])
        return hp[0]

    def lose_hp(self, p: int, area: int) -> None:
        """The area's caster turns one HP card into the log."""
        pl = self.own(p)
        if not pl.hp[area]:
            return
        pl.log += (self._take_hp(pl, area),)
        if self.loud:
            self.log("hp", f"{self.shown(pl.casters[area])} loses 1 HP "
                     f"({len(pl.hp[area])} left).", p, reveals=(0, 1))
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
        pl = self.own(self.units.pop(iid).owner)
        pl.place(pl.slots.index(iid), EMPTY)
        if to == "hand":
            pl.hand += (iid,)
        else:
            pl.log += (iid,)

    def damage(self, iid: int, amount: int) -> bool:
        """Deal damage to a unit; it breaks when its damage reaches its BP. True if broken."""
        # imported here: reading.py reads states with this module's names (no import cycle)
        from rules.dreadnought.reading import bp_of

        u = self.units[iid]
        total = u.damage + amount
        bp = bp_of(self, iid)
        if total >= bp:
            if self.loud:
                self.log("break", f"{self.shown(iid)} takes {amount} and breaks.", u.owner,
                         data={"target": iid, "amount": amount})
            self.remove_unit(iid)
            return True
        self.own_unit(iid).damage = total
        if self.loud:
            self.log("damage", f"{self.shown(iid)} takes {amount} ({total}/{bp}).", u.owner,
                     data={"target": iid, "amount": amount})
        return False

