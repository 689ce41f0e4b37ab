"""Rules benchmark: random-playout throughput and the cost of ``highlights``, on one core.

    python tools/bench_rules.py [--game kyoukai] [--games 200] [--seed 0]
    python tools/bench_rules.py --vs-chess [--rounds 3] [--steps 20000] [--greedy-games 6]
                                [--game G ...]  (default: every game)

The first form prints one RESULT line per game:
    RESULT game=G games=N steps=M steps_per_s=S highlights_ms_mean=A highlights_ms_p99=B

``--vs-chess`` measures against python-chess on the same process, interleaved (each round runs
every side once, one after the other), in process CPU time, and keeps the median of the rounds:
other processes loading the machine then slow both sides alike. A warm-up round of every side,
not counted, comes first (as pyperf's warm-up runs): a process's first steps also pay for its
one-time work (imports, the card packs read, the board's geometry), which a simulation of a
thousand games pays once. It compares
- a random playout step of each game (``legal_intents`` + ``apply`` of a random one, quiet as a
  simulation runs it) with a python-chess step (``board.copy()`` + ``push`` of a random legal
  move), the same number of steps on each side: ratio > 1 means the game's step is faster;
- greedy-vs-greedy Kyoukai whole games per CPU-second (``rules.cli.playout.play_one``).
It prints one RESULT line:
    RESULT vs_chess kyoukai=R krosmaster=R greedy_kyoukai_games_per_cpu_s=G rounds=N
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.core.state import replaced  # noqa: E402


def bench(game: str, games: int, seed: int) -> str:
    rs = rules.get(game)
    steps = 0
    samples = []
    start = time.perf_counter()
    for g in range(games):
        r = random.Random(seed + g)
        state = rs.new_game(seed=seed + g)
        while rs.to_act(state) is not None:
            state = rs.apply(state, r.choice(rs.legal_intents(state))).state
            steps += 1
            if steps % 97 == 0:
                samples.append(state)
    elapsed = time.perf_counter() - start
    times = []
    for state in samples:
        for piece in rs.pieces(state):
            # A fresh copy defeats the legal-intent cache: this is the cold cost, including
            # generating every legal intent of the position.
            cold = replaced(state)
            t0 = time.perf_counter()
            rs.highlights(cold, piece)
            times.append((time.perf_counter() - t0) * 1000)
    mean = statistics.fmean(times) if times else float("nan")
    p99 = sorted(times)[int(len(times) * 0.99)] if times else float("nan")
    return (f"RESULT game={game} games={games} steps={steps} steps_per_s={steps / elapsed:.0f} "
            f"highlights_ms_mean={mean:.3f} highlights_ms_p99={p99:.3f} "
            f"highlight_samples={len(times)}")


# ---- --vs-chess ---------------------------------------------------------------------------
def _cpu(fn: Callable[[], Any]) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def game_steps(game: str, steps: int, seed: int, loud: bool = False) -> Callable[[], None]:
    """``steps`` random-playout steps of ``game`` (new games as needed), quiet when the
    ruleset has a quiet mode (as simulations and search run it), loud (events, log text and
    the legality check, as the table plays) with ``loud``."""
    rs = rules.get(game)
    quiet = _has_quiet(rs) and not loud

    def run() -> None:
        r = random.Random(seed)
        g = seed
        state = rs.new_game(seed=g)
        for _ in range(steps):
            if rs.to_act(state) is None:
                g += 1
                state = rs.new_game(seed=g)
            intent = r.choice(rs.legal_intents(state))
            out = rs.apply(state, intent, quiet=True) if quiet else rs.apply(state, intent)
            state = out.state
    return run


def _has_quiet(rs: Any) -> bool:
    import inspect

    return "quiet" in inspect.signature(rs.apply).parameters


def chess_steps(steps: int, seed: int) -> Callable[[], None]:
    """``steps`` python-chess random-game steps: copy the board, push a random legal move."""
    import chess

    def run() -> None:
        r = random.Random(seed)
        board = chess.Board()
        for _ in range(steps):
            moves = list(board.legal_moves)
            if not moves or board.halfmove_clock >= 150:  # mate, stalemate or 75-move rule
                board = chess.Board()
                moves = list(board.legal_moves)
            board = board.copy(stack=False)
            board.push(r.choice(moves))
    return run


def greedy_games(game: str, games: int, seed: int) -> Callable[[], None]:
    from rules.cli.playout import play_one

    rs = rules.get(game)

    def run() -> None:
        for g in range(games):
            play_one(rs, seed + g, ["greedy", "greedy"])
    return run


def vs_chess(rounds: int, steps: int, greedy: int, seed: int,
             only: list[str] | None = None, loud: bool = False) -> str:
    games = sorted(only or rules.GAMES)
    ratios: dict[str, list[float]] = {g: [] for g in games}
    greedy_rates: list[float] = []
    for g in games:  # the warm-up round: a seed of its own, after the counted rounds'
        game_steps(g, steps, seed + rounds, loud)()
    chess_steps(steps, seed + rounds)()
    if greedy:
        greedy_games("kyoukai", 1, seed + rounds)()
    for rnd in range(rounds):
        for g in games:
            t_game = _cpu(game_steps(g, steps, seed + rnd, loud))
            t_chess = _cpu(chess_steps(steps, seed + rnd))
            ratios[g].append(t_chess / t_game)
            print(f"# round {rnd + 1} {g}: {steps} steps, game {t_game:.2f} s CPU, "
                  f"chess {t_chess:.2f} s CPU, ratio {t_chess / t_game:.2f}", flush=True)
        if not greedy:
            continue
        t_greedy = _cpu(greedy_games("kyoukai", greedy, seed + rnd))
        greedy_rates.append(greedy / t_greedy)
        print(f"# round {rnd + 1} greedy kyoukai: {greedy} games in {t_greedy:.2f} s CPU",
              flush=True)
    med = {g: statistics.median(r) for g, r in ratios.items()}
    for g in games:
        print(f"{g}: random-playout step speed = {med[g]:.2f} x python-chess copy + push")
    rate = statistics.median(greedy_rates) if greedy_rates else 0.0
    print(f"greedy-vs-greedy kyoukai: {rate:.2f} games per CPU-second")
    parts = " ".join(f"{g}={med[g]:.2f}" for g in games)
    mode = "loud" if loud else "quiet"
    return f"RESULT vs_chess {mode} {parts} greedy_kyoukai_games_per_cpu_s={rate:.2f} " \
        f"rounds={rounds}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=sorted(rules.GAMES), action="append")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--vs-chess", action="store_true",
                    help="ratios against python-chess, interleaved, CPU time, median of rounds")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--greedy-games", type=int, default=6,
                    help="greedy Kyoukai games a round (0: none)")
    ap.add_argument("--loud", action="store_true",
                    help="the game's steps loud (events, log text, legality check)")
    args = ap.parse_args()
    if args.vs_chess:
        print(f"# {platform.processor() or platform.machine()}, Python "
              f"{platform.python_version()}, one process, process CPU time")
        print(vs_chess(args.rounds, args.steps, args.greedy_games, args.seed, args.game,
                       args.loud), flush=True)
        return 0
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          "one process (one core)")
    for game in args.game or sorted(rules.GAMES):
        print(bench(game, args.games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
