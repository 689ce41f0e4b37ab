"""The contract checks a designer's package runs (``rules.core.contract``) find a broken game,
and say what broke."""

from __future__ import annotations

from typing import Any

import pytest

import tests.examples  # noqa: F401 - the example game is importable
from rules.core.contract import ContractError, check_bad_dumps, check_game, check_refusals
from rules.core.model import Intent
from tinycards.rules import TinyRules
from tinycards.state import State


class TakesAnything(TinyRules):
    """Checks nothing: whatever comes is played."""

    def _is_legal(self, state: State, intent: Intent) -> bool:
        return True


class ForgetsOnLoad(TinyRules):
    def load(self, text: str) -> Any:
        state = super().load(text)
        state.turn += 1
        return state


def test_the_example_game_passes() -> None:
    check_game(TinyRules(), games=3)


def test_an_illegal_intent_that_is_played_is_found() -> None:
    with pytest.raises(ContractError, match=r"raised ValueError: .* not IllegalIntent"):
        check_refusals(TakesAnything())


def test_a_dump_that_loads_back_to_another_state_is_found() -> None:
    with pytest.raises(ContractError, match=r"seed 0, step 0: load\(dump\(state\)\) != state"):
        check_game(ForgetsOnLoad(), games=1)


def test_bad_dumps_are_refused_by_a_good_game() -> None:
    check_bad_dumps(TinyRules())
