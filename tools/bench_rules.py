"""Rules benchmark: random-playout throughput and the cost of ``highlights``, on one core.

    python tools/bench_rules.py [--game kyoukai] [--games 200] [--seed 0]

Prints one RESULT line per game:
    RESULT game=G games=N steps=M steps_per_s=S highlights_ms_mean=A highlights_ms_p99=B
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402


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
            cold = state.model_copy()
            t0 = time.perf_counter()
            rs.highlights(cold, piece)
            times.append((time.perf_counter() - t0) * 1000)
    mean = statistics.fmean(times) if times else float("nan")
    p99 = sorted(times)[int(len(times) * 0.99)] if times else float("nan")
    return (f"RESULT game={game} games={games} steps={steps} steps_per_s={steps / elapsed:.0f} "
            f"highlights_ms_mean={mean:.3f} highlights_ms_p99={p99:.3f} "
            f"highlight_samples={len(times)}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=sorted(rules.GAMES), action="append")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          "one process (one core)")
    for game in args.game or sorted(rules.GAMES):
        print(bench(game, args.games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
