"""Random (or agent) playouts: the throughput figure and a smoke test of every game."""

from __future__ import annotations

import argparse
import time
from typing import Any

import rules
from rules.agents import AGENTS
from rules.core.ruleset import Ruleset


def play_one(rs: Ruleset[Any], seed: int, agents: list[str]) -> tuple[Any, int]:
    """Play one game between agents; returns the final state and the number of intents.

    Played as the balance simulation plays (``rules.sim.match``): the state is this loop's
    own, so each intent is pushed on it in place, quietly (nothing reads a log here); forced
    steps are played at once by the game; an agent is asked, and gets a view, only where it
    has a choice to make."""
    players = [AGENTS[a](seed * 2 + i) for i, a in enumerate(agents)]
    state = rs.new_game(seed=seed)
    steps = 0
    while (p := rs.to_act(state)) is not None:
        if rs.manual_pending(state) is None:
            state, n = rs.push_forced(state)
            if n:
                steps += n
                continue
        legal = rs.legal_intents(state)
        if len(legal) == 1:
            intent = legal[0]
        else:
            agent = players[p]
            intent = agent.choose(rs, rs.view(state, p) if agent.reads_view else None, legal)
        state = rs.push(state, intent)
        steps += 1
    return state, steps


def run(args: argparse.Namespace) -> int:
    rs = rules.get(args.game)
    agents = args.agents.split(",")
    wins = [0, 0, 0]
    steps = 0
    start = time.perf_counter()
    for g in range(args.games):
        state, n = play_one(rs, args.seed + g, agents)
        steps += n
        w = rs.winner(state)
        wins[2 if w is None else w] += 1
    elapsed = max(time.perf_counter() - start, 1e-9)
    print(f"{args.game}: {args.games} games, {steps} steps in {elapsed:.2f}s; "
          f"wins P1={wins[0]} P2={wins[1]} draws={wins[2]}")
    print(f"RESULT game={args.game} games={args.games} steps={steps} "
          f"games_per_s={args.games / elapsed:.2f} steps_per_s={steps / elapsed:.0f}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("playout", help="play random legal games and print throughput")
    p.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="random,random",
                   help=f"two of {sorted(AGENTS)}, comma-separated")
    p.set_defaults(run=run)
