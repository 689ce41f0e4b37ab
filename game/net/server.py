"""The host's transport: websockets on an asyncio loop in its own thread, moving frames to
and from the sans-IO ``rules.net.host.Host``. Every call into the host happens on that loop,
one at a time, so the host needs no lock.

A slow reader gets its frames from its own queue: one slow link never stalls the others, and a
queue that keeps growing closes that connection (it rejoins with its token).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from rules.net.host import Close, ComputerTurn, Host, Out, Send, make_code
from rules.net.limits import Limits
from rules.net.messages import MAX_MESSAGE
from rules.records.session import Session
from rules.records.store import write_atomic

PING_S = 5.0  # keepalive: a link that stops forwarding is noticed within PING_S + TIMEOUT_S
PING_TIMEOUT_S = 10.0
MAX_QUEUED = 512  # frames waiting for one slow reader before the host hangs up on it
RECORD = "record.playtable"
SEATS = "seats.json"


@dataclass
class HostFiles:
    """Where a hosted game lives on disk: the record (the session's journal, each accepted
    intent fsynced before the seat hears of it) and the seats' tokens and join code."""

    folder: Path

    @property
    def record(self) -> Path:
        return self.folder / RECORD

    @property
    def seats(self) -> Path:
        return self.folder / SEATS

    def save_seats(self, code: str, tokens: list[str | None]) -> None:
        write_atomic(self.seats, json.dumps({"code": code, "tokens": tokens}).encode())

    def load_seats(self) -> tuple[str, list[str | None]]:
        data = json.loads(self.seats.read_text(encoding="utf-8"))
        tokens = data.get("tokens", [])
        if not isinstance(data.get("code"), str) or not isinstance(tokens, list) or \
                not all(t is None or isinstance(t, str) for t in tokens):
            raise ValueError(f"{self.seats}: not a seats file")
        return data["code"], tokens


def new_host(game: str, folder: Path, seed: int | None = None,
             options: dict[str, Any] | None = None, code: str | None = None,
             **kw: Any) -> Host:
    """A new hosted game, its record and seats kept in ``folder``."""
    files = HostFiles(folder)
    folder.mkdir(parents=True, exist_ok=True)
    session = Session.new(game, seed if seed is not None else secrets.randbits(31), options,
                          autosave=files.record)
    code = code or make_code()
    files.save_seats(code, [None, None])
    return Host(session, code, on_seats=lambda t: files.save_seats(code, t), **kw)


def continue_host(folder: Path, **kw: Any) -> Host:
    """The game hosted in ``folder`` as it was when the host stopped (or crashed): the record
    replayed from its journal, the seats' tokens as they were, so the players rejoin."""
    files = HostFiles(folder)
    session, _note = Session.resume(files.record)
    code, tokens = files.load_seats()
    return Host(session, code, tokens=tokens, on_seats=lambda t: files.save_seats(code, t),
                **kw)


class HostServer:
    """Serves one ``Host`` on ``port`` (0: any free port) until ``stop``."""

    def __init__(self, host: Host, port: int = 0, bind: str = "0.0.0.0",
                 on_change: Callable[[], None] | None = None, ping_s: float = PING_S,
                 ping_timeout_s: float = PING_TIMEOUT_S) -> None:
        self.host, self.bind, self.port = host, bind, port
        self.ping_s, self.ping_timeout_s = ping_s, ping_timeout_s
        self.on_change = on_change
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self._queues: dict[int, asyncio.Queue[Out | None]] = {}
        self._sockets: dict[int, ServerConnection] = {}
        self._next = 0
        self._thinking: asyncio.Future[Any] | None = None
        host.inline_computers = False  # decided on a worker thread: the loop keeps serving
        self.error: BaseException | None = None

    # ---- the owner's side ------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        self._thread = threading.Thread(target=self._run, name="playtable-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start")
        if self.error is not None:
            raise self.error

    def stop(self, timeout: float = 5.0) -> None:
        loop, stopped = self.loop, self._stopped
        if loop is not None and stopped is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopped.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[Host], list[Out]]) -> None:
        """Run ``fn`` on the host from another thread (the table's own actions)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(lambda: self._deliver(fn(self.host)))

    def abort(self, conn: int) -> None:
        """Drop one connection at once (tests: the host aborting a link)."""
        sock = self._sockets.get(conn)
        if sock is not None and self.loop is not None:
            self.loop.call_soon_threadsafe(sock.transport.abort)

    # ---- the loop's side -------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:  # noqa: BLE001 - reported to start(), or kept for stop()
            self.error = e
            self._ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        server: Server
        async with serve(self._serve, self.bind, self.port, max_size=MAX_MESSAGE,
                         ping_interval=self.ping_s, ping_timeout=self.ping_timeout_s,
                         close_timeout=self.ping_timeout_s,
                         open_timeout=self.host.limits.handshake_s,
                         compression=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            ticker = asyncio.create_task(self._tick())
            await self._stopped.wait()
            ticker.cancel()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            self._deliver(self.host.tick(time.monotonic()))

    async def _serve(self, ws: ServerConnection) -> None:
        conn = self._next
        self._next += 1
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        queue: asyncio.Queue[Out | None] = asyncio.Queue()
        self._queues[conn], self._sockets[conn] = queue, ws
        writer = asyncio.create_task(self._write(ws, queue))
        try:
            self._deliver(self.host.connect(conn, address, time.monotonic()))
            async for frame in ws:
                self._deliver(self.host.receive(conn, frame, time.monotonic()))
        except ConnectionClosed:
            pass
        finally:
            self._queues.pop(conn, None)
            self._sockets.pop(conn, None)
            queue.put_nowait(None)
            self._deliver(self.host.disconnect(conn, time.monotonic()))
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await asyncio.wait_for(writer, 1.0)

    async def _write(self, ws: ServerConnection, queue: asyncio.Queue[Out | None]) -> None:
        while True:
            out = await queue.get()
            if out is None:
                return
            try:
                if isinstance(out, Close):
                    await ws.close(1008, out.reason[:120])
                    return
                await ws.send(out.text)
            except ConnectionClosed:
                return

    def _deliver(self, outs: list[Out]) -> None:
        for out in outs:
            queue = self._queues.get(out.conn)
            if queue is None:
                continue
            if isinstance(out, Send) and queue.qsize() >= MAX_QUEUED:
                queue.put_nowait(Close(out.conn, "too slow: frames kept piling up"))
                continue
            queue.put_nowait(out)
        if outs and self.on_change is not None:
            self.on_change()
        self._think()

    def _think(self) -> None:
        """A seat handed to the computer that is to act gets its agent's decision, made on a
        worker thread (never the loop's, never the window's), applied back on the loop."""
        loop = self.loop
        if loop is None or (self._thinking is not None and not self._thinking.done()):
            return
        turn = self.host.computer_turn()
        if turn is None:
            return
        rs = self.host.rs

        def decided(done: asyncio.Future[Any], turn: ComputerTurn = turn) -> None:
            if done.cancelled():
                return
            failed = done.exception()
            self._deliver(self.host.computer_played(turn, done.result()) if failed is None
                          else self.host.computer_failed(turn, type(failed).__name__))

        self._thinking = loop.run_in_executor(None, turn.agent.choose, rs, turn.view,
                                              turn.legal)
        self._thinking.add_done_callback(decided)


def run_forever(host: Host, port: int, bind: str = "0.0.0.0",
                announce: str | None = None, table: str | None = None) -> None:
    """Serve ``host`` until interrupted (the headless ``playtable host``), announced on the
    LAN by ``announce`` (the host's name) as ``table`` when given."""
    from game.net.discovery import Announcement, lan_addresses

    server = HostServer(host, port, bind)
    server.start()
    where = ", ".join(f"{a}:{server.port}" for a in lan_addresses())
    print(f"hosting {host.rs.title} at {where}; join code {host.code}", flush=True)
    shown = Announcement(server.port, host.rs.name, announce, table=table) \
        if announce else None
    try:
        while server._thread is not None and server._thread.is_alive():
            server._thread.join(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        if shown is not None:
            shown.close()
        server.stop()


__all__ = ["HostFiles", "HostServer", "Limits", "continue_host", "new_host", "run_forever"]
