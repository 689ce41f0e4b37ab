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
    out: list[Any] = []
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
            assert me is not None
            for view in (state, rs.view(state, me)):
                for intent in rs.legal_intents(state):
                    for player in (me, 1 - me):
                        quick = quick_lookahead(view, intent, player)
                        if quick is None:
                            continue
                        after = rs.apply(view, intent, quiet=True).state
                        assert quick == rs.evaluate(after, player), (seed, intent, player)
                        answered[intent.kind] += 1
                        seq = state.seq
                        if seq is not None and intent.kind != "pass":
                            answered["answer"] += 1
                            if len(seq.stack) > 1 or seq.stack[0].kind != "move":
                                answered["answer settled"] += 1
                        if seq is not None and intent.kind == "pass" and len(seq.stack) > 1:
                            answered["pass settled"] += 1
                        if state.step == "end":
                            answered["end step"] += 1
    # Every kind of declaration outside a Sequence, passing on a Sequence and answering one
    # take the quick path (``quicksettle`` for the Sequences of several items).
    assert min(answered[k] for k in ("attack", "open", "skill", "pass", "move")) > 50
    assert answered["end_step"] > 20 and answered["end_action"] > 10
    assert answered["answer"] > 20
    assert answered["answer settled"] > 100 and answered["pass settled"] > 20, answered
    # Answering the End step's Sequence, or passing on it, ends the turn after it settles.
    assert answered["end step"] > 50, answered


def test_branches_resolving_before_other_items_are_left_to_the_draft() -> None:
    """What ``quicksettle`` does not model: a Branch or Graft resolving before other items
    (it changes a Gate's stats for them)."""
    from rules.kyoukai.quicksettle import settled_score
    from rules.kyoukai.state import seq_item

    rs = rules.get("kyoukai")
    seen = Counter[str]()
    for seed in (4, 5):
        for state in _positions(seed, 300):
            me = rs.to_act(state)
            assert me is not None
            seq = state.seq
            if seq is None:
                continue
            own = [z for z, i in enumerate(state.field) if i in state.gates
                   and state.gates[i].owner == me]
            for c in state.players[me].hand:
                if state.card(c).effect in ("branch_self", "graft") and own:
                    item = seq_item("open", me, c, -1, own[0], state.field[own[0]])
                    assert settled_score(state, seq.stack + (item,), True, [0, 0], me) is None
                    seen["branch first"] += 1
    assert seen["branch first"] > 5, seen
