"""The simulation loop's shortcuts change nothing it reports: an agent that reads no view is
given none (and one that reads it gets its player's view), and asking only the intents of a
game's card-playing kinds which cards they play counts the same cards as asking every intent."""

from __future__ import annotations

import gc
import subprocess
import sys
from array import array
from pathlib import Path
from typing import Any

import pytest

import rules
import rules.sim.match as match_module
from rules.agents import Agent, RandomAgent
from rules.core.model import Intent
from rules.core.played import Played
from rules.core.ruleset import Ruleset
from rules.sim.match import play
from rules.sim.plan import Match, deck_names, plan


class Recording(RandomAgent):
    """A random agent that keeps the views it was given."""

    def __init__(self, seed: int, reads: bool) -> None:
        super().__init__(seed)
        self.reads_view = reads  # type: ignore[misc]
        self.views: list[Any] = []

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        self.views.append(view)
        return super().choose(rs, view, legal)


def one_match(game: str, seed: int = 3) -> Match:
    rs = rules.get(game)
    return plan(game, 1, seed, deck_names(rs, {}, None), ("random", "random"))[0]


@pytest.mark.parametrize("reads", [False, True])
def test_only_an_agent_that_reads_its_view_is_given_one(monkeypatch: pytest.MonkeyPatch,
                                                        reads: bool) -> None:
    made: list[Recording] = []

    def make(spec: str, seed: int = 0, **_: Any) -> Agent:
        made.append(Recording(seed, reads))
        return made[-1]

    monkeypatch.setattr(match_module, "make_agent", make)
    result = play(one_match("kyoukai"))
    assert result.error is None and result.decisions > 0
    views = [v for agent in made for v in agent.views]
    assert len(views) == result.decisions
    if reads:
        state_type = rules.get("kyoukai").state_type
        assert all(isinstance(v, state_type) for v in views)
    else:
        assert all(v is None for v in views)


def test_the_random_agent_reads_no_view() -> None:
    assert RandomAgent.reads_view is False
    assert Agent.reads_view is True


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_the_loop_counts_the_cards_every_intent_plays(game: str) -> None:
    match = one_match(game)
    result = play(match)
    assert result.error is None
    rs = rules.get(game)
    state = rs.new_game(seed=match.seed, options=match.game_options())
    played: tuple[set[Played], set[Played]] = (set(), set())
    for at in array("I", result.choices):
        p = rs.to_act(state)
        assert p is not None
        intent = rs.legal_intents(state)[at]
        played[p].update(rs.played_cards(state, intent))
        state = rs.apply(state, intent, quiet=True).state
    assert result.played == (tuple(sorted(played[0])), tuple(sorted(played[1])))


def test_a_batch_keeps_rare_collections_between_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector's raised thresholds stand from one game of a batch to the next (putting
    the defaults back after each game cost a collection pass a game), and are put back after."""
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    real = match_module.play

    def recording(m: Match, keep_choices: bool = True) -> Any:
        seen.append(gc.get_threshold())
        return real(m, keep_choices)

    monkeypatch.setattr(match_module, "play", recording)
    rs = rules.get("kyoukai")
    matches = plan("kyoukai", 3, 0, deck_names(rs, {}, None), ("random", "random"))
    results = match_module.play_batch(matches)
    assert [r.error for r in results] == [None, None, None]
    assert len(seen) == 3 and all(t[0] >= 10_000 for t in seen), seen
    assert gc.get_threshold() == before


def test_the_plots_library_is_imported_while_games_run() -> None:
    """``import_meanwhile`` imports matplotlib on a thread of its own (in a fresh process: this
    one may have imported it already)."""
    code = ("import sys, threading\n"
            "from rules.sim import plots\n"
            "assert 'matplotlib.figure' not in sys.modules\n"
            "plots.import_meanwhile()\n"
            "for t in threading.enumerate():\n"
            "    if t.name == 'import-matplotlib':\n"
            "        t.join()\n"
            "assert 'matplotlib.figure' in sys.modules\n"
            "assert 'matplotlib.backends.backend_agg' in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr
