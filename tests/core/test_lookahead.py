"""The shortcuts of the fast inner loop give exactly what the long way gives: the greedy
look-ahead (``Ruleset.lookahead``), a window passed until it closes, a player's view made
from remembered tables, who acts asked again."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.core.window_state import PriorityMode, WindowState

GAMES = sorted(rules.GAMES)


def _states(rs: Any, seed: int, every: int, limit: int) -> list[Any]:
    """Every ``every``-th state of a random game, at most ``limit`` of them."""
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    out = []
    step = 0
    while rs.to_act(state) is not None and len(out) < limit:
        if step % every == 0:
            out.append(state)
        state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
        step += 1
    return out


def _long_way(rs: Any, view: Any, intent: Any, me: int) -> float | None:
    try:
        after = rs.apply(view, intent, quiet=True).state
    except Exception:  # noqa: BLE001 - the greedy agent skips a guess the view cannot make
        return None
    return float(rs.evaluate(after, me))


@pytest.mark.parametrize("game", GAMES)
def test_lookahead_scores_exactly_as_evaluate_after_a_quiet_apply(game: str) -> None:
    rs = rules.get(game)
    compared = 0
    for seed in (3, 4):
        for state in _states(rs, seed, every=7, limit=25):
            me = rs.to_act(state)
            view = rs.view(state, me)
            for intent in rs.legal_intents(state):
                want = _long_way(rs, view, intent, me)
                if want is None:
                    continue
                assert rs.lookahead(view, intent, me) == want, f"seed {seed}: {intent}"
                compared += 1
    assert compared > 50


def test_kyoukai_moves_share_one_score_only_from_the_same_position() -> None:
    """Every Move declared outside a Sequence scores the same; the remembered score is not
    reused for another position or the other player."""
    rs = rules.get("kyoukai")
    moves_seen = 0
    for state in _states(rs, 5, every=3, limit=60):
        me = rs.to_act(state)
        view = rs.view(state, me)
        moves = [i for i in rs.legal_intents(state) if i.kind == "move"]
        for player in (me, 1 - me):
            for intent in moves:
                assert rs.lookahead(view, intent, player) == _long_way(rs, view, intent, player)
        moves_seen += len(moves)
    assert moves_seen > 20


@pytest.mark.parametrize("mode", ["respond", "alternate", "hold"])
def test_pass_until_closed_is_passing_until_the_window_closes(mode: PriorityMode) -> None:
    for first in (0, 1):
        w: WindowState[int] = WindowState.round(mode, first)
        for _ in range(3):
            slow = w.copy()
            while not slow.closed:
                slow.pass_priority()
            fast = w.copy()
            fast.pass_until_closed()
            assert fast == slow
            if w.passes == 0:
                w.push(len(w.stack), w.priority)
            else:
                w.pass_priority()


@pytest.mark.parametrize("game", GAMES)
def test_views_and_who_acts_asked_again_match_a_fresh_ruleset(game: str) -> None:
    rs = rules.get(game)
    for state in _states(rs, 6, every=2, limit=80):
        fresh = type(rs)()
        for p in (0, 1):
            assert rs.dump(rs.view(state, p)) == fresh.dump(fresh.view(state, p))
        assert rs.to_act(state) == fresh.to_act(state) == rs.to_act(state)


@pytest.mark.parametrize("game", GAMES)
def test_lookaheads_score_a_positions_intents_as_lookahead_does_one_by_one(game: str) -> None:
    """``Ruleset.lookaheads`` (the greedy agent's one call per decision) gives each intent's
    ``lookahead`` in order, None where it raised, for both players of every position."""
    rs = rules.get(game)
    compared = 0
    for seed in (5, 6):
        for state in _states(rs, seed, every=5, limit=30):
            me = rs.to_act(state)
            view = rs.view(state, me)
            legal = rs.legal_intents(state)
            for player in (me, 1 - me):
                want: list[float | None] = []
                for intent in legal:
                    try:
                        want.append(rs.lookahead(view, intent, player))
                    except Exception:  # noqa: BLE001 - the batch gives None there
                        want.append(None)
                assert rs.lookaheads(view, legal, player) == want, f"seed {seed}"
                compared += len(legal)
    assert compared > 50
