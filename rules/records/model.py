"""The game record: game id, options, seed, card hashes and the intents, as plain JSON data.

Records are frozen; ``append`` and the undo helpers return a new one, so a record that was
saved is never changed under the caller's feet.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

import rules
from rules.core.model import Frozen, Intent
from rules.core.ruleset import Ruleset, catalog_items

# Format 2 adds ``reloads``; format 3 the log's history (``Mark.undone``, ``Reload.applied``
# and ``Reload.marks``); 4 ``agents``; 5 ``start_cards``. A record is written in the lowest
# format that holds it, so earlier versions keep reading what they can.
RECORD_FORMAT = 5
READS_FORMATS = (1, 2, 3, 4, 5)
IntentData = dict[str, Any]


class RecordError(Exception):
    """A record cannot be read or replayed. ``intent`` is the 1-based number of the intent at
    fault when there is one (the message names it too)."""

    def __init__(self, message: str, intent: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.intent = intent


class Mark(Frozen):
    """An undo or redo, kept so the log can show it: after it the record had ``at`` intents."""

    kind: Literal["undo", "redo"]
    at: int
    count: int  # intents taken back (undo) or put back (redo)
    player: int | None = None
    designer: bool = False
    # An undo's log lines of each intent it took back: after a new intent drops the redo, the
    # log still shows them where they were played.
    undone: tuple[tuple[str, ...], ...] = ()


class Reload(Frozen):
    """A hot reload during the game, after ``at`` intents: the changed cards in play, by the
    key ``Ruleset.card_hashes`` uses, as JSON data after (``cards``) and before it."""

    at: int = Field(ge=0)
    cards: dict[str, dict[str, Any]]
    before: dict[str, dict[str, Any]] = {}
    # Where it stands in the log: after ``applied`` intents were ever applied (undone ones
    # too) and ``marks`` undo/redo marks. An undo may move ``at``; these never change.
    applied: int | None = Field(default=None, ge=0)
    marks: int | None = Field(default=None, ge=0)


class Record(Frozen):
    format: int = 1  # as read; ``to_text`` writes the lowest format that holds the record
    game: str
    seed: int
    options: dict[str, Any] = {}
    cards: dict[str, str] = {}  # card id -> sha256 of its data when the record was made
    # The data of those cards (JSON, by the same keys), so the game replays as it was played
    # whatever the pack files hold later. Records before format 5 have only the hashes.
    start_cards: dict[str, dict[str, Any]] = {}
    # sha256 of the first state's dump: the replay started from these cards is the game
    # played only if its first state is this one (the decks, the card order, every card).
    start_sha256: str | None = None
    intents: tuple[IntentData, ...] = ()
    # Undone groups of intents, the next one to redo first. Any new intent clears it.
    redo: tuple[tuple[IntentData, ...], ...] = ()
    marks: tuple[Mark, ...] = ()
    # Card edits brought in while the game was played, in the order they happened.
    reloads: tuple[Reload, ...] = ()
    created: str | None = None
    players: tuple[str, ...] = ()
    # Which computer played each seat ("search:normal", "greedy"; "" for a person). Left out
    # of the file when empty, so records without computers stay as earlier versions wrote them.
    agents: tuple[str, ...] = ()


def intent_data(intent: Intent | Mapping[str, Any]) -> IntentData:
    return intent.to_json() if isinstance(intent, Intent) else dict(intent)


def new_record(game: str, seed: int, options: Mapping[str, Any] | None = None,
               players: tuple[str, ...] = (), agents: tuple[str, ...] = ()) -> Record:
    """An empty record; the card hashes come from a fresh game with these options."""
    try:
        rs = rules.get(game)
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    opts = dict(options or {})
    state = rs.new_game(seed=seed, options=opts)
    return Record(game=game, seed=seed, options=opts, cards=rs.card_hashes(state),
                  start_cards={k: c.model_dump(mode="json")
                               for k, c in catalog_cards(state).items()},
                  start_sha256=state_sha256(rs, state),
                  created=datetime.now(UTC).isoformat(timespec="seconds"),
                  players=tuple(players), agents=tuple(agents))


def state_sha256(rs: Ruleset[Any], state: Any) -> str:
    return hashlib.sha256(rs.dump(state).encode()).hexdigest()


def catalog_cards(state: Any) -> dict[str, BaseModel]:
    """The cards of a game by the keys ``catalog_hashes`` gives them."""
    out: dict[str, BaseModel] = {}
    for i, (key, card) in enumerate(catalog_items(getattr(state, "catalog", None))):
        if isinstance(card, BaseModel):
            out[key if key not in out else f"{key}#{i}"] = card
    return out


def append(record: Record, intent: Intent | Mapping[str, Any]) -> Record:
    """The record with one more intent (not checked here: ``Session.apply`` or ``replay`` do)."""
    return record.model_copy(update={"intents": record.intents + (intent_data(intent),),
                                     "redo": ()})


def applied_count(record: Record) -> int:
    """How many intents were ever applied (undone ones too; a redo applies none anew)."""
    net = sum(m.count if m.kind == "undo" else -m.count for m in record.marks)
    return len(record.intents) + net


def format_of(record: Record) -> int:
    """The lowest record format that holds ``record`` (5: it keeps the cards' data; 4: it
    names the computers' agents)."""
    if record.start_cards or record.start_sha256 is not None:
        return 5
    if record.agents:
        return 4
    if any(m.undone for m in record.marks) or any(
            r.applied is not None or r.marks is not None for r in record.reloads):
        return 3
    return 2 if record.reloads else 1
