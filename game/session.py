"""One game being played: the true state, who sits where, the record, computer turns.

The table draws only what ``view`` / ``legal`` / ``highlights`` return. Every intent goes
through ``submit``, which never raises: an illegal intent or a rules error comes back as a
reason and leaves the state as it was.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import rules
from rules.agents import GreedyAgent
from rules.core.model import Intent
from rules.records import Session

Seat = Literal["human", "computer"]


@dataclass
class GameConfig:
    game: str = "kyoukai"
    seed: int = 1
    seats: tuple[Seat, Seat] = ("human", "computer")
    options: dict[str, Any] = field(default_factory=dict)
    record: Path | None = None
    agent_delay: float = 0.6  # seconds a computer decision stays "thinking" on screen
    auto_pass: bool = True  # a person with nothing but Pass passes by itself


class GameSession:
    def __init__(self, cfg: GameConfig) -> None:
        self.cfg = cfg
        # the record (with the autosave to cfg.record after every intent) and the states
        self.live = Session.new(cfg.game, cfg.seed, cfg.options, autosave=cfg.record,
                                players=tuple(cfg.seats))
        self.rs = self.live.rs
        self.log: list[str] = [ev.text for evs in self.live.events for ev in evs]
        self.version = 0  # bumps on every state change; the table re-reads views on change
        self.error: str | None = None
        # The agent gets its own Ruleset: the contract's legal-intent cache is per instance and
        # the agent thinks on another thread.
        self._agent_rs = type(self.rs)()
        self._agents = {p: GreedyAgent(seed=cfg.seed * 7 + p) for p in (0, 1)
                        if cfg.seats[p] == "computer"}
        self._pool: ThreadPoolExecutor | None = None
        self._thinking: Future[Intent] | None = None
        self._thinking_for = -1
        self._ready_at = 0.0
        self._legal_for: Any = None
        self._legal: list[Intent] = []

    # ---- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.live.state

    @property
    def initial_state(self) -> Any:
        """The state the game started from (before the first intent)."""
        return self.live.replayed.states[0]

    @property
    def intents(self) -> tuple[dict[str, Any], ...]:
        return self.live.record.intents

    def to_act(self) -> int | None:
        return self.rs.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.to_act() is None

    def winner(self) -> int | None:
        return self.rs.winner(self.state)

    def is_human(self, p: int | None) -> bool:
        return p is not None and self.cfg.seats[p] == "human"

    def view(self, player: int) -> Any:
        return self.rs.view(self.state, player)

    def legal(self) -> list[Intent]:
        """Legal intents of the deciding player (cached per state)."""
        if self._legal_for is not self.state:
            self._legal_for, self._legal = self.state, self.rs.legal_intents(self.state)
        return self._legal

    def highlights(self, source: Any) -> dict[str, list[Any]]:
        try:
            return self.rs.highlights(self.state, source)
        except Exception:  # noqa: BLE001 - a rules bug must not take the table down
            return {}

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    # ---- acting ---------------------------------------------------------------------------
    def why_not(self, intent: Intent) -> str | None:
        """The rules' reason ``intent`` is refused now, None if it is legal. Changes nothing."""
        try:
            self.rs.apply(self.state, intent)
        except rules.IllegalIntent as e:
            return e.reason
        except Exception as e:  # noqa: BLE001
            return f"Rules error: {type(e).__name__}: {e}"
        return None

    def submit(self, intent: Intent) -> str | None:
        """Apply ``intent``; return None, or the reason it was refused (state unchanged)."""
        n = len(self.live.record.intents)
        try:
            self.live.apply(intent)
        except rules.IllegalIntent as e:
            self.error = e.reason
            return self.error
        except OSError as e:  # the autosave failed; the intent may already be applied
            self.error = f"Could not save the record: {e}"
        except Exception as e:  # noqa: BLE001 - shown to the player; the table stays as it was
            self.error = f"Rules error: {type(e).__name__}: {e}"
            return self.error
        else:
            self.error = None
        if len(self.live.record.intents) == n:  # refused before the record moved on
            return self.error
        # Applied (and kept in memory even if the save failed: the error stays on screen and
        # the next save writes the whole record): its events are the record's last ones.
        self.version += 1
        self.log.extend(ev.text for ev in self.live.events[-1])
        return None

    def tick(self, now: float | None = None) -> bool:
        """Let computer players (and auto-passes) act when their time has come. Returns True
        when the state changed. Never waits: thinking happens on a worker thread."""
        now = time.monotonic() if now is None else now
        p = self.to_act()
        if p is None:
            return False
        if self.is_human(p):
            legal = self.legal()
            if self.cfg.auto_pass and len(legal) == 1 and legal[0].kind == "pass":
                if self._ready_at == 0.0:
                    self._ready_at = now + min(self.cfg.agent_delay, 0.35)
                if now >= self._ready_at:
                    self._ready_at = 0.0
                    return self.submit(legal[0]) is None
            return False
        if self._thinking is None or self._thinking_for != self.version:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent")
            view, legal = self.rs.view(self.state, p), self.legal()
            self._thinking = self._pool.submit(self._agents[p].choose, self._agent_rs, view,
                                               legal)
            self._thinking_for = self.version
            self._ready_at = now + self.cfg.agent_delay
            return False
        if now < self._ready_at:
            return False
        if not self._thinking.done():
            # The visible delay is over: give the worker a moment (bounded, a fraction of a
            # frame) to finish, instead of a whole frame of GIL contention per decision.
            try:
                self._thinking.result(timeout=0.003)
            except TimeoutError:
                return False
            except Exception:  # noqa: BLE001 - reported below
                pass
        fut, self._thinking = self._thinking, None
        self._ready_at = 0.0
        try:
            intent = fut.result()
        except Exception as e:  # noqa: BLE001 - a broken agent passes its turn visibly
            self.error = f"Computer player failed: {type(e).__name__}: {e}"
            legal = self.legal()
            intent = legal[0]
        return self.submit(intent) is None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
