"""A TCP proxy on 127.0.0.1 for the network tests: it delays every chunk (a slow link) and
can stop forwarding without closing anything (a pulled cable), on its own asyncio thread."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class Proxy:
    def __init__(self, target_port: int, delay_s: float = 0.0) -> None:
        self.target_port, self.delay_s = target_port, delay_s
        self.forwarding = True
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    def __enter__(self) -> Proxy:
        self._thread.start()
        if not self._ready.wait(5):
            raise TimeoutError("proxy did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5)

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        server = await asyncio.start_server(self._pair, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()

    async def _pair(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            tr, tw = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            w.close()
            return
        await asyncio.gather(self._pipe(r, tw), self._pipe(tr, w), return_exceptions=True)

    async def _pipe(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            while True:
                data = await r.read(65536)
                if not data:
                    break
                while not self.forwarding:  # held, not closed: only a keepalive notices
                    await asyncio.sleep(0.05)
                if self.delay_s:
                    await asyncio.sleep(self.delay_s)
                w.write(data)
                await w.drain()
        finally:
            with contextlib.suppress(Exception):
                w.close()
