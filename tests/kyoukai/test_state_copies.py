"""A Kyoukai state's ``copy()`` and ``view`` share only what a step replaces (the Gates, the
players until one changes, the card tables): playing on a copy or a view in place never
changes the state it came from, and ``apply`` leaves its state as it was."""

from __future__ import annotations

import random

import rules
from rules.core.state import GameState


def test_playing_on_copies_and_views_leaves_the_original() -> None:
    rs = rules.get("kyoukai")
    r = random.Random(11)
    state = rs.new_game(seed=11)
    steps = 0
    while rs.to_act(state) is not None and steps < 250:
        legal = rs.legal_intents(state)
        before = rs.dump(state)
        p = rs.to_act(state)
        assert p is not None
        view = rs.view(state, p)
        for intent in legal[:4]:
            rs.push(state.copy(), intent)
            rs.push(view.copy(), intent)
            rs.lookahead(state, intent, p)
        assert rs.dump(state) == before
        state = rs.apply(state, r.choice(legal)).state
        assert isinstance(state, GameState)
        steps += 1
    assert steps == 250


def test_a_loaded_state_plays_like_the_one_dumped() -> None:
    rs = rules.get("kyoukai")
    r = random.Random(12)
    state = rs.new_game(seed=12)
    for _ in range(200):
        intent = r.choice(rs.legal_intents(state))
        loaded = rs.load(rs.dump(state))
        a, b = rs.apply(state, intent), rs.apply(loaded, intent)
        assert rs.dump(a.state) == rs.dump(b.state)
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
        state = a.state
