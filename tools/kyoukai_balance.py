"""Kyoukai starter-deck balance: the same games with the decks swapped between seats and each
seat going first, so the deck and the seat can be told apart (HOUSE_RULES.md "Balance of the
starter decks").

    python tools/kyoukai_balance.py [--games 50] [--seed 1000] [--agents random,random]

Prints a Markdown table (one row per arrangement, ``--games`` games each, seeds ``--seed`` on)
and how the decided games ended. Writes no files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.agents import AGENTS  # noqa: E402

DECKS = ("Ronin's Pride", "Sage's Patience")


def play(rs: Any, seed: int, decks: list[str], first: int, agents: list[str]) -> Any:
    players = [AGENTS[a](seed * 2 + i) for i, a in enumerate(agents)]
    state = rs.new_game(seed=seed, options={"decks": decks, "first": first})
    while (p := rs.to_act(state)) is not None:
        legal = rs.legal_intents(state)
        view = state if agents[p] == "random" else rs.view(state, p)
        state = rs.apply(state, players[p].choose(rs, view, legal)).state
    return state


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="games per arrangement")
    ap.add_argument("--seed", type=int, default=1000, help="first seed of each arrangement")
    ap.add_argument("--agents", default="random,random", help="two agents, comma-separated")
    args = ap.parse_args(argv)
    rs = rules.get("kyoukai")
    agents = args.agents.split(",")
    print("| seat 1 deck | who goes first | seat 1 wins | seat 2 wins | draws |")
    print("|---|---|---|---|---|")
    wins_by_deck = {d: 0 for d in DECKS}
    decked = by_damage = draws = 0
    for one in DECKS:
        decks = [one, DECKS[1 - DECKS.index(one)]]
        for first in (0, 1):
            w = [0, 0, 0]
            for g in range(args.games):
                s = play(rs, args.seed + g, decks, first, agents)
                winner = rs.winner(s)
                w[2 if winner is None else winner] += 1
                if winner is None:
                    draws += 1
                    continue
                wins_by_deck[decks[winner]] += 1
                if s.players[1 - winner].deck:
                    by_damage += 1
                else:
                    decked += 1
            print(f"| {one} | seat {first + 1} | {w[0]} | {w[1]} | {w[2]} |", flush=True)
    total = 4 * args.games
    print(f"\n{total} games ({args.agents}): "
          + ", ".join(f"{d} wins {n}" for d, n in wins_by_deck.items())
          + f", draws (turn limit) {draws}; of the decided games {decked} ended with the "
          f"loser's deck empty, {by_damage} with cards left")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
