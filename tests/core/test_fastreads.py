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
from rules.kyoukai.state import FieldGate, Item, State

CPYTHON = platform.python_implementation() == "CPython"


@pytest.mark.skipif(not CPYTHON, reason="the plain look-up is set on CPython only")
def test_the_hot_models_read_plainly() -> None:
    for cls in (State, FieldGate, Item, Window, Window[Item], Move, Gate, Skill):
        assert has_plain_reads(cls), cls


def test_fields_methods_and_missing_attributes_read_as_before() -> None:
    rs = rules.get("kyoukai")
    s = rs.new_game(seed=3)
    assert s.turn == s.__dict__["turn"] and s.players[0] is s.__dict__["players"][0]
    assert s.card(s.players[0].entrant).type == "entrant"  # a method
    assert State.model_fields["turn"].default == 1  # class attributes
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = s.nope  # type: ignore[attr-defined]
    assert not hasattr(s, "nope") and getattr(s, "nope", 7) == 7


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
