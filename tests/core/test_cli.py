from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest

import rules
from rules.agents import AGENTS
from rules.cli.playout import play_one


def test_playout_prints_the_result_line() -> None:
    out = subprocess.run([sys.executable, "-m", "rules", "playout", "--game", "kyoukai",
                          "--games", "3", "--seed", "4"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"RESULT game=kyoukai games=3 steps=(\d+) games_per_s=[\d.]+ "
                     r"steps_per_s=\d+", last)
    assert m and int(m.group(1)) > 0


def test_playout_rejects_an_unknown_game() -> None:
    out = subprocess.run([sys.executable, "-m", "rules", "playout", "--game", "chess"],
                         capture_output=True, text=True)
    assert out.returncode != 0 and "invalid choice" in out.stderr


def _long_way(rs: Any, seed: int, agents: list[str]) -> tuple[str, int]:
    """A game between ``agents`` played one loud ``apply`` at a time, each agent asked on its
    view wherever it has a choice (as the golden traces play): the final dump and steps."""
    players = [AGENTS[a](seed * 2 + i) for i, a in enumerate(agents)]
    state = rs.new_game(seed=seed)
    steps = 0
    while (p := rs.to_act(state)) is not None:
        legal = rs.legal_intents(state)
        intent = legal[0] if len(legal) == 1 else players[p].choose(rs, rs.view(state, p),
                                                                     legal)
        state = rs.apply(state, intent).state
        steps += 1
    return rs.dump(state), steps


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_play_one_plays_the_game_the_long_way_plays(game: str) -> None:
    """``play_one`` pushes in place and plays forced steps at once: the same game."""
    rs = rules.get(game)
    pairs = [["random", "random"]] + ([["greedy", "greedy"]] if game == "kyoukai" else [])
    for agents in pairs:
        for seed in (1, 2):
            state, steps = play_one(rs, seed, agents)
            assert (rs.dump(state), steps) == _long_way(rs, seed, agents), (agents, seed)
