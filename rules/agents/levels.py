"""The computer's levels: Easy is the greedy one-ply agent, Normal and Hard search (ISMCTS)
with an iteration budget per game: Normal's calibrated to about 150 ms at p90 on one core of
the reference machine (docs/computer-opponent.md; each game declares its count as
``GameInfo.search_iterations``), Hard's 6 times as many (with the game's own
``GameInfo.hard_knobs`` where more of the same search is no stronger: BOS plays its rollouts to
the game's end, Nullshapers 4 turns on), so a level plays the same game for the same seed on
any machine. A game not listed here searches by time instead."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.agents.base import Agent
from rules.agents.greedy import GreedyAgent
from rules.agents.random_agent import RandomAgent
from rules.agents.search import SELECTIONS, Budget, SearchAgent

LEVELS = ("easy", "normal", "hard")
LEVEL_TITLES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
TARGET_MS = {"normal": 150.0, "hard": 1000.0}

HARD_FACTOR = 6


def budget(level: str, game: str | None = None) -> Budget:
    """The search budget of ``level`` ("normal" or "hard") in ``game``: Normal's declared
    iterations (``GameInfo.search_iterations``), Hard's ``HARD_FACTOR`` times as many with
    the game's ``hard_knobs`` on top."""
    if level not in TARGET_MS:
        raise ValueError(f"no search at level {level!r}; levels: {', '.join(LEVELS)}")
    import rules  # here: the registry loads every game, and the games import the agents

    rs = None if game is None else rules.GAMES.get(game)  # None: no game or an unknown one
    info = None if rs is None else rs.info
    if info is None or info.search_iterations is None:
        return Budget(ms=TARGET_MS[level])
    if level == "normal":
        return Budget(iterations=info.search_iterations)
    hard = Budget(iterations=info.search_iterations * HARD_FACTOR)
    return tuned(hard, info.hard_knobs.split(":"), f"{game}'s hard_knobs") \
        if info.hard_knobs else hard


# Tuning knobs a spec may add after the level: ``search:normal:iterations=100:depth=8``.
_KNOBS = {"iterations": int, "ms": float, "depth": int, "prior": int, "rollouts": str,
          "exploration": float, "widen": float, "horizon": int, "select": str}


def make_agent(spec: str, seed: int = 0, options: Mapping[str, Any] | None = None,
               game: str | None = None) -> Agent:
    """An agent from a name: "random", "greedy", "search" (Normal), "search:LEVEL" or a
    level alone ("easy", "normal", "hard"). A search spec may end in tuning knobs
    (``:iterations=N``, ``:ms=X``, ``:depth=N`` rollout intents, ``:rollouts=greedy|random``,
    ``:prior=N`` visits at the one-ply score, ``:exploration=C``) for the arena."""
    name, _, rest = spec.partition(":")
    level, *knobs = rest.split(":") if rest else [""]
    if "=" in level:
        level, knobs = "", [level, *knobs]
    if name in LEVELS and not level:
        name, level = ("greedy", "") if name == "easy" else ("search", name)
    if knobs and name != "search":
        raise ValueError(f"{spec!r}: only a search agent takes tuning knobs")
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy" or (name == "search" and level == "easy"):
        return GreedyAgent(seed)
    if name == "search":
        return SearchAgent(seed, tuned(budget(level or "normal", game), knobs, spec), options)
    raise ValueError(f"unknown agent {spec!r}: random, greedy, search or search:LEVEL "
                     f"with LEVEL one of {', '.join(LEVELS)}")


def tuned(base: Budget, knobs: list[str], spec: str) -> Budget:
    """``base`` with the ``key=value`` knobs of ``spec`` applied."""
    changes: dict[str, Any] = {}
    for knob in knobs:
        key, eq, value = knob.partition("=")
        if not eq or key not in _KNOBS:
            raise ValueError(f"{spec!r}: {knob!r} is not a knob; knobs: "
                             f"{', '.join(f'{k}=…' for k in _KNOBS)}")
        try:
            v = _KNOBS[key](value)
        except ValueError:
            raise ValueError(f"{spec!r}: {key} needs a number, got {value!r}") from None
        if key == "select" and v not in SELECTIONS:
            raise ValueError(f"{spec!r}: select=visits or select=secure, got {v!r}")
        if key == "rollouts":
            if v not in ("greedy", "random"):
                raise ValueError(f"{spec!r}: rollouts=greedy or rollouts=random, got {v!r}")
            changes["greedy_rollouts"] = v == "greedy"
        else:
            changes[{"depth": "rollout_depth", "prior": "prior_visits"}.get(key, key)] = v
    if "ms" in changes and "iterations" not in changes:
        changes["iterations"] = None  # a time budget alone
    return dataclasses.replace(base, **changes) if changes else base
