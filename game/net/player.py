"""A headless seat: joins a host and plays with a computer agent until the game ends
(``python -m game.net.player``). The real-socket tests run two of these as processes."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from rules.agents.levels import make_agent
from rules.net.client import Client

WAIT_S = 30.0  # a game that hears nothing this long from the host has lost it
BACK_OFF_S = 0.25


async def play(url: str, client: Client, agent_spec: str = "random", seed: int = 0,
               max_intents: int = 5000, stop_after: int | None = None,
               timings: list[float] | None = None) -> dict[str, Any]:
    """Play the seat until the game is over (or ``stop_after`` intents of ours: a test kills
    the process there). ``timings`` gets each intent's round trip in seconds, from the send to
    the updated view read."""
    agent = make_agent(agent_spec, seed=seed, game=None)
    sent = 0
    async with connect(url, max_size=None, compression=None, ping_interval=5,
                       ping_timeout=10) as ws:
        await ws.send(client.hello())
        await _until(ws, client, lambda: client.s.version >= 0)
        while not client.s.over and sent < max_intents:
            if client.my_turn():
                assert client.rs is not None
                legal = [lg.intent for lg in client.s.legal]
                choice = agent.choose(client.rs, client.s.view, legal)
                pick = client.s.legal[legal.index(choice)]
                version = client.s.version
                seq, frame = client.intent(pick)
                start = time.perf_counter()
                await ws.send(frame)
                await _until(ws, client, lambda s=seq, v=version: s in client.acked and (
                    not client.acked[s] or client.s.version > v))
                if timings is not None and client.acked[seq]:
                    timings.append(time.perf_counter() - start)
                if not client.acked[seq]:
                    await asyncio.sleep(BACK_OFF_S)  # over the host's rate, or a race lost
                sent += 1
                if stop_after is not None and sent >= stop_after:
                    print(json.dumps({"stopped": sent, "token": client.s.token}), flush=True)
                    await asyncio.sleep(3600)
            else:
                await _until(ws, client, lambda: client.my_turn() or client.s.over)
    return {"seat": client.s.seat, "version": client.s.version, "winner": client.s.winner,
            "over": client.s.over, "sent": sent, "log": sum(len(x) for x in client.s.log)}


async def _until(ws: ClientConnection, client: Client, done: Any) -> None:
    while not done():
        frame = await asyncio.wait_for(ws.recv(), WAIT_S)
        client.receive(frame)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.net.player")
    ap.add_argument("url")
    ap.add_argument("--code", default="")
    ap.add_argument("--seat", type=int, choices=(0, 1), default=None)
    ap.add_argument("--token", default=None)
    ap.add_argument("--agent", default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--stop-after", type=int, default=None)
    a = ap.parse_args(argv)
    client = Client(f"player {a.seat}", a.code, a.seat, a.token)
    try:
        result = asyncio.run(play(a.url, client, a.agent, a.seed, stop_after=a.stop_after))
    except (ConnectionClosed, OSError, TimeoutError) as e:
        print(json.dumps({"error": f"{type(e).__name__}: {e}", "version": client.s.version,
                          "to_act": client.s.to_act, "seat": client.s.seat,
                          "presence": client.s.presence, "note": client.s.note}), flush=True)
        return 1
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
