"""A save that puts one card in two places is refused with a message naming the card and both
places, instead of loading a state the rules would then change in one place only."""

from __future__ import annotations

import json

import pytest

import rules
from rules.core.errors import DataError


def _field_doc(seed: int) -> tuple[dict[str, object], list[int], int, int]:
    rs = rules.get("kyoukai")
    doc = json.loads(rs.dump(rs.new_game(seed=seed)))
    field: list[int] = doc["state"]["field"]
    standing = next(z for z, c in enumerate(field) if c != -1)
    empty = next(z for z, c in enumerate(field) if c == -1)
    return doc, field, standing, empty


def test_a_save_with_a_gate_in_two_zones_is_refused_naming_it_and_both_zones() -> None:
    rs = rules.get("kyoukai")
    doc, field, standing, empty = _field_doc(3)
    name = rs.load(json.dumps(doc)).name(field[standing])
    field[empty] = field[standing]
    with pytest.raises(DataError) as e:
        rs.load(json.dumps(doc))
    assert name in str(e.value)
    assert "is in 2 places" in str(e.value)
    assert str(e.value).startswith("state:1: ")


def test_a_save_with_the_gate_moved_to_another_zone_still_loads() -> None:
    rs = rules.get("kyoukai")
    doc, field, standing, empty = _field_doc(3)
    card = field[standing]
    field[empty], field[standing] = card, -1
    assert rs.load(json.dumps(doc)).zone_of(card) == empty
