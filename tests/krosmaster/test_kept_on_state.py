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


def test_a_copy_keeps_every_field() -> None:
    """``KState.copy`` names each field: a field it left out would come back as its default
    (or fail). Each field set to a value of its own: the copy holds the same one (its own
    list of the same figures)."""
    fields = list(KState.__dataclass_fields__)
    values: list[object] = [object() for _ in fields]
    values[fields.index("figures")] = figures = [object()]
    s = KState(*values)  # type: ignore[arg-type]
    t = s.copy()
    for name, value in zip(fields, values, strict=True):
        got = getattr(t, name)
        assert got is value or (name == "figures" and got == figures and got is not figures)
