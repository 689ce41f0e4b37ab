"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Each iteration deals a full state consistent with the searcher's view (``rs.determinize``: its
opponent's hidden cards and the future's dice sampled, never read), then walks one shared tree
of intents: UCB over the intents legal in *that* deal (each counts how often it was available),
one new intent added, a cheap rollout cut at a depth, the end scored by the game's ``evaluate``
and the score backed up (for the side that chose each intent: the games are zero-sum).
Intents are matched across deals by equality (they are frozen values).

It uses the rules contract alone (``determinize``, ``to_act``, ``legal_intents``, quiet
``apply``, ``evaluate``, ``winner``) and is generic: the games differ only in those hooks and
in the optional ``rollout_intent(state, legal, rng)`` a game may offer for its rollouts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.agents.base import Agent, at_manual_step, done
from rules.agents.greedy import best_one_ply
from rules.core.model import Intent
from rules.core.ruleset import Ruleset

PASSES = frozenset({"pass", "end_step", "end_action", "end_turn"})


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: ``iterations`` (repeatable for a seed: tests and
    levels use it) and/or ``ms`` of wall time (anytime: the best so far when it runs out).
    Whichever ends first stops the search."""

    iterations: int | None = None
    ms: float | None = None
    # intents played at random after the tree before scoring: none by default (the games'
    # evaluate reads a position better than random play from it, measured in BOS: README)
    rollout_depth: int = 0
    exploration: float = 0.7  # UCB constant, on values in [-1, 1]
    scale: float = 0.0  # evaluate points per unit of tanh; 0: the game's ``search_scale``
    # Each root intent may start with this many visits at its one-ply score on the
    # searcher's view (``rs.lookahead``, what the greedy agent reads): the iterations then go
    # below the root instead of scoring every intent once in a random deal. 0: off.
    prior_visits: int = 0
    # Rollout intents chosen by one-ply look-ahead in the deal (the greedy agent's choice)
    # instead of at random; a game's own ``rollout_intent`` still comes first.
    greedy_rollouts: bool = False

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ValueError("a search budget needs iterations or ms")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.ms is not None and self.ms <= 0:
            raise ValueError(f"ms must be positive, got {self.ms}")


class _Edge:
    """One intent out of a node: its statistics (for the side that chose it) and where it
    leads."""

    __slots__ = ("visits", "total", "avail", "child", "ends")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.child: _Node | None = None
        self.ends: set[int | None] = set()  # how the game stood right after it ("on": -1)


class _Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Intent, _Edge] = {}


@dataclass
class SearchStats:
    """What the last decision did (the arena and the tests read it)."""

    iterations: int = 0
    failed: int = 0  # iterations a deal could not play out (skipped)
    ms: float = 0.0


class SearchAgent(Agent):
    """ISMCTS over the contract. ``options`` are the game's public setup (the decks in play:
    both players chose them at the table), which ``determinize`` deals hidden cards from."""

    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget(iterations=200)
        self.options = dict(options or {})
        self._rng = random.Random(seed)
        self.stats = SearchStats()
        self.root: _Node | None = None  # the last decision's tree (tests and tuning read it)

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        me = rs.to_act(view)
        if me is None or len(legal) <= 1 or at_manual_step(legal):
            self.stats = SearchStats()
            return done(legal)
        # Its own view again: handed the true state by mistake, it still sees only this.
        view = rs.view(view, me)
        self.root = self.search(rs, view, me, legal)
        return _best(self.root, legal, me)

    def search(self, rs: Ruleset[Any], view: Any, me: int, legal: list[Intent]) -> _Node:
        b = self.budget
        start = time.perf_counter()
        deadline = None if b.ms is None else start + b.ms / 1000.0
        scale = b.scale or float(getattr(rs, "search_scale", 10.0))
        base = rs.evaluate(view, me)
        rollout = getattr(rs, "rollout_intent", None)
        root = _Node()
        if b.prior_visits:
            _seed_root(rs, view, me, legal, root, base, scale, b.prior_visits)
        stats = SearchStats()
        while True:
            if b.iterations is not None and stats.iterations + stats.failed >= b.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and stats.iterations:
                break
            try:
                self._iterate(rs, view, me, legal, root, base, scale, rollout)
                stats.iterations += 1
            except Exception:  # noqa: BLE001 - a deal the rules cannot play out is skipped
                stats.failed += 1
                if stats.failed > 50 and not stats.iterations:
                    break
        stats.ms = (time.perf_counter() - start) * 1000.0
        self.stats = stats
        return root

    def _iterate(self, rs: Ruleset[Any], view: Any, me: int, legal: list[Intent],
                 root: _Node, base: float, scale: float, rollout: Any) -> None:
        rng = self._rng
        state = rs.determinize(view, me, rng, self.options)
        node: _Node | None = root
        path: list[tuple[_Edge, bool]] = []  # the edge and whether the searcher chose it
        c = self.budget.exploration
        steps = 0
        while node is not None:
            actor = rs.to_act(state)
            if actor is None:
                break
            here = legal if node is root else rs.legal_intents(state)
            if at_manual_step(here):  # a manual effect is not searched: Done, as when playing
                here = here[:1]
            edges = node.edges
            fresh = [i for i in here if i not in edges]
            for i in here:
                e = edges.get(i)
                if e is not None:
                    e.avail += 1
            if fresh:
                intent = rng.choice(fresh)
                edge = edges[intent] = _Edge()
                edge.avail = 1
                state = rs.apply(state, intent, quiet=True).state
                steps += 1
                path.append((edge, actor == me))
                if len(path) == 1:
                    edge.ends.add(_end(rs, state))
                node = None  # one new intent per iteration, then the rollout
                break
            best_edge, best_intent, best_u = None, here[0], -math.inf
            for i in here:
                e = edges[i]
                u = e.total / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                if u > best_u:
                    best_edge, best_intent, best_u = e, i, u
            assert best_edge is not None
            state = rs.apply(state, best_intent, quiet=True).state
            steps += 1
            path.append((best_edge, actor == me))
            if len(path) == 1:
                best_edge.ends.add(_end(rs, state))
            if best_edge.child is None:
                best_edge.child = _Node()
            node = best_edge.child
        for _ in range(self.budget.rollout_depth):
            if rs.to_act(state) is None:
                break
            options = rs.legal_intents(state)
            if at_manual_step(options):
                pick = done(options)
            else:
                pick = rollout(state, options, rng) if rollout is not None \
                    else _greedy_pick(rs, state, options, rng) if self.budget.greedy_rollouts \
                    else rng.choice(options)
            state = rs.apply(state, pick, quiet=True).state
            steps += 1
        value = _value(rs, state, me, base, scale, steps)
        for edge, mine in path:
            edge.visits += 1
            edge.total += value if mine else -value


def _seed_root(rs: Ruleset[Any], view: Any, me: int, legal: list[Intent], root: _Node,
               base: float, scale: float, visits: int) -> None:
    """Root edges with ``visits`` visits at their one-ply value on ``view``."""
    for intent in legal:
        try:
            score = rs.lookahead(view, intent, me)
        except Exception:  # noqa: BLE001 - a guess the view cannot make: left to the deals
            continue
        edge = root.edges[intent] = _Edge()
        edge.visits = edge.avail = visits
        edge.total = visits * 0.8 * math.tanh((score - base) / scale)


def _greedy_pick(rs: Ruleset[Any], state: Any, legal: list[Intent],
                 rng: random.Random) -> Intent:
    """The greedy agent's choice in a deal (the deal is a guess, so reading it is fair)."""
    if len(legal) == 1:
        return legal[0]
    me = rs.to_act(state)
    assert me is not None
    best = best_one_ply(rs, state, legal, me)
    return rng.choice(best) if best else legal[0]


def _end(rs: Ruleset[Any], state: Any) -> int | None:
    """The winner if the game is over (None: a draw), -1 while it goes on."""
    return rs.winner(state) if rs.to_act(state) is None else -1


def _value(rs: Ruleset[Any], state: Any, me: int, base: float, scale: float,
           steps: int) -> float:
    """The searcher's value of ``state``, ``steps`` intents from the root, in [-1, 1]: a win
    near 1 (sooner is better), a loss near -1 (later is better), otherwise how much better
    than the position searched from, squashed below any near win."""
    if rs.to_act(state) is None:
        w = rs.winner(state)
        if w is None:
            return 0.0
        near = 0.98 ** min(steps, 10)
        return near if w == me else -near
    return 0.8 * math.tanh((rs.evaluate(state, me) - base) / scale)


def _best(root: _Node, legal: list[Intent], me: int) -> Intent:
    """An intent that won at once in every deal it was tried in, else the most tried one
    (ties: the better mean, then a non-pass, then legal order)."""
    def key(i: Intent) -> tuple[bool, int, float, int]:
        e = root.edges.get(i)
        if e is None or not e.visits:
            return (False, 0, -math.inf, 0)
        return (e.ends == {me}, e.visits, e.total / e.visits, 0 if i.kind in PASSES else 1)
    return max(legal, key=key)


def root_values(root: _Node) -> dict[Intent, tuple[int, float]]:
    """Visits and mean value of each intent tried at the root (for tests and tuning)."""
    return {i: (e.visits, e.total / e.visits if e.visits else 0.0)
            for i, e in root.edges.items()}
