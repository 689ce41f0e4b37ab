"""Nullshapers game state: immutable, self-contained (it carries its card catalog), JSON-ready."""

from __future__ import annotations

from typing import Literal

from rules.core.manual_intents import ManualStep
from rules.core.model import Frozen
from rules.core.rng import Rng
from rules.core.window import Window
from rules.nullshapers.cards import NCard

BIOMES = ("Crystal Wastes", "Drowned Grid", "Ember Canopy")
DURABILITY = 10  # each sector's starting durability (house)
OPENING_HAND = 6
HAND_LIMIT = 7
DRAW = 2
TURN_CAP = 80  # game turns, both players' counted; reaching it is a draw
STAGING = -1  # an agent's ``biome`` while it stands in the staging area
NONE = -1

# Where in the turn the game waits for a decision. Each names its phase and step (PHASES).
At = Literal["maintenance", "primary1", "advance_pick", "advance_window", "attack_open",
             "attackers", "attack_after", "defend_open", "defenders", "order", "defend_after",
             "primary2", "end", "discard"]
PHASES: dict[str, tuple[str, str]] = {
    "maintenance": ("Start", "Maintenance"),
    "primary1": ("First primary", ""),
    "advance_pick": ("Battle", "Advance"),
    "advance_window": ("Battle", "Advance"),
    "attack_open": ("Battle", "Attack"),
    "attackers": ("Battle", "Attack"),
    "attack_after": ("Battle", "Attack"),
    "defend_open": ("Battle", "Defend"),
    "defenders": ("Battle", "Defend"),
    "order": ("Battle", "Defend"),
    "defend_after": ("Battle", "Defend"),
    "primary2": ("Second primary", ""),
    "end": ("End", "End"),
    "discard": ("End", "End"),
}
# The speeds each beat's window allows (N-01, N-02, N-04..N-06, N-12); primary phases add
# Speed 1 for the active player on an empty queue.
WINDOW_SPEEDS: dict[str, tuple[int, ...]] = {
    "maintenance": (3,), "end": (3,),
    "primary1": (2, 3), "primary2": (2, 3),
    "advance_window": (2, 3), "attack_open": (2, 3), "attack_after": (2, 3),
    "defend_open": (2, 3), "defend_after": (2, 3),
}


class Agent(Frozen):
    """An agent in play: in its owner's staging area or their sector of a biome."""

    owner: int
    biome: int = STAGING
    damage: int = 0
    locked: bool = False  # it attacked: it cannot defend until its owner's Refresh
    gear: tuple[int, ...] = ()  # attached hardware
    boost: int = 0  # temporary Attack until Reset
    shield: int = 0  # temporary Defense until Reset


class Side(Frozen):
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    cache: tuple[int, ...] = ()
    staging: tuple[int, ...] = ()  # unattached hardware and software (agents are in ``agents``)
    energy: tuple[int, ...] = ()  # converted cards, face down
    spent: int = 0  # energy cards turned this turn
    anomaly: int = NONE  # this player's anomaly in play
    durability: tuple[int, int, int] = (DURABILITY, DURABILITY, DURABILITY)
    lost: tuple[bool, bool, bool] = (False, False, False)
    must_lose: int = 0  # biomes still to choose after drawing from an empty deck

    @property
    def free_energy(self) -> int:
        return len(self.energy) - self.spent

    @property
    def biomes_lost(self) -> int:
        return sum(self.lost)


class Entry(Frozen):
    """One entry of the answer queue: a played card (``card`` is on the queue) or a reactive
    skill of a card in play (``skill``). ``target`` is an agent, a biome or another entry's
    card, as the effect says; ``biome`` where an agent played in the Attack step arrives."""

    player: int
    card: int
    skill: bool = False
    target: int = NONE
    biome: int = NONE


class State(Frozen):
    catalog: dict[str, NCard]
    cards: dict[int, str]
    sides: tuple[Side, Side]
    agents: dict[int, Agent] = {}
    active: int = 0
    first: int = 0
    turn: int = 1
    at: At = "primary1"
    queue: Window[Entry] | None = None
    converted: bool = False  # N-03: once per turn each
    anomaly_played: bool = False
    advancer: int = 0  # who is choosing an advance now (the active player first)
    advance_biome: int = NONE
    advancing: tuple[int, ...] = ()
    attackers: tuple[int, ...] = ()
    blocks: tuple[tuple[int, int], ...] = ()  # (defender, attacker) as declared
    ordered: tuple[int, ...] = ()  # defenders the attacking player has put in order so far
    rng: Rng = Rng()
    winner: int | None = None
    over: bool = False
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def card(self, iid: int) -> NCard:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.card(iid).name

    def open_biome(self, b: int) -> bool:
        """A biome is fought over until either player has lost it (house)."""
        return not (self.sides[0].lost[b] or self.sides[1].lost[b])
