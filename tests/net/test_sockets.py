"""Network play over real sockets on 127.0.0.1: whole games between two client processes, and
the faults: a killed client, an aborted link, a link that stops forwarding, a slow link, a
host that crashes and continues. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

import rules
from game.net.player import play
from game.net.server import HostFiles, HostServer, continue_host, new_host
from rules.net.client import Client
from rules.net.limits import Limits
from rules.records.replay import replay_full
from tests.net.proxy import Proxy

ROOT = Path(__file__).resolve().parents[2]
GAME_S = 240  # a whole game of two processes, on a loaded machine
# Computer players decide faster than a person: a whole game in seconds, not minutes.
FAST = Limits(intents_per_s=1000.0, intent_burst=1000)


def _player(url: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "game.net.player", url, *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _result(p: subprocess.Popen[str]) -> dict[str, object]:
    out, err = p.communicate(timeout=GAME_S)
    assert p.returncode == 0, (out[-1000:], err[-2000:])
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _replays_locally(host_folder: Path, host_state_dump: str, game: str) -> None:
    """The host's record, replayed here from its seed and intents, ends in the same state."""
    from rules.records.store import load_autosave

    record, _ = load_autosave(HostFiles(host_folder).record)
    rs = rules.get(game)
    state = rs.new_game(seed=record.seed, options=record.options)
    for data in record.intents:
        state = rs.apply(state, rs.parse_intent(data)).state
    assert rs.dump(state) == host_state_dump
    assert rs.dump(replay_full(record).state) == host_state_dump


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[HostServer]:
    game, seed = request.param
    server = HostServer(new_host(game, tmp_path / "host", seed=seed, limits=FAST), 0,
                        "127.0.0.1")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _game_between_processes(server: HostServer, folder: Path, agents: tuple[str, str]) -> None:
    url, host = f"ws://127.0.0.1:{server.port}", server.host
    ps = [_player(url, "--code", host.code, "--seat", str(s), "--agent", agents[s],
                  "--seed", str(s)) for s in (0, 1)]
    results = [_result(p) for p in ps]
    assert all(r["over"] for r in results)
    assert results[0]["version"] == results[1]["version"] == host.version
    assert results[0]["winner"] == results[1]["winner"] == host.rs.winner(host.state)
    _replays_locally(folder, host.rs.dump(host.state), host.rs.name)


@pytest.mark.parametrize("served", [("bos", 3)], indirect=True)
def test_two_processes_play_a_whole_game(served: HostServer, tmp_path: Path) -> None:
    _game_between_processes(served, tmp_path / "host", ("random", "greedy"))


@pytest.mark.slow
@pytest.mark.parametrize("served", [(g, 7) for g in sorted(rules.GAMES)], indirect=True,
                         ids=sorted(rules.GAMES))
def test_two_processes_play_a_whole_game_of_every_game(served: HostServer,
                                                       tmp_path: Path) -> None:
    _game_between_processes(served, tmp_path / "host", ("greedy", "random"))


@pytest.mark.parametrize("served", [("nullshapers", 5)], indirect=True)
def test_a_killed_client_rejoins_by_token(served: HostServer, tmp_path: Path) -> None:
    url, host = f"ws://127.0.0.1:{served.port}", served.host
    other = _player(url, "--code", host.code, "--seat", "1", "--seed", "1")
    doomed = _player(url, "--code", host.code, "--seat", "0", "--stop-after", "3")
    assert doomed.stdout is not None
    line = json.loads(doomed.stdout.readline())  # played 3 intents, now hangs
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(10)
    deadline = time.monotonic() + 30
    while host.seats[0].conn is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert host.seats[0].conn is None  # the host saw the seat go
    back = _player(url, f"--token={line['token']}", "--seed", "2")
    results = [_result(back), _result(other)]
    assert results[0]["seat"] == 0 and all(r["over"] for r in results)
    _replays_locally(tmp_path / "host", host.rs.dump(host.state), "nullshapers")


async def _join_and_wait(url: str, client: Client, until: float) -> str:
    """Join, then read until the host closes the link; the reason it gave."""
    async with connect(url, ping_interval=None) as ws:
        await ws.send(client.hello())
        try:
            while time.monotonic() < until:
                client.receive(await asyncio.wait_for(ws.recv(), until - time.monotonic()))
        except Exception as e:  # noqa: BLE001 - the close is what this waits for
            return type(e).__name__
    return "timeout"


@pytest.mark.parametrize("served", [("kyoukai", 2)], indirect=True)
def test_a_link_the_host_aborts_rejoins(served: HostServer) -> None:
    url, host = f"ws://127.0.0.1:{served.port}", served.host
    client = Client("Ann", host.code, 0)

    async def scenario() -> None:
        task = asyncio.create_task(_join_and_wait(url, client, time.monotonic() + 20))
        while host.seats[0].conn is None:
            await asyncio.sleep(0.02)
        served.abort(host.seats[0].conn)
        assert await task == "ConnectionClosedError"
        again = Client(token=client.s.token)
        async with connect(url) as ws:
            await ws.send(again.hello())
            while again.s.version < 0:
                again.receive(await asyncio.wait_for(ws.recv(), 10))
        assert again.s.seat == 0

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_link_that_stops_forwarding_is_noticed_by_the_keepalive(tmp_path: Path) -> None:
    host = new_host("bos", tmp_path / "host", seed=1)
    server = HostServer(host, 0, "127.0.0.1", ping_s=0.5, ping_timeout_s=1.0)
    server.start()
    try:
        with Proxy(server.port) as proxy:
            client = Client("Ann", host.code, 0)

            async def scenario() -> None:
                task = asyncio.create_task(_join_and_wait(
                    f"ws://127.0.0.1:{proxy.port}", client, time.monotonic() + 30))
                while host.seats[0].conn is None:
                    await asyncio.sleep(0.02)
                proxy.forwarding = False  # the cable is pulled: nothing closes, nothing flows
                start = time.monotonic()
                while host.seats[0].conn is not None and time.monotonic() - start < 20:
                    await asyncio.sleep(0.05)
                assert host.seats[0].conn is None
                proxy.forwarding = True
                task.cancel()

            asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        server.stop()


@pytest.mark.parametrize("served", [("bos", 4)], indirect=True)
def test_a_whole_game_over_a_slow_link(served: HostServer, tmp_path: Path) -> None:
    host = served.host
    with Proxy(served.port, delay_s=0.03) as proxy:
        url = f"ws://127.0.0.1:{proxy.port}"
        clients = [Client("Ann", host.code, 0), Client("Bo", host.code, 1)]

        async def both() -> list[dict[str, object]]:
            return await asyncio.gather(*(play(url, c, "random", s)
                                          for s, c in enumerate(clients)))

        results = asyncio.run(asyncio.wait_for(both(), GAME_S))
    assert all(r["over"] for r in results)
    _replays_locally(tmp_path / "host", host.rs.dump(host.state), "bos")


def test_the_host_crashes_and_continues(tmp_path: Path) -> None:
    folder = tmp_path / "host"
    port = _free_port()
    cmd = [sys.executable, "-m", "game", "host", "--game", "bos", "--port", str(port),
           "--bind", "127.0.0.1", "--seed", "6", "--folder", str(folder), "--no-announce"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    hosted = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    assert hosted.stdout is not None
    banner = hosted.stdout.readline()
    code = banner.rsplit(" ", 1)[-1].strip()
    url = f"ws://127.0.0.1:{port}"
    ps = [_player(url, "--code", code, "--seat", str(s), "--stop-after", "4") for s in (0, 1)]
    assert ps[0].stdout is not None
    json.loads(ps[0].stdout.readline())  # seat 1 acknowledged 4 intents: all on disk
    deadline = time.monotonic() + 60
    while None in HostFiles(folder).load_seats()[1] and time.monotonic() < deadline:
        time.sleep(0.05)  # both seats taken before the crash, so both rejoin by token
    hosted.send_signal(signal.SIGKILL)  # the host dies mid-game
    hosted.wait(10)
    for p in ps:
        p.kill()
        p.wait(10)
    _, tokens = HostFiles(folder).load_seats()
    assert None not in tokens
    host = continue_host(folder, limits=FAST)
    played = len(host.session.record.intents)
    assert played >= 4  # every acknowledged intent was on disk
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    try:
        url = f"ws://127.0.0.1:{server.port}"
        results = [_result(p) for p in [_player(url, f"--token={tokens[s]}", "--seed",
                                                str(s)) for s in (0, 1)]]
        assert all(r["over"] for r in results)
        assert len(host.session.record.intents) > played
        _replays_locally(folder, host.rs.dump(host.state), "bos")
    finally:
        server.stop()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
