"""Nullshapers game state: plain mutable objects (``rules.core.state``), self-contained (it
carries its card catalog), dumped to JSON through a ``TypeAdapter``; and the state's own
operations the rules share (a card to the cache, an agent leaves play, drawing, damage to a
sector, losing a biome), logging on the state when it is loud."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field

from rules.core.manual_intents import ManualStep
from rules.core.naming import whose
from rules.core.rng import Rng
from rules.core.sides import SharedSides
from rules.core.window_state import WindowState
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


# One value per biome: a sector's durability, whether it is lost.
PerBiome = Annotated[list[int], Field(min_length=3, max_length=3)]
LostBiomes = Annotated[list[bool], Field(min_length=3, max_length=3)]


@dataclass(frozen=True, slots=True)
class Agent:
    """An agent in play: in its owner's staging area or their sector of a biome. A value: a
    step that changes an agent puts a new one in its place (``State.set_agent``), so copies of
    a state share their agents."""

    owner: int
    biome: int = STAGING
    damage: int = 0
    locked: bool = False  # it attacked: it cannot defend until its owner's Refresh
    gear: tuple[int, ...] = ()  # attached hardware
    boost: int = 0  # temporary Attack until Reset
    shield: int = 0  # temporary Defense until Reset


@dataclass(slots=True)
class Side:
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    cache: list[int] = field(default_factory=list)
    staging: list[int] = field(default_factory=list)  # unattached hardware and software
    energy: list[int] = field(default_factory=list)  # converted cards, face down
    spent: int = 0  # energy cards turned this turn
    anomaly: int = NONE  # this player's anomaly in play
    durability: PerBiome = field(default_factory=lambda: [DURABILITY] * 3)
    lost: LostBiomes = field(default_factory=lambda: [False] * 3)
    must_lose: int = 0  # biomes still to choose after drawing from an empty deck

    def copy(self) -> Side:
        return Side(self.deck.copy(), self.hand.copy(), self.cache.copy(), self.staging.copy(),
                    self.energy.copy(), self.spent, self.anomaly, self.durability.copy(),
                    self.lost.copy(), self.must_lose)

    @property
    def free_energy(self) -> int:
        return len(self.energy) - self.spent

    @property
    def biomes_lost(self) -> int:
        return sum(self.lost)


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of the answer queue: a played card (``card`` is on the queue) or a reactive
    skill of a card in play (``skill``). ``target`` is an agent, a biome or another entry's
    card, as the effect says; ``biome`` where an agent played in the Attack step arrives."""

    player: int
    card: int
    skill: bool = False
    target: int = NONE
    biome: int = NONE
    # The card's data as it was when the entry joined the queue: it executes as played, a hot
    # reload changing cards from the next play on (HOUSE_RULES.md, "Speeds and the queue").
    played: NCard | None = None


@dataclass(slots=True)
class State(SharedSides[Side]):
    """Read a player's side as ``sides[p]``; change it only through ``side(p)``."""

    catalog: dict[str, NCard]
    cards: dict[int, str]
    sides: tuple[Side, Side]
    agents: dict[int, Agent] = field(default_factory=dict)
    active: int = 0
    first: int = 0
    turn: int = 1
    at: At = "primary1"
    queue: WindowState[Entry] | None = None
    converted: bool = False  # N-03: once per turn each
    anomaly_played: bool = False
    advancer: int = 0  # who is choosing an advance now (the active player first)
    advance_biome: int = NONE
    advancing: list[int] = field(default_factory=list)
    attackers: list[int] = field(default_factory=list)
    blocks: list[tuple[int, int]] = field(default_factory=list)  # (defender, attacker)
    ordered: list[int] = field(default_factory=list)  # defenders put in order so far
    rng: Rng = Rng()
    winner: int | None = None
    over: bool = False
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def copy(self) -> State:
        """The catalog, the cards' names, the agents and the sides are shared: no step changes
        the first two, agents are replaced, sides copied when first changed (``side``)."""
        q = self.queue
        self.share_sides()
        # One call of the dataclass's __init__ (faster than ``shallow()`` and then replacing
        # the six containers a step changes in place).
        return State(self.catalog, self.cards, self.sides, self.agents.copy(), self.active,
                     self.first, self.turn, self.at, None if q is None else q.copy(),
                     self.converted, self.anomaly_played, self.advancer, self.advance_biome,
                     self.advancing.copy(), self.attackers.copy(), self.blocks.copy(),
                     self.ordered.copy(), self.rng, self.winner, self.over, self.manual,
                     self.designer, self.face_down)

    def set_agent(self, iid: int, **change: Any) -> Agent:
        """Agent ``iid`` with ``change`` made, in its place."""
        a = self.agents[iid]
        # As ``dataclasses.replace``, without its generic checks (a step replaces agents often).
        ag = self.agents[iid] = Agent(**{
            "owner": a.owner, "biome": a.biome, "damage": a.damage, "locked": a.locked,
            "gear": a.gear, "boost": a.boost, "shield": a.shield, **change})
        return ag

    def card(self, iid: int) -> NCard:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.catalog[self.cards[iid]].name

    def named(self, iid: int) -> str:
        """How a log line names a card: "Player 2's Signal Sniper" while both players have
        one of that name in play (``rules.core.naming``), else its name."""
        owner = next((p for p, i in self._in_play() if i == iid), None)
        return whose(self.name(iid), owner, ((p, self.name(i)) for p, i in self._in_play()))

    def _in_play(self) -> Iterator[tuple[int, int]]:
        """(owner, card) of every agent, its gear and the cards in staging."""
        for iid, ag in self.agents.items():
            yield ag.owner, iid
            for g in ag.gear:
                yield ag.owner, g
        for p, side in enumerate(self.sides):
            for iid in side.staging:
                yield p, iid

    def open_biome(self, b: int) -> bool:
        """A biome is fought over until either player has lost it (house)."""
        return not (self.sides[0].lost[b] or self.sides[1].lost[b])

    # ---- what steps do to it ------------------------------------------------------------
    def to_cache(self, owner: int, *iids: int) -> None:
        self.side(owner).cache.extend(iids)

    def remove_agent(self, iid: int) -> None:
        """An agent leaves play (terminated or recalled): its gear goes to the cache."""
        ag = self.agents.pop(iid)
        if ag.gear:
            self.to_cache(ag.owner, *ag.gear)
        # It takes no further part in this advance or battle, even if it comes back.
        for name in ("advancing", "attackers", "ordered"):
            if iid in (ids := getattr(self, name)):
                setattr(self, name, [a for a in ids if a != iid])
        if any(iid in pair for pair in self.blocks):
            self.blocks = [pair for pair in self.blocks if iid not in pair]

    def terminate(self, iid: int) -> None:
        owner = self.agents[iid].owner
        if self.loud:
            self.log("terminated", f"{self.named(iid)} is terminated.", owner)
        self.remove_agent(iid)
        self.to_cache(owner, iid)

    def draw(self, p: int, n: int) -> None:
        """Draw ``n``; each card that cannot be drawn costs a biome of the player's choice."""
        s = self.side(p)
        got = s.deck[:n]
        del s.deck[:n]
        s.hand.extend(got)
        missing = n - len(got)
        s.must_lose += missing
        if self.loud:
            self.log("draw", f"Player {p + 1} draws {len(got)}.", p, random=True, reveals=(p,))
            if missing:
                self.log("empty_deck", f"Player {p + 1} must draw from an empty deck and loses "
                         f"a biome of their choice.", p)

    def damage_sector(self, owner: int, biome: int, amount: int) -> None:
        if amount <= 0 or self.sides[owner].lost[biome]:
            return
        dur = self.side(owner).durability
        dur[biome] = max(0, dur[biome] - amount)
        if self.loud:
            self.log("sector", f"Player {owner + 1}'s sector in {BIOMES[biome]} loses {amount} "
                     f"durability ({dur[biome]} left).", owner)
        if dur[biome] == 0:
            self.lose_biome(owner, biome)

    def lose_biome(self, owner: int, biome: int) -> None:
        """N-10: the owner loses that biome; losing two of three loses the game."""
        s = self.side(owner)
        s.lost[biome] = True
        s.durability[biome] = 0
        if self.loud:
            self.log("biome_lost", f"Player {owner + 1} loses {BIOMES[biome]}.", owner)
        if sum(s.lost) >= 2 and not self.over:
            self.over = True
            self.winner = 1 - owner
            if self.loud:
                self.log("game_over", f"Player {2 - owner} wins: Player {owner + 1} lost two "
                         f"biomes.", 1 - owner)


# ---- an agent's Attack and Defense ----------------------------------------------------------
def attack_of(s: State, iid: int) -> int:
    return _stat(s, iid, "attack", s.agents[iid].boost)


def defense_of(s: State, iid: int) -> int:
    return _stat(s, iid, "defense", s.agents[iid].shield)


def _stat(s: State, iid: int, stat: str, temporary: int) -> int:
    """An agent's ``stat``: its card's, its gear's, ``temporary`` (boost or shield) and what
    the anomalies in play give agents of its reach."""
    card = s.card(iid)
    gear = sum(getattr(s.card(g), stat) for g in s.agents[iid].gear)
    out: int = getattr(card, stat) + gear + temporary
    for side in s.sides:
        if side.anomaly != NONE:
            a = s.card(side.anomaly)
            if a.effect == f"{card.reach}_{stat}":
                out += a.amount
    return out
