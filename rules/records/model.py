"""The game record: game id, options, seed, card hashes and the intents, as plain JSON data.

Records are frozen; ``append`` and the undo helpers return a new one, so a record that was
saved is never changed under the caller's feet.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

import rules
from rules.core.model import Intent

RECORD_FORMAT = 1
IntentData = dict[str, Any]


class RecordError(Exception):
    """A record cannot be read or replayed. ``intent`` is the 1-based number of the intent at
    fault when there is one (the message names it too)."""

    def __init__(self, message: str, intent: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.intent = intent


class Mark(BaseModel):
    """An undo or redo, kept so the log can show it: after it the record had ``at`` intents."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["undo", "redo"]
    at: int
    count: int  # intents taken back (undo) or put back (redo)
    player: int | None = None
    designer: bool = False


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int = RECORD_FORMAT
    game: str
    seed: int
    options: dict[str, Any] = {}
    cards: dict[str, str] = {}  # card id -> sha256 of its data when the record was made
    intents: tuple[IntentData, ...] = ()
    # Undone groups of intents, the next one to redo first. Any new intent clears it.
    redo: tuple[tuple[IntentData, ...], ...] = ()
    marks: tuple[Mark, ...] = ()
    created: str | None = None
    players: tuple[str, ...] = ()


def intent_data(intent: Intent | Mapping[str, Any]) -> IntentData:
    return intent.model_dump(mode="json") if isinstance(intent, Intent) else dict(intent)


def new_record(game: str, seed: int, options: Mapping[str, Any] | None = None,
               players: tuple[str, ...] = ()) -> Record:
    """An empty record; the card hashes come from a fresh game with these options."""
    try:
        rs = rules.get(game)
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    opts = dict(options or {})
    state = rs.new_game(seed=seed, options=opts)
    return Record(game=game, seed=seed, options=opts, cards=rs.card_hashes(state),
                  created=datetime.now(UTC).isoformat(timespec="seconds"),
                  players=tuple(players))


def append(record: Record, intent: Intent | Mapping[str, Any]) -> Record:
    """The record with one more intent (not checked here: ``Session.apply`` or ``replay`` do)."""
    return record.model_copy(update={"intents": record.intents + (intent_data(intent),),
                                     "redo": ()})
