"""Dreadnought game state: immutable, self-contained (it carries its card catalog), JSON-ready.

Each player's four slots are one tuple: slots 0 and 1 are the left Battle Area (of caster 0),
slots 2 and 3 the right one (of caster 1).
"""

from __future__ import annotations

from typing import Literal

from rules.core.manual_intents import ManualStep
from rules.core.model import Frozen
from rules.core.rng import Rng
from rules.core.window import Window
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
PHASES = ("speed", "draw", "cast", "fast", "action", "end")  # as the phase bar names them


def area_of(slot: int) -> int:
    return slot // SLOTS_PER_AREA


def area_slots(area: int) -> tuple[int, int]:
    return (area * SLOTS_PER_AREA, area * SLOTS_PER_AREA + 1)


class Unit(Frozen):
    """A unit (or dummy) in a slot. ``checked``: tapped."""

    iid: int
    owner: int
    checked: bool = False
    dummy: bool = False
    cast_turn: int = 0
    damage: int = 0
    bonus: int = 0  # +BP until End


class Player(Frozen):
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


_UNIT_SET = frozenset({"iid", "owner", "checked", "dummy", "cast_turn"})


def new_unit(iid: int, owner: int, dummy: bool, cast_turn: int) -> Unit:
    """A unit just cast (a dummy enters Checked): built as ``model_construct`` would, without
    its generic machinery (casts happen in every simulated turn)."""
    new = Unit.__new__(Unit)
    object.__setattr__(new, "__dict__", {
        "iid": iid, "owner": owner, "checked": dummy, "dummy": dummy, "cast_turn": cast_turn,
        "damage": 0, "bonus": 0})
    object.__setattr__(new, "__pydantic_fields_set__", _UNIT_SET)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


def ability_key(source: int, index: int) -> int:
    return source * 16 + index


class Payment(Frozen):
    """A cast waiting for its log-cost: ``left`` more hand cards to choose."""

    card: int
    slot: int
    left: int


class State(Frozen):
    catalog: dict[str, Card]
    cards: dict[int, str]
    players: tuple[Player, Player]
    units: dict[int, Unit] = {}
    turn: int = 1
    phase: Phase = "choose"
    chooser: int = 0  # who makes the hidden speed choice now
    ties: int = 0  # first-comparison ties in a row this turn
    faster: int = 0  # the faster player of the first comparison
    first: int = 0  # the faster player of the second comparison: the first player (D-04)
    grades: tuple[int, int] = (NO_SPEED, NO_SPEED)  # the grades of the last comparison
    compared: int = 0  # which comparison ``grades`` is (0: none yet this turn)
    window: Window[int] | None = None
    attackers: tuple[int, ...] = ()  # Checked for the attack being declared
    target: int = EMPTY  # the attacked area while the defender blocks
    paying: Payment | None = None
    rng: Rng = Rng()
    winner: int | None = None
    over: bool = False
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def card(self, iid: int) -> Card:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.card(iid).name
