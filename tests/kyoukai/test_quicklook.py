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
                        if state.seq is not None and intent.kind != "pass":
                            answered["answer"] += 1
    # Every kind of declaration outside a Sequence, passing on a Sequence of one item and
    # answering a lone Move all take the quick path.
    assert min(answered[k] for k in ("attack", "open", "skill", "pass", "move")) > 50
    assert answered["end_step"] > 20 and answered["end_action"] > 10
    assert answered["answer"] > 20


def test_longer_sequences_and_answers_to_more_than_a_move_are_left_to_the_draft() -> None:
    rs = rules.get("kyoukai")
    seen = 0
    for state in _positions(4, 300):
        me = rs.to_act(state)
        assert me is not None
        seq = state.seq
        for intent in rs.legal_intents(state):
            if seq is not None and (len(seq.stack) > 1 or (
                    intent.kind != "pass" and seq.stack[0].kind != "move")):
                assert quick_lookahead(state, intent, me) is None, intent
                seen += 1
    assert seen > 50


def test_the_drafts_log_builds_the_events_validation_would() -> None:
    from rules.core.model import Event
    from rules.kyoukai.draft import Draft

    rs = rules.get("kyoukai")
    d = Draft(rs.new_game(seed=1))
    calls: list[tuple[str, str, int | None, dict[str, Any]]] = [
        ("pass", "Player 1 passes.", 0, {}),
        ("draw", "Player 2 draws 1 card.", 1, {"random": True, "reveals": (1,)}),
        ("move", "A moves.", None, {"data": {"gate": 3, "from": 1, "to": 2}}),
        ("odd", "A list is validated into a tuple.", 0, {"reveals": [0]}),
    ]
    for kind, text, player, kw in calls:
        d.log(kind, text, player, **kw)
    for (kind, text, player, kw), got in zip(calls, d.events, strict=True):
        want = Event(kind=kind, text=text, player=player, **kw)
        assert got == want and got.model_dump(mode="json") == want.model_dump(mode="json")
        assert got.model_fields_set == want.model_fields_set
    assert d.events[3].reveals == (0,)
