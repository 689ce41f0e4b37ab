"""Balance-simulation throughput: games per second (or per minute) on this machine.

    python tools/bench_sim.py [--game kyoukai] [--agents greedy] [--games 1000] [--workers 2]
                              [--seed 0] [--out DIR]

Runs ``playtable simulate`` (the same code: worker processes, summary, report with plots) and
prints the machine (cores, load average before and after: other work on the machine slows the
run) and one line:
RESULT game=G agents=A games=N workers=K seconds=S games_per_s=R games_per_min=M
       cpu_seconds=C games_per_cpu_s=P flagged=F
(on a loaded machine the wall-clock rate falls, the rate per CPU-second much less).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.sim.simulation import Request, simulate  # noqa: E402


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def cpu_seconds() -> float:
    """CPU time of this process and of its ended children (the workers, once joined)."""
    try:
        import resource
    except ImportError:  # Windows: wall time only
        return float("nan")
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="kyoukai")
    ap.add_argument("--agents", default="greedy", help="one agent spec for both decks")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=None, help="keep the report here")
    a = ap.parse_args(argv)
    print(f"machine: {os.cpu_count()} cores, load average {load()} (1, 5, 15 min) before")
    with tempfile.TemporaryDirectory() as tmp:
        out = a.out or Path(tmp) / "report"
        req = Request(game=a.game, games=a.games, seed=a.seed, agents=(a.agents, a.agents),
                      workers=a.workers, out=out)
        start, cpu0 = time.perf_counter(), cpu_seconds()
        outcome = simulate(req)
        seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu0
    s = outcome.summary
    print(f"machine: load average {load()} after")
    rate = s["games_done"] / seconds
    print(f"RESULT game={a.game} agents={a.agents} games={s['games_done']} workers={a.workers} "
          f"seconds={seconds:.1f} games_per_s={rate:.2f} games_per_min={60 * rate:.1f} "
          f"cpu_seconds={cpu:.1f} games_per_cpu_s={s['games_done'] / cpu:.2f} "
          f"flagged={len(s['flagged'])}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
