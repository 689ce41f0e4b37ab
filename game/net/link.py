"""A seat's link to a host, for a program with its own loop (the table): websockets on an
asyncio loop in a thread. Frames from the host wait in a queue until the owner's thread
``drain``s them into its ``Client``, so only that thread ever touches the client; ``wake`` is
called (from the network thread) whenever a frame arrives, so an idle window can sleep on
its event queue and still update at once (the table posts itself an event from it).

A link that drops comes back by itself with the seat's token, a few times, waiting longer
each time; the host sends the fresh view and the log on rejoining.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from rules.net.client import Client, HostError

RETRIES = 5
ASK_TIMEOUT_S = 1.0


class Link:
    def __init__(self, url: str, client: Client, wake: Callable[[], None] | None = None,
                 retries: int = RETRIES) -> None:
        self.url, self.client, self.wake, self.retries = url, client, wake, retries
        self.inbox: queue.Queue[str] = queue.Queue()
        self.status = "connecting"  # connecting, joined, reconnecting, closed
        self.reason = ""  # why the host closed the link, or why it could not be made
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str | None] | None = None
        self._thread = threading.Thread(target=self._run, name="playtable-link", daemon=True)
        self._stopping = False
        self._refused = False

    # ---- the owner's thread ----------------------------------------------------------------
    def start(self) -> None:
        self._thread.start()

    def send(self, frame: str) -> None:
        loop, box = self._loop, self._outbox
        if loop is not None and box is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(box.put_nowait, frame)

    def drain(self) -> list[str]:
        """Read what the host sent into the client; the types of the messages read."""
        kinds: list[str] = []
        while True:
            try:
                frame = self.inbox.get_nowait()
            except queue.Empty:
                return kinds
            try:
                kinds.append(self.client.receive(frame))
            except HostError as e:
                self.reason = str(e)

    def wait_for(self, done: Callable[[], bool], timeout: float = ASK_TIMEOUT_S) -> bool:
        """Read what the host sends until ``done()`` (the answer to what was just sent), at
        most ``timeout`` seconds; whether it came. It blocks: for headless programs and
        tests, never a window's thread (the table reads answers in ``NetSession.tick``)."""
        end = time.monotonic() + timeout
        while not done() and time.monotonic() < end:
            try:
                frame = self.inbox.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                break
            with contextlib.suppress(HostError):
                self.client.receive(frame)
        return done()

    def close(self) -> None:
        self._stopping = True
        self.send_stop()
        self._thread.join(5)

    def send_stop(self) -> None:
        loop, box = self._loop, self._outbox
        if loop is not None and box is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(box.put_nowait, None)

    # ---- the network thread ----------------------------------------------------------------
    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        tries = 0
        while not self._stopping:
            try:
                async with connect(self.url, max_size=None, compression=None,
                                   ping_interval=5, ping_timeout=10, open_timeout=10) as ws:
                    await ws.send(self.client.hello())
                    self.status, tries = "joined", 0
                    if await self._pump(ws):
                        break
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
                self.reason = self.reason or f"{type(e).__name__}: {e}"
            if self._stopping or self._refused or self.client.s.token is None or \
                    tries >= self.retries:
                break  # never joined, or the host is gone for good
            tries += 1
            self.status = "reconnecting"
            self._wake()
            await asyncio.sleep(min(8.0, 0.5 * 2 ** tries))
        self.status = "closed"
        self._wake()

    async def _pump(self, ws: ClientConnection) -> bool:
        """Move frames both ways until the link drops (False) or the owner stops (True)."""
        assert self._outbox is not None
        outbox = self._outbox

        async def write() -> bool:
            while True:
                frame = await outbox.get()
                if frame is None:  # the owner stops: hang up now, not at the next frame
                    await ws.close()
                    return True
                await ws.send(frame)

        writer = asyncio.create_task(write())
        try:
            async for frame in ws:
                self.inbox.put(frame if isinstance(frame, str) else frame.decode())
                self._wake()
                if writer.done():
                    break
        except ConnectionClosed:
            pass
        finally:
            if ws.close_reason:
                self.reason = ws.close_reason
            # the host hung up on purpose (a bad code, the seat taken again): no rejoining
            self._refused = ws.close_code == 1008
            stopped = writer.done() and not writer.cancelled() and writer.exception() is None \
                and writer.result()
            writer.cancel()
        return bool(stopped)

    def _wake(self) -> None:
        if self.wake is not None:
            self.wake()
