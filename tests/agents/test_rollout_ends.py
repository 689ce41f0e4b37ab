"""Whole-game rollouts remembered by position (``Ruleset.position_key``): a rollout that
reaches a position an earlier one passed through ends as that one did, the agent keeps them
from one decision to the next while the cards stay the same, and a game's Hard level takes its
own knobs (BOS: whole-game rollouts)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.agents import Budget, SearchAgent
from rules.agents.levels import budget
from rules.agents.search import _Walk
from rules.core.state import replaced
from tests.agents.test_search import _choice_position, _own

WHOLE = Budget(iterations=12, rollout_depth=200, horizon=0)


def _walk(rs: Any, state: Any, b: Budget = WHOLE) -> _Walk:
    p = rs.to_act(state)
    return _Walk(rs, p, rs.legal_intents(state), rs.evaluate(state, p),
                 rs.search_value(state, p), b,
                 rs.turns(state) if b.horizon else None)


def test_a_rollout_through_a_remembered_position_ends_as_the_first_did() -> None:
    rs = _own("bos")
    state = _choice_position(rs, seed=3)
    walk = _walk(rs, state)
    end, steps, ended = walk.play_out(state, 0, random.Random(1))
    assert ended == -1 and rs.to_act(end) is None  # played to the game's end
    assert len(walk.ends) > 10  # every position it passed through
    again, steps2, ended2 = walk.play_out(state, 0, random.Random(3))
    assert again is state and ended2 != -1
    assert (ended2, steps2) == (rs.winner(end), steps)
    # Another deal of the same unseen cards (two of them trade numbers): the same end.
    castle = state.sides[1].castle
    a, b = next((x, y) for x in castle for y in castle if state.cards[x] != state.cards[y])
    cards = dict(state.cards)
    cards[a], cards[b] = cards[b], cards[a]
    other = replaced(state, cards=cards)
    _, steps3, ended3 = walk.play_out(other, 0, random.Random(4))
    assert (ended3, steps3) == (rs.winner(end), steps)


def test_a_rollout_cut_before_the_end_is_not_remembered() -> None:
    rs = _own("bos")
    state = _choice_position(rs, seed=3)
    walk = _walk(rs, state, Budget(iterations=12, rollout_depth=3, horizon=0))
    end, _, ended = walk.play_out(state, 0, random.Random(1))
    assert ended == -1 and rs.to_act(end) is not None and walk.ends == {}


def test_games_without_position_keys_and_turn_horizons_remember_nothing() -> None:
    rs = _own("kyoukai")
    state = _choice_position(rs, seed=3)
    assert rs.position_key(state) is None
    assert _walk(rs, state, Budget(iterations=5, horizon=2)).key_of is None


def test_the_agent_keeps_rollout_ends_until_the_cards_change() -> None:
    rs = _own("bos")
    state = _choice_position(rs, seed=3)
    p = rs.to_act(state)
    agent = SearchAgent(seed=1, budget=WHOLE)
    agent.choose(rs, rs.view(state, p), rs.legal_intents(state))
    kept = agent._ends
    assert kept
    agent.choose(rs, rs.view(state, p), rs.legal_intents(state))
    assert agent._ends is kept
    card = next(iter(state.catalog.values()))
    changed, _ = rs.replace_cards(state, {card.id: card.model_copy(update={"strength": 77})})
    agent.choose(rs, rs.view(changed, p), rs.legal_intents(changed))
    assert agent._ends is not kept


def test_remembered_ends_repeat_for_a_seed() -> None:
    rs = _own("bos")
    state = _choice_position(rs, seed=5)
    p = rs.to_act(state)
    picks = []
    for _ in range(2):
        agent = SearchAgent(seed=4, budget=WHOLE)
        picks.append([agent.choose(rs, rs.view(state, p), rs.legal_intents(state))
                      for _ in range(2)])
    assert picks[0] == picks[1]


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_each_games_hard_level_takes_its_knobs(game: str) -> None:
    info = rules.get(game).info
    hard, normal = budget("hard", game), budget("normal", game)
    assert normal.iterations == info.search_iterations
    if not info.hard_knobs:
        assert hard.iterations == 6 * normal.iterations and hard.horizon == normal.horizon
    for knob in filter(None, info.hard_knobs.split(":")):
        key, _, value = knob.partition("=")
        field = {"depth": "rollout_depth", "prior": "prior_visits"}.get(key, key)
        assert str(getattr(hard, field)) == value


def test_bos_hard_plays_whole_games_out_and_nullshapers_four_turns() -> None:
    hard = budget("hard", "bos")
    assert hard.horizon == 0 and hard.rollout_depth >= 100 and hard.iterations == 6 * 24
    hard = budget("hard", "nullshapers")
    assert hard.horizon == 4 and hard.iterations == 6 * 22


def test_a_bad_hard_knob_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    rs = rules.get("bos")
    monkeypatch.setattr(rs, "info", dataclasses.replace(rs.info, hard_knobs="horizn=0"))
    with pytest.raises(ValueError, match="horizn"):
        budget("hard", "bos")


def test_whole_game_rollouts_choose_the_same_whatever_they_cannot_see() -> None:
    from tests.agents.test_search import root_values

    rs = rules.get("bos")
    state = _choice_position(rs, seed=3)
    p = rs.to_act(state)
    other = rs.determinize(rs.view(state, p), p, random.Random(99))
    assert other != state and rs.view(other, p) == rs.view(state, p)
    roots = []
    for s in (state, other):
        agent = SearchAgent(seed=5, budget=WHOLE)
        agent.choose(_own("bos"), s, rs.legal_intents(s))
        assert agent.root is not None and agent._ends
        roots.append(root_values(agent.root))
    assert roots[0] == roots[1]
