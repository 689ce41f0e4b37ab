"""``lookaheads`` scores each intent of a position as ``lookahead`` scores it alone, though it
plays out only one of the intents it proves score alike (``ruleset._alike``): copies of one
card opened, effects the score cannot see."""

from __future__ import annotations

from collections import Counter

from rules.agents.greedy import GreedyAgent
from rules.core.model import Intent
from rules.kyoukai.intents import OpenGate, UseSkill
from rules.kyoukai.state import State
from tests.kyoukai.helpers import rs

# Effects whose target the score cannot see once their Sequence has resolved.
_UNSEEN = ("shield", "ready", "branch_self", "graft")


def _alone(view: State, legal: list[Intent], me: int) -> list[float | None]:
    out: list[float | None] = []
    for intent in legal:
        try:
            out.append(rs.lookahead(view, intent, me))
        except Exception:  # noqa: BLE001 - as ``lookaheads``: None for a guess it cannot make
            out.append(None)
    return out


def _effect(view: State, intent: Intent) -> tuple[str, int, int] | None:
    """What ``intent`` opens or uses, by its effect: (effect, card, skill number)."""
    if isinstance(intent, OpenGate):
        return str(view.card(intent.card).effect), intent.card, -1
    if isinstance(intent, UseSkill):
        return view.card(intent.gate).skills[intent.skill].effect, intent.gate, intent.skill
    return None


def test_lookaheads_score_every_intent_as_lookahead_alone_in_greedy_games() -> None:
    shared = Counter[str]()
    for seed in (11, 12, 13):
        agents = [GreedyAgent(seed * 2), GreedyAgent(seed * 2 + 1)]
        state = rs.new_game(seed=seed)
        while (p := rs.to_act(state)) is not None:
            legal = rs.legal_intents(state)
            if len(legal) > 1:
                view = rs.view(state, p)
                assert rs.lookaheads(view, legal, p) == _alone(view, legal, p), seed
                # The same card opened (or the same Skill used) at several targets.
                aims = Counter(_effect(view, i) for i in legal)
                for effect, n in aims.items():
                    if effect is not None and n > 1 and effect[0] in _UNSEEN:
                        shared[f"{effect[0]} {'in' if view.seq else 'outside'}"] += 1
                # Two copies of one card that could be opened.
                copies = Counter(view.cards[c] for c in {i.card for i in legal
                                                         if isinstance(i, OpenGate)})
                shared["copies"] += any(n > 1 for n in copies.values())
                intent = agents[p].choose(rs, view, legal)
            else:
                intent = legal[0]
            state = rs.push(state, intent)
    # The positions compared include the intents scored once for several targets.
    assert shared["shield outside"] and shared["ready in"] and shared["branch_self outside"]
    assert shared["copies"]
