"""The games of a simulation: which deck and which agent sits where in game ``g``.

Deck A sits first in even games and second in odd ones (the seat effect and the deck effect
are told apart); every other pair hands the agents each other's decks (an agent's strength is
not taken for a deck's). Game ``g`` has the seed ``seed + g``: the same seed and pack plan the
same games, each with its own seed to replay it.

A paired experiment plays game ``g`` once per arm (the pack as it is, and each variant) with
the same seed, seats and agents: only the cards differ (``Match.changes``, ``Match.pack``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.ruleset import Ruleset


@dataclass(frozen=True)
class Match:
    """Everything a worker needs to play one game (picklable, no ruleset)."""

    game: str
    index: int  # the game number in the run
    seed: int  # this game's seed
    deck_at: tuple[int, int]  # which deck (0: A, 1: B) sits at seat 0 and seat 1
    agent_at: tuple[int, int]  # which agent (0 or 1 of --agents) sits at seat 0 and 1
    decks: tuple[str, str]  # the names of deck A and deck B ("" for a game without decks)
    agents: tuple[str, str]  # the agent specs, as given
    options: Mapping[str, Any] = field(default_factory=dict)  # the rest (pack)
    arm: int = 0  # which arm of a paired experiment (0: the pack as it is)
    # The arm's card changes (``rules.core.changes.CardChange`` data) with ``slot`` for the
    # deck they are limited to (0: deck A, 1: deck B; absent: every deck).
    changes: tuple[Mapping[str, Any], ...] = ()

    def game_options(self) -> dict[str, Any]:
        """The options of ``new_game``: the base options, the decks in seat order and the
        arm's changes, each limited to the seat its deck sits at in this game."""
        opts = dict(self.options)
        if all(self.decks):
            opts["decks"] = [self.decks[d] for d in self.deck_at]
        if self.changes:
            opts["changes"] = [seated(c, self.deck_at) for c in self.changes]
        return opts

    def seat_agents(self) -> tuple[str, str]:
        return self.agents[self.agent_at[0]], self.agents[self.agent_at[1]]


def seated(change: Mapping[str, Any], deck_at: tuple[int, int]) -> dict[str, Any]:
    """A change of one deck (``slot`` 0 or 1: deck A or B) as ``new_game`` takes it: limited
    to the position of that deck in the game's ``decks`` (its seat)."""
    out = {k: v for k, v in change.items() if k != "slot"}
    slot = change.get("slot")
    if slot is not None:
        out["deck"] = deck_at.index(slot)
    return out


def deck_names(rs: Ruleset[Any], options: Mapping[str, Any],
               decks: tuple[str, str] | None) -> tuple[str, str]:
    """The two decks a run plays: ``decks`` checked against the pack, else the game's default
    pair; ``("", "")`` for a game without decks. DataError names a deck the pack lacks."""
    opts = dict(options)
    if decks is not None:
        opts["decks"] = list(decks)
    names = rs.setup(opts).deck_names
    if len(names) != 2:
        return "", ""
    return names[0], names[1]


def plan(game: str, games: int, seed: int, decks: tuple[str, str],
         agents: tuple[str, str], options: Mapping[str, Any] | None = None) -> list[Match]:
    """The ``games`` games of a run."""
    return list(Plan(game, games, seed, decks, agents, dict(options or {})))


@dataclass(frozen=True)
class Arm:
    """One arm of a paired experiment: its cards against the pack as it is."""

    label: str  # for people: "as it is", "Wandering Lion: attack = 2"
    changes: tuple[Mapping[str, Any], ...] = ()  # as ``Match.changes``
    pack: str | None = None  # another pack folder (``--compare``), resolved


BASE = Arm("as it is")


@dataclass(frozen=True)
class Plan:
    """The games of a run, made one at a time as the runner asks (a run of 100,000 games
    holds no list of them): game ``g`` of every arm in turn, then game ``g + 1``."""

    game: str
    games: int  # per arm
    seed: int
    decks: tuple[str, str]
    agents: tuple[str, str]
    options: Mapping[str, Any] = field(default_factory=dict)
    arms: Sequence[Arm] = (BASE,)
    start: int = 0  # the first game number (a later round of a search goes on from there)

    def __len__(self) -> int:
        return self.games * len(self.arms)

    def __iter__(self) -> Iterator[Match]:
        for g in range(self.start, self.start + self.games):
            for k in range(len(self.arms)):
                yield self.match(g, k)

    def match(self, g: int, arm: int = 0) -> Match:
        deck_at = (0, 1) if g % 2 == 0 else (1, 0)
        agent_at = deck_at if (g // 2) % 2 == 0 else (deck_at[1], deck_at[0])
        a = self.arms[arm]
        options = self.options if a.pack is None else {**self.options, "pack": a.pack}
        return Match(self.game, g, self.seed + g, deck_at, agent_at, self.decks, self.agents,
                     options, arm, a.changes)
