"""Network play's figures (docs/network-play.md), on this machine, loopback only.

    PYTHONPATH=$PWD python tools/bench_net.py [--games 3] [--idle-s 10]

- ``rtt``: an intent's round trip over a real websocket on 127.0.0.1, from the client's send
  to the updated view read (parsed and loaded into a view state) in the client: p50 and p95,
  greedy against random in Kyoukai (the host in a thread of this process, the client in a
  subprocess, so they do not share a core's interpreter lock).
- ``traffic``: every frame the host sends one seat over a whole random game, in kB, per game
  (mean of ``--games`` games; the host's frames counted at the sans-IO edge, as sent).
- ``host_cpu``: the host's CPU time per accepted intent and per game with 2 players and 10
  spectators joined (Kyoukai, random games).
- ``idle``: CPU of a headless client connected and waiting for the other seat, in % of a core.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
from game.net.server import HostServer, new_host  # noqa: E402
from rules.net.limits import Limits  # noqa: E402
from tests.net.wiring import play_random, table  # noqa: E402

FAST = Limits(intents_per_s=1e6, intent_burst=10**6)


def traffic(games: int) -> dict[str, float]:
    out = {}
    for game in sorted(rules.GAMES):
        kb = []
        for seed in range(games):
            t = table(game, seed=seed, limits=FAST)
            play_random(t, 20_000, random.Random(seed))
            kb.append(sum(len(x) for x in t.sent[0]) / 1000)
        out[game] = statistics.mean(kb)
    return out


def host_cpu(games: int) -> tuple[float, float]:
    per_intent, per_game = [], []
    for seed in range(games):
        t = table("kyoukai", seed=seed, spectators=10, limits=FAST)
        rng = random.Random(seed)
        clients = t.clients
        spent = 0.0
        n = 0
        while True:
            acting = next((c for c in (0, 1) if clients[c].my_turn()), None)
            if acting is None:
                break
            c = clients[acting]
            _, frame = c.intent(rng.choice(c.s.legal))
            start = time.process_time()
            out = t.host.receive(acting, frame, t.now)
            spent += time.process_time() - start
            t.deliver(out)
            n += 1
        per_intent.append(spent / n * 1000)
        per_game.append(spent)
    return statistics.mean(per_intent), statistics.mean(per_game)


def rtt() -> tuple[float, float, int]:
    folder = Path(tempfile.mkdtemp())
    host = new_host("kyoukai", folder, seed=11, limits=FAST)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    url = f"ws://127.0.0.1:{server.port}"
    code = (
        "import asyncio, json, sys\n"
        "from game.net.player import play\nfrom rules.net.client import Client\n"
        "t = []\n"
        f"r = asyncio.run(play({url!r}, Client('a', {host.code!r}, 0), 'greedy', 0, "
        "timings=t))\nprint(json.dumps(t))\n")
    timed = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                             text=True)
    other = subprocess.Popen([sys.executable, "-m", "game.net.player", url, "--code",
                              host.code, "--seat", "1"], cwd=ROOT, stdout=subprocess.PIPE)
    times = json.loads(timed.communicate(timeout=600)[0].strip().splitlines()[-1])
    other.communicate(timeout=60)
    server.stop()
    ms = sorted(x * 1000 for x in times)
    return ms[len(ms) // 2], ms[int(len(ms) * 0.95)], len(ms)


def idle(seconds: float) -> float:
    folder = Path(tempfile.mkdtemp())
    host = new_host("bos", folder, seed=1)
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    url = f"ws://127.0.0.1:{server.port}"
    # seat 1 joins and waits: seat 0 (to act first or not) never comes
    p = subprocess.Popen([sys.executable, "-m", "game.net.player", url, "--code", host.code,
                          "--seat", "1"], cwd=ROOT, stdout=subprocess.DEVNULL)
    time.sleep(3)  # imports and the join done
    before = _cpu(p.pid)
    time.sleep(seconds)
    used = _cpu(p.pid) - before
    p.kill()
    server.stop()
    return used / seconds * 100


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--idle-s", type=float, default=10.0)
    a = ap.parse_args()
    p50, p95, n = rtt()
    print(f"RESULT rtt_ms p50={p50:.1f} p95={p95:.1f} intents={n}", flush=True)
    for game, kb in traffic(a.games).items():
        print(f"RESULT traffic game={game} kB_per_seat_per_game={kb:.0f}", flush=True)
    per_intent, per_game = host_cpu(a.games)
    print(f"RESULT host_cpu players=2 spectators=10 ms_per_intent={per_intent:.1f} "
          f"s_per_game={per_game:.1f}", flush=True)
    print(f"RESULT idle_client cpu_percent={idle(a.idle_s):.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
