"""The greedy look-ahead's Draft-free score of a declaration (``rules.kyoukai.quicklook``) is
exactly ``evaluate`` after applying the declaration quietly, on every intent it answers."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import rules
from rules.kyoukai.quicklook import quick_lookahead


def _positions(seed: int, limit: int) -> list[Any]:
    """Every state of a random game, and of a game where the greedy agent plays player 1."""
    from rules.agents.greedy import GreedyAgent

    rs = rules.get("kyoukai")
    out = []
    for greedy in (False, True):
        r = random.Random(seed)
        agent = GreedyAgent(seed)
        state = rs.new_game(seed=seed)
        while (p := rs.to_act(state)) is not None and len(out) < limit * (1 + greedy):
            out.append(state)
            legal = rs.legal_intents(state)
            pick = agent.choose(rs, rs.view(state, p), legal) if greedy and p == 0 \
                else r.choice(legal)
            state = rs.apply(state, pick, quiet=True).state
    return out


def test_quick_score_is_evaluate_after_a_quiet_apply_on_every_intent_it_answers() -> None:
    rs = rules.get("kyoukai")
    answered: Counter[str] = Counter()
    for seed in (1, 2, 3):
        for state in _positions(seed, 400):
            me = rs.to_act(state)
            for view in (state, rs.view(state, me)):
                for intent in rs.legal_intents(state):
                    for player in (me, 1 - me):
                        quick = quick_lookahead(view, intent, player)
                        if quick is None:
                            continue
                        after = rs.apply(view, intent, quiet=True).state
                        assert quick == rs.evaluate(after, player), (seed, intent, player)
                        answered[intent.kind] += 1
    # Attacks, Gates opened and Skills used outside a Sequence, and passes on a Sequence of
    # one item, all take the quick path.
    assert answered["attack"] > 100 and answered["open"] > 100 and answered["skill"] > 50
    assert answered["pass"] > 100


def test_answers_inside_a_sequence_and_other_kinds_are_left_to_the_draft() -> None:
    rs = rules.get("kyoukai")
    seen = 0
    for state in _positions(4, 300):
        me = rs.to_act(state)
        for intent in rs.legal_intents(state):
            longer = state.seq is not None and len(state.seq.stack) > 1
            if (state.seq is not None and intent.kind != "pass") or longer \
                    or intent.kind in ("end_step", "end_action"):
                assert quick_lookahead(state, intent, me) is None, intent
                seen += 1
    assert seen > 100
