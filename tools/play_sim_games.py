"""Plays simulator games in this process, for counting instructions with cachegrind.

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        python tools/play_sim_games.py --warm 10 --games 0    # start-up and warm-up alone
    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        python tools/play_sim_games.py --warm 10 --games 20   # then games 10-29 too

(the difference of the two "I refs" over 20 is the instructions a game; load-independent).
Games are those ``playtable simulate --seed 0`` plays (``rules.sim.match.play_batch``, the
game's default decks), the warm-up games first in their own batch.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.sim.match import play_batch  # noqa: E402
from rules.sim.plan import deck_names, plan  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="kyoukai")
    ap.add_argument("--agents", default="random", help="one agent spec for both decks")
    ap.add_argument("--warm", type=int, default=10, help="games played first, as warm-up")
    ap.add_argument("--games", type=int, default=20, help="games played after them")
    a = ap.parse_args(argv)
    rs = rules.get(a.game)
    matches = plan(a.game, a.warm + a.games, 0, deck_names(rs, {}, None), (a.agents, a.agents))
    play_batch(matches[:a.warm])
    if a.games:
        play_batch(matches[a.warm:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
