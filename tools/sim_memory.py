"""Memory of a whole ``playtable simulate`` run across all its processes, sampled as it goes.

    python tools/sim_memory.py --game dreadnought --games 100000 --workers 2

Starts the simulation as a child process and, every --every seconds, sums the resident memory
(PSS where Linux gives it: shared pages counted once, split between the processes sharing
them; else RSS) of it and every process under it. Prints the peak, and the total at each
tenth of the games (from the lines of games.jsonl), so growth per game shows as a slope.
Linux only (it reads /proc)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def children(pid: int) -> list[int]:
    """``pid`` and every process under it."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        todo += [int(k) for k in kids]
    return out


def memory_kb(pid: int) -> int:
    """PSS of ``pid`` in KiB (RSS where smaps_rollup is missing); 0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def lines(path: Path) -> int:
    try:
        with path.open("rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="dreadnought")
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agents", default="random,random")
    ap.add_argument("--every", type=float, default=1.0, help="seconds between samples")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="the source tree to run (another worktree, to compare)")
    ap.add_argument("--more", default="", help="more simulate arguments, e.g. "
                                               "'--variant scout_drone.bp=90'")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="playtable-memory-") as tmp:
        out = Path(tmp) / "report"
        cmd = [sys.executable, "-m", "rules", "simulate", "--game", args.game, "--games",
               str(args.games), "--workers", str(args.workers), "--agents", args.agents,
               "--out", str(out), "--quiet", *args.more.split()]
        env = {**os.environ, "PYTHONPATH": str(args.root)}
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=args.root, env=env, stdout=subprocess.PIPE, text=True)
        peak, peak_at, shown = 0, 0, -1
        total = args.games * (1 + args.more.count("--variant"))
        while proc.poll() is None:
            pids = children(proc.pid)
            kb = sum(memory_kb(p) for p in pids)
            done = lines(out / "games.jsonl")
            if kb > peak:
                peak, peak_at = kb, done
            tenth = done * 10 // max(1, total)
            if tenth > shown:
                shown = tenth
                print(f"{done:>8} games  {kb / 1024:7.1f} MB in {len(pids)} processes  "
                      f"{time.perf_counter() - start:7.1f} s", flush=True)
            time.sleep(args.every)
        stdout = proc.stdout.read() if proc.stdout else ""
        print(stdout.strip().splitlines()[-1] if stdout.strip() else "(no output)")
        print(f"PEAK {peak / 1024:.1f} MB (at {peak_at} games), exit {proc.returncode}, "
              f"{time.perf_counter() - start:.0f} s")
        return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
