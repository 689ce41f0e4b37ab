"""Golden traces of every game: proof that a change of the rules' code kept their behaviour.

    python tools/golden_traces.py --check                  # every game, everything stored
    python tools/golden_traces.py --check --game bos --random 20 --greedy 5 --choices 3
    python tools/golden_traces.py --write [--game G]       # after a change meant to alter play
    python tools/golden_traces.py --check --workers 2      # games spread over 2 processes

Stored per game in ``tests/golden/<game>.json`` (``tests/golden/test_golden_traces.py``
checks a few quickly and, marked ``slow``, all of them):

- ``random``: games ``0..N-1`` (default 200), ``random.Random(seed)`` choosing among
  ``rs.legal_intents(state)``; ``greedy``: games ``0..M-1`` (default 40), the greedy agent
  against itself as ``playtable simulate`` plays it (agents seeded ``2 * seed + seat``,
  choosing on their view with a second ruleset, stopping at a manual step). Each game is one
  chained sha256 over the first dump and, after every step, the legal intents in order (JSON),
  the index chosen, the events of the loud ``rs.apply`` (JSON), the dump, who acts and the
  winner; stored as ``"<first 16 hex> <steps>"``. At every step the quiet apply's state must
  dump as the loud one's (asserted, not hashed). ``STEP_CAP`` caps a game beyond every
  game's turn cap.
- ``choices``: ``K`` (default 20) decision points, point ``k`` in random game
  ``CHOICE_SEED + k`` at a spread-out fraction of its decisions; at each, Easy, Normal and
  Hard (``rules.agents.levels.make_agent(level, seed=k)``, a fresh agent) choose on the view
  of the side to act, and the chosen intent's JSON is stored with the position's hash. Every
  game's levels are iteration budgets (``GameInfo.search_iterations``), never wall time
  (``_deterministic`` refuses a time budget), so they choose alike on any machine and load.
- ``simulate``: the simulator's games ``0..S-1`` (default 100) with random agents, as
  ``playtable simulate --agents random,random`` plays them (``rules.sim.match.play``, through
  the game's ``forced_steps`` and ``playout`` where it has them): a hash of the result (winner,
  turns, decisions, played cards, every choice) and its turns.

Intents and events become JSON in one place, ``as_json``: the only line to change when their
classes change, as long as their JSON does not. ``--check`` prints every differing game (seed
and step counts) and exits 1.

Full check (``--check``, one process), CPU seconds on the shared 2-core machine (wall time at
load average 12-15 was 3.2-3.4 times as long): kyoukai 134, krosmaster 57, dreadnought 41,
bos 32, nullshapers 81; 345 in all (``--workers 2`` halves the wall time on idle cores).
The same hashes came out in a process pool with a random ``PYTHONHASHSEED``, with
``PYTHONHASHSEED=123`` and in one process with ``PYTHONHASHSEED=7``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as ``python tools/golden_traces.py`` from anywhere
    sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
from rules.agents import make_agent  # noqa: E402
from rules.agents.levels import LEVELS  # noqa: E402
from rules.agents.search import SearchAgent  # noqa: E402
from rules.sim.match import GameResult, play, rulesets  # noqa: E402
from rules.sim.plan import deck_names, plan  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
RANDOM, GREEDY, CHOICES, SIMULATE = 200, 40, 20, 100
STEP_CAP = 50_000  # as the simulator's MAX_INTENTS: far beyond every game's turn cap
CHOICE_SEED = 10_000
# Point k sits at fraction ((k + 1) * SPREAD) % 1 of its game's decisions: early, middle and
# late positions alike.
SPREAD = 0.6180339887498949


def as_json(item: Any) -> Any:
    """An intent's or event's JSON data, as records store intents (each has its ``to_json``;
    the commit before the state model's last step had pydantic intents, dumped the same)."""
    to_json = getattr(item, "to_json", None)
    return to_json() if to_json is not None else item.model_dump(mode="json")


def _text(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def trace(game: str, seed: int, greedy: bool = False) -> str:
    """One game's chained hash and its number of steps: ``"<16 hex> <steps>"``."""
    rs, own = rulesets(game)
    h = hashlib.sha256()
    state = rs.new_game(seed=seed)
    h.update(rs.dump(state).encode())
    r = random.Random(seed)
    agents = [make_agent("greedy", seed=2 * seed + p, game=game) for p in (0, 1)]
    steps = 0
    while (p := rs.to_act(state)) is not None and steps < STEP_CAP:
        if greedy and rs.manual_pending(state) is not None:
            break  # the simulator stops there too: agents do not play manual effects
        legal = rs.legal_intents(state)
        h.update(_text([as_json(i) for i in legal]))
        if greedy:
            intent = legal[0] if len(legal) == 1 else \
                agents[p].choose(own, rs.view(state, p), legal)
            at = legal.index(intent)
        else:
            at = r.randrange(len(legal)) if len(legal) > 1 else 0
            intent = legal[at]
        out = rs.apply(state, intent)
        quiet = rs.apply(state, intent, quiet=True).state
        dumped = rs.dump(out.state)
        if rs.dump(quiet) != dumped:
            raise AssertionError(f"{game} seed {seed} step {steps}: the quiet state differs "
                                 "from the loud one")
        h.update(f"{at}".encode())
        h.update(_text([as_json(e) for e in out.events]))
        h.update(dumped.encode())
        h.update(repr((rs.to_act(out.state), rs.winner(out.state))).encode())
        state = out.state
        steps += 1
    return f"{h.hexdigest()[:16]} {steps}"


def simulated(game: str, index: int) -> str:
    """The simulator's random game ``index``: ``"<16 hex of its result> <turns>"``."""
    rs = rules.get(game)
    match = plan(game, index + 1, 0, deck_names(rs, {}, None), ("random", "random"))[index]
    res: GameResult = play(match)
    facts = (res.seed, res.deck_at, res.agent_at, res.first, res.winner, res.capped, res.turns,
             res.decisions, res.played, res.choices.hex(), res.error, res.manual)
    return f"{hashlib.sha256(repr(facts).encode()).hexdigest()[:16]} {res.turns}"


def _deterministic(agent: Any, game: str, level: str) -> None:
    budget = getattr(agent, "budget", None)
    if isinstance(agent, SearchAgent) and (budget is None or budget.ms is not None):
        raise AssertionError(f"{game} {level}: the level searches by time ({budget}); "
                             "its choices cannot be golden")


def choice_point(game: str, k: int, levels: Iterable[str] = LEVELS) -> dict[str, Any]:
    """Decision point ``k``: where it is and what each of ``levels`` chooses there."""
    rs, own = rulesets(game)
    seed = CHOICE_SEED + k
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    decisions: list[tuple[int, Any]] = []
    steps = 0
    while rs.to_act(state) is not None and steps < STEP_CAP:
        legal = rs.legal_intents(state)
        if len(legal) > 1 and rs.manual_pending(state) is None:
            decisions.append((steps, state))
        state = rs.apply(state, legal[r.randrange(len(legal))], quiet=True).state
        steps += 1
    if not decisions:
        raise AssertionError(f"{game} random game {seed} has no decision")
    step, state = decisions[int(len(decisions) * (((k + 1) * SPREAD) % 1))]
    p = rs.to_act(state)
    assert p is not None
    legal = rs.legal_intents(state)
    point: dict[str, Any] = {"seed": seed, "step": step,
                             "position": hashlib.sha256(rs.dump(state).encode()).hexdigest()[:16]}
    for level in levels:
        agent = make_agent(level, seed=k, game=game)
        _deterministic(agent, game, level)
        point[level] = as_json(agent.choose(own, rs.view(state, p), legal))
    return point


def _job(job: tuple[str, str, int, tuple[str, ...]]) -> tuple[str, str, int, Any]:
    game, what, n, levels = job
    if what == "choices":
        return game, what, n, choice_point(game, n, levels)
    if what == "simulate":
        return game, what, n, simulated(game, n)
    return game, what, n, trace(game, n, greedy=what == "greedy")


KINDS = ("random", "greedy", "choices", "simulate")


def compute(game: str, picks: Mapping[str, Iterable[int]], levels: tuple[str, ...] = LEVELS,
            workers: int = 1) -> dict[str, Any]:
    """The traces of ``game`` for the seeds (decision points) ``picks`` names per kind of
    ``KINDS`` (a missing kind: none), the choices of ``levels``; entries not picked are None."""
    chosen = {what: sorted(set(picks.get(what, ()))) for what in KINDS}
    jobs = [(game, what, i, levels) for what, seeds in chosen.items() for i in seeds]
    out: dict[str, Any] = {"game": game, "step_cap": STEP_CAP,
                           **{what: [None] * (max(s) + 1 if s else 0)
                              for what, s in chosen.items()}}
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_job, jobs, chunksize=4))
    else:
        results = [_job(j) for j in jobs]
    for _, what, i, value in results:
        out[what][i] = value
    return out


def _file_text(traces: dict[str, Any]) -> str:
    """``traces`` as JSON, one game or decision point a line (small, and diffs read well)."""
    lines = []
    for key, value in traces.items():
        if isinstance(value, list):
            items = ",\n  ".join(json.dumps(v, separators=(",", ":")) for v in value)
            lines.append(f' "{key}": [\n  {items}\n ]' if value else f' "{key}": []')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def stored(game: str) -> dict[str, Any]:
    path = GOLDEN / f"{game}.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except FileNotFoundError:
        raise SystemExit(f"{path}: no golden traces; make them with --write") from None
    return data


def differences(want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """What differs between stored traces ``want`` and computed ``got`` (only what ``got``
    holds is compared: None entries and levels it lacks are not)."""
    game = got["game"]
    lines: list[str] = []
    for what in ("random", "greedy", "simulate"):
        have = want.get(what, [])
        for seed, value in enumerate(got[what]):
            if value is None:
                continue
            if seed >= len(have):
                lines.append(f"{game} {what} {seed}: not stored")
            elif value != have[seed]:
                lines.append(f"{game} {what} seed {seed}: stored {have[seed]}, now {value}")
    for k, point in enumerate(got["choices"]):
        if point is None:
            continue
        if k >= len(want["choices"]):
            lines.append(f"{game} choice {k}: not stored")
            continue
        old = want["choices"][k]
        for key, value in point.items():  # only the levels computed
            if value != old.get(key):
                lines.append(f"{game} choice {k} (seed {point['seed']} step {point['step']}) "
                             f"{key}: stored {old.get(key)}, now {value}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="compare with tests/golden")
    mode.add_argument("--write", action="store_true", help="rewrite tests/golden")
    ap.add_argument("--game", choices=list(rules.GAMES), action="append",
                    help="this game only (repeatable); default every game")
    ap.add_argument("--random", type=int, default=RANDOM, help=f"random games (default {RANDOM})")
    ap.add_argument("--greedy", type=int, default=GREEDY, help=f"greedy games (default {GREEDY})")
    ap.add_argument("--choices", type=int, default=CHOICES,
                    help=f"decision points per level (default {CHOICES})")
    ap.add_argument("--simulate", type=int, default=SIMULATE,
                    help=f"simulator games (default {SIMULATE})")
    ap.add_argument("--levels", default=",".join(LEVELS),
                    help="levels whose choices are checked (default every level)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    a = ap.parse_args(argv)
    levels = tuple(a.levels.split(","))
    if unknown := set(levels) - set(LEVELS):
        ap.error(f"--levels: unknown {', '.join(sorted(unknown))}; levels: {', '.join(LEVELS)}")
    if a.write and levels != LEVELS:
        ap.error("--write stores every level's choices; leave out --levels")
    failed = False
    for game in a.game or rules.GAMES:
        start, cpu = time.perf_counter(), time.process_time()
        counts = {"random": a.random, "greedy": a.greedy, "choices": a.choices,
                  "simulate": a.simulate}
        got = compute(game, {what: range(n) for what, n in counts.items()}, levels, a.workers)
        took = f"{time.perf_counter() - start:.1f} s"
        if a.workers == 1:
            took += f", CPU {time.process_time() - cpu:.1f} s"
        if a.write:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            text = _file_text(got)
            (GOLDEN / f"{game}.json").write_text(text)
            print(f"{game}: written ({len(text)} bytes, {took})", flush=True)
            continue
        lines = differences(stored(game), got)
        for line in lines:
            print(line, flush=True)
        failed = failed or bool(lines)
        print(f"{game}: {'DIFFERS' if lines else 'same'} ({took})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
