"""Calibration of the paired experiment's interval: does the 95 % interval of a small run cover
the difference a very large run measures?

    python tools/calibrate_paired.py --game dreadnought --variant "scout_drone.bp=150"

Plays one paired experiment of REFERENCE + RUNS x PAIRS pairs (random agents: cheap) with
``playtable simulate``'s own code, then reads games.jsonl: the first REFERENCE pairs give the
reference difference in deck A's win rate; the rest are cut into RUNS runs of PAIRS pairs, each
with its own paired interval (``rules.sim.paired.paired_difference``). Prints the share of runs
whose interval covers the reference (with its Wilson interval), and the mean width of the paired
intervals against the unpaired ones two separate runs of PAIRS games would have had.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.sim.paired import paired_difference, unpaired_half_width  # noqa: E402
from rules.sim.simulation import Request, simulate  # noqa: E402
from rules.sim.stats import wilson, z_for  # noqa: E402


def outcomes(path: Path) -> list[tuple[bool, bool]]:
    """(deck A won as it is, deck A won with the variant) of each pair, in game order, for
    the pairs where both games had a winner."""
    by: dict[int, dict[int, bool | None]] = {}
    with path.open(encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            won = None if r["winner"] is None or r["error"] or r["manual"] else \
                r["deck_at"][r["winner"]] == 0
            by.setdefault(r["game"], {})[r["arm"]] = won
    out = []
    for g in sorted(by):
        a, b = by[g].get(0), by[g].get(1)
        if a is not None and b is not None:
            out.append((a, b))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="dreadnought")
    ap.add_argument("--variant", default="scout_drone.bp=150")
    ap.add_argument("--decks", default=None, metavar="A,B")
    ap.add_argument("--pack", type=Path, default=None)
    ap.add_argument("--agents", default="random,random")
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--pairs", type=int, default=100, help="pairs per run")
    ap.add_argument("--reference", type=int, default=20_000, help="pairs of the reference")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1_000_000)
    ap.add_argument("--confidence", type=float, default=0.95)
    args = ap.parse_args(argv)
    z = z_for(args.confidence)
    total = args.reference + args.runs * args.pairs
    with tempfile.TemporaryDirectory(prefix="playtable-calibrate-") as tmp:
        agents = args.agents.split(",")
        req = Request(game=args.game, games=total, seed=args.seed,
                      decks=tuple(args.decks.split(",")) if args.decks else None,  # type: ignore[arg-type]
                      agents=(agents[0], agents[1]), pack=args.pack, workers=args.workers,
                      out=Path(tmp), variants=(args.variant,))
        start = time.perf_counter()
        simulate(req)
        seconds = time.perf_counter() - start
        pairs = outcomes(Path(tmp) / "games.jsonl")
    ref_pairs = pairs[:args.reference]
    n = len(ref_pairs)
    reference = (sum(b and not a for a, b in ref_pairs)
                 - sum(a and not b for a, b in ref_pairs)) / n
    rest = pairs[args.reference:]
    covered, paired_w, unpaired_w, diffs = 0, [], [], []
    runs = 0
    for i in range(0, len(rest) - args.pairs + 1, args.pairs):
        run = rest[i:i + args.pairs]
        up = sum(b and not a for a, b in run)
        down = sum(a and not b for a, b in run)
        got = paired_difference(up, down, len(run), z)
        assert got is not None
        d, lo, hi = got
        runs += 1
        covered += lo <= reference <= hi
        paired_w.append((hi - lo) / 2)
        half = unpaired_half_width(sum(a for a, _ in run), sum(b for _, b in run), len(run), z)
        unpaired_w.append(half or 0.0)
        diffs.append(d)
    lo, hi = wilson(covered, runs, 1.96)
    print(f"{args.game} {args.agents}, variant {args.variant}: {total} pairs in {seconds:.0f} s")
    print(f"reference difference in deck A's win rate: {100 * reference:+.2f} points "
          f"({n} pairs with a winner in both games)")
    print(f"coverage of the {100 * args.confidence:g} % paired interval: {covered}/{runs} = "
          f"{100 * covered / runs:.1f} % (Wilson 95 %: {100 * lo:.1f}-{100 * hi:.1f} %)")
    mp, mu = statistics.fmean(paired_w), statistics.fmean(unpaired_w)
    print(f"mean half-width, paired {100 * mp:.2f} points, unpaired {100 * mu:.2f} points: "
          f"{mu / mp:.2f} times narrower paired")
    sd = statistics.pstdev(diffs)
    print(f"spread of the runs' differences: sd {100 * sd:.2f} points (a "
          f"{100 * args.confidence:g} % interval of half-width {100 * z * sd:.2f})")
    print(f"RESULT coverage={covered / runs:.4f} runs={runs} ratio={mu / mp:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
