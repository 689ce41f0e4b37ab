"""What autosaving one intent costs at 100 and at 10,000 intents: the journal (one line,
fsynced) against writing the whole record (what every intent cost before the journal).

    python tools/bench_autosave.py [--repeats 20] [--batch 10] [--sizes 100,10000] [--dir D]

The records are made of a real Kyoukai game's intents repeated to each size (the journal
does not replay them). Each repeat times, at every size in turn, what ``Session.apply`` does
to save one intent: the record's new intent appended and its journal line written and
fsynced (the mean of ``--batch`` intents saved in a row, as in a game); and,
separately, the same record written whole (``save_atomic`` with its backup). Medians of the
repeats, in ms, and the ratios largest/smallest size. Also the compaction: how often it comes at the
largest size and what it costs, spread over the intents between two. Wall-clock: run it on
a quiet machine. One line:
RESULT journal_<n>_ms=… journal_ratio=R journal_cpu_<n>_ms=… journal_cpu_ratio=P
       whole_<n>_ms=… whole_ratio=W compaction_ms=C every=K
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.records import Record, append, new_record, save_atomic  # noqa: E402
from rules.records.autosave import Autosave  # noqa: E402
from rules.records.journal import change_line  # noqa: E402
from rules.records.model import intent_data  # noqa: E402

GAME = "kyoukai"


def game_intents(seed: int = 1) -> list[dict[str, object]]:
    rs = rules.get(GAME)
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    out = []
    while rs.to_act(state) is not None:
        intent = r.choice(rs.legal_intents(state))
        state = rs.apply(state, intent).state
        out.append(intent_data(intent))
    return out


def record_of(n: int, intents: list[dict[str, object]]) -> Record:
    base = new_record(GAME, 1)
    return base.model_copy(update={"intents": tuple(intents[i % len(intents)]
                                                    for i in range(n))})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--sizes", default="100,10000")
    ap.add_argument("--batch", type=int, default=10,
                    help="intents saved in a row per repeat, timed together (fsync latency "
                         "comes in steps of milliseconds; one alone is mostly noise)")
    ap.add_argument("--dir", type=Path, default=None,
                    help="where to write (default: a new temporary folder)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    folder = args.dir or Path(tempfile.mkdtemp(prefix="bench_autosave_"))
    folder.mkdir(parents=True, exist_ok=True)
    intents = game_intents()
    records = {n: record_of(n, intents) for n in sizes}
    journals = {n: Autosave(folder / f"journal{n}.json") for n in sizes}
    for n, j in journals.items():
        j.rewrite(records[n])
    for n, j in journals.items():  # untimed: the first line after a rewrite
        records[n] = append(records[n], intents[0])
        j.add(records[n], {"intent": intents[0]})
    journal: dict[int, list[float]] = {n: [] for n in sizes}
    cpu: dict[int, list[float]] = {n: [] for n in sizes}
    whole: dict[int, list[float]] = {n: [] for n in sizes}
    # The sizes take turns, in alternating order, so a busy moment of the machine (fsync
    # times vary with other disk traffic) hits every size alike; the whole-record writes come
    # after, so their dirty pages do not slow the journal's fsyncs.
    for k in range(args.repeats):
        for n in sizes if k % 2 == 0 else sizes[::-1]:
            batch = [intents[(k * args.batch + i) % len(intents)] for i in range(args.batch)]
            t, c = time.perf_counter(), time.process_time()
            for data in batch:
                records[n] = append(records[n], data)
                journals[n].add(records[n], {"intent": data})
            journal[n].append((time.perf_counter() - t) / args.batch)
            cpu[n].append((time.process_time() - c) / args.batch)
    for k in range(args.repeats):
        for n in sizes if k % 2 == 0 else sizes[::-1]:
            t = time.perf_counter()
            save_atomic(folder / f"whole{n}.json", records[n], backup=True)
            whole[n].append(time.perf_counter() - t)
    assert not any(j.compactions for j in journals.values())  # not in the timed appends
    big = sizes[-1]
    t = time.perf_counter()
    journals[big].rewrite(records[big])
    compaction = time.perf_counter() - t
    line = len(change_line({"intent": intents[0]}))
    every = max(journals[big].compact_at, journals[big].base) // line

    def ms(xs: list[float]) -> float:
        return statistics.median(xs) * 1000

    parts = [f"journal_{n}_ms={ms(journal[n]):.3f}" for n in sizes]
    parts.append(f"journal_ratio={ms(journal[big]) / ms(journal[sizes[0]]):.2f}")
    # The CPU part alone (no waiting for the disk): steadier than the fsync.
    parts += [f"journal_cpu_{n}_ms={ms(cpu[n]):.3f}" for n in sizes]
    parts.append(f"journal_cpu_ratio={ms(cpu[big]) / max(ms(cpu[sizes[0]]), 1e-6):.2f}")
    parts += [f"whole_{n}_ms={ms(whole[n]):.3f}" for n in sizes]
    parts.append(f"whole_ratio={ms(whole[big]) / ms(whole[sizes[0]]):.2f}")
    parts.append(f"compaction_ms={compaction * 1000:.1f} every={every}")
    print("RESULT " + " ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
