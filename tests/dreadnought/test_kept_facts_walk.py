"""Dreadnought's players shared between copies until a step changes one never leak a change
into another state: random walks mixing applies, pushes, views, manual hand edits, hot
reloads and loads (tests/kept_facts.py) agree with a fresh load at every step, and no state
changes once made."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.dreadnought.cards import GRADES
from rules.dreadnought.state import State
from tests.kept_facts import walk_tests


def _facts(s: State) -> object:
    return s.players, s.units


def _reload(s: State, r: random.Random) -> Mapping[str, Any]:
    """One card's cost changed, or a unit's BP or size (what fits a Battle Area), or a speed
    card's grade."""
    cid = r.choice(sorted(s.catalog))
    card = s.catalog[cid]
    roll = r.random()
    if card.bp is not None and roll < 0.3:
        return {cid: card.model_copy(update={"bp": r.randrange(10, 200)})}
    if card.size is not None and roll < 0.6:
        return {cid: card.model_copy(update={"size": r.choice(("S", "M", "L"))})}
    if card.grade is not None and roll < 0.8:
        return {cid: card.model_copy(update={"grade": r.choice(GRADES)})}
    return {cid: card.model_copy(update={"cost": r.randrange(0, 4)})}


(test_kept_facts_agree_with_a_fresh_load,
 test_a_session_undone_redone_and_reloaded_keeps_fresh_facts) = \
    walk_tests("dreadnought", 150, _facts, _reload)
