"""Krosmaster's kept facts (each figure's cell, each side's cells and tackle zone as bits, the
log names, the spells' aims, the figures a copy shares) never go stale: random walks mixing
applies, pushes, views, manual hand edits, hot reloads and loads (tests/kept_facts.py) agree
with a fresh load at every step."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.krosmaster.legal import memo
from rules.krosmaster.state import KState
from tests.kept_facts import walk_tests


def _facts(s: KState) -> object:
    near = s.board.geo.near_masks
    return s.where(), s.log_names(), s.zone(0, near), s.zone(1, near), memo(s)[1]


def _reload(s: KState, r: random.Random) -> Mapping[str, Any]:
    """One card given another's name (both players then have a figure of that name, which
    the log names by whose it is until one is knocked out), or ``_numbers``."""
    a, b = r.sample(list(s.catalog), 2)
    roll = r.random()
    if roll < 0.4:
        return {a.name: a.model_copy(update={"name": b.name})}
    return _numbers(s, r)


def _numbers(s: KState, r: random.Random) -> Mapping[str, Any]:
    """One card's spells' damage raised, or its HP or MP changed, its name kept (a record
    keeps a reload by the card's name, so one that renames a card does not replay)."""
    a = r.choice(s.catalog)
    if r.random() < 0.5:
        spells = tuple(sp.model_copy(update={"damage": 20}) for sp in a.spells)
        return {a.name: a.model_copy(update={"spells": spells})}
    return {a.name: a.model_copy(update={"hp": r.randrange(1, 12), "mp": r.randrange(0, 5)})}


(test_kept_facts_agree_with_a_fresh_load,
 test_a_session_undone_redone_and_reloaded_keeps_fresh_facts) = \
    walk_tests("krosmaster", 250, _facts, _reload, _numbers)
