"""Paired outcomes of an experiment: game ``g`` of each arm has the same seed, seats and agents
as game ``g`` of the pack as it is (arm 0), so the two are compared game by game.

Most pairs end the same way; the difference in deck A's win rate comes from the pairs that
end differently (the variant turned a loss into a win, or a win into a loss), and its interval
is far narrower than that of two separate runs of the same size. Pairs are counted as they
complete (a game's partners held only until they arrive) and only counts are kept."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules.sim.match import GameResult
from rules.sim.stats import z_for
from rules.sim.summary import keep_lowest

FLIPS = 3  # pairs that ended differently kept per arm as example games


class Side(NamedTuple):
    """What a pair compares of one game."""

    a_won: bool | None  # deck A won (None: no winner: a draw, the turn cap, an error, a stop)
    seat0_won: bool | None
    turns: int | None
    choices: str  # a hash of the game's choices: equal for the same game played


def side(r: GameResult) -> Side:
    ok = r.error is None and r.manual is None
    won = r.winner if ok else None
    return Side(None if won is None else r.deck_at[won] == 0,
                None if won is None else won == 0,
                r.turns if ok else None,
                hashlib.blake2b(r.choices, digest_size=8).hexdigest() + str(r.winner))


@dataclass
class Discordant:
    """Pairs of one comparison where both games have a winner: ``up`` the variant won and
    the pack as it is lost, ``down`` the reverse, ``n`` in all."""

    n: int = 0
    up: int = 0
    down: int = 0
    base_wins: int = 0
    arm_wins: int = 0

    def add(self, base: bool, arm: bool) -> None:
        self.n += 1
        self.base_wins += base
        self.arm_wins += arm
        self.up += arm and not base
        self.down += base and not arm


@dataclass
class PairCounts:
    """Arm ``arm`` against arm 0, over the pairs done."""

    arm: int
    pairs: int = 0  # pairs with both games played
    deck: Discordant = field(default_factory=Discordant)  # deck A won
    seat: Discordant = field(default_factory=Discordant)  # seat 1 won
    turns_n: int = 0
    turns_sum: int = 0  # of the arm's turns minus the base's
    turns_sq: int = 0
    same: int = 0  # pairs whose two games made the same choices to the same end
    flips: list[int] = field(default_factory=list)  # the lowest games that ended differently

    def add(self, g: int, base: Side, mine: Side) -> bool:
        """Counts the pair; True when it is among the ``FLIPS`` lowest that ended
        differently (its games are worth showing)."""
        self.pairs += 1
        self.same += base.choices == mine.choices
        if base.a_won is not None and mine.a_won is not None:
            self.deck.add(base.a_won, mine.a_won)
        if base.seat0_won is not None and mine.seat0_won is not None:
            self.seat.add(base.seat0_won, mine.seat0_won)
        if base.turns is not None and mine.turns is not None:
            d = mine.turns - base.turns
            self.turns_n += 1
            self.turns_sum += d
            self.turns_sq += d * d
        if base.a_won is not None and mine.a_won is not None and base.a_won != mine.a_won:
            before = list(self.flips)
            keep_lowest(self.flips, g, FLIPS)
            return self.flips != before
        return False


def paired_difference(up: int, down: int, n: int, z: float = 1.96
                      ) -> tuple[float, float, float] | None:
    """The difference of two matched shares from ``n`` pairs, ``up`` of them counted for the
    second and not the first, ``down`` the reverse: (difference, low, high), the interval
    being Agresti and Min's (2005) adjusted Wald interval (half a pair added to each of the
    four cells), which keeps its coverage where most pairs agree. None without pairs."""
    if n <= 0:
        return None
    m = n + 2
    pu, pd = (up + 0.5) / m, (down + 0.5) / m
    d = pu - pd
    half = z * math.sqrt(max(0.0, pu + pd - d * d) / m)
    return (up - down) / n, max(-1.0, d - half), min(1.0, d + half)


def unpaired_half_width(k1: int, k2: int, n: int, z: float = 1.96) -> float | None:
    """The half-width of the interval two separate runs of ``n`` games each would give for
    the same difference (Agresti-Caffo, one win and one loss added to each side)."""
    if n <= 0:
        return None
    a1, a2 = (k1 + 1) / (n + 2), (k2 + 1) / (n + 2)
    return z * math.sqrt(a1 * (1 - a1) / (n + 2) + a2 * (1 - a2) / (n + 2))


def mean_interval(n: int, total: int, squares: int, z: float = 1.96
                  ) -> tuple[float, float, float] | None:
    """The mean of ``n`` paired differences with a normal interval."""
    if n <= 0:
        return None
    mean = total / n
    var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(max(0.0, var) / n)
    return mean, mean - half, mean + half


class Pairing:
    """Pairs game ``g`` of every arm with game ``g`` of arm 0 as the results arrive."""

    def __init__(self, arms: int, confidence: float = 0.95) -> None:
        self.arms = arms
        self.z = z_for(confidence)
        self.pending: dict[int, dict[int, Side]] = {}
        self.counts = [PairCounts(k) for k in range(arms)]  # [0] is unused

    def add(self, r: GameResult) -> list[int]:
        """Counts ``r``; the arms whose pair with game ``r.index`` ended differently from the
        pack as it is and is kept as an example (both its games are then worth keeping)."""
        slot = self.pending.setdefault(r.index, {})
        slot[r.arm] = side(r)
        if len(slot) < self.arms:
            return []
        del self.pending[r.index]
        base = slot[0]
        return [k for k in range(1, self.arms) if self.counts[k].add(r.index, base, slot[k])]

    def summary(self, k: int) -> dict[str, Any]:
        """Arm ``k`` against the pack as it is, as summary.json holds it."""
        c = self.counts[k]
        d, s = c.deck, c.seat
        deck = paired_difference(d.up, d.down, d.n, self.z)
        seat = paired_difference(s.up, s.down, s.n, self.z)
        turns = mean_interval(c.turns_n, c.turns_sum, c.turns_sq, self.z)
        unpaired = unpaired_half_width(d.base_wins, d.arm_wins, d.n, self.z)
        return {
            "pairs": c.pairs, "compared": d.n, "same_games": c.same,
            "left_out": c.pairs - d.n,
            "deck_a": _diff(deck, d) | {"base_rate": d.base_wins / d.n if d.n else None,
                                        "arm_rate": d.arm_wins / d.n if d.n else None,
                                        "unpaired_half": unpaired},
            "seat_1": _diff(seat, s),
            "turns": None if turns is None else {"difference": turns[0], "lo": turns[1],
                                                 "hi": turns[2], "pairs": c.turns_n},
            "flips": list(c.flips),
        }


def _diff(got: tuple[float, float, float] | None, d: Discordant) -> dict[str, Any]:
    if got is None:
        return {"difference": None, "lo": None, "hi": None, "up": 0, "down": 0, "pairs": 0}
    return {"difference": got[0], "lo": got[1], "hi": got[2], "up": d.up, "down": d.down,
            "pairs": d.n}
