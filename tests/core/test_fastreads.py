"""The rules' models read their fields without pydantic's ``__getattr__`` hook
(rules/core/fastreads.py), and read exactly as before."""

from __future__ import annotations

import platform

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

import rules
from rules.core.fastreads import has_plain_reads, plain_reads
from rules.core.model import Frozen
from rules.core.window import Window
from rules.kyoukai.cards import Gate, Skill
from rules.kyoukai.intents import Move

CPYTHON = platform.python_implementation() == "CPython"


@pytest.mark.skipif(not CPYTHON, reason="the plain look-up is set on CPython only")
def test_the_hot_models_read_plainly() -> None:
    for cls in (Window, Move, Gate, Skill):
        assert has_plain_reads(cls), cls


def test_fields_methods_and_missing_attributes_read_as_before() -> None:
    rs = rules.get("kyoukai")
    s = rs.new_game(seed=3)
    card = s.card(s.players[0].entrant)
    assert card.type == card.__dict__["type"] == "entrant"
    assert card.skills[0] is card.__dict__["skills"][0]
    assert card.has_stats  # a property
    assert Gate.model_fields["cost"].default == 0  # class attributes
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = card.nope  # type: ignore[attr-defined]
    assert not hasattr(card, "nope") and getattr(card, "nope", 7) == 7


def test_models_pydantics_hook_serves_are_left_alone() -> None:
    class Private(BaseModel):
        _secret: int = PrivateAttr(default=5)

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")

    assert not plain_reads(Private) and not has_plain_reads(Private)
    assert Private()._secret == 5
    assert not plain_reads(Extra)
    assert Extra(more=2).more == 2  # type: ignore[attr-defined]

    class Sub(Frozen):
        x: int = 1

    assert Sub().x == 1 and has_plain_reads(Sub) == CPYTHON
