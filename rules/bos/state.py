"""BOS game state: immutable, self-contained (it carries its card catalog), JSON-ready.

Cards are instances (``iid``) mapped to card ids; player 0 owns the iids below ``split``.
"""

from __future__ import annotations

from typing import Literal

from rules.bos.cards import Card
from rules.core.manual_intents import ManualStep
from rules.core.model import Frozen

EMPTY = -1
COLUMNS = 3
MIDDLE = 1
START_LIFE = 30
START_VIM = 1
MIN_STARTUP_VIM = 1  # Startup leaves at least this much vim: doubling 0 would lock you out
HALVING_TURN = 11  # from a player's 11th turn on, Startup halves their life and vim
TURN_CAP = 80  # turns of both players; reaching it is a draw (halving ends games long before)
NOBODY = -1

Step = Literal["summoning", "main", "block", "over"]
BossState = Literal["down", "up", "gone"]


class Unit(Frozen):
    """A summon or a face-up boss on the battlefield. ``strength`` is its current Strength
    (B-06: it stays reduced); ``under`` the enchant spells beneath it (B-03)."""

    iid: int
    owner: int
    strength: int
    acted: bool = False
    under: tuple[int, ...] = ()


class Side(Frozen):
    life: int = START_LIFE
    vim: int = START_VIM
    turns: int = 0  # turns this player has started (0: not yet arrived, B-11)
    boss: int = EMPTY
    boss_state: BossState = "down"
    wizards: tuple[int, ...] = ()
    wizard_down: tuple[bool, ...] = (False,) * COLUMNS
    slots: tuple[int, ...] = (EMPTY,) * COLUMNS  # the summon in front of each wizard
    castle: tuple[int, ...] = ()
    spellbook: tuple[int, ...] = ()
    graveyard: tuple[int, ...] = ()


class PlayerAttack(Frozen):
    """A player attack waiting for the defender's block decision (B-09)."""

    attacker: int
    defender: int
    column: int  # the attacker's column, EMPTY for a boss


class State(Frozen):
    catalog: dict[str, Card]
    cards: dict[int, str]
    split: int
    sides: tuple[Side, Side]
    units: dict[int, Unit] = {}
    active: int = 0
    first: int = 0
    turn: int = 1
    step: Step = "summoning"
    attack: PlayerAttack | None = None
    defeated: tuple[int, int] = (0, 0)  # each player's summons defeated this turn
    halved: bool = False  # this turn's Startup halved the active player (the table says so)
    winner: int | None = None
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def card(self, iid: int) -> Card:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.card(iid).name

    def owner(self, iid: int) -> int:
        return 0 if iid < self.split else 1

    def column_of(self, iid: int) -> int:
        """The column of a summon on the battlefield (EMPTY for a boss or a card elsewhere)."""
        slots = self.sides[self.owner(iid)].slots
        return slots.index(iid) if iid in slots else EMPTY

    def is_boss(self, iid: int) -> bool:
        return self.sides[self.owner(iid)].boss == iid
