"""What one connection and one address may do in a given time (the host's limits)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The host's limits; the defaults are far above what a person at a table sends."""

    handshake_s: float = 10.0  # a connection says hello within this, or is closed
    joins_per_minute: int = 20  # new connections per address per minute
    intents_per_s: float = 20.0
    intent_burst: int = 40
    asks_per_s: float = 60.0
    ask_burst: int = 120
    chats_per_s: float = 1.0
    chat_burst: int = 5
    undo_every_s: float = 5.0  # one undo request per seat per this long
    max_spectators: int = 32
    refusals_per_s: float = 2.0  # refused frames beyond these and the host hangs up
    refusal_burst: int = 200


class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.at = float(burst), now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class JoinCounter:
    """Connections per address in the last minute."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str, now: float) -> bool:
        times = self._seen.setdefault(address, deque())
        while times and now - times[0] >= 60.0:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        if len(self._seen) > 4096:  # forget quiet addresses: the table stays small
            self._seen = {a: t for a, t in self._seen.items() if t and now - t[-1] < 60.0}
        return True
