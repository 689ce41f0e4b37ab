"""Krosmaster's kept facts (each figure's cell and each side's cells as bits, the log names,
the figures a copy shares) never go stale: random walks mixing applies, pushes, views, manual
hand edits, hot reloads and loads (tests/kept_facts.py) agree with a fresh load at every step."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from rules.krosmaster.state import KState
from tests.kept_facts import PATHS, walk


def _facts(s: KState) -> object:
    return s.where(), s.log_names()


def _reload(s: KState, r: random.Random) -> Mapping[str, Any]:
    """One card given another's name (both players then have a figure of that name, which
    the log names by whose it is until one is knocked out), its spells' damage raised (so
    figures are knocked out), or its HP or MP changed."""
    a, b = r.sample(list(s.catalog), 2)
    roll = r.random()
    if roll < 0.4:
        return {a.name: a.model_copy(update={"name": b.name})}
    if roll < 0.7:
        spells = tuple(sp.model_copy(update={"damage": 20}) for sp in a.spells)
        return {a.name: a.model_copy(update={"spells": spells})}
    return {a.name: a.model_copy(update={"hp": r.randrange(1, 12), "mp": r.randrange(0, 5)})}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_facts_agree_with_a_fresh_load(seed: int) -> None:
    ran = walk("krosmaster", seed, 150, _facts, _reload)
    assert ran.keys() == PATHS  # every path was tried
