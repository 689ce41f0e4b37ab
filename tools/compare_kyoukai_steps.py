"""Fingerprints of random Kyoukai games, step by step, to compare two trees of the rules.

    PYTHONPATH=/work/main python tools/compare_kyoukai_steps.py --seeds 0-109 > main.txt
    PYTHONPATH=.          python tools/compare_kyoukai_steps.py --seeds 0-109 > branch.txt
    diff main.txt branch.txt

For each seed a random game (``random.Random(seed)`` choosing among the legal intents) is
played twice in step: loudly and quietly. Each step hashes the legal list (JSON, in order),
the loud events (JSON) and the dumped state, and checks the quiet state dumps the same as the
loud one (and, where the rules have ``forced_steps``, that it reaches the state the steps
one by one reach). Then the simulator's own loop (``rules.sim.match.play``, random agents, as
``playtable simulate`` plays game ``seed``) is hashed: winner, turns, decisions, played cards
and every choice. One line per seed and a total: any change of behaviour changes a line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

import rules
from rules.sim.match import play
from rules.sim.plan import deck_names, plan


def _seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def step_digest(rs: Any, seed: int) -> tuple[str, int]:
    """The hash of one game's legal lists, events and states, and its number of steps."""
    h = hashlib.sha256()
    r = random.Random(seed)
    loud = quiet = rs.new_game(seed=seed)
    h.update(rs.dump(loud).encode())
    steps = 0
    forced = getattr(rs, "forced_steps", None)  # the branch's hook: checked, not hashed
    expect: tuple[int, str] | None = None
    while rs.to_act(loud) is not None:
        if expect is not None and expect[0] == steps:
            assert rs.dump(loud) == expect[1], f"seed {seed} step {steps}: forced_steps"
            expect = None
        if forced is not None and expect is None:
            target, n = forced(quiet)
            if n:
                expect = (steps + n, rs.dump(target))
        legal = rs.legal_intents(loud)
        assert [i.model_dump(mode="json") for i in rs.legal_intents(quiet)] == \
            [i.model_dump(mode="json") for i in legal], f"seed {seed} step {steps}: legal"
        h.update(json.dumps([i.model_dump(mode="json") for i in legal]).encode())
        intent = r.choice(legal)
        out = rs.apply(loud, intent)
        new_quiet = rs.apply(quiet, intent, quiet=True).state
        h.update(json.dumps([e.to_json() for e in out.events]).encode())
        dumped = rs.dump(out.state)
        if rs.dump(new_quiet) != dumped:
            raise AssertionError(f"seed {seed} step {steps}: quiet state differs from loud")
        h.update(dumped.encode())
        h.update(repr((rs.to_act(out.state), rs.winner(out.state))).encode())
        loud, quiet = out.state, new_quiet
        steps += 1
    if expect is not None:
        assert expect[0] == steps and rs.dump(loud) == expect[1], f"seed {seed}: forced_steps"
    return h.hexdigest()[:16], steps


def sim_digest(seed: int, agents: str) -> str:
    """The hash of the simulator's game ``seed`` (seed 0 run, ``agents`` for both decks)."""
    rs = rules.get("kyoukai")
    decks = deck_names(rs, {}, None)
    match = plan("kyoukai", seed + 1, 0, decks, (agents, agents))[seed]
    res = play(match)
    return hashlib.sha256(repr(res).encode()).hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="0-109", help="e.g. 0-109 or 1,5,7-9")
    ap.add_argument("--greedy", default="", help="seeds of greedy simulator games too")
    a = ap.parse_args(argv)
    rs = rules.get("kyoukai")
    total = hashlib.sha256()
    for seed in _seeds(a.seeds):
        digest, steps = step_digest(rs, seed)
        line = (f"seed {seed} steps {steps} steps_hash {digest} "
                f"sim_random {sim_digest(seed, 'random')}")
        total.update(line.encode())
        print(line, flush=True)
    for seed in _seeds(a.greedy) if a.greedy else []:
        line = f"seed {seed} sim_greedy {sim_digest(seed, 'greedy')}"
        total.update(line.encode())
        print(line, flush=True)
    print(f"total {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
