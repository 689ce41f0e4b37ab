"""The simulation loop's shortcuts change nothing it reports: an agent that reads no view is
given none (and one that reads it gets its player's view), and asking only the intents of a
game's card-playing kinds which cards they play counts the same cards as asking every intent."""

from __future__ import annotations

from array import array
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
