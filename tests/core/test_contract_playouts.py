"""The generic random-playout property every ruleset must pass (OpenSpiel style): the checks
of ``rules.core.contract`` over every shipped game, on seeds hypothesis picks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.core import contract

GAMES = sorted(rules.GAMES)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_games_end_and_keep_the_contract(game: str, seed: int) -> None:
    rs = rules.get(game)
    final, intents = contract.playout(rs, seed)
    assert rs.to_act(final) is None
    contract.check_replay(rs, seed, intents, final)


@pytest.mark.parametrize("game", GAMES)
def test_view_hides_the_opponents_hand_and_the_rng(game: str) -> None:
    contract.check_views(rules.get(game))


@pytest.mark.parametrize("game", GAMES)
def test_illegal_intent_raises_with_a_reason_and_leaves_the_state(game: str) -> None:
    contract.check_refusals(rules.get(game))


@pytest.mark.parametrize("game", GAMES)
def test_load_rejects_bad_dumps_with_a_message(game: str) -> None:
    contract.check_bad_dumps(rules.get(game))


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
