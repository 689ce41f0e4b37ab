"""Hot reload on the table: watch the game's pack folder and bring saved card edits into play.

Every ``INTERVAL`` seconds a worker thread takes a ``snapshot`` of the pack (mtimes and sizes,
no parsing); when it differs from the last one the worker reads and checks the whole pack
(``read_pack``). Back on the main thread: a good pack goes into the live game through the
session (``replace_cards``: state, record, autosave, log); a pack with problems leaves the last
good cards in play and shows every problem (``file:line: …``) in an overlay until it is
dismissed or the files are fixed. Nothing here raises into the table.
"""

from __future__ import annotations

import html
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.draw.glyphs import ui_text
from game.packs import fmt_of, pack_folder
from rules.core.packs import read_pack, snapshot

if TYPE_CHECKING:
    from game.scenes.table import TableScene

INTERVAL = 0.4  # seconds between polls of the pack folder

Snap = tuple[tuple[str, int, int], ...]
Result = tuple[Snap, Any, list[str], float]  # snapshot, Pack | None, problems, changed at


def new_cards(names: list[str]) -> str:
    """What a reload that added cards says of them: they are not in this game's decks."""
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"New in the pack, for the next game: {shown}."


class PackReload:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.fmt = fmt_of(scene.cfg.game)
        self.folder: Path = pack_folder(scene.cfg.game, scene.cfg.options)
        self.snap: Snap = ()
        # The card ids of the last good pack: a reload adding others says they are in the pack
        # for the next game (this one's decks were dealt from the cards it started with).
        self.known: set[str] | None = None
        self.errors: list[str] = []
        self.overlay: list[Any] = []
        self.reloads = 0  # good packs applied (tests and docs/playtesting.md's latency figure)
        self.last_latency: float | None = None  # seconds from noticing a change to applying it
        self._pool: ThreadPoolExecutor | None = None
        self._job: Future[Result | None] | None = None
        self._next = time.monotonic() + INTERVAL
        if self.fmt is not None:
            # The first snapshot is taken here, not in the worker: an edit saved while the
            # worker has yet to run would otherwise be the baseline, and never reloaded.
            self.snap = snapshot(self.fmt, self.folder)
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pack-reload")
            self._job = self._pool.submit(self._first)

    # ---- worker ---------------------------------------------------------------------------
    def _first(self) -> None:
        assert self.fmt is not None
        pack = read_pack(self.fmt, self.folder)[0]
        self.known = set(pack.cards) if pack is not None else None
        return None

    def _poll(self, last: Snap) -> Result | None:
        assert self.fmt is not None
        snap = snapshot(self.fmt, self.folder)
        if snap == last:
            return None
        seen = time.monotonic()
        pack, errors = read_pack(self.fmt, self.folder)
        return snap, pack, errors, seen

    # ---- main thread ----------------------------------------------------------------------
    def update(self, now: float | None = None) -> None:
        """Called every frame; never waits for the worker (a poll is a few stat calls)."""
        if self._pool is None:
            return
        now = time.monotonic() if now is None else now
        if self._job is not None:
            if not self._job.done():
                return
            job, self._job = self._job, None
            try:
                result = job.result()
            except Exception as e:  # noqa: BLE001 - an unreadable folder is a message
                self._show([f"{self.folder}:1: pack: cannot read it ({type(e).__name__}: "
                            f"{e})"])
                result = None
            if result is not None:
                self._apply(*result)
            self._next = now + INTERVAL
            return
        if now >= self._next:
            self._job = self._pool.submit(self._poll, self.snap)

    def _apply(self, snap: Snap, pack: Any, errors: list[str], seen: float) -> None:
        self.snap = snap
        if pack is None:
            self._show(errors)
            self.scene.say("The card files have problems: the last good cards stay in play.",
                           error=True)
            return
        self.errors = []
        self._kill_overlay()
        try:
            lines = self.scene.session.reload_cards(pack.cards)
        except Exception as e:  # noqa: BLE001 - a rules bug must not end the game
            self.scene.say(f"Hot reload failed: {type(e).__name__}: {e}", error=True)
            return
        self.reloads += 1
        self.last_latency = time.monotonic() - seen
        n = len(lines)
        said = f"Cards reloaded: {n} card{'s' if n != 1 else ''} changed." if n \
            else "Cards reloaded: no card in this game changed."
        added = [] if self.known is None else [c for c in pack.cards if c not in self.known]
        self.known = set(pack.cards)
        self.scene.say(f"{said} {new_cards([pack.cards[c].name for c in added])}" if added
                       else said)
        self.scene.refresh()

    # ---- the error overlay -------------------------------------------------------------------
    def short(self, msg: str) -> str:
        """A problem with its file named relative to the pack folder."""
        for root in {str(self.folder.resolve()), str(self.folder)}:
            msg = msg.replace(root.rstrip("/\\") + "/", "").replace(root + "\\", "")
        return msg

    def _show(self, errors: list[str]) -> None:
        self.errors = [self.short(e) for e in errors]
        self._kill_overlay()
        m = self.scene.manager
        w, h = self.scene.app.size
        pw = min(760, w - 60)
        ph = min(h - 120, 74 + 25 * min(len(errors), 12))
        panel = UIPanel(pygame.Rect((w - pw) // 2, max(50, (h - ph) // 2), pw, ph), manager=m,
                        starting_height=6, object_id="#reload_errors")
        n = len(self.errors)
        title = UILabel(pygame.Rect(12, 8, pw - 130, 30),
                        f"Card files: {n} problem{'s' if n != 1 else ''} (last good cards in "
                        f"play)", manager=m, container=panel)
        dismiss = UIButton(pygame.Rect(pw - 112, 8, 96, 30), "Dismiss", manager=m,
                           container=panel, object_id="#dismiss_button")
        body = "<br>".join(html.escape(ui_text(e)) for e in self.errors[:200])
        box = UITextBox(body, pygame.Rect(10, 46, pw - 24, ph - 60), manager=m,
                        container=panel)
        self.overlay = [panel, title, dismiss, box]

    def _kill_overlay(self) -> None:
        for e in self.overlay:
            e.kill()
        self.overlay = []

    @property
    def showing(self) -> bool:
        return bool(self.overlay)

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and self.overlay and \
                ev.ui_element is self.overlay[2]:
            self._kill_overlay()
            return True
        return False

    def resize(self) -> None:
        if self.overlay:
            errors, self.errors = self.errors, []
            self._show(errors)

    def close(self) -> None:
        self._kill_overlay()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
