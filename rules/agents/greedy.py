from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.agents.base import Agent, at_manual_step, done
from rules.core.model import Intent
from rules.core.ruleset import Ruleset


class GreedyAgent(Agent):
    """One-ply lookahead: apply each legal intent to its own *view* and keep the one that
    scores best by ``rs.evaluate`` (``rs.lookahead`` applies and scores in one go). The view
    has hidden cards masked and the random generator replaced, so the agent cannot peek; an
    intent whose outcome depends on what it cannot see simply gets the view's guess. Ties are
    broken at random, passes lose ties.

    The lookahead applies quietly (no log, no events, no legality scan): ``legal`` came from
    ``legal_intents`` of the real state, which offers the deciding player the same intents as
    their view (the view hides only what that player cannot see). Checking each one again
    against the view would regenerate the view's legal intents every step."""

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Intent:
        me = rs.to_act(view)
        if me is None or len(legal) == 1:
            return self.picks.chose(rs, legal[0])
        if at_manual_step(legal):
            return done(legal)
        legal = self.picks.offered(rs, legal)
        best = best_one_ply(rs, view, legal, me)
        return self.picks.chose(rs, self._rng.choice(best) if best else legal[0])


PASS_KINDS = frozenset({"pass", "end_step", "end_action", "end_turn"})


def best_one_ply(rs: Ruleset[Any], state: Any, legal: list[Intent], me: int,
                 scores: Sequence[float | None] | None = None) -> list[Intent]:
    """The intents of ``legal`` whose one-ply score (``rs.lookahead`` on ``state`` for ``me``,
    or ``scores`` given in legal order) is highest, in legal order; passes lose ties. Empty if
    none could be scored."""
    best: list[Intent] = []
    best_score = float("-inf")
    # ``lookaheads``: the scores of one position's intents in one call (a game shares work
    # between them); None for a guess that the view cannot make, which is not fatal.
    if scores is None:
        scores = rs.lookaheads(state, legal, me)
    for intent, scored in zip(legal, scores, strict=True):
        if scored is None:
            continue
        score = scored - (1e-3 if intent.kind in PASS_KINDS else 0.0)
        if score > best_score + 1e-9:
            best, best_score = [intent], score
        elif abs(score - best_score) <= 1e-9:
            best.append(intent)
    return best
