"""Where a computer seat thinks. Easy (greedy, a few ms) thinks on a thread, as before levels.
A searching computer (Normal, Hard) thinks in a worker process: pure-Python search on a thread
holds the interpreter lock for most of a second and the render loop would stutter. The worker
keeps each seat's agent (its random generator) between decisions; should the process fail to
start or break, the seat thinks on the thread instead, with its own agent.
"""

from __future__ import annotations

import multiprocessing
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import rules
from rules.agents import Agent, make_agent
from rules.core.model import Intent
from rules.core.ruleset import Ruleset

_POOL: ProcessPoolExecutor | None = None  # one worker for every table of this program
_WORKER_AGENTS: dict[str, Agent] = {}  # in the worker: each seat's agent, by seat key
# Seats' agents the worker keeps, the least recently asked dropped first: a searching agent
# keeps what it learnt (BOS's Hard: its rollout ends, tens of MB), and tables come and go.
WORKER_SEATS = 8
_WORKER_RULES: dict[str, Ruleset[Any]] = {}


def _worker_choose(key: str, spec: str, seed: int, options: Mapping[str, Any], game: str,
                   view: Any, legal: list[Intent]) -> Intent:
    """In the worker: the seat's agent (made on its first decision) chooses."""
    agent = _WORKER_AGENTS.pop(key, None)
    if agent is None:
        agent = make_agent(spec, seed, options, game)
    _WORKER_AGENTS[key] = agent  # last in order: the most recently asked
    while len(_WORKER_AGENTS) > WORKER_SEATS:
        del _WORKER_AGENTS[next(iter(_WORKER_AGENTS))]
    rs = _WORKER_RULES.get(game)
    if rs is None:
        base = rules.get(game)
        rs = _WORKER_RULES[game] = type(base)()
        rs.info = base.info
    return agent.choose(rs, view, legal)


def _warm() -> bool:
    return True


def _pool() -> ProcessPoolExecutor:
    global _POOL
    if _POOL is None:
        # spawn, not fork: the parent runs SDL and threads; a fresh interpreter imports only
        # the rules.
        _POOL = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        _POOL.submit(_warm)  # start it now: the first decision does not wait for the start
    return _POOL


def worker_alive(timeout: float) -> bool:
    """Whether the search worker process starts and answers (the executable's smoke run: there
    the worker is this same program started again, which must run the worker's code)."""
    try:
        return bool(_pool().submit(_warm).result(timeout=timeout))
    except (BrokenProcessPool, OSError, RuntimeError, TimeoutError):
        return False


class Thinker:
    """One computer seat's decisions, as futures of intents from ``legal``."""

    def __init__(self, spec: str, seed: int, options: Mapping[str, Any], game: str,
                 threads: Callable[[], ThreadPoolExecutor]) -> None:
        self.spec, self.seed, self.options, self.game = spec, seed, dict(options), game
        self.key = uuid.uuid4().hex
        self.agent = make_agent(spec, seed, options, game)
        self.threads = threads
        # Easy and designers' games registered at run time (a fresh process does not know
        # them) think on the thread.
        self.in_process = spec not in ("easy", "greedy") and game in _shipped()
        if self.in_process:
            try:
                _pool()
            except (OSError, RuntimeError):
                self.in_process = False

    def choose(self, rs: Ruleset[Any], view: Any, legal: list[Intent]) -> Future[Intent]:
        if self.in_process:
            try:
                inner = _pool().submit(_worker_choose, self.key, self.spec, self.seed,
                                       self.options, self.game, view, legal)
                return self._matched(inner, legal, rs, view)
            except (BrokenProcessPool, RuntimeError, OSError):
                self._drop_pool()
        return self.threads().submit(self.agent.choose, rs, view, legal)

    def _matched(self, inner: Future[Intent], legal: list[Intent], rs: Ruleset[Any],
                 view: Any) -> Future[Intent]:
        """The worker's intent as the very object in ``legal`` (equal, not the same: it came
        through a pipe); on a broken worker, the thread decides instead."""
        out: Future[Intent] = Future()

        def done(f: Future[Intent]) -> None:
            try:
                got = f.result()
                out.set_result(legal[legal.index(got)])
            except BrokenProcessPool:
                self._drop_pool()
                try:
                    out.set_result(self.agent.choose(rs, view, legal))
                except Exception as e:  # noqa: BLE001 - reported by the session
                    out.set_exception(e)
            except Exception as e:  # noqa: BLE001 - reported by the session
                out.set_exception(e)
        inner.add_done_callback(done)
        return out

    def _drop_pool(self) -> None:
        global _POOL
        self.in_process = False
        if _POOL is not None:
            _POOL.shutdown(wait=False, cancel_futures=True)
            _POOL = None


def _shipped() -> set[str]:
    from rules.registry import SHIPPED

    return {ref.split(".")[1] for ref in SHIPPED}
