"""The generic random-playout property every ruleset must pass (OpenSpiel style)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.core.state import has_field

GAMES = sorted(rules.GAMES)


def _playout(rs: Any, seed: int, check_every: int) -> tuple[Any, list[Any]]:
    """Play one random legal game, checking the contract along the way."""
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    intents: list[Any] = []
    for step in range(200_000):
        if rs.to_act(state) is None:
            return state, intents
        legal = rs.legal_intents(state)
        assert legal, f"no legal intents at step {step} while the game runs"
        if step % check_every == 0:
            before = rs.dump(state)
            # Every legal intent applies without error, and apply never mutates its input.
            for intent in legal:
                rs.apply(state, intent)
            assert rs.dump(state) == before, "apply mutated its input state"
            # dump/load round-trips mid-game, and the loaded state plays on identically.
            loaded = rs.load(before)
            assert loaded == state
            assert rs.legal_intents(loaded) == legal
        intent = r.choice(legal)
        intents.append(intent)
        state = rs.apply(state, intent).state
    raise AssertionError("game did not end within 200,000 steps")


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_games_end_and_keep_the_contract(game: str, seed: int) -> None:
    rs = rules.get(game)
    final, intents = _playout(rs, seed, check_every=37)
    assert rs.to_act(final) is None
    assert rs.legal_intents(final) == []
    w = rs.winner(final)
    assert w in (0, 1, None)
    # Replaying the same seed and intents gives the same state.
    state = rs.new_game(seed=seed)
    for intent in intents:
        # Intents survive a JSON round trip (records are stored that way).
        again = rs.parse_intent(intent.to_json())
        assert again == intent
        state = rs.apply(state, again).state
    assert state == final


@pytest.mark.parametrize("game", GAMES)
def test_view_hides_the_opponents_hand_and_the_rng(game: str) -> None:
    rs = rules.get(game)
    state = rs.new_game(seed=5)
    for p in (0, 1):
        v = rs.view(state, p)
        assert not has_field(v, "rng") or v.rng != state.rng
        assert rs.to_act(v) == rs.to_act(state)


@pytest.mark.parametrize("game", GAMES)
def test_illegal_intent_raises_with_a_reason_and_leaves_the_state(game: str) -> None:
    rs = rules.get(game)
    state = rs.new_game(seed=3)
    before = rs.dump(state)
    legal = rs.legal_intents(state)
    # Find an intent of a legal kind with fields that are not legal now.
    for intent in legal:
        fields = intent.to_json()
        for key, value in fields.items():
            if isinstance(value, int) and not isinstance(value, bool):
                bad = replace(intent, **{key: value + 997})
                if bad not in legal:
                    with pytest.raises(rules.IllegalIntent) as err:
                        rs.apply(state, bad)
                    assert err.value.reason.strip()
                    assert rs.dump(state) == before
                    return
    pytest.fail("no intent with an int field to corrupt")


@pytest.mark.parametrize("game", GAMES)
def test_load_rejects_bad_dumps_with_a_message(game: str) -> None:
    rs = rules.get(game)
    with pytest.raises(rules.DataError, match="json"):
        rs.load("{not json")
    with pytest.raises(rules.DataError, match="format"):
        rs.load(json.dumps({"format": 99, "game": game, "state": {}}))
    with pytest.raises(rules.DataError, match="game"):
        rs.load('{"format": 1, "game": "chess", "state": {}}')


def test_legal_intent_cache_is_safe_across_threads() -> None:
    import threading

    rs = rules.get("kyoukai")
    states = [rs.new_game(seed=s) for s in range(6)]
    expected = [rs.legal_intents(s) for s in states]
    errors: list[str] = []

    def worker(k: int) -> None:
        for _ in range(300):
            i = (k + _) % len(states)
            if rs.legal_intents(states[i]) != expected[i]:
                errors.append(f"thread {k} got the wrong legal intents for state {i}")

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
