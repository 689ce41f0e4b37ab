"""The table's session for a network game: what the table scene reads of its local
``GameSession`` (the view, whose turn, the legal intents, the log, highlights, refusal
reasons), here read from what the host sent through a ``Link`` or asked of the host.

The client never holds the full state: ``state`` is this seat's view (hidden cards under the
seat's own numbers), which is what the table draws and what the manual panel reads its public
places from. Everything that needs the full state (highlights, why an intent or a piece is
refused, one piece's legal intents) is a question to the host. The host player's own table is
one of these too, linked to its own server on loopback.

Nothing here waits for the host: the table's thread only sends (the link's network thread
does the IO) and reads what has arrived, each frame in ``tick``. A question not answered yet
reads as nothing (no highlights, no moves) or as ``ASKING`` (a reason); while an intent sent
waits for its answer the seat is offered no legal intents; what the host says back later (a
refusal's reason, the answer to why, an undo's outcome) is queued in ``said`` for the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.net.link import Link
from game.net.server import HostServer
from game.session import GameConfig
from rules.core.model import Intent
from rules.core.ruleset import Ruleset
from rules.net.client import Client

REPLY_S = 5.0  # an intent's acknowledgement on a LAN; past it the table says the host is slow
ANSWER_S = 2.0  # a question unanswered this long is asked again on the next read
ASKING = "Asking the host…"


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
                 on_close: Callable[[], None] | None = None,
                 server: HostServer | None = None) -> None:
        client = link.client
        if client.rs is None or client.s.version < 0:
            raise ValueError("the link has not joined a game yet")
        self.link, self.client, self.on_close = link, client, on_close
        self.server = server  # the host player's table: the host it serves
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
        self._asked: dict[int, tuple[tuple[str, Any], float]] = {}  # seq -> (question, when)
        self._why: tuple[tuple[str, Any] | None, tuple[str, Any]] | None = None  # to say
        self._sent: tuple[int, int, float] | None = None  # the intent in flight: seq, base, when
        self._undoing: tuple[int, float] | None = None  # the version undo was asked at, when
        self.said: list[tuple[str, bool]] = []  # (text, is an error) the table shows next
        self.answers_came = 0  # bumped when answers came: the table draws (and asks) again
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
        """The seat's legal intents; none while one it sent waits for the host's answer."""
        return [] if self._sent is not None else [lg.intent for lg in self.client.s.legal]

    @property
    def presence(self) -> dict[str, Any]:
        return self.client.s.presence

    @property
    def chat(self) -> list[dict[str, Any]]:
        return self.client.s.chat

    def offered(self) -> int | None:
        """The other seat the host player may hand to the computer now (it owes a decision
        and has been away longer than the time set when hosting), on the host's table only."""
        if self.server is None:
            return None
        offer = self.presence.get("offer", [])
        return next((s for s in offer if isinstance(s, int) and s != self.seat), None)

    def let_computer_play(self, seat: int, level: str) -> None:
        """The computer at ``level`` plays ``seat`` on the host (its agent on a worker
        thread there) until the player rejoins; the new presence says so."""
        if self.server is not None:
            self.server.call(lambda h: h.let_computer_play(seat, level, time.monotonic()))

    # ---- questions to the host --------------------------------------------------------------
    def _key(self, what: str, source: Any, intent: Intent | None) -> tuple[str, Any]:
        return what, repr(source) if intent is None else repr(intent.to_json())

    def _ask(self, what: str, source: Any = None, intent: Intent | None = None) -> Any:
        """The host's answer when it has come, else None: the question is sent (once, again
        after ``ANSWER_S``) and its answer read by a later ``tick``."""
        key = self._key(what, source, intent)
        if key in self._answers:
            return self._answers[key]
        now = time.monotonic()
        if not any(k == key and now - at < ANSWER_S for k, at in self._asked.values()):
            data = intent.to_json() if intent is not None else None
            seq, frame = self.client.ask(what, source, data)
            self._asked[seq] = (key, now)
            self.link.send(frame)
        return None

    def _answered(self) -> bool:
        """Move the answers that came into the cache; whether any did."""
        came = False
        for seq in [q for q in self._asked if q in self.client.answers]:
            key, _ = self._asked.pop(seq)
            self._answers[key] = self.client.answers.pop(seq)
            came = True
        return came

    def highlights(self, source: Any) -> dict[str, list[Any]]:
        found = self._ask("highlights", source)
        if not isinstance(found, dict):
            return {}
        return {str(k): [_ids(v) for v in vs] for k, vs in found.items() if isinstance(vs, list)}

    def piece_legal(self, source: Any) -> list[Intent]:
        """One piece's legal intents (the manual panel), computed on the host; none until
        its answer came (the table shows the panel again then)."""
        found = self._ask("legal", source)
        if not isinstance(found, list):
            return []
        return [self.rs.parse_intent(e["intent"]) for e in found
                if isinstance(e, dict) and "intent" in e]

    def why_not(self, intent: Intent) -> str | None:
        """Why the host refuses ``intent``: ``ASKING`` until the answer came (then said)."""
        key = self._key("why", None, intent)
        if key in self._answers:
            found = self._answers[key]
            return found if isinstance(found, str) else None
        self._ask("why", None, intent)
        self._why = (None, key)
        return ASKING

    def why_idle(self, source: Any, tries: list[Intent]) -> str | None:
        """Why the piece can do nothing: the first drop's refusal in the rules' words, else
        the rules' reason for the piece (both asked at once)."""
        first = self._key("why", None, tries[0]) if tries else None
        idle = self._key("idle", source, None)
        if tries:
            self._ask("why", None, tries[0])
        self._ask("idle", source)
        reason = self._reason(first, idle)
        if reason is None:
            self._why = (first, idle)
            return ASKING
        return reason or None

    def _reason(self, first: tuple[str, Any] | None, then: tuple[str, Any]) -> str | None:
        """The first reason of the two answers once both came ('' for none), else None."""
        if (first is not None and first not in self._answers) or then not in self._answers:
            return None
        for key in (first, then):
            found = self._answers.get(key) if key is not None else None
            if isinstance(found, str) and found:
                return found
        return ""

    # ---- acting ---------------------------------------------------------------------------
    def submit(self, intent: Intent) -> str | None:
        """Send ``intent`` to the host: None once sent (the seat is offered nothing until the
        answer comes: the new view, or a refusal's reason in ``said``), else why it could
        not be sent."""
        if self._sent is not None:
            return "waiting for the host's answer to your last move"
        data = next((lg.data for lg in self.client.s.legal if lg.intent == intent),
                    intent.to_json())
        seq, frame = self.client.intent(data)
        self._sent = (seq, self.client.s.version, time.monotonic())
        self.link.send(frame)
        self.error = None
        return None

    def forced_pass(self, p: int) -> bool:
        legal = self.client.s.legal
        return p == self.seat and self.to_act() == p and self.cfg.auto_pass and \
            self._sent is None and len(legal) == 1 and legal[0].intent.kind in self.pass_kinds

    def can_undo(self, player: int, designer_mode: bool = False) -> bool:
        return self.seat is not None

    def can_redo(self) -> bool:
        return False

    def undo(self, player: int, designer_mode: bool = False) -> int:
        """Ask the host to take back this seat's last intent: done at once when the network
        undo policy allows it, else a request the other seat accepts or refuses. Nothing is
        taken back yet (0): the outcome comes in ``said``."""
        self.took_back = ""
        self.client.s.note = ""
        _, frame = self.client.undo()
        self._undoing = (self.client.s.version, time.monotonic())
        self.link.send(frame)
        self.error = None  # the table says it asked; ``error`` stays for what went wrong
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
        now = time.monotonic() if now is None else now
        self.link.drain()
        self._settle(now)
        changed = self._sync()
        if self._answered():
            self.answers_came += 1
            self._explained()
        if len(self.client.s.chat) != self._chat_seen:
            self._chat_seen = len(self.client.s.chat)
            changed = True
        p = self.to_act()
        if p is not None and self.forced_pass(p):
            return self.submit(self.legal()[0]) is None or changed
        return changed

    def _settle(self, now: float) -> None:
        """The outcome of the intent or undo in flight, once the host answered."""
        c = self.client
        if self._sent is not None:
            seq, base, at = self._sent
            if seq in c.acked and (not c.acked[seq] or c.s.version > base):
                self._sent = None
                if not c.acked.pop(seq):
                    self.error = c.s.note or "the host refused that"
                    self.said.append((self.error, True))
            elif now - at > REPLY_S:
                self._sent = None
                self.error = f"no answer from the host ({self.link.status})"
                self.said.append((self.error, True))
        if self._undoing is not None:
            base, at = self._undoing
            if c.s.version != base:
                self._undoing, self.took_back = None, "Took back your last move"
                self.said.append((self.took_back, False))
            elif c.s.note:
                self._undoing = None
                self.said.append((c.s.note, not c.s.note.startswith("waiting")))
            elif now - at > REPLY_S:
                self._undoing = None
                self.said.append(("no answer from the host", True))

    def _explained(self) -> None:
        """A reason asked for (a refused drop, an idle piece) has come: it is said."""
        if self._why is None:
            return
        reason = self._reason(*self._why)
        if reason is not None:
            self._why = None
            self.said.append((reason or "that is legal, try again", True))

    def _sync(self) -> bool:
        """Bump the table's version when a newer view came (the table re-reads on change)."""
        if self.client.s.version == self._host_version:
            return False
        self._host_version = self.client.s.version
        self._answers.clear()  # asked of the last view: asked again of this one
        self._asked.clear()
        self._why = None
        self.version += 1
        return True

    def close(self) -> None:
        self.link.close()
        if self.on_close is not None:
            self.on_close()
