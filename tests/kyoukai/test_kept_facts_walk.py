"""Kyoukai's kept facts (the zones taken, each player's Ready Gates' zones and may-respond
answer, each card's zone, whether the Sequence is closed, the field, Gates and marks a copy
shares) never go stale: random walks mixing applies, pushes, views, manual hand edits, hot
reloads and loads (tests/kept_facts.py) agree with a fresh load at every step."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.kyoukai.legal import may_respond
from rules.kyoukai.state import State
from tests.kept_facts import walk_tests


def _facts(s: State) -> object:
    return (s.taken, s.ready_zones(0), s.ready_zones(1), s.own_zones(0), s.own_zones(1),
            may_respond(s, 0), may_respond(s, 1), s.where, s.seq is not None and s.seq.closed)


def _reload(s: State, r: random.Random) -> Mapping[str, Any]:
    """One card changed: its cost, a Normal Gate made Fast (or back), or one Skill's speed
    or Ki cost."""
    cid = r.choice(sorted(s.catalog))
    card = s.catalog[cid]
    if card.type in ("normal", "fast") and r.random() < 0.3:
        return {cid: card.model_copy(update={"type": "fast" if card.type == "normal"
                                             else "normal"})}
    if not card.skills or r.random() < 0.4:
        return {cid: card.model_copy(update={"cost": r.randrange(0, 4)})}
    k = r.randrange(len(card.skills))
    sk = card.skills[k]
    if r.random() < 0.5:
        sk = sk.model_copy(update={"speed": "fast" if sk.speed == "normal" else "normal"})
    else:
        sk = sk.model_copy(update={"cost": sk.cost.model_copy(update={"ki": r.randrange(0, 4)})})
    skills = (*card.skills[:k], sk, *card.skills[k + 1:])
    return {cid: card.model_copy(update={"skills": skills})}


(test_kept_facts_agree_with_a_fresh_load,
 test_a_session_undone_redone_and_reloaded_keeps_fresh_facts) = \
    walk_tests("kyoukai", 200, _facts, _reload)
