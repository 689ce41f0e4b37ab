"""Kyoukai's ``Playout``: a ``PlainGame`` behind the simulation's playout protocol."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from rules.core.model import Intent
from rules.core.played import Played
from rules.kyoukai.intents import INTENT_TYPES
from rules.kyoukai.plain import legal, play
from rules.kyoukai.plain.game import PlainGame
from rules.kyoukai.state import State

# The rules' own intent types, by kind (each declares its ``kind`` as a default).
_TYPES: dict[str, type[Intent]] = {t.model_fields["kind"].default: t for t in INTENT_TYPES}


def to_intent(plain: tuple[Any, ...]) -> Intent:
    """The rules' intent for a playout's plain one."""
    return _TYPES[plain[0]].of(*plain[1:])


class KyoukaiPlayout:
    """The protocol's calls are the plain modules' functions bound to the game (a method
    that only passed the call on cost a frame per call, three calls a step)."""

    def __init__(self, game: PlainGame) -> None:
        self.game = game
        self.to_act: Callable[[], int | None] = partial(legal.to_act, game)
        self.legal: Callable[[], list[tuple[Any, ...]]] = partial(legal.legal, game)
        self.apply: Callable[[tuple[Any, ...]], None] = partial(play.apply, game)
        self.forced: Callable[[], int] = partial(play.forced, game)

    @classmethod
    def of(cls, state: State) -> KyoukaiPlayout | None:
        game = PlainGame.of(state)
        return None if game is None else cls(game)

    def played(self, intent: tuple[Any, ...]) -> tuple[Played, ...]:
        # ``played_kinds``: opening a Gate plays it
        return (self.game.rows[intent[1]].played,) if intent[0] == "open" else ()

    def winner(self) -> int | None:
        return self.game.winner

    def turns(self) -> int | None:
        return self.game.turn
