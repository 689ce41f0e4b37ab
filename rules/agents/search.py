"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Each iteration deals a full state consistent with the searcher's view (``rs.determinize``: its
opponent's hidden cards and the future's dice sampled, never read), then walks one shared tree
of intents: UCB over the intents legal in *that* deal (each counts how often it was available),
one new intent added, a cheap rollout cut at a depth, the end scored by the game's ``evaluate``
and the score backed up (for the side that chose each intent: the games are zero-sum).
Intents are matched across deals by equality (they are frozen values).

It uses the rules contract alone (``determinize``, ``to_act``, ``legal_intents``, quiet
``apply``, ``evaluate``, ``winner``) and is generic: the games differ only in those hooks.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.agents.base import Agent, at_manual_step, done
from rules.agents.greedy import PASS_KINDS, best_one_ply
from rules.core.model import Intent
from rules.core.ruleset import Ruleset

# Decisions of one side in one turn before the search gives the rest of the turn to the
# one-ply choice (``SearchAgent._stalling``): greedy play made at most 38 (Kyoukai), 24
# (Dreadnought), 19, 14 and 11 in six games of each.
STALL = 80
SELECTIONS = ("visits", "secure")  # ``Budget.select``
SCALE = 10.0  # ``evaluate`` points per unit of tanh in a value
# Rollout ends one agent remembers at most (about 100 bytes each): BOS's Hard adds 3,000 to
# 13,000 a decision.
ENDS_KEPT = 200_000


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: ``iterations`` (repeatable for a seed: tests and
    levels use it) and/or ``ms`` of wall time (anytime: the best so far when it runs out).
    Whichever ends first stops the search."""

    iterations: int | None = None
    ms: float | None = None
    # Choices played after the tree before scoring (forced intents are free), by the greedy
    # one-ply choice in the deal (``greedy_rollouts``) or at random: random ones read a
    # position worse than the games' evaluate does (BOS: docs/computer-opponent.md), greedy
    # ones see the reply.
    rollout_depth: int = 8
    exploration: float = 0.7  # UCB constant, on values in [-1, 1]
    # Each root intent may start with this many visits at its one-ply score on the
    # searcher's view (``rs.lookahead``, what the greedy agent reads): the iterations then go
    # below the root instead of scoring every intent once in a random deal. 0: off.
    prior_visits: int = 2
    # Rollout intents chosen by one-ply look-ahead in the deal (the greedy agent's choice)
    # instead of at random.
    greedy_rollouts: bool = True
    # Progressive widening in the greedy's order (0: off, every legal intent is tried at once,
    # in random order: with 20-50 intents and a few hundred deals that is one ply): a node
    # visited n times may try its ceil(widen * sqrt(n + 1)) intents that score best one-ply
    # (for the side to act, in the first deal that reached it), so a small budget follows
    # the greedy's own line and looks at alternatives where it spends visits. Each new edge
    # starts with ``prior_visits`` visits at its one-ply score.
    widen: float = 1.0
    # Rollouts stop once the game's turn counter (``rs.turns``) has moved this many turns
    # past the searched position (0: no turn horizon; ``rollout_depth`` still caps them).
    horizon: int = 2
    # Which root intent is played: "visits", the most tried (ties: the better mean), or
    # "secure", the best lower bound (mean - exploration * sqrt(ln(avail) / visits), UCB's
    # bound taken the other way): with widening, an intent added late may have the better
    # mean and too few visits left in the budget to overtake the first ones.
    select: str = "visits"

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ValueError("a search budget needs iterations or ms")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.ms is not None and self.ms <= 0:
            raise ValueError(f"ms must be positive, got {self.ms}")
        if self.widen < 0 or self.horizon < 0 or self.rollout_depth < 0:
            raise ValueError("widen, horizon and depth must not be negative")
        if self.select not in SELECTIONS:
            raise ValueError(f"select must be 'visits' or 'secure', got {self.select!r}")


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


# An edge is an intent of a side: a forced intent is played through without a node, so the
# side to act at a node may differ between deals, and one side's statistics must not mix
# with the other's.
_Key = tuple[int, Intent]


class _Node:
    __slots__ = ("edges", "visits", "scores")

    def __init__(self) -> None:
        self.edges: dict[_Key, _Edge] = {}
        self.visits = 0
        # One-ply scores (for the searcher) of the intents legal in the first deal that
        # reached this node: the widening's order and the new edges' priors.
        self.scores: dict[Intent, float] | None = None


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
        self.stats = SearchStats()
        self.root: _Node | None = None  # the last decision's tree (tests and tuning read it)
        self._turn: int | None = None
        self._in_turn = 0
        # Rollout ends kept from one decision to the next (``_Walk.ends``), while the cards'
        # data stay the same (a hot reload changes what a card does, not its id).
        self._ends: dict[int, tuple[int | None, int]] = {}
        self._ends_cards: dict[str, str] | None = None

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        return self.picks.chose(rs, self._choose(rs, view, legal))

    def _choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        me = rs.to_act(view)
        legal = self.picks.offered(rs, legal)
        self.stats = SearchStats()  # no search yet
        if me is None or len(legal) <= 1 or at_manual_step(legal):
            return done(legal)
        # Its own view again: handed the true state by mistake, it still sees only this.
        view = rs.view(view, me)
        if self._stalling(rs.turns(view)):
            best = best_one_ply(rs, view, legal, me)
            return self._rng.choice(best) if best else legal[0]
        self.root = self.search(rs, view, me, legal)
        return _best(self.root, legal, me, self.budget.select, self.budget.exploration)

    def _stalling(self, turn: int | None) -> bool:
        """Whether this turn has seen more than ``STALL`` of its decisions: intents that undo
        each other (a unit moved and moved back, an attacker chosen and withdrawn) can score
        alike within the deals' noise, and a search could go round them for ever; the rest
        of such a turn is played by the one-ply choice, which sees the exact score."""
        if turn != self._turn:
            self._turn, self._in_turn = turn, 0
        self._in_turn += 1
        return turn is not None and self._in_turn > STALL

    def search(self, rs: Ruleset[Any], view: Any, me: int, legal: list[Intent]) -> _Node:
        b = self.budget
        start = time.perf_counter()
        deadline = None if b.ms is None else start + b.ms / 1000.0
        walk = _Walk(rs, me, legal, rs.evaluate(view, me), rs.search_value(view, me), b,
                     rs.turns(view) if b.horizon else None)
        if walk.key_of is not None:
            walk.ends = self._kept_ends(rs, view)
        root = _Node()
        if b.prior_visits or b.widen:
            root.scores = _scores(rs, view, legal, me)
        if b.widen:
            self._wins_first(rs, view, me, legal, root)
        if b.prior_visits and not b.widen:  # each root edge starts at its one-ply value
            for intent, score in (root.scores or {}).items():
                edge = root.edges[me, intent] = _Edge()
                edge.visits = edge.avail = b.prior_visits
                edge.total = b.prior_visits * walk.value(score, walk.base)
        stats = SearchStats()
        while True:
            if b.iterations is not None and stats.iterations + stats.failed >= b.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline and stats.iterations:
                break
            try:
                state = rs.determinize(view, me, self._rng, self.options)
                walk.iterate(state, root, self._rng)
                stats.iterations += 1
            except Exception:  # noqa: BLE001 - a deal the rules cannot play out is skipped
                stats.failed += 1
                if stats.failed > 50 and not stats.iterations:
                    break
        stats.ms = (time.perf_counter() - start) * 1000.0
        self.stats = stats
        return root

    def _kept_ends(self, rs: Ruleset[Any], view: Any) -> dict[int, tuple[int | None, int]]:
        """The rollout ends remembered so far, emptied when the cards changed or they grew
        past ``ENDS_KEPT``."""
        cards = rs.card_hashes(view)
        if cards != self._ends_cards or len(self._ends) > ENDS_KEPT:
            self._ends, self._ends_cards = {}, cards
        return self._ends

    def _wins_first(self, rs: Ruleset[Any], view: Any, me: int, legal: list[Intent],
                    root: _Node) -> None:
        """Put the intents that end the game at once in the searcher's favour (in a deal)
        first in the widening's order: a one-ply score cannot tell a win now from a win
        the Sequence will bring, and the widened search might not reach the first."""
        try:
            deal = rs.determinize(view, me, random.Random(self._rng.random()), self.options)
            for intent in legal:
                after = rs.apply(deal, intent, quiet=True).state
                if rs.to_act(after) is None and rs.winner(after) == me and root.scores:
                    root.scores[intent] = math.inf
        except Exception:  # noqa: BLE001 - a deal that cannot play out: the scores stand
            return


class _Walk:
    """One decision's iterations: down the tree from a deal, one new edge, a rollout, the
    score backed up."""

    def __init__(self, rs: Ruleset[Any], me: int, legal: list[Intent], base: float,
                 leaf_base: float, budget: Budget, turn: int | None) -> None:
        # ``base``: the root's ``evaluate``, which the one-ply priors are measured against;
        # ``leaf_base``: its ``search_value``, which the rollouts' ends are.
        self.rs, self.me, self.legal, self.base, self.leaf_base = rs, me, legal, base, leaf_base
        self.b, self.turn = budget, turn
        # Whole-game rollouts (no horizon) end alike from positions the game keys alike
        # (``rs.position_key``): how each ended (the winner, and how many intents on) by
        # every position it passed through. Deals differ but lines cross: a third of BOS's
        # Hard rollouts stop early at a remembered position.
        self.key_of = getattr(rs, "position_key", None) if budget.horizon == 0 else None
        self.ends: dict[int, tuple[int | None, int]] = {}

    def value(self, score: float, base: float) -> float:
        """A score for the searcher, measured against ``base``, as a value in [-0.8, 0.8]."""
        return 0.8 * math.tanh((score - base) / SCALE)

    def end_value(self, state: Any, steps: int, ended: int | None) -> float:
        """The searcher's value of ``state``, ``steps`` intents from the root, in [-1, 1] (or
        of the end ``ended`` says it leads to, -1: none): a win near 1 (sooner is better), a
        loss near -1 (later is better), otherwise how much better than the position searched
        from, squashed below any near win."""
        rs = self.rs
        if ended != -1 or rs.to_act(state) is None:
            w = ended if ended != -1 else rs.winner(state)
            if w is None:
                return 0.0
            near = 0.98 ** min(steps, 10)
            return near if w == self.me else -near
        return self.value(rs.search_value(state, self.me), self.leaf_base)

    def iterate(self, state: Any, root: _Node, rng: random.Random) -> None:
        rs, me, b = self.rs, self.me, self.b
        node = root
        path: list[tuple[_Node, _Edge, bool]] = []  # the edge and whether the searcher chose it
        steps = 0
        # The deal may be the view itself (a game with nothing hidden to sample): the walk's
        # first intent is applied on a copy, the rest in place on the state it made.
        owned = False
        while True:
            actor = rs.to_act(state)
            if actor is None:
                break
            here = self.legal if node is root else rs.legal_intents(state)
            if at_manual_step(here):  # a manual effect is not searched: Done, as when playing
                here = here[:1]
            if len(here) == 1 and node is not root:  # forced: no choice, no node
                state = rs.push(state, here[0]) if owned \
                    else rs.apply(state, here[0], quiet=True).state
                owned = True
                steps += 1
                continue
            mine = actor == me
            if b.widen:
                if node.scores is None:
                    node.scores = _scores(rs, state, here, me)
                here = _widened(node, here, mine, b.widen)
            edges = node.edges
            fresh = [i for i in here if (actor, i) not in edges]
            for i in here:
                e = edges.get((actor, i))
                if e is not None:
                    e.avail += 1
            if fresh:
                # The widened list is in the greedy's order: its best untried intent first.
                intent = fresh[0] if b.widen else rng.choice(fresh)
                edge = edges[actor, intent] = _Edge()
                edge.avail = 1
                if b.widen and b.prior_visits and node.scores is not None \
                        and intent in node.scores:
                    v = self.value(node.scores[intent], self.base)
                    edge.visits = b.prior_visits
                    edge.total = b.prior_visits * (v if mine else -v)
            else:  # UCB over the edges tried
                c = b.exploration
                best_u = -math.inf
                for i in here:
                    e = edges[actor, i]
                    u = e.total / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                    if u > best_u:
                        edge, intent, best_u = e, i, u
                assert best_u > -math.inf  # an edge of this node was chosen
            state = rs.push(state, intent) if owned \
                else rs.apply(state, intent, quiet=True).state
            owned = True
            steps += 1
            path.append((node, edge, mine))
            if len(path) == 1:
                edge.ends.add(rs.winner(state) if rs.to_act(state) is None else -1)
            if fresh:
                break  # one new intent per iteration, then the rollout
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        state, steps, ended = self.play_out(state, steps, rng, owned)
        value = self.end_value(state, steps, ended)
        for at, edge, mine in path:
            at.visits += 1
            edge.visits += 1
            edge.total += value if mine else -value

    def play_out(self, state: Any, steps: int, rng: random.Random,
                 owned: bool = False) -> tuple[Any, int, int | None]:
        """The rollout: up to ``rollout_depth`` choices (forced intents are free), and no
        further than ``horizon`` turns past the searched position. Its last state and steps,
        and the winner (None: a draw) if a remembered rollout ended it (the state is then where
        the two met), else -1. ``owned``: ``state`` is the walk's own, played on in place."""
        rs, b = self.rs, self.b
        decisions = 0
        cap = steps + 50 * b.rollout_depth  # forced intents are free, but not endless
        key_of, ends = self.key_of, self.ends
        passed: list[tuple[int, int]] = []
        while decisions < b.rollout_depth and steps < cap and rs.to_act(state) is not None:
            if key_of is not None:
                key = key_of(state)
                if key is not None:
                    # by its hash: a position's key is a large tuple, kept for thousands
                    key = hash(key)
                    end = ends.get(key)
                    if end is not None:
                        return state, steps + end[1], end[0]
                    passed.append((key, steps))
            if self.turn is not None:
                t = rs.turns(state)
                if t is not None and t - self.turn >= b.horizon:
                    break
            options = rs.legal_intents(state)
            if len(options) == 1 or at_manual_step(options):
                pick = done(options)
            else:
                decisions += 1
                pick = _greedy_pick(rs, state, options, rng) if b.greedy_rollouts \
                    else rng.choice(options)
            state = rs.push(state, pick) if owned else rs.apply(state, pick, quiet=True).state
            owned = True
            steps += 1
        if passed and rs.to_act(state) is None:  # only an end is remembered, not a cut
            w = rs.winner(state)
            for key, at in passed:
                ends[key] = (w, steps - at)
        return state, steps, -1


def _scores(rs: Ruleset[Any], state: Any, legal: list[Intent], me: int) -> dict[Intent, float]:
    """The prior (``rs.priors``: the one-ply score, or a game's better guess) for ``me`` of
    each intent of ``legal`` that ``state`` can score."""
    return {i: s for i, s in zip(legal, rs.priors(state, legal, me), strict=True)
            if s is not None}


def _widened(node: _Node, here: list[Intent], mine: bool, widen: float) -> list[Intent]:
    """The intents ``node`` may try now: its best ceil(widen * sqrt(visits + 1)) by one-ply
    score for the side to act (passes lose ties; intents the first deal did not score last),
    best first."""
    scores = node.scores or {}
    k = math.ceil(widen * math.sqrt(node.visits + 1))
    sign = 1.0 if mine else -1.0

    def key(i: Intent) -> float:
        s = scores.get(i)
        if s is None:
            return -math.inf
        return sign * s - (1e-3 if i.kind in PASS_KINDS else 0.0)
    return sorted(here, key=key, reverse=True)[:k]


def _greedy_pick(rs: Ruleset[Any], state: Any, legal: list[Intent],
                 rng: random.Random) -> Intent:
    """The greedy agent's choice in a deal (the deal is a guess, so reading it is fair), by
    the game's priors (its one-ply score unless it knows better)."""
    me = rs.to_act(state)
    assert me is not None
    best = best_one_ply(rs, state, legal, me, rs.priors(state, legal, me))
    return rng.choice(best) if best else legal[0]


def _best(root: _Node, legal: list[Intent], me: int, select: str = "visits",
          c: float = 0.0) -> Intent:
    """An intent that won at once in every deal it was tried in, else by ``select``: the most
    tried one ("visits"; ties: the better mean) or the best lower bound of the mean
    ("secure", UCB's bound with constant ``c`` taken the other way; ties: more visits); then a
    non-pass, then legal order."""
    def key(i: Intent) -> tuple[bool, float, float, int]:
        e = root.edges.get((me, i))
        if e is None or not e.visits:
            return (False, -math.inf, -math.inf, 0)
        mean = e.total / e.visits
        rest = 0 if i.kind in PASS_KINDS else 1
        if select == "secure":
            bound = mean - c * math.sqrt(math.log(max(e.avail, 2)) / e.visits)
            return (e.ends == {me}, bound, e.visits, rest)
        return (e.ends == {me}, e.visits, mean, rest)
    return max(legal, key=key)
