"""Runs a simulation's games on local worker processes or on a Dask cluster, handing each
result to ``on_result`` as it arrives. Ctrl+C stops the workers and returns what is done."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rules.sim.match import GameResult, play_batch
from rules.sim.plan import Match

OnResult = Callable[[GameResult], None]


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
    played, False when Ctrl+C stopped the run (the results so far were handed over)."""
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
                size: int | None = None) -> bool:
    """The same games on the Dask distributed scheduler at ``address`` (``pip install
    playtable[cluster]``); its workers need Playtable and the pack at the same path."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError("--scheduler needs Dask distributed: pip install "
                           "'playtable[cluster]'") from None
    with Client(address) as client:  # type: ignore[no-untyped-call]
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunks = list(batches(matches, size or batch_size(len(matches), workers)))
        futures = client.map(play_batch, chunks, pure=False)
        try:
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                for result in future.result():
                    on_result(result)
            return True
        except KeyboardInterrupt:
            client.cancel(futures)
            return False
