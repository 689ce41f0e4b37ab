"""BOS's sides shared between copies until a step changes one (``State.side``) never leak a
change into another state: random walks mixing applies, pushes, views, manual hand edits,
hot reloads and loads (tests/kept_facts.py) agree with a fresh load at every step, and no
state changes once made."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import rules
from rules.bos.state import State
from tests.kept_facts import walk_tests


def _facts(s: State) -> object:
    return s.sides, s.units


def _reload(s: State, r: random.Random) -> Mapping[str, Any]:
    """One card's cost changed, or a summon's Strength (what a summon brings in)."""
    cid = r.choice(sorted(s.catalog))
    card = s.catalog[cid]
    if card.strength is not None and r.random() < 0.5:
        return {cid: card.model_copy(update={"strength": r.randrange(1, 8)})}
    return {cid: card.model_copy(update={"cost": r.randrange(0, 5)})}


(test_kept_facts_agree_with_a_fresh_load,
 test_a_session_undone_redone_and_reloaded_keeps_fresh_facts) = \
    walk_tests("bos", 150, _facts, _reload)


def test_a_copy_taken_between_pushes_never_changes() -> None:
    """A search copies a state it owns (a tree node, a look-ahead) and pushes on: the copy
    shares the sides, and no push on the original, nor on the copy, may show in the other."""
    rs = rules.get("bos")
    r = random.Random(7)
    for seed in range(6):
        s = rs.new_game(seed)
        kept = []
        while rs.to_act(s) is not None:
            copy = s.copy()
            kept.append((copy, rs.dump(copy)))
            rs.lookaheads(s, rs.legal_intents(s), 0)
            if r.random() < 0.3:  # the copy plays on too
                rs.push(copy, r.choice(rs.legal_intents(copy)))
                kept[-1] = (copy, rs.dump(copy))
            s = rs.push(s, r.choice(rs.legal_intents(s)))
        for n, (copy, made) in enumerate(kept):
            assert rs.dump(copy) == made, f"seed {seed}: the copy taken at step {n} changed"
