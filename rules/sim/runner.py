"""Runs a simulation's games on local worker processes or on a Dask cluster, handing each
result to ``on_result`` as it arrives. Ctrl+C stops the workers and returns what is done.

The games are taken from their plan a few batches ahead of the workers (``WINDOW`` per
worker), never all at once: a run of 100,000 games holds a few hundred of them at a time,
and the results are handed over and dropped as they come."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import queue
import signal
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rules.sim.match import GameResult, play_batch
from rules.sim.plan import Match

OnResult = Callable[[GameResult], None]
CONNECT_TIMEOUT = 30.0  # seconds for a scheduler to answer (distributed's own default)
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")  # distributed's, but for in-process addresses
WINDOW = 4  # batches in flight per worker: each has the next at hand, none holds many


def check_address(text: str) -> None:
    """ValueError unless ``text`` reads as a scheduler address: ``HOST:PORT`` or
    ``SCHEME://HOST:PORT`` (checked here, so a typo is one line, Dask or not)."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    try:
        parts = urllib.parse.urlsplit(f"{scheme}://{rest}")
        good = (scheme in SCHEMES and bool(parts.hostname) and parts.port is not None
                and parts.path in ("", "/") and not parts.query and not parts.fragment
                and not any(ch.isspace() for ch in text))
    except ValueError:  # a port that is not a number from 0 to 65535, a stray bracket
        good = False
    if not good:
        raise ValueError(f"--scheduler: {text!r} is not a scheduler address; give HOST:PORT "
                         f"or SCHEME://HOST:PORT (e.g. tcp://10.0.0.5:8786; schemes: "
                         f"{', '.join(SCHEMES)})")


def batches(matches: Iterable[Match], size: int) -> Iterator[list[Match]]:
    it = iter(matches)
    while batch := list(itertools.islice(it, size)):
        yield batch


def batch_size(games: int, workers: int) -> int:
    """Games per task: a few tasks per worker keeps them all busy to the end while the
    round trips stay rare."""
    return max(1, min(20, games // max(1, workers * 8)))


def _ignore_sigint() -> None:
    # Ctrl+C is the parent's to handle: it stops the pool and writes the partial report.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    """Spawned workers, not forked: a fork copies the caller's threads' locks and signal
    handlers (a test runner's, the client's), and a worker that caught SIGTERM that way
    never ended when the pool was stopped. Spawning costs each worker an import of the rules,
    a second or so once per run."""
    return multiprocessing.get_context("spawn")


def run_local(matches: Iterable[Match], workers: int, on_result: OnResult,
              total: int | None = None) -> bool:
    """Plays ``matches`` (``total`` of them; default ``len(matches)``) on ``workers``
    processes (1: in this one). True when all were played, False when Ctrl+C stopped the run
    (the results so far were handed over). No more processes than games: a worker without a
    game would only cost its start."""
    total = len(matches) if total is None else total  # type: ignore[arg-type]
    workers = max(1, min(workers, total))
    chunks = batches(matches, batch_size(total, workers))
    try:
        if workers <= 1:
            for batch in chunks:
                for result in play_batch(batch):
                    on_result(result)
            return True
        pool = _context().Pool(workers, initializer=_ignore_sigint)
        try:
            _drain(pool, chunks, workers * WINDOW, on_result)
        finally:
            pool.terminate()
            pool.join()
        return True
    except KeyboardInterrupt:
        return False


def _drain(pool: Any, chunks: Iterator[list[Match]], window: int, on_result: OnResult) -> None:
    """Keeps ``window`` batches in the pool until ``chunks`` runs out, handing over each
    result as it comes."""
    done: queue.SimpleQueue[Any] = queue.SimpleQueue()
    flying = 0

    def submit() -> bool:
        batch = next(chunks, None)
        if batch is None:
            return False
        pool.apply_async(play_batch, (batch,), callback=done.put, error_callback=done.put)
        return True

    while flying < window and submit():
        flying += 1
    while flying:
        try:
            got = done.get(timeout=0.2)  # a timeout, so Ctrl+C is seen while waiting
        except queue.Empty:
            continue
        flying -= 1
        if isinstance(got, BaseException):
            raise got
        if submit():
            flying += 1
        for result in got:
            on_result(result)


def run_cluster(address: str, matches: Iterable[Match], on_result: OnResult,
                size: int | None = None, timeout: float = CONNECT_TIMEOUT,
                total: int | None = None) -> bool:
    """The same games on the Dask distributed scheduler at ``address`` (``pip install
    playtable[cluster]``); its workers need Playtable and the pack at the same path. OSError
    when the scheduler does not answer within ``timeout`` seconds, RuntimeError when the
    address is not one (or Dask is missing)."""
    try:
        import distributed  # noqa: F401 - only whether it is there
    except ImportError:
        raise RuntimeError("--scheduler needs Dask distributed: pip install "
                           "'playtable[cluster]'") from None
    try:
        total = len(matches) if total is None else total  # type: ignore[arg-type]
        return asyncio.run(_run_cluster(address, matches, on_result, size, timeout, total))
    except ValueError as e:  # distributed's word on an address it cannot parse
        raise RuntimeError(f"--scheduler {address!r}: {e}") from None


async def _run_cluster(address: str, matches: Iterable[Match], on_result: OnResult,
                       size: int | None, timeout: float, total: int) -> bool:
    from distributed import Client, as_completed

    # Asynchronous, so the whole connection has a deadline: distributed bounds the TCP
    # connect by ``timeout`` but then waits for the scheduler's handshake for ever, and a
    # port that accepts and never answers hung the run.
    client = Client(address, asynchronous=True, timeout=timeout)  # type: ignore[no-untyped-call]
    try:
        await asyncio.wait_for(client, timeout)
    except BaseException as e:
        await _close(client)
        if isinstance(e, asyncio.CancelledError):  # Ctrl+C while connecting: none played
            return False
        if isinstance(e, TimeoutError | OSError):
            raise OSError(f"--scheduler {address}: no answer from a Dask scheduler within "
                          f"{timeout:g} s") from None
        raise
    async with client:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunks = batches(matches, size or batch_size(total, workers))
        futures = set(client.map(play_batch, list(itertools.islice(chunks, workers * WINDOW)),
                                 pure=False))
        flying = as_completed(futures)  # type: ignore[no-untyped-call]
        try:
            async for future in flying:
                futures.discard(future)
                batch = next(chunks, None)
                if batch is not None:
                    more = client.submit(play_batch, batch, pure=False)
                    futures.add(more)
                    flying.add(more)  # type: ignore[no-untyped-call]
                for result in await future:
                    on_result(result)
            return True
        except asyncio.CancelledError:  # Ctrl+C: asyncio.run cancels this, the main task
            await client.cancel(list(futures))  # type: ignore[no-untyped-call]
            return False


async def _close(client: Any) -> None:
    """A client whose connection failed: its loop and comms closed, not left to __del__."""
    with contextlib.suppress(Exception):  # already failing: the first error is the one to say
        await asyncio.wait_for(client.close(), 5)
