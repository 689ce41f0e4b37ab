"""``forced_steps`` (the simulation's shortcut for a Sequence nobody can answer) reaches the
state that applying the lone legal intent step by step reaches, and stops before a choice."""

from __future__ import annotations

import random

import rules
from rules.core.ruleset import Ruleset
from rules.kyoukai.legal import may_respond


def test_forced_steps_are_the_lone_intents_applied_one_by_one() -> None:
    rs = rules.get("kyoukai")
    runs = 0
    for seed in (5, 6, 7):
        r = random.Random(seed)
        state = rs.new_game(seed=seed)
        while rs.to_act(state) is not None:
            target, n = rs.forced_steps(state)
            if n == 0:
                assert target is state
            else:
                runs += 1
                step = state
                for _ in range(n):
                    legal = rs.legal_intents(step)
                    assert len(legal) == 1 and legal[0].kind == "pass"
                    step = rs.apply(step, legal[0], quiet=True).state
                assert rs.dump(step) == rs.dump(target)
                # It stops where the game is over, out of the Sequence, or where the priority
                # holder holds something that might answer (the loop asks the rules there).
                assert target.over or target.seq is None or target.step == "cleanup" \
                    or target.pending is not None or may_respond(target, target.seq.priority)
            state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
    assert runs > 100


def test_games_without_the_hook_force_nothing() -> None:
    rs = rules.get("dreadnought")
    state = rs.new_game(seed=1)
    assert type(rs).forced_steps is Ruleset.forced_steps
    assert rs.forced_steps(state) == (state, 0)


def test_push_forced_plays_the_forced_steps_on_the_callers_state() -> None:
    rs = rules.get("kyoukai")
    r = random.Random(8)
    state = rs.new_game(seed=8)
    runs = 0
    while rs.to_act(state) is not None:
        before = rs.dump(state)
        target, n = rs.forced_steps(state)
        assert rs.dump(state) == before  # forced_steps left the caller's state as it was
        mine = state.copy()
        pushed, m = rs.push_forced(mine)
        assert pushed is mine and m == n and rs.dump(pushed) == rs.dump(target)
        runs += n > 0
        state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
    assert runs > 20
