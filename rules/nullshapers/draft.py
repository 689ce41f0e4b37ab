"""Nullshapers' working copy of a State for one ``apply`` (``rules.core.draft``), and the
reading helpers (an agent's Attack and Defense) it shares with the frozen State."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rules.core.draft import Draft
from rules.core.rng import Rng
from rules.core.window import Window
from rules.nullshapers.cards import NCard
from rules.nullshapers.state import BIOMES, NONE, Agent, At, Entry, Side, State


class Reading(Protocol):
    @property
    def catalog(self) -> Mapping[str, NCard]: ...
    @property
    def cards(self) -> Mapping[int, str]: ...
    @property
    def agents(self) -> Mapping[int, Agent]: ...
    @property
    def sides(self) -> Sequence[Side]: ...


def _anomaly_bonus(r: Reading, card: NCard, stat: str) -> int:
    bonus = 0
    for side in r.sides:
        if side.anomaly != NONE:
            a = r.catalog[r.cards[side.anomaly]]
            if a.effect == f"{card.reach}_{stat}":
                bonus += a.amount
    return bonus


def attack_of(r: Reading, iid: int) -> int:
    ag = r.agents[iid]
    card = r.catalog[r.cards[iid]]
    gear = sum(r.catalog[r.cards[g]].attack for g in ag.gear)
    return card.attack + gear + ag.boost + _anomaly_bonus(r, card, "attack")


def defense_of(r: Reading, iid: int) -> int:
    ag = r.agents[iid]
    card = r.catalog[r.cards[iid]]
    gear = sum(r.catalog[r.cards[g]].defense for g in ag.gear)
    return card.defense + gear + ag.shield + _anomaly_bonus(r, card, "defense")


class NDraft(Draft[State]):
    working = {"sides": list, "agents": dict}

    catalog: dict[str, NCard]
    cards: dict[int, str]
    sides: list[Side]
    agents: dict[int, Agent]
    active: int
    first: int
    turn: int
    at: At
    queue: Window[Entry] | None
    converted: bool
    anomaly_played: bool
    advancer: int
    advance_biome: int
    advancing: tuple[int, ...]
    attackers: tuple[int, ...]
    blocks: tuple[tuple[int, int], ...]
    ordered: tuple[int, ...]
    rng: Rng
    winner: int | None
    over: bool

    def side(self, p: int, **update: Any) -> Side:
        s = self.sides[p] = self.sides[p].model_copy(update=update)
        return s

    def agent(self, iid: int, **update: Any) -> Agent:
        a = self.agents[iid] = self.agents[iid].model_copy(update=update)
        return a

    def card(self, iid: int) -> NCard:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.catalog[self.cards[iid]].name

    def to_cache(self, owner: int, *iids: int) -> None:
        s = self.sides[owner]
        self.side(owner, cache=s.cache + iids)

    def remove_agent(self, iid: int) -> None:
        """An agent leaves play (terminated or recalled): its gear goes to the cache."""
        ag = self.agents.pop(iid)
        if ag.gear:
            self.to_cache(ag.owner, *ag.gear)
        # It takes no further part in this advance or battle, even if it comes back.
        if iid in self.advancing:
            self.advancing = tuple(a for a in self.advancing if a != iid)
        if iid in self.attackers:
            self.attackers = tuple(a for a in self.attackers if a != iid)
        if any(iid in pair for pair in self.blocks):
            self.blocks = tuple(pair for pair in self.blocks if iid not in pair)
        if iid in self.ordered:
            self.ordered = tuple(a for a in self.ordered if a != iid)

    def terminate(self, iid: int) -> None:
        owner = self.agents[iid].owner
        if self.loud:
            self.log("terminated", f"{self.name(iid)} is terminated.", owner)
        self.remove_agent(iid)
        self.to_cache(owner, iid)

    def draw(self, p: int, n: int) -> None:
        """Draw ``n``; each card that cannot be drawn costs a biome of the player's choice."""
        s = self.sides[p]
        got = s.deck[:n]
        missing = n - len(got)
        self.side(p, deck=s.deck[len(got):], hand=s.hand + got,
                  must_lose=s.must_lose + missing)
        if self.loud:
            self.log("draw", f"Player {p + 1} draws {len(got)}.", p, random=True, reveals=(p,))
            if missing:
                self.log("empty_deck", f"Player {p + 1} must draw from an empty deck and loses "
                         f"a biome of their choice.", p)

    def damage_sector(self, owner: int, biome: int, amount: int) -> None:
        s = self.sides[owner]
        if amount <= 0 or s.lost[biome]:
            return
        dur = list(s.durability)
        dur[biome] = max(0, dur[biome] - amount)
        self.side(owner, durability=(dur[0], dur[1], dur[2]))
        if self.loud:
            self.log("sector", f"Player {owner + 1}'s sector in {BIOMES[biome]} loses {amount} "
                     f"durability ({dur[biome]} left).", owner)
        if dur[biome] == 0:
            self.lose_biome(owner, biome)

    def lose_biome(self, owner: int, biome: int) -> None:
        """N-10: the owner loses that biome; losing two of three loses the game."""
        s = self.sides[owner]
        lost = list(s.lost)
        lost[biome] = True
        dur = list(s.durability)
        dur[biome] = 0
        self.side(owner, lost=(lost[0], lost[1], lost[2]), durability=(dur[0], dur[1], dur[2]))
        if self.loud:
            self.log("biome_lost", f"Player {owner + 1} loses {BIOMES[biome]}.", owner)
        if sum(lost) >= 2 and not self.over:
            self.over = True
            self.winner = 1 - owner
            if self.loud:
                self.log("game_over", f"Player {2 - owner} wins: Player {owner + 1} lost two "
                         f"biomes.", 1 - owner)
