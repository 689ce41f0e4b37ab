"""The host of a network game, without any IO of its own but the game's record: frames in,
frames out (``Send``/``Close``), the time passed in. Only the host applies intents.

A client sees only its seat's view (``Ruleset.view``, a spectator's ``view(state, None)``),
with its own numbers for hidden cards (``rules.net.aliases``), its own legal intents and a
log of sentences; never the seed, the record, the first state or an earlier state. Each
accepted intent or undo bumps ``version``; the intent is in the record on disk (the session's
journal, fsynced) before the seat hears it was accepted. Nothing a client sends can change the
state but a legal intent of the seat to act, nor take the host down: every refusal leaves the
state as it was and says why.
"""

from __future__ import annotations

import hmac
import json
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.agents.base import Agent
from rules.core.errors import IllegalIntent
from rules.core.model import Event, Intent
from rules.net.aliases import Aliases, UnknownCard, hidden_cards
from rules.net.limits import Bucket, JoinCounter, Limits
from rules.net.messages import (
    PROTOCOL,
    Ask,
    BadMessage,
    Chat,
    Hello,
    Ping,
    SendIntent,
    UndoReply,
    UndoRequest,
    encode,
    parse_client,
)
from rules.net.undo_policy import asked_point, is_free
from rules.records.session import Session

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud across a room
SEATS = (0, 1)
_DONE_KEPT = 256  # replies kept per seat for duplicates re-sent after a reconnect


def make_code(length: int = 6) -> str:
    """A short join code, told to the players, never broadcast."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


@dataclass(frozen=True)
class Send:
    conn: int
    text: str


@dataclass(frozen=True)
class Close:
    conn: int
    reason: str


Out = Send | Close


@dataclass
class Conn:
    id: int
    address: str
    opened: float
    buckets: dict[str, Bucket]
    joined: bool = False
    seat: int | None = None
    name: str = ""
    log_sent: int = 0  # intents whose log lines it has


@dataclass
class Seat:
    token: str | None = None
    name: str = ""
    conn: int | None = None
    last_seq: int = 0
    replies: OrderedDict[int, dict[str, Any]] = field(default_factory=OrderedDict)
    away_since: float | None = None
    last_undo: float = float("-inf")
    computer: Agent | None = None


@dataclass(frozen=True)
class ComputerTurn:
    seat: int
    agent: Agent
    version: int
    view: Any
    legal: list[Intent]


@dataclass(frozen=True)
class UndoAsk:
    seat: int
    point: int
    version: int


class Host:
    """One game's authority. ``session`` holds the state and the record (with an autosave
    path its journal is on disk); ``tokens`` restores the seats after a crash."""

    def __init__(self, session: Session, code: str, *, limits: Limits | None = None,
                 rng: random.Random | None = None, tokens: Sequence[str | None] = (),
                 make_token: Callable[[], str] | None = None,
                 computer_after: float | None = None, computer_level: str = "normal",
                 offer_after: float | None = None,
                 on_seats: Callable[[list[str | None]], None] | None = None) -> None:
        self.session = session
        self.rs = session.rs
        self.code = code
        self.limits = limits or Limits()
        rng = rng or random.Random(secrets.randbits(64))
        self._rng = rng
        self._make_token = make_token or (lambda: secrets.token_urlsafe(18))
        self.seats = [Seat(token=(tokens[s] if s < len(tokens) else None)) for s in SEATS]
        self.aliases: dict[int | None, Aliases] = {
            v: Aliases(random.Random(rng.getrandbits(64))) for v in (0, 1, None)}
        self.conns: dict[int, Conn] = {}
        self.joins = JoinCounter(self.limits.joins_per_minute)
        self.version = 0
        self.undo_ask: UndoAsk | None = None
        self.computer_after = computer_after
        self.computer_level = computer_level
        self.offer_after = offer_after
        # The computer's decisions are made here, at once, unless the transport makes them
        # on a thread of its own (``computer_turn``/``computer_played``).
        self.inline_computers = True
        self._offered: list[int] = []
        self.on_seats = on_seats
        self.chat: list[dict[str, Any]] = []
        self._docs: dict[int | None, str] = {}
        self._views: dict[int | None, Any] = {}
        self._legal: list[dict[str, Any]] = []
        self._catalog = ""
        self._hidden_name = getattr(self.rs.manual_table, "hidden_card", None)
        self._now = 0.0
        self._refresh()

    # ---- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    def to_act(self) -> int | None:
        return self.rs.to_act(self.state)

    def view_message(self, conn: Conn) -> dict[str, Any]:
        """What ``conn`` is sent after a change: its viewer's view and the log since."""
        n = len(self.session.replayed.intents)
        at = min(conn.log_sent, n)
        conn.log_sent = n
        acting = self.to_act()
        return {"type": "view", "version": self.version, "seat": conn.seat,
                "to_act": acting, "winner": self.rs.winner(self.state), "over": acting is None,
                "state": _Raw(self._docs[conn.seat]),
                "legal": self._legal if acting is not None and acting == conn.seat else [],
                "done": self.rs.done_refusal(self.state) if acting == conn.seat else None,
                "log": {"at": at, "steps": [_redacted(self.session.replayed.events[i])
                                            for i in range(at, n)]}}

    def presence(self) -> dict[str, Any]:
        acting = self.to_act()
        seats = [{"name": s.name, "connected": s.conn is not None,
                  "computer": s.computer is not None, "deciding": acting == i}
                 for i, s in enumerate(self.seats)]
        away = acting is not None and self.seats[acting].conn is None and \
            self.seats[acting].computer is None
        self._offered = self.offers(self._now)
        return {"type": "presence", "seats": seats, "paused": away, "offer": self._offered,
                "spectators": sum(1 for c in self.conns.values() if c.joined and c.seat is None)}

    # ---- events from the transport ---------------------------------------------------------
    def connect(self, conn: int, address: str, now: float) -> list[Out]:
        if not self.joins.allow(address, now):
            return [Close(conn, "too many joins from this address; wait a minute")]
        lim = self.limits
        self.conns[conn] = Conn(conn, address, now, {
            "intent": Bucket(lim.intents_per_s, lim.intent_burst, now),
            "ask": Bucket(lim.asks_per_s, lim.ask_burst, now),
            "chat": Bucket(lim.chats_per_s, lim.chat_burst, now),
            "refused": Bucket(lim.refusals_per_s, lim.refusal_burst, now)})
        return []

    def disconnect(self, conn: int, now: float) -> list[Out]:
        c = self.conns.pop(conn, None)
        if c is None or not c.joined:
            return []
        if c.seat is not None and self.seats[c.seat].conn == conn:
            self.seats[c.seat].conn = None
            self.seats[c.seat].away_since = now
        return self._to_all(self.presence())

    def tick(self, now: float) -> list[Out]:
        """Deadlines: handshakes not made in time; a seat that owes a decision away too long
        is handed to the computer when the host said so."""
        self._now = now
        out: list[Out] = []
        for c in list(self.conns.values()):
            if not c.joined and now - c.opened > self.limits.handshake_s:
                self.conns.pop(c.id)
                out.append(Close(c.id, "no hello in time"))
        acting = self.to_act()
        if acting is not None and self.computer_after is not None:
            s = self.seats[acting]
            if s.conn is None and s.computer is None and s.away_since is not None and \
                    now - s.away_since > self.computer_after:
                out += self.hand_to_computer(acting, self.computer_level, now)
        if self.offers(now) != self._offered:
            out += self._to_all(self.presence())
        return out

    def receive(self, conn: int, frame: str | bytes, now: float) -> list[Out]:
        c = self.conns.get(conn)
        if c is None:
            return []
        self._now = now
        try:
            msg = parse_client(frame)
        except BadMessage as e:
            if not c.joined:
                self.conns.pop(conn)
                return [Close(conn, e.reason)]
            return self._refuse(c, None, e.reason)
        try:
            if not c.joined:
                if not isinstance(msg, Hello):
                    self.conns.pop(conn)
                    return [Close(conn, "say hello first")]
                return self._hello(c, msg, now)
            return self._dispatch(c, msg, now)
        except Exception as e:  # noqa: BLE001 - nothing from a client takes the host down
            return self._refuse(c, getattr(msg, "seq", None),
                                f"the host could not handle that ({type(e).__name__})")

    # ---- seats ----------------------------------------------------------------------------
    def offers(self, now: float) -> list[int]:
        """The seats the host player may hand to the computer now: one that owes a decision
        and has been away longer than ``offer_after``."""
        acting = self.to_act()
        if acting is None or self.offer_after is None:
            return []
        s = self.seats[acting]
        if s.conn is not None or s.computer is not None or s.away_since is None:
            return []
        return [acting] if now - s.away_since > self.offer_after else []

    def let_computer_play(self, seat: int, level: str, now: float) -> list[Out]:
        """The host player's choice: the computer at ``level`` plays ``seat`` (offered only,
        see ``offers``) until its player rejoins by token."""
        from rules.agents.levels import LEVELS

        if level not in LEVELS or seat not in self.offers(now):
            return []
        return self.hand_to_computer(seat, level, now)

    def hand_to_computer(self, seat: int, level: str, now: float) -> list[Out]:
        from rules.agents.levels import make_agent

        self.seats[seat].computer = make_agent(level, seed=secrets.randbits(31),
                                               options=self.session.record.options,
                                               game=self.rs.name)
        self.seats[seat].name = self.seats[seat].name or f"Computer ({level})"
        return self._to_all(self.presence()) + self.play_computers()

    def tokens(self) -> list[str | None]:
        return [s.token for s in self.seats]

    def _hello(self, c: Conn, msg: Hello, now: float) -> list[Out]:
        if msg.protocol != PROTOCOL:
            self.conns.pop(c.id)
            return [Close(c.id, f"this host speaks protocol {PROTOCOL}, not {msg.protocol}")]
        seat: int | None = None
        if msg.token is not None:
            found = [i for i, s in enumerate(self.seats)
                     if s.token is not None and hmac.compare_digest(s.token, msg.token)]
            if not found:
                self.conns.pop(c.id)
                return [Close(c.id, "that seat token is not this game's")]
            seat = found[0]
        elif not hmac.compare_digest(msg.code.upper().encode(), self.code.encode()):
            self.conns.pop(c.id)
            return [Close(c.id, "wrong join code")]
        elif msg.seat is not None:
            if self.seats[msg.seat].token is not None:
                self.conns.pop(c.id)
                return [Close(c.id, f"seat {msg.seat + 1} is taken")]
            seat = msg.seat
            self.seats[seat].token = self._make_token()
            if self.on_seats is not None:
                self.on_seats(self.tokens())
        elif sum(1 for x in self.conns.values() if x.joined and x.seat is None) >= \
                self.limits.max_spectators:
            self.conns.pop(c.id)
            return [Close(c.id, "no room for more spectators")]
        out: list[Out] = []
        if seat is not None:
            s = self.seats[seat]
            if s.conn is not None and s.conn in self.conns:  # the same seat from elsewhere
                self.conns.pop(s.conn)
                out.append(Close(s.conn, "this seat joined again from another connection"))
            s.conn, s.away_since, s.computer = c.id, None, None
            s.name = _clean(msg.name) or s.name or f"Player {seat + 1}"
        if seat is None and None not in self._docs:  # the first spectator since none watched
            self.aliases[None] = Aliases(random.Random(self._rng.getrandbits(64)))
            self._views[None] = self.rs.view(self.state, None)
            self._docs[None] = self.seat_doc(self.state, None, self.aliases[None],
                                             self._views[None])
        c.joined, c.seat, c.name, c.log_sent = True, seat, _clean(msg.name), 0
        rec = self.session.record
        out.append(self._send(c, {
            "type": "welcome", "protocol": PROTOCOL, "seat": seat,
            "token": self.seats[seat].token if seat is not None else None,
            "game": self.rs.name, "options": rec.options, "catalog": _Raw(self._catalog),
            "last_seq": self.seats[seat].last_seq if seat is not None else 0,
            "chat": self.chat[-20:]}))
        out.append(self._send(c, self.view_message(c)))
        out += self._to_all(self.presence())
        return out

    # ---- messages of a joined connection ---------------------------------------------------
    def _dispatch(self, c: Conn, msg: Any, now: float) -> list[Out]:
        if isinstance(msg, Hello):
            return self._refuse(c, None, "already joined")
        if isinstance(msg, Ping):
            return [self._send(c, {"type": "pong"})]
        if isinstance(msg, Chat):
            if not c.buckets["chat"].take(now):
                return self._refuse(c, None, "chat: one line a second")
            line = {"name": c.name or ("spectator" if c.seat is None else f"Player {c.seat + 1}"),
                    "seat": c.seat, "text": _clean(msg.text)}
            self.chat = self.chat[-99:] + [line]
            return self._to_all({"type": "chat", **line})
        if isinstance(msg, Ask):
            if not c.buckets["ask"].take(now):
                return self._refuse(c, msg.seq, "too many questions; slow down")
            return [self._send(c, {"type": "answer", "seq": msg.seq, "what": msg.what,
                                   "result": self._answer(c, msg)})]
        if c.seat is None:
            return self._refuse(c, getattr(msg, "seq", None), "spectators watch; they do not play")
        if isinstance(msg, SendIntent):
            return self._intent(c, c.seat, msg, now)
        if isinstance(msg, UndoRequest):
            return self._undo(c, c.seat, msg, now)
        if isinstance(msg, UndoReply):
            return self._undo_reply(c, c.seat, msg)
        return self._refuse(c, None, "unknown message")

    def _intent(self, c: Conn, seat: int, msg: SendIntent, now: float) -> list[Out]:
        s = self.seats[seat]
        if msg.seq in s.replies:  # re-sent after a reconnect: answered as it was, not redone
            return [self._send(c, {**s.replies[msg.seq], "duplicate": True})]
        if msg.seq <= s.last_seq:
            return self._refuse(c, msg.seq, f"intent {msg.seq} came after {s.last_seq}")
        s.last_seq = msg.seq
        if not c.buckets["intent"].take(now):
            return self._remember(c, s, msg.seq, self._refusal(msg.seq, "too many intents"))
        if msg.base != self.version:
            out = self._remember(c, s, msg.seq, self._refusal(
                msg.seq, "the table changed before your intent arrived", stale=True))
            return out + [self._send(c, self.view_message(c))]
        acting = self.to_act()
        if acting != seat:
            why = "the game is over" if acting is None else f"it is Player {acting + 1}'s turn"
            return self._remember(c, s, msg.seq, self._refusal(msg.seq, why))
        try:
            intent = self._parse(seat, msg.intent)
        except (UnknownCard, ValueError) as e:
            return self._remember(c, s, msg.seq, self._refusal(msg.seq, str(e)))
        try:
            self._commit(intent)
        except IllegalIntent as e:
            return self._remember(c, s, msg.seq, self._refusal(
                msg.seq, self._as_seen(seat, intent, e.reason)))
        except OSError as e:
            return self._remember(c, s, msg.seq, self._refusal(
                msg.seq, f"the host could not save the game ({e.strerror}); not played"))
        out = self._remember(c, s, msg.seq, {"type": "ack", "seq": msg.seq,
                                             "version": self.version})
        return out + self._changed() + self.play_computers()

    def _parse(self, seat: int | None, data: dict[str, Any]) -> Intent:
        a, rs = self.aliases[seat], self.rs
        # The card fields first: whether another field names a card may depend on them.
        fields = rs.intent_cards(self.state, a.intent_in(data, rs.instance_fields))
        return rs.parse_intent(a.intent_in(data, fields))

    def _as_seen(self, seat: int, intent: Intent, reason: str) -> str:
        """A refusal's reason as ``seat`` may read it: for an intent naming a card hidden from
        it (its own deck's, in a manual step) the rules' words on what it sees, since the
        full state's would name the card; the verdict stays the full state's."""
        data = intent.to_json()
        if not self.aliases[seat].hides(data, self.rs.intent_cards(self.state, data)):
            return reason
        try:
            self.rs.apply(self._views[seat], intent)
        except IllegalIntent as e:
            return e.reason
        except Exception:  # noqa: BLE001 - a view is not a whole state; the words are optional
            pass
        return "that card cannot do that now"

    def _commit(self, intent: Intent) -> None:
        """Apply and save (the journal line fsynced) or leave everything as it was."""
        session, n = self.session, len(self.session.replayed.intents)
        record = session.record
        try:
            session.apply(intent)
        except OSError:
            session.replayed.truncate(n)
            session.record = record
            raise
        self._bumped()

    def _bumped(self) -> None:
        self.version += 1
        self.undo_ask = None
        self._refresh()

    def computer_turn(self) -> ComputerTurn | None:
        """The decision a computer owes now (a seat handed to it is to act), with what its
        agent decides on: the seat's view and legal intents."""
        acting = self.to_act()
        agent = self.seats[acting].computer if acting is not None else None
        if acting is None or agent is None:
            return None
        return ComputerTurn(acting, agent, self.version, self.rs.view(self.state, acting),
                            self.rs.legal_intents(self.state))

    def computer_played(self, turn: ComputerTurn, intent: Intent) -> list[Out]:
        """The agent's decision for ``turn``, applied when the table is still as it was
        (its player may have rejoined meanwhile: then it is dropped)."""
        if turn.version != self.version or self.to_act() != turn.seat or \
                self.seats[turn.seat].computer is not turn.agent:
            return []
        self._commit(intent)
        return self._changed()

    def computer_failed(self, turn: ComputerTurn, why: str) -> list[Out]:
        """The agent of ``turn`` raised: the seat waits for its player again (the host may
        hand it over anew), and everyone is told why."""
        s = self.seats[turn.seat]
        if s.computer is not turn.agent:
            return []
        s.computer = None
        note = {"type": "chat", "name": "host", "seat": None,
                "text": _clean(f"The computer could not decide for Player {turn.seat + 1} "
                               f"({why}); the game waits for them.")}
        self.chat = self.chat[-99:] + [{k: v for k, v in note.items() if k != "type"}]
        return self._to_all(note) + self._to_all(self.presence())

    def play_computers(self) -> list[Out]:
        """The computers' decisions made here and now, unless the transport makes them."""
        out: list[Out] = []
        for _ in range(10_000):  # a computer's turn ends; the bound is only a safety net
            turn = self.computer_turn() if self.inline_computers else None
            if turn is None:
                break
            out += self.computer_played(turn, turn.agent.choose(self.rs, turn.view, turn.legal))
        return out

    def _undo(self, c: Conn, seat: int, msg: UndoRequest, now: float) -> list[Out]:
        s = self.seats[seat]
        if now - s.last_undo < self.limits.undo_every_s:
            return self._refuse(c, msg.seq, "one undo request every "
                                f"{self.limits.undo_every_s:g} seconds")
        s.last_undo = now
        session = self.session
        if is_free(session.replayed, seat):
            session.undo(seat)
            self._bumped()
            return [self._send(c, {"type": "ack", "seq": msg.seq, "version": self.version})] \
                + self._changed()
        point = asked_point(session.record, session.replayed, seat)
        if point is None:
            return self._refuse(c, msg.seq, "nothing to take back: a draw, a shuffle or a "
                                "reveal came after your last decision")
        other = self.seats[1 - seat]
        self.undo_ask = UndoAsk(seat, point, self.version)
        if other.computer is not None:
            return self._undo_reply(c, 1 - seat, UndoReply(type="undo_reply", accept=True))
        asks = {"type": "undo_ask", "seat": seat,
                "count": len(session.record.intents) - point}
        out: list[Out] = [self._send(c, {"type": "undo_pending", "seq": msg.seq})]
        if other.conn is not None and other.conn in self.conns:
            out.append(self._send(self.conns[other.conn], asks))
        return out

    def _undo_reply(self, c: Conn, seat: int, msg: UndoReply) -> list[Out]:
        ask = self.undo_ask
        if ask is None or ask.seat == seat or ask.version != self.version:
            return self._refuse(c, None, "no undo request is waiting for you")
        self.undo_ask = None
        asker = self.seats[ask.seat]
        if not msg.accept:
            note = {"type": "undo_refused", "text": f"Player {seat + 1} refused the undo"}
            return self._to_seat(ask.seat, note) if asker.conn is not None else []
        before = len(self.session.record.intents)
        while len(self.session.record.intents) > ask.point:
            if self.session.undo(ask.seat) == 0:
                break
        if len(self.session.record.intents) == before:
            return []
        self._bumped()
        return self._changed()

    def _answer(self, c: Conn, msg: Ask) -> Any:
        """A question about the state, answered here on the full state for this seat."""
        seat, rs, state = c.seat, self.rs, self.state
        if msg.what == "done":
            return rs.done_refusal(state) if seat is not None and self.to_act() == seat \
                else None
        if msg.what == "why":
            acting = self.to_act()
            if seat is None:
                return "spectators watch; they do not play"
            if acting != seat:
                return "the game is over" if acting is None else \
                    f"it is Player {acting + 1}'s turn"
            try:
                intent = self._parse(seat, msg.intent or {})
            except (UnknownCard, ValueError) as e:
                return str(e)
            try:
                rs.apply(state, intent)
            except IllegalIntent as e:
                return self._as_seen(seat, intent, e.reason)
            return None
        try:  # a hidden card by its alias; never by the host's number
            source = _source(self.aliases[seat].source_in(msg.source))
        except UnknownCard:
            return {} if msg.what == "highlights" else []
        if msg.what == "highlights":
            return self.aliases[seat].highlights_out(_json(rs.highlights(state, source)),
                                                     rs.highlight_card_keys(state, source)) \
                if seat is not None else {}
        if msg.what == "idle":  # the rules' own fallback, without the client's drop guesses
            return rs.why_idle(state, source, []) if seat is not None else None
        if seat is None or self.to_act() != seat:
            return []
        return self._entries(seat, rs.legal_intents(state, source))

    # ---- views ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        """The views of this version, once for each seat and, while someone watches, the
        spectators: every change is numbered for each of them, sent or not (a card's alias is
        drawn anew on entering a hidden zone even when nobody was sent the view in between).
        With nobody watching no spectator's view is made; the next spectator gets a fresh
        table of aliases (new numbers tell nothing)."""
        watched = any(c.joined and c.seat is None for c in self.conns.values())
        if not watched:
            self._docs.pop(None, None)
            self._views.pop(None, None)
        for viewer in (0, 1, None) if watched else (0, 1):
            self._views[viewer] = self.rs.view(self.state, viewer)
            self._docs[viewer] = self.seat_doc(self.state, viewer, self.aliases[viewer],
                                               self._views[viewer])
        acting = self.to_act()
        self._legal = [] if acting is None else self.legal_entries(
            self.state, acting, self.aliases[acting])

    def seat_doc(self, state: Any, viewer: int | None, aliases: Aliases,
                 view: Any = None) -> str:
        """The JSON of ``viewer``'s view of ``state`` (``view`` when already made) in
        ``aliases``' numbers (which it updates), without the catalog (sent once, at the
        welcome)."""
        rs = self.rs
        view = rs.view(state, viewer) if view is None else view
        if not self._catalog:
            catalog = rs.dump_data(view).get("catalog")
            self._catalog = json.dumps(catalog, separators=(",", ":"))
        doc = rs.dump_data(view, frozenset({"catalog"}))
        aliases.relabel(doc, hidden_cards(doc, self._hidden_name), rs.hidden_places,
                        (*rs.hidden_mentions, *rs.card_mentions(doc)), rs.hidden_keyed,
                        rs.card_sets(doc))
        return json.dumps(doc, separators=(",", ":"))

    def legal_entries(self, state: Any, seat: int, aliases: Aliases) -> list[dict[str, Any]]:
        """The legal intents of ``seat`` (to act in ``state``) as it is sent them."""
        return self._entries(seat, self.rs.legal_intents(state), state, aliases)

    def _entries(self, seat: int, intents: list[Intent], state: Any = None,
                 aliases: Aliases | None = None) -> list[dict[str, Any]]:
        """``intents`` as ``seat`` is sent them. The rules list moves in their cards' host
        numbers' order: those naming a card hidden from the seat are put in their aliases'
        order among themselves, so the order tells nothing of the host's numbers."""
        a = aliases or self.aliases[seat]
        here = self.state if state is None else state
        out = [self._legal_entry(seat, i, state, aliases) for i in intents]
        at = [k for k, i in enumerate(intents)
              if a.hides(d := i.to_json(), self.rs.intent_cards(here, d))]
        mixed = sorted((out[k] for k in at), key=lambda e: json.dumps(e["intent"]))
        for k, entry in zip(at, mixed, strict=True):
            out[k] = entry
        return out

    def _legal_entry(self, seat: int, intent: Intent, state: Any = None,
                     aliases: Aliases | None = None) -> dict[str, Any]:
        a = aliases or self.aliases[seat]
        data = intent.to_json()
        state = self.state if state is None else state
        # An intent naming a card hidden from the seat (its own deck's, moved by hand) is
        # described on what the seat sees: the full state's sentence would name the card.
        fields = self.rs.intent_cards(state, data)
        if a.hides(data, fields):
            state = self._views[seat] if state is self.state else self.rs.view(state, seat)
        return {"intent": a.intent_out(data, fields),
                "text": self.rs.describe(state, intent)}

    def _changed(self) -> list[Out]:
        n = len(self.session.replayed.intents)
        out: list[Out] = []
        for c in self.conns.values():
            if c.joined:
                c.log_sent = min(c.log_sent, n)
                out.append(self._send(c, self.view_message(c)))
        return out + self._to_all(self.presence())

    # ---- sending ----------------------------------------------------------------------------
    def _send(self, c: Conn, message: dict[str, Any]) -> Send:
        return Send(c.id, _encode(message))

    def _to_all(self, message: dict[str, Any]) -> list[Out]:
        text = _encode(message)
        return [Send(c.id, text) for c in self.conns.values() if c.joined]

    def _to_seat(self, seat: int, message: dict[str, Any]) -> list[Out]:
        conn = self.seats[seat].conn
        c = self.conns.get(conn) if conn is not None else None
        return [self._send(c, message)] if c is not None else []

    def _refusal(self, seq: int | None, reason: str, stale: bool = False) -> dict[str, Any]:
        return {"type": "refused", "seq": seq, "reason": reason, "version": self.version,
                "stale": stale}

    def _refuse(self, c: Conn, seq: int | None, reason: str) -> list[Out]:
        if not c.buckets["refused"].take(self._now):
            self.conns.pop(c.id, None)
            return [Close(c.id, "too many refused messages")]
        return [self._send(c, self._refusal(seq, reason))]

    def _remember(self, c: Conn, s: Seat, seq: int, reply: dict[str, Any]) -> list[Out]:
        s.replies[seq] = reply
        while len(s.replies) > _DONE_KEPT:
            s.replies.popitem(last=False)
        return [self._send(c, reply)]


class _Raw(str):
    """JSON text already made (a view, the catalog), put into a message as it is."""


def _encode(message: dict[str, Any]) -> str:
    raws = {k: v for k, v in message.items() if isinstance(v, _Raw)}
    if not raws:
        return encode(message)
    text = encode({k: v for k, v in message.items() if k not in raws})
    return text[:-1] + "".join(f',"{k}":{v or "null"}' for k, v in raws.items()) + "}"


def _redacted(events: list[Event]) -> list[dict[str, Any]]:
    """An intent's log lines as every seat may read them: the sentence and who; never the
    event's data (card numbers) or whom it revealed what."""
    return [{"kind": e.kind, "text": e.text, "player": e.player} for e in events]


def _clean(text: str) -> str:
    """One line of printable text (names, chat)."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:200]


def _source(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _json(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_json(v) for v in value]
    return value
