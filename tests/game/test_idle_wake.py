"""The idle loop sleeps on the event queue instead of a fixed tick: the event that ends the
wait (input, or a network link's wake-up posted from its thread) is handled at once, in
order, and the wake-up itself never reaches the scene."""

from __future__ import annotations

import os
import threading
import time
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game import app as app_module  # noqa: E402
from game.app import IDLE_TICK, QUIET, WAKE, App  # noqa: E402

MARK = pygame.event.custom_type()


def test_idle_waits_on_events_and_a_wake_from_another_thread_ends_the_wait(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = App((800, 600))
    waits: list[tuple[int, int]] = []  # (timeout, type of the event that ended the wait)
    real_wait = pygame.event.wait

    def wait(timeout: int) -> Any:
        ev = real_wait(timeout)
        waits.append((timeout, ev.type))
        return ev

    monkeypatch.setattr(app_module.pygame.event, "wait", wait)
    seen: list[int] = []
    handle = app.scene.handle
    monkeypatch.setattr(app.scene, "handle", lambda ev: (seen.append(ev.type), handle(ev))[1])
    real_frame = app.frame

    def later() -> None:
        time.sleep(0.3)  # the loop is asleep in its wait by then (or soon is)
        App.wake()

    waker = threading.Thread(target=later)

    def frame(dt: float) -> None:
        real_frame(dt)
        app.quiet = QUIET + 1  # stay idle
        if not waker.is_alive() and waker.ident is None:
            waker.start()
        if WAKE in [k for _, k in waits] or len(waits) >= 50:
            app.running = False

    monkeypatch.setattr(app, "frame", frame)
    app.quiet = QUIET + 1
    try:
        pygame.event.post(pygame.event.Event(MARK, {"n": 1}))
        app.run(fps=60)
        waker.join()
    finally:
        pygame.quit()
    assert [t for t, _ in waits] == [1000 // IDLE_TICK] * len(waits)
    assert WAKE in [k for _, k in waits]
    assert seen.count(MARK) == 1 and WAKE not in seen
