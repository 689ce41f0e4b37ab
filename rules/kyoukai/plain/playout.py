"""Kyoukai's ``Playout``: a ``PlainGame`` behind the simulation's playout protocol."""

from __future__ import annotations

from typing import Any

from rules.core.model import Intent
from rules.core.played import Played
from rules.kyoukai.intents import (
    Attack,
    Choose,
    Discard,
    EndAction,
    EndStep,
    Move,
    OpenGate,
    Pass,
    UseSkill,
)
from rules.kyoukai.plain import legal, play
from rules.kyoukai.plain.game import PlainGame
from rules.kyoukai.state import State

_TYPES: dict[str, type[Intent]] = {
    "open": OpenGate, "move": Move, "attack": Attack, "skill": UseSkill,
    "end_action": EndAction, "pass": Pass, "end_step": EndStep, "choose": Choose,
    "discard": Discard}


def to_intent(plain: tuple[Any, ...]) -> Intent:
    """The rules' intent for a playout's plain one."""
    return _TYPES[plain[0]].of(*plain[1:])


class KyoukaiPlayout:
    def __init__(self, game: PlainGame) -> None:
        self.game = game

    @classmethod
    def of(cls, state: State) -> KyoukaiPlayout | None:
        game = PlainGame.of(state)
        return None if game is None else cls(game)

    def to_act(self) -> int | None:
        return legal.to_act(self.game)

    def legal(self) -> list[tuple[Any, ...]]:
        return legal.legal(self.game)

    def apply(self, intent: tuple[Any, ...]) -> None:
        play.apply(self.game, intent)

    def played(self, intent: tuple[Any, ...]) -> tuple[Played, ...]:
        # ``played_kinds``: opening a Gate plays it
        return (self.game.rows[intent[1]].played,) if intent[0] == "open" else ()

    def winner(self) -> int | None:
        return self.game.winner

    def turns(self) -> int | None:
        return self.game.turn
