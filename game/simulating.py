"""A balance simulation run from the deck screen, in a background process so the table stays
usable: the screen polls ``progress()`` each frame and opens the report when it is done; on
any other screen the app notices the end (``game.sim_notice``) and offers to open it.

The process is spawned (not forked: the parent runs SDL and threads) and plays its games on
``workers`` processes of its own, one fewer than the cores, so the window keeps a core.
Stopping sets an event the run checks after every game: it then writes the report of the
games done, as Ctrl+C does on the command line.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.sim.output import link_faces
from rules.sim.simulation import Request

# The run of this program, if any: it goes on while the player leaves the deck screen and
# comes back (one at a time: a second would only halve the speed of both).
CURRENT: BackgroundSimulation | None = None


@dataclass
class Status:
    done: int = 0
    total: int = 0
    report: Path | None = None  # report.html once the run has ended
    error: str | None = None
    stopped: bool = False
    started: float = field(default_factory=time.monotonic)
    paced: tuple[float, int] | None = None  # (when, games done) at the first game's end

    @property
    def running(self) -> bool:
        return self.report is None and self.error is None

    def left(self, now: float | None = None) -> float | None:
        """Seconds left at the pace since the first game ended (the workers' start is not
        counted); None before two games have ended."""
        if self.paced is None or self.done <= self.paced[1] or not self.total:
            return None
        now = time.monotonic() if now is None else now
        rate = (self.done - self.paced[1]) / max(1e-6, now - self.paced[0])
        return (self.total - self.done) / rate


def background_workers() -> int:
    return max(1, (os.cpu_count() or 1) - 1)


def _child(req: Request, out: Any, stop: Any) -> None:
    """In the background process: run, report progress and the end on ``out``."""
    from rules.sim.simulation import simulate

    def progress(done: int, total: int) -> None:
        out.put(("progress", done, total))
        if stop.is_set():
            raise KeyboardInterrupt  # the run's own stop: it writes the partial report

    try:
        outcome = simulate(req, progress)
        out.put(("done", str(outcome.files["html"]), outcome.interrupted))
    except Exception as e:  # noqa: BLE001 - shown on the deck screen instead of lost
        out.put(("error", f"{type(e).__name__}: {e}", False))


class BackgroundSimulation:
    def __init__(self, req: Request) -> None:
        self.req = req
        ctx = multiprocessing.get_context("spawn")
        self.queue: Any = ctx.Queue()
        self.stop_event: Any = ctx.Event()
        self.status = Status(total=req.games)
        self.opened = False  # the report was shown (once, by whichever screen saw the end)
        self.noticed = False  # the end was announced away from the deck screen
        # makes the page to open from the report (the deck screen links the card faces)
        self.finish: Callable[[Path], Path] | None = None
        self._page: Path | None = None
        self.process = ctx.Process(target=_child, args=(req, self.queue, self.stop_event),
                                   name="playtable-simulate")
        self.process.start()

    def progress(self) -> Status:
        """The latest news from the run (never blocks)."""
        while True:
            try:
                msg = self.queue.get_nowait()
            except queue.Empty:
                break
            if msg[0] == "progress":
                self.status.done, self.status.total = msg[1], msg[2]
                if self.status.paced is None:
                    self.status.paced = (time.monotonic(), msg[1])
            elif msg[0] == "done":
                self.status.report, self.status.stopped = Path(msg[1]), msg[2]
            else:
                self.status.error = msg[1]
        if self.status.running and not self.process.is_alive() and self.queue.empty():
            self.status.error = f"the simulation stopped (exit code {self.process.exitcode})"
        if not self.status.running:
            self.process.join(timeout=0)
        return self.status

    def stop(self) -> None:
        self.stop_event.set()

    def page(self) -> Path:
        """The report's page to open (``finish`` applied, once), after the run ended."""
        report = self.status.report
        assert report is not None, "the run has no report yet"
        if self.finish is not None:
            self._page, self.finish = self.finish(report), None
        return self._page or report

    def kill(self) -> None:
        """Leaving the screen: end the run now (its workers are the run's to end)."""
        self.stop_event.set()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=5)


def start(req: Request) -> BackgroundSimulation:
    global CURRENT
    if CURRENT is not None:
        CURRENT.kill()
    CURRENT = BackgroundSimulation(req)
    return CURRENT


@atexit.register
def _stop_at_exit() -> None:
    # Before multiprocessing's own exit handler joins the run: stop it rather than wait.
    if CURRENT is not None and CURRENT.process.is_alive():
        CURRENT.kill()


def open_report(page: Path) -> None:
    """Shows the report in the system's browser (tests replace this)."""
    import webbrowser

    webbrowser.open(page.resolve().as_uri())


def with_faces(report: Path, faces: dict[str, Any], save: Any) -> Path:
    """Writes each card's face next to the report (``save(face, path)``) and links the
    card lines to them; returns the page."""
    folder = report.parent / "faces"
    folder.mkdir(parents=True, exist_ok=True)
    links = {}
    for card, face in faces.items():
        name = f"{''.join(c if c.isalnum() or c in '-_' else '_' for c in card)}.png"
        save(face, folder / name)
        links[card] = f"faces/{name}"
    return link_faces(report.parent, links)
