"""What a Krosmaster state keeps for its listing and its log (each figure's cell, each
side's cells as bits, the log names) is what a state loaded from its dump finds, also after
``replaced`` (the core's way to set a state's fields on a copy) swapped its figures or its
catalog."""

from __future__ import annotations

import rules
from rules.core.state import replaced
from rules.krosmaster.state import KState


def _kept(s: KState) -> object:
    return s.where(), s.log_names()


def test_figures_replaced_by_other_means_are_found_again() -> None:
    rs = rules.get("krosmaster")
    s: KState = rs.new_game(seed=3)
    _kept(s)  # kept now
    figures = [f.copy() for f in s.figures]
    figures[0].cell = None  # knocked out
    t = replaced(s, figures=figures)
    fresh: KState = rs.load(rs.dump(t))
    assert _kept(t) == _kept(fresh) != _kept(s)


def test_a_catalog_replaced_by_other_means_names_again() -> None:
    rs = rules.get("krosmaster")
    s: KState = rs.new_game(seed=3)
    _kept(s)
    mine, theirs = s.catalog[s.figures[0].card], s.catalog[s.figures[-1].card]
    catalog = tuple(c.model_copy(update={"name": theirs.name}) if c is mine else c
                    for c in s.catalog)
    t = replaced(s, catalog=catalog)
    fresh: KState = rs.load(rs.dump(t))
    assert _kept(t) == _kept(fresh) != _kept(s)
