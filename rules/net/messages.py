"""What a client may send the host: one pydantic discriminated union, parsed at the edge.

Every message is a JSON object with a ``type``; unknown keys, unknown types, oversize frames
and values out of bounds are refused here with a reason naming the field, before the host
looks at them. A remote intent is carried as plain JSON data (ids and choices only): the
host translates the seat's card numbers back and parses it with the game's own
``Ruleset.parse_intent``. JSON only, never pickle (``tests/net/test_no_pickle.py``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.core.limits import Refused, check_json

PROTOCOL = 1
MAX_MESSAGE = 64 * 1024  # bytes of one client frame
MAX_CHAT = 200  # characters of one chat line
MAX_NAME = 40
MAX_SEQ = 2**31 - 1

Seq = Annotated[int, Field(ge=1, le=MAX_SEQ)]
Version = Annotated[int, Field(ge=0, le=MAX_SEQ)]
# A piece as the table names it: a card or figure number, a (figure, spell) pair, a name.
Source = int | Annotated[str, Field(max_length=64)] | Annotated[
    list[int], Field(max_length=4)]
IntentData = Annotated[dict[str, Any], Field(max_length=16)]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Msg):
    """The first message: which seat (0, 1, None to watch), a name, the join code, or a seat
    token to take back the seat it was given."""

    type: Literal["hello"]
    protocol: int
    code: Annotated[str, Field(max_length=16)] = ""
    name: Annotated[str, Field(max_length=MAX_NAME)] = ""
    seat: Literal[0, 1] | None = None
    token: Annotated[str, Field(max_length=64)] | None = None


class SendIntent(_Msg):
    """An intent of the seat, decided on the view of ``base`` (the version it saw)."""

    type: Literal["intent"]
    seq: Seq
    base: Version
    intent: IntentData


class Ask(_Msg):
    """A question the table used to ask the full state: the drop targets of a piece
    (``highlights``), one piece's legal intents (``legal``), why an intent is refused
    (``why``), why a piece can do nothing now (``idle``), why Done is refused (``done``).
    Answered computed on the host."""

    type: Literal["ask"]
    seq: Seq
    what: Literal["highlights", "legal", "why", "idle", "done"]
    source: Source | None = None
    intent: IntentData | None = None


class UndoRequest(_Msg):
    type: Literal["undo"]
    seq: Seq


class UndoReply(_Msg):
    """The other seat's answer to an undo request that goes back past its barrier."""

    type: Literal["undo_reply"]
    accept: bool


class Chat(_Msg):
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=MAX_CHAT)]


class Ping(_Msg):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | SendIntent | Ask | UndoRequest | UndoReply | Chat | Ping,
                          Field(discriminator="type")]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    """A frame the host will not act on; ``reason`` says what is wrong with it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def parse_client(frame: str | bytes) -> Hello | SendIntent | Ask | UndoRequest | UndoReply \
        | Chat | Ping:
    """One client frame, checked for size and depth before JSON parses it, then validated."""
    if len(frame) > MAX_MESSAGE:
        raise BadMessage(f"message of {len(frame)} bytes is over the {MAX_MESSAGE} limit")
    text = frame.decode("utf-8", "replace") if isinstance(frame, bytes) else frame
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise BadMessage(f"message is over the {MAX_MESSAGE} byte limit")
    try:
        check_json(text)  # nesting bounded before the parser recurses
        data = json.loads(text)
    except Refused as e:
        raise BadMessage(f"message: {e.problem}") from None
    except ValueError as e:
        raise BadMessage(f"message: not JSON ({e})") from None
    if not isinstance(data, dict):
        raise BadMessage("message: expected a JSON object")
    try:
        return _ADAPTER.validate_python(data)  # type: ignore[no-any-return]
    except ValidationError as e:
        raise BadMessage("; ".join(f"{'.'.join(map(str, x['loc'])) or 'message'}: {x['msg']}"
                                   for x in e.errors()[:3])) from None


def encode(message: dict[str, Any]) -> str:
    """A host message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"))
