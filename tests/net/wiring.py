"""A host and its clients wired in memory (no sockets): what each connection was sent."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.net.client import Client
from rules.net.host import Close, Host, Out, Send
from rules.records.session import Session

CODE = "ABCDEF"


@dataclass
class Table:
    host: Host
    clients: dict[int, Client] = field(default_factory=dict)
    sent: dict[int, list[str]] = field(default_factory=dict)  # every frame, per connection
    closed: dict[int, str] = field(default_factory=dict)
    now: float = 0.0

    def deliver(self, out: list[Out]) -> None:
        for o in out:
            if isinstance(o, Send):
                self.sent.setdefault(o.conn, []).append(o.text)
                if o.conn in self.clients:
                    self.clients[o.conn].receive(o.text)
            elif isinstance(o, Close):
                self.closed[o.conn] = o.reason
                self.clients.pop(o.conn, None)

    def join(self, conn: int, client: Client, address: str = "127.0.0.1") -> Client:
        self.clients[conn] = client
        self.deliver(self.host.connect(conn, address, self.now))
        self.deliver(self.host.receive(conn, client.hello(), self.now))
        return client

    def send(self, conn: int, frame: str | bytes) -> None:
        self.now += 0.05
        self.deliver(self.host.receive(conn, frame, self.now))

    def drop(self, conn: int) -> None:
        self.clients.pop(conn, None)
        self.deliver(self.host.disconnect(conn, self.now))


def table(game: str, seed: int = 1, spectators: int = 0, **host: Any) -> Table:
    """A new game hosted with both seats and ``spectators`` joined (connections 0, 1, 2…)."""
    t = Table(Host(Session.new(game, seed=seed), CODE, rng=random.Random(seed), **host))
    t.join(0, Client("Ann", CODE, 0))
    t.join(1, Client("Bo", CODE, 1))
    for k in range(spectators):
        t.join(2 + k, Client(f"watcher {k}", CODE, None))
    return t


def play_random(t: Table, steps: int, rng: random.Random) -> None:
    """Up to ``steps`` random legal intents, each sent by the seat to act."""
    for _ in range(steps):
        acting = next((c for c in (0, 1) if c in t.clients and t.clients[c].my_turn()), None)
        if acting is None:
            return
        c = t.clients[acting]
        seq, frame = c.intent(rng.choice(c.s.legal))
        t.send(acting, frame)
        assert c.acked.get(seq), c.s.note
