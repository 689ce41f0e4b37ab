"""A seat's side of a network game, without IO: host frames in, the view and the messages to
send out. The table (``game.net``) and the headless players of the tests both use it.

The client never holds the full state: only the view the host sent (hidden cards under this
seat's own numbers), the legal intents it was given and the log's sentences.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.core.errors import DataError
from rules.core.model import Intent
from rules.core.ruleset import Ruleset
from rules.net.messages import MAX_MESSAGE, PROTOCOL, encode

MAX_HOST_MESSAGE = 16 * 1024 * 1024  # a view with a big catalog still fits


class HostError(Exception):
    """The host sent something this client cannot read."""


@dataclass
class Legal:
    intent: Intent
    data: dict[str, Any]  # as the host sent it (this seat's numbers): sent back as it is
    text: str


@dataclass
class ClientState:
    """What this client knows of the game."""

    seat: int | None = None
    token: str | None = None
    game: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    version: int = -1
    view: Any = None
    to_act: int | None = None
    winner: int | None = None
    over: bool = False
    legal: list[Legal] = field(default_factory=list)
    done: str | None = None
    log: list[list[dict[str, Any]]] = field(default_factory=list)
    presence: dict[str, Any] = field(default_factory=dict)
    chat: list[dict[str, Any]] = field(default_factory=list)
    undo_ask: dict[str, Any] | None = None
    note: str = ""  # the last refusal's reason, or another line for the player


class Client:
    """Builds the frames to send and reads the host's."""

    def __init__(self, name: str = "", code: str = "", seat: int | None = None,
                 token: str | None = None) -> None:
        self.name, self.code, self.want, self.token = name, code, seat, token
        self.s = ClientState()
        self.rs: Ruleset[Any] | None = None
        self.seq = 0
        self.answers: dict[int, Any] = {}
        self.acked: dict[int, bool] = {}  # seq -> accepted
        self._catalog: Any = None
        self._cards: Any = None  # the catalog as the game's objects, once read

    # ---- frames out -------------------------------------------------------------------------
    def hello(self) -> str:
        return encode({"type": "hello", "protocol": PROTOCOL, "code": self.code,
                       "name": self.name, "seat": self.want,
                       "token": self.token or self.s.token})

    def intent(self, legal: Legal | dict[str, Any]) -> tuple[int, str]:
        """A frame sending one of the legal intents (or its data), on the current view."""
        data = legal.data if isinstance(legal, Legal) else legal
        self.seq += 1
        return self.seq, self._frame({"type": "intent", "seq": self.seq,
                                      "base": self.s.version, "intent": data})

    def ask(self, what: str, source: Any = None, intent: dict[str, Any] | None = None) \
            -> tuple[int, str]:
        self.seq += 1
        msg: dict[str, Any] = {"type": "ask", "seq": self.seq, "what": what}
        if source is not None:
            msg["source"] = list(source) if isinstance(source, tuple) else source
        if intent is not None:
            msg["intent"] = intent
        return self.seq, self._frame(msg)

    def undo(self) -> tuple[int, str]:
        self.seq += 1
        return self.seq, self._frame({"type": "undo", "seq": self.seq})

    def undo_reply(self, accept: bool) -> str:
        self.s.undo_ask = None
        return self._frame({"type": "undo_reply", "accept": accept})

    def chat(self, text: str) -> str:
        return self._frame({"type": "chat", "text": text[:200]})

    def _frame(self, msg: dict[str, Any]) -> str:
        text = encode(msg)
        if len(text.encode()) > MAX_MESSAGE:
            raise ValueError("message too long for the host")
        return text

    # ---- frames in --------------------------------------------------------------------------
    def receive(self, frame: str | bytes) -> str:
        """Read one host frame; returns its type."""
        if len(frame) > MAX_HOST_MESSAGE:
            raise HostError("the host sent a message over 16 MiB")
        try:
            msg = json.loads(frame)
        except ValueError as e:
            raise HostError(f"the host sent something that is not JSON ({e})") from None
        kind = msg.get("type") if isinstance(msg, dict) else None
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            raise HostError(f"the host sent an unknown message {str(kind)[:40]!r}")
        try:
            handler(msg)
        except (KeyError, TypeError, ValueError, DataError) as e:
            raise HostError(f"the host's {kind} message is malformed ({e})") from None
        return str(kind)

    def _on_welcome(self, msg: dict[str, Any]) -> None:
        self.s.seat, self.s.token = msg["seat"], msg["token"]
        self.s.game, self.s.options = msg["game"], dict(msg["options"])
        self.rs = rules.get(self.s.game)
        self._catalog, self._cards = msg["catalog"], None
        self.s.chat = list(msg.get("chat", []))
        self.seq = max(self.seq, int(msg.get("last_seq", 0)))

    def _on_view(self, msg: dict[str, Any]) -> None:
        if self.rs is None:
            raise ValueError("a view before the welcome")
        rs, s = self.rs, self.s
        doc = dict(msg["state"])
        # The catalog is read once: later views are read with an empty one and given it.
        known = self._cards
        doc["catalog"] = self._catalog if known is None else type(self._catalog)()
        s.view = rs.load_data(doc)
        if known is None:
            self._cards = s.view.catalog
        else:
            s.view.catalog = known
        s.version, s.to_act, s.winner, s.over = msg["version"], msg["to_act"], \
            msg["winner"], msg["over"]
        s.legal = [Legal(rs.parse_intent(e["intent"]), e["intent"], e["text"])
                   for e in msg["legal"]]
        s.done = msg.get("done")
        log = msg["log"]
        s.log = s.log[:int(log["at"])] + list(log["steps"])

    def _on_ack(self, msg: dict[str, Any]) -> None:
        self.acked[int(msg["seq"])] = True

    def _on_refused(self, msg: dict[str, Any]) -> None:
        if msg.get("seq") is not None:
            self.acked[int(msg["seq"])] = False
        self.s.note = str(msg["reason"])

    def _on_answer(self, msg: dict[str, Any]) -> None:
        self.answers[int(msg["seq"])] = msg["result"]

    def _on_presence(self, msg: dict[str, Any]) -> None:
        self.s.presence = msg

    def _on_chat(self, msg: dict[str, Any]) -> None:
        self.s.chat = self.s.chat[-99:] + [{k: msg[k] for k in ("name", "seat", "text")}]

    def _on_undo_ask(self, msg: dict[str, Any]) -> None:
        self.s.undo_ask = msg

    def _on_undo_pending(self, msg: dict[str, Any]) -> None:
        self.s.note = "waiting for the other player to accept the undo"

    def _on_undo_refused(self, msg: dict[str, Any]) -> None:
        self.s.note = str(msg["text"])

    def _on_pong(self, msg: dict[str, Any]) -> None:
        pass

    # ---- reading ---------------------------------------------------------------------------
    def my_turn(self) -> bool:
        return self.s.seat is not None and self.s.to_act == self.s.seat and bool(self.s.legal)
