"""The search's expectations of Kyoukai intents before it searches them (``Ruleset.priors``).

One ply cannot tell Moves apart: a Move outside a Sequence changes no Gate's worth, so every
Move of a position scores the same and the search would try them in the order they are
listed. What a Move is for is the Attack it makes possible next (K-02: after a Move the same
Gate may go on to Attack), so a Move's prior adds the best such Attack's gain, discounted for
the answers the opponent may give first.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.model import Intent
from rules.kyoukai.foresight import worth
from rules.kyoukai.state import EMPTY, GRID, State

# Part of a follow-up Attack's gain a Move is credited with: the Attack is a decision later,
# and the opponent answers the Move (and then the Attack) before either resolves.
FOLLOW_UP = 0.8


def add_follow_ups(state: State, intents: Sequence[Intent], scores: list[float | None],
                   player: int) -> list[float | None]:
    """``scores`` (one-ply, for ``player``) with each Move credited with ``FOLLOW_UP`` of
    the gain of the best Attack its Gate could make from where it arrives, for the Gate's
    owner (so taken from ``player``'s score when the mover is the opponent)."""
    gains: dict[tuple[int, int], float] = {}
    out = list(scores)
    for k, intent in enumerate(intents):
        if intent.kind != "move" or out[k] is None:
            continue
        gate, to = intent.gate, intent.to  # type: ignore[attr-defined]
        key = (gate, to)
        gain = gains.get(key)
        if gain is None:
            gain = gains[key] = best_attack(state, gate, to)[0]
        mover = state.gates[gate].owner
        score = out[k]
        assert score is not None
        out[k] = score + (FOLLOW_UP * gain if mover == player else -FOLLOW_UP * gain)
    return out


def best_attack(state: State, gate: int, to: int) -> tuple[float, int]:
    """How much the best Attack of ``gate`` from zone ``to`` would gain its owner by the
    evaluate's measure (Attack and Defense with their Branches' bonus, as the rules deal it):
    a Summon or Spirit beaten (``State.harm``: attack over the Defense it has left, K-09) is
    its worth, an Entrant takes the attack past that Defense (K-08, K-10). Own Gates (K-20) and
    Attacks that do nothing gain nothing. With the Gate attacked (EMPTY for none)."""
    owner = state.gates[gate].owner
    attack = state.stats(gate)[0]
    best, best_target = 0.0, EMPTY
    field = state.field
    for n in GRID.neighbours[to]:
        target = field[n]
        if target in (EMPTY, gate):
            continue
        if state.gates[target].owner == owner:
            continue
        past = state.harm(target, attack)[1]
        if past == 0:
            continue
        w = worth(state, target)
        gain = float(past) if w is None else w
        if gain > best:
            best, best_target = gain, target
    return best, best_target
