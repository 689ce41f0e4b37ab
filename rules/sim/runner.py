"""Runs a simulation's games on local worker processes or on a Dask cluster, handing each
result to ``on_result`` as it arrives. Ctrl+C stops the workers and returns what is done."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import signal
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rules.sim.match import GameResult, play_batch
from rules.sim.plan import Match

OnResult = Callable[[GameResult], None]
CONNECT_TIMEOUT = 30.0  # seconds for a scheduler to answer (distributed's own default)
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")  # distributed's, but for in-process addresses


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


def batches(matches: Sequence[Match], size: int) -> Iterator[list[Match]]:
    for i in range(0, len(matches), size):
        yield list(matches[i:i + size])


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


def run_local(matches: Sequence[Match], workers: int, on_result: OnResult) -> bool:
    """Plays ``matches`` on ``workers`` processes (1: in this one). True when all were
    played, False when Ctrl+C stopped the run (the results so far were handed over). No more
    processes than games: a worker without a game would only cost its start."""
    workers = max(1, min(workers, len(matches)))
    size = batch_size(len(matches), workers)
    try:
        if workers <= 1:
            for batch in batches(matches, size):
                for result in play_batch(batch):
                    on_result(result)
            return True
        pool = _context().Pool(workers, initializer=_ignore_sigint)
        try:
            for results in pool.imap_unordered(play_batch, batches(matches, size)):
                for result in results:
                    on_result(result)
        finally:
            pool.terminate()
            pool.join()
        return True
    except KeyboardInterrupt:
        return False


def run_cluster(address: str, matches: Sequence[Match], on_result: OnResult,
                size: int | None = None, timeout: float = CONNECT_TIMEOUT) -> bool:
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
        return asyncio.run(_run_cluster(address, matches, on_result, size, timeout))
    except ValueError as e:  # distributed's word on an address it cannot parse
        raise RuntimeError(f"--scheduler {address!r}: {e}") from None


async def _run_cluster(address: str, matches: Sequence[Match], on_result: OnResult,
                       size: int | None, timeout: float) -> bool:
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
        chunks = list(batches(matches, size or batch_size(len(matches), workers)))
        futures = client.map(play_batch, chunks, pure=False)
        try:
            async for future in as_completed(futures):  # type: ignore[no-untyped-call]
                for result in await future:
                    on_result(result)
            return True
        except asyncio.CancelledError:  # Ctrl+C: asyncio.run cancels this, the main task
            await client.cancel(futures)  # type: ignore[no-untyped-call]
            return False


async def _close(client: Any) -> None:
    """A client whose connection failed: its loop and comms closed, not left to __del__."""
    with contextlib.suppress(Exception):  # already failing: the first error is the one to say
        await asyncio.wait_for(client.close(), 5)
