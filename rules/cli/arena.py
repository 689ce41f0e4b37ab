"""``python -m rules arena``: two agents play many games; wins, a 95 % interval, decision times.

Each pair of games shares a seed with the seats swapped, and every other pair has the decks
swapped (where the game has decks), so neither agent profits from a seat or a deck. With
``--mirror`` both seats hold the same deck, the first deck in even pairs and the second in odd
ones: where one deck beats the other between good players whoever holds it (BOS's Ember Court
won 29 of 37 games between Hard and Normal), mirrors leave the seat and the deal to differ.

A pair is one deal played twice, each agent in each seat (the "duplicate" format of bridge and
of poker-bot matches): where the seat or the deck decides most games (BOS, Nullshapers), most
pairs split one-one whoever plays, and the pairs one agent wins twice over say more about the
agents than the share of games does. The arena counts both.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.agents import AGENTS, LEVELS, Agent, make_agent
from rules.core.ruleset import Ruleset
from rules.sim.stats import wilson


@dataclass
class GameResult:
    winner: int | None  # 0: the first agent, 1: the second, None: a draw
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))  # wall ms
    # thread CPU ms: on a shared machine the wall time counts other processes' turns too, so
    # the levels' targets are read on CPU time, for both agents
    cpu: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    steps: int = 0
    seats: tuple[int, int] = (0, 1)  # where each agent sat
    swapped: bool = False  # the players had each other's decks
    mirror: int | None = None  # with --mirror: the deck (0 or 1) both players held


def swapped_options(rs: Ruleset[Any]) -> dict[str, Any] | None:
    """Options that give the players each other's decks, None if the game has no decks."""
    try:
        names = rs.setup(None).deck_names
    except Exception:  # noqa: BLE001 - a game without packs has no decks to swap
        return None
    if len(names) != 2 or names[0] == names[1]:
        return None
    for key in ("decks", "teams"):
        opts = {key: [names[1], names[0]]}
        try:
            if rs.setup(opts).deck_names == (names[1], names[0]):
                return opts
        except Exception:  # noqa: BLE001 - this game calls its decks otherwise
            continue
    return None


def mirror_options(rs: Ruleset[Any], deck: int) -> dict[str, Any] | None:
    """Options that give both players the game's deck number ``deck`` (0 or 1), None if the
    game has no decks."""
    swapped = swapped_options(rs)
    if swapped is None:
        return None
    key, (second, first) = next(iter(swapped.items()))
    name = (first, second)[deck]
    return {key: [name, name]}


def play(game: str, specs: tuple[str, str], g: int, seed: int,
         mirror: bool = False) -> GameResult:
    """Game number ``g``: agent ``specs[0]`` sits first in even games; odd pairs swap decks
    (``mirror``: even pairs are mirrors of the first deck, odd pairs of the second)."""
    rs = rules.get(game)
    own = type(rs)()  # the agents think on their own ruleset (its caches are per instance)
    own.info = rs.info
    if mirror:
        options = mirror_options(rs, (g // 2) % 2)
    else:
        options = swapped_options(rs) if (g // 2) % 2 else None
    seat_of = (0, 1) if g % 2 == 0 else (1, 0)  # agent index -> seat
    game_seed = seed + g // 2
    agents: dict[int, Agent] = {}
    for a, spec in enumerate(specs):
        agents[seat_of[a]] = make_agent(spec, seed=game_seed * 2 + a, options=options,
                                           game=game)
    agent_at = {seat_of[a]: a for a in (0, 1)}
    state = rs.new_game(seed=game_seed, options=options)
    out = GameResult(None, seats=seat_of, swapped=options is not None and not mirror,
                     mirror=(g // 2) % 2 if mirror and options is not None else None)
    while (p := rs.to_act(state)) is not None:
        legal = rs.legal_intents(state)
        t0, c0 = time.perf_counter(), time.thread_time()
        intent = agents[p].choose(own, rs.view(state, p), legal)
        if len(legal) > 1:  # a forced intent is no decision
            out.times[agent_at[p]].append((time.perf_counter() - t0) * 1000.0)
            out.cpu[agent_at[p]].append((time.thread_time() - c0) * 1000.0)
        state = rs.apply(state, intent).state
        out.steps += 1
    w = rs.winner(state)
    out.winner = None if w is None else agent_at[w]
    return out


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _play_star(args: tuple[str, tuple[str, str], int, int, bool]) -> GameResult:
    return play(*args)


def _seats_and_decks(game: str, results: list[GameResult]) -> str:
    """Which seat and which deck won the decisive games, whoever played them: when one deck
    or seat wins nearly every game, the share says little about the agents (Kyoukai's old
    starter decks: one won 38 of 40 search-against-greedy games)."""
    seat_wins = [0, 0]
    deck_wins = [0, 0]
    for r in results:
        if r.winner is None:
            continue
        seat = r.seats[r.winner]
        seat_wins[seat] += 1
        deck_wins[r.mirror if r.mirror is not None else 1 - seat if r.swapped else seat] += 1
    try:
        names = rules.get(game).setup(None).deck_names
    except Exception:  # noqa: BLE001 - a game without decks: seats only
        names = ()
    text = f"decisive games won from seat 1: {seat_wins[0]}, seat 2: {seat_wins[1]}"
    if len(names) == 2 and any(r.mirror is not None for r in results):
        text += (f"; in {names[0]} mirrors: {deck_wins[0]}, in {names[1]} mirrors: "
                 f"{deck_wins[1]}")
    elif len(names) == 2 and any(r.swapped for r in results):
        text += f"; by {names[0]}: {deck_wins[0]}, by {names[1]}: {deck_wins[1]}"
    return text


@dataclass(frozen=True)
class Pairs:
    """The complete pairs of an arena: won twice by the first agent, by the second, or
    split (a win each, or a draw in either game)."""

    first: int
    second: int
    split: int

    @property
    def share(self) -> float:
        """The first agent's share of the pairs won twice (NaN if none was)."""
        n = self.first + self.second
        return self.first / n if n else float("nan")


def pairs(results: list[GameResult]) -> Pairs:
    """``results`` in game order, counted by pair (games 2k and 2k + 1: one seed, the agents
    in each other's seats); a last game without its pair is left out. Under equal strength
    a pair won twice is as likely the one agent's as the other's (the sign test)."""
    count = [0, 0, 0]
    for k in range(0, len(results) - 1, 2):
        a, b = results[k].winner, results[k + 1].winner
        count[a if a == b and a is not None else 2] += 1
    return Pairs(*count)


def _progress(results: list[GameResult], r: GameResult, total: int, seed: int) -> None:
    """Keep ``r`` and say so on stderr: a long arena that is stopped still tells what it
    played (each game's seed is ``seed + g // 2``)."""
    results.append(r)
    g = len(results) - 1
    wins = sum(x.winner == 0 for x in results)
    losses = sum(x.winner == 1 for x in results)
    who = "draw" if r.winner is None else "first agent" if r.winner == 0 else "second agent"
    print(f"game {g + 1}/{total} (seed {seed + g // 2}): {who}; so far {wins}-{losses}",
          file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    specs = [s.strip() for s in args.agents.split(",")]
    if len(specs) != 2:
        print(f"--agents: need two agents, got {args.agents!r}")
        return 2
    specs = [f"{s}:{args.level}" if s == "search" else s for s in specs]
    for s in specs:
        name = s.split(":")[0]
        if name not in AGENTS or (":" in s and s.split(":")[1] not in LEVELS):
            print(f"--agents: unknown agent {s!r}; known: {sorted(AGENTS)} "
                  f"(search:LEVEL with LEVEL one of {sorted(LEVELS)})")
            return 2
    pair = (specs[0], specs[1])
    jobs = [(args.game, pair, g, args.seed, args.mirror) for g in range(args.games)]
    start = time.perf_counter()
    results: list[GameResult] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for r in pool.map(_play_star, jobs):
                _progress(results, r, len(jobs), args.seed)
    else:
        for j in jobs:
            _progress(results, _play_star(j), len(jobs), args.seed)
    elapsed = time.perf_counter() - start
    wins = sum(r.winner == 0 for r in results)
    losses = sum(r.winner == 1 for r in results)
    draws = len(results) - wins - losses
    decisive = wins + losses
    share = wins / decisive if decisive else float("nan")
    lo, hi = wilson(wins, decisive)
    times = [[t for r in results for t in r.times[a]] for a in (0, 1)]
    cpu = [[t for r in results for t in r.cpu[a]] for a in (0, 1)]
    decks = "mirror decks, the other deck every other pair" if args.mirror \
        else "decks swapped every other pair"
    print(f"{args.game}: {pair[0]} vs {pair[1]}, {len(results)} games (seats alternated, "
          f"{decks}) in {elapsed:.0f} s")
    print(f"  {pair[0]}: {wins} wins, {pair[1]}: {losses} wins, {draws} draws")
    print(f"  {pair[0]} share of decisive games: {share:.3f} (95 % Wilson interval "
          f"{lo:.3f}-{hi:.3f})")
    print(f"  {_seats_and_decks(args.game, results)}")
    pr = pairs(results)
    plo, phi = wilson(pr.first, pr.first + pr.second)
    print(f"  pairs (one deal, each agent in each seat): {pair[0]} won both {pr.first}, "
          f"{pair[1]} won both {pr.second}, split {pr.split}; {pair[0]} share of the pairs "
          f"won twice: {pr.share:.3f} (95 % Wilson interval {plo:.3f}-{phi:.3f})")
    for a in (0, 1):
        ts = times[a]
        mean = statistics.fmean(ts) if ts else float("nan")
        print(f"  {pair[a]}: {len(ts)} decisions, wall ms p50 {pct(ts, 0.5):.1f} "
              f"p90 {pct(ts, 0.9):.1f} mean {mean:.1f}; CPU ms p50 {pct(cpu[a], 0.5):.1f} "
              f"p90 {pct(cpu[a], 0.9):.1f}")
    print(f"RESULT game={args.game} a={pair[0]} b={pair[1]} games={len(results)} wins={wins} "
          f"losses={losses} draws={draws} share={share:.3f} lo={lo:.3f} hi={hi:.3f} "
          f"p50_ms={pct(times[0], 0.5):.1f} p90_ms={pct(times[0], 0.9):.1f} "
          f"cpu_p50_ms={pct(cpu[0], 0.5):.1f} cpu_p90_ms={pct(cpu[0], 0.9):.1f} "
          f"b_p90_ms={pct(times[1], 0.9):.1f} b_cpu_p50_ms={pct(cpu[1], 0.5):.1f} "
          f"b_cpu_p90_ms={pct(cpu[1], 0.9):.1f} pairs_a={pr.first} pairs_b={pr.second} "
          f"pairs_split={pr.split} pair_share={pr.share:.3f} pair_lo={plo:.3f} "
          f"pair_hi={phi:.3f} mirror={int(args.mirror)}", flush=True)
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("arena", help="two agents play many games: wins, interval, times")
    p.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    p.add_argument("--agents", default="search,greedy",
                   help=f"two of {sorted(AGENTS)}, comma-separated; search:LEVEL for a level")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--level", default="normal", choices=sorted(LEVELS),
                   help="the level of a plain 'search' agent")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="processes playing games at once")
    p.add_argument("--mirror", action="store_true",
                   help="both players hold the same deck (the first deck in even pairs, the "
                        "second in odd ones) instead of each other's")
    p.set_defaults(run=run)
