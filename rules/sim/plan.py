"""The games of a simulation: which deck and which agent sits where in game ``g``.

Deck A sits first in even games and second in odd ones (the seat effect and the deck effect
are told apart); every other pair hands the agents each other's decks (an agent's strength is
not taken for a deck's). Game ``g`` has the seed ``seed + g``: the same seed and pack plan the
same games, each with its own seed to replay it.
"""

from __future__ import annotations

from collections.abc import Mapping
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

    def game_options(self) -> dict[str, Any]:
        """The options of ``new_game``: the base options and the decks in seat order."""
        opts = dict(self.options)
        if all(self.decks):
            opts["decks"] = [self.decks[d] for d in self.deck_at]
        return opts

    def seat_agents(self) -> tuple[str, str]:
        return self.agents[self.agent_at[0]], self.agents[self.agent_at[1]]


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
    base = dict(options or {})
    out = []
    for g in range(games):
        deck_at = (0, 1) if g % 2 == 0 else (1, 0)
        agent_at = deck_at if (g // 2) % 2 == 0 else (deck_at[1], deck_at[0])
        out.append(Match(game, g, seed + g, deck_at, agent_at, decks, agents, base))
    return out
