"""The table's session for a network game: what the table scene reads of its local
``GameSession`` (the view, whose turn, the legal intents, the log, highlights, refusal
reasons), here read from what the host sent through a ``Link`` or asked of the host.

The client never holds the full state: ``state`` is this seat's view (hidden cards under the
seat's own numbers), which is what the table draws and what the manual panel reads its public
places from. Everything that needs the full state (highlights, why an intent or a piece is
refused, one piece's legal intents) is a question to the host. The host player's own table is
one of these too, linked to its own server on loopback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.net.link import Link
from game.session import GameConfig
from rules.core.model import Intent
from rules.core.ruleset import Ruleset
from rules.net.client import Client

REPLY_S = 5.0  # an intent's acknowledgement on a LAN; past it the table says the host is slow
ANSWER_S = 1.0


@dataclass(frozen=True)
class Heard:
    """One redacted log event as the sounds read it (its kind)."""

    kind: str
    text: str
    player: int | None


class NetLog:
    """The part of a ``rules.records.Session`` the table reads for sounds: ``events``, one list
    per accepted intent."""

    def __init__(self, client: Client) -> None:
        self.client = client

    @property
    def events(self) -> list[list[Heard]]:
        return [[Heard(str(e.get("kind", "")), str(e.get("text", "")), e.get("player"))
                 for e in step] for step in self.client.s.log]


def joined(link: Link) -> bool:
    """Whether the host has welcomed the link's seat and sent its first view (drains it)."""
    link.drain()
    return link.client.rs is not None and link.client.s.version >= 0


def _ids(value: Any) -> Any:
    """A piece or zone id as JSON carried it (a list) back to the table's (a tuple)."""
    return tuple(_ids(v) for v in value) if isinstance(value, list) else value


class NetSession:
    """A seat of a network game, for the table scene. Built once the link has joined."""

    def __init__(self, link: Link, cfg: GameConfig | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        client = link.client
        if client.rs is None or client.s.version < 0:
            raise ValueError("the link has not joined a game yet")
        self.link, self.client, self.on_close = link, client, on_close
        self.rs: Ruleset[Any] = client.rs
        self.seat = client.s.seat
        seats: list[Any] = ["computer", "computer"]  # the other seat is played elsewhere
        if self.seat is not None:
            seats[self.seat] = "human"
        base = cfg or GameConfig()
        self.cfg = GameConfig(game=client.s.game, seed=0, seats=(seats[0], seats[1]),
                              options=dict(client.s.options), autosave=False,
                              agent_delay=base.agent_delay, grace=base.grace,
                              auto_pass=base.auto_pass)
        self.pass_kinds = frozenset(self.rs.info.pass_kinds)
        self.live = NetLog(client)
        self.error: str | None = None
        self.took_back = ""
        self.thinking = False
        self.version = 0
        self._host_version = client.s.version
        self._answers: dict[tuple[str, Any], Any] = {}
        self._chat_seen = len(client.s.chat)

    # ---- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """This seat's view: the only state a client ever has."""
        return self.client.s.view

    @property
    def initial_state(self) -> Any:
        return self.client.s.view

    @property
    def intents(self) -> list[Any]:
        """One entry per intent the host accepted (their redacted log lines)."""
        return self.client.s.log

    @property
    def log(self) -> list[str]:
        return [str(e.get("text", "")) for step in self.client.s.log for e in step]

    def to_act(self) -> int | None:
        return self.client.s.to_act

    @property
    def over(self) -> bool:
        return self.client.s.over

    def winner(self) -> int | None:
        return self.client.s.winner

    def is_human(self, p: int | None) -> bool:
        return p is not None and p == self.seat

    def view(self, player: int) -> Any:
        return self.client.s.view

    def legal(self) -> list[Intent]:
        return [lg.intent for lg in self.client.s.legal]

    @property
    def presence(self) -> dict[str, Any]:
        return self.client.s.presence

    @property
    def chat(self) -> list[dict[str, Any]]:
        return self.client.s.chat

    # ---- questions to the host --------------------------------------------------------------
    def _ask(self, what: str, source: Any = None, intent: Intent | None = None) -> Any:
        key = (what, repr(source) if intent is None else repr(intent.to_json()))
        if key not in self._answers:
            data = intent.to_json() if intent is not None else None
            answer = self.link.ask(what, source, data, ANSWER_S)
            self._sync()
            if answer is None and what in ("why", "idle") and self.link.status != "joined":
                return f"the host cannot be reached ({self.link.status})"
            self._answers[key] = answer
        return self._answers[key]

    def highlights(self, source: Any) -> dict[str, list[Any]]:
        found = self._ask("highlights", source)
        if not isinstance(found, dict):
            return {}
        return {str(k): [_ids(v) for v in vs] for k, vs in found.items() if isinstance(vs, list)}

    def piece_legal(self, source: Any) -> list[Intent]:
        """One piece's legal intents (the manual panel), computed on the host."""
        found = self._ask("legal", source)
        if not isinstance(found, list):
            return []
        return [self.rs.parse_intent(e["intent"]) for e in found
                if isinstance(e, dict) and "intent" in e]

    def why_not(self, intent: Intent) -> str | None:
        found = self._ask("why", None, intent)
        return found if isinstance(found, str) else None

    def why_idle(self, source: Any, tries: list[Intent]) -> str | None:
        for intent in tries[:1]:  # what the drop would have asked, refused in the rules' words
            reason = self.why_not(intent)
            if reason is not None:
                return reason
        found = self._ask("idle", source)
        return found if isinstance(found, str) else None

    # ---- acting ---------------------------------------------------------------------------
    def submit(self, intent: Intent) -> str | None:
        """Send ``intent`` to the host and wait for its answer: None when accepted (the new
        view read), else the reason it was refused."""
        data = next((lg.data for lg in self.client.s.legal if lg.intent == intent),
                    intent.to_json())
        before = self.client.s.version
        seq, frame = self.client.intent(data)
        self.link.send(frame)
        acked = self.client.acked
        came = self.link.wait_for(lambda: seq in acked and (
            not acked[seq] or self.client.s.version > before), REPLY_S)
        self._sync()
        if not came:
            self.error = f"no answer from the host ({self.link.status})"
            return self.error
        if not acked.pop(seq):
            self.error = self.client.s.note or "the host refused that"
            return self.error
        self.error = None
        return None

    def forced_pass(self, p: int) -> bool:
        legal = self.client.s.legal
        return p == self.seat and self.to_act() == p and self.cfg.auto_pass and \
            len(legal) == 1 and legal[0].intent.kind in self.pass_kinds

    def can_undo(self, player: int, designer_mode: bool = False) -> bool:
        return self.seat is not None

    def can_redo(self) -> bool:
        return False

    def undo(self, player: int, designer_mode: bool = False) -> int:
        """Ask the host to take back this seat's last intent: done at once when the network
        undo policy allows it, else a request the other seat accepts or refuses."""
        self.took_back, self.error = "", None
        before = self.client.s.version
        self.client.s.note = ""
        seq, frame = self.client.undo()
        self.link.send(frame)
        self.link.wait_for(lambda: self.client.s.version != before or bool(self.client.s.note),
                           REPLY_S)
        self._sync()
        if self.client.s.version != before:
            self.took_back = "Took back your last move"
            return 1
        self.error = self.client.s.note or "no answer from the host"
        return 0

    def why_no_undo(self, player: int, designer_mode: bool = False) -> str:
        return self.client.s.note or "Nothing of yours to take back."

    def redo(self) -> int:
        self.error = "Redo is not part of a network game."
        return 0

    def answer_undo(self, accept: bool) -> None:
        self.link.send(self.client.undo_reply(accept))

    def say(self, text: str) -> None:
        """One line of chat to everyone at the game."""
        text = " ".join(text.split())
        if text:
            self.link.send(self.client.chat(text))

    def reload_cards(self, cards: Any) -> list[str]:
        self.error = "The host's cards are the game's: reloading is off in a network game."
        return []

    def tick(self, now: float | None = None) -> bool:
        """Read what the host sent; pass by itself when Pass is all this seat may do. True
        when the game changed."""
        self.link.drain()
        changed = self._sync()
        if len(self.client.s.chat) != self._chat_seen:
            self._chat_seen = len(self.client.s.chat)
            changed = True
        p = self.to_act()
        if p is not None and self.forced_pass(p):
            return self.submit(self.legal()[0]) is None or changed
        return changed

    def _sync(self) -> bool:
        """Bump the table's version when a newer view came (the table re-reads on change)."""
        if self.client.s.version == self._host_version:
            return False
        self._host_version = self.client.s.version
        self._answers.clear()
        self.version += 1
        return True

    def close(self) -> None:
        self.link.close()
        if self.on_close is not None:
            self.on_close()
