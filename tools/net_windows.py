"""Two real windows of a network game side by side on one X screen (Xvfb), screenshotted at
the same moment: each seat's table should show only its own hand.

    PYTHONPATH=$PWD python tools/net_windows.py --out /tmp/net [--game kyoukai] [--moves 6]

Starts ``Xvfb`` on a free display (2560x720), hosts the game on loopback, opens one window per
seat (the real program's table over the network, 1280x720 each, side by side), plays
``--moves`` moves through the tables, waits until both windows show the same version, grabs
the whole screen once (ImageMagick ``import``) and cuts it into ``seat1.png`` and
``seat2.png`` (and ``both.png``). Prints one JSON line per seat: the version it shows, how many
of its own hand's cards it sees and how many of the other hand's it sees (0 is right).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
W, H = 1280, 720


def window(seat: int, port: int, code: str, moves: int, out: Path, seconds: float) -> int:
    """One seat's window (run as its own process): join, play its moves, then keep drawing
    and writing what it shows to ``out`` until killed or ``seconds`` pass."""
    os.environ["SDL_VIDEO_WINDOW_POS"] = f"{seat * W},0"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PLAYTABLE_DATA"] = tempfile.mkdtemp(prefix="playtable-netwin-")
    from game.app import App
    from game.net.link import Link
    from game.net.session import NetSession, joined
    from game.scenes.net_table import NetTableScene
    from game.session import GameConfig
    from rules.net.client import Client

    app = App((W, H), defaults=GameConfig(grace=0.0))
    link = Link(f"ws://127.0.0.1:{port}", Client(("Ann", "Bob")[seat], code, seat), app.wake)
    link.start()
    end = time.monotonic() + seconds
    while not joined(link):
        if time.monotonic() > end:
            return 1
        app.frame(0.016)
        time.sleep(0.02)
    app.start_network(NetSession(link, GameConfig(agent_delay=0.0, grace=0.0)))
    table = app.scene
    assert isinstance(table, NetTableScene)
    while time.monotonic() < end:
        app.frame(0.016)
        net = table.net
        if len(net.intents) < moves and table.legal():
            table.apply(table.legal()[0])
        view, rs = net.state, net.rs
        hidden = rs.manual_table.hidden_card if rs.manual_table else None
        hands = [list(rs.hand(view, p) or []) for p in (0, 1)]
        shown = {"seat": seat, "version": net.client.s.version, "moves": len(net.intents),
                 "own_seen": sum(1 for i in hands[seat] if view.cards[i] != hidden),
                 "own": len(hands[seat]),
                 "other_seen": sum(1 for i in hands[1 - seat] if view.cards[i] != hidden),
                 "other": len(hands[1 - seat])}
        # written whole then renamed: the host reads these files while the windows write them
        part = out.with_suffix(".part")
        part.write_text(json.dumps(shown))
        part.replace(out)
        time.sleep(0.05)
    app.close()
    return 0


def _free_display() -> int:
    for n in range(60, 100):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise SystemExit("no free X display number")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--game", default="kyoukai")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--moves", type=int, default=6)
    ap.add_argument("--window", nargs=4, metavar=("SEAT", "PORT", "CODE", "FILE"),
                    help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.window:
        seat, port, code, file = a.window
        return window(int(seat), int(port), code, a.moves, Path(file), 120.0)
    for tool in ("Xvfb", "import", "convert"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is not installed (Debian: xvfb, imagemagick)")
    from game.net.server import HostServer, new_host

    a.out.mkdir(parents=True, exist_ok=True)
    display = f":{_free_display()}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{2 * W}x{H}x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    host = new_host(a.game, Path(tempfile.mkdtemp(prefix="playtable-nethost-")), a.seed,
                    code=None, rng=random.Random(a.seed))
    server = HostServer(host, 0, "127.0.0.1")
    server.start()
    # real windows on that display, whatever driver the caller chose (tests pick "dummy")
    env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "x11"}
    files = [a.out / f"seat{s + 1}.json" for s in (0, 1)]
    for f in files:
        f.unlink(missing_ok=True)
    wins = [subprocess.Popen([sys.executable, __file__, "--out", str(a.out), "--moves",
                              str(a.moves), "--window", str(s), str(server.port), host.code,
                              str(files[s])], env=env) for s in (0, 1)]
    try:
        shown: list[dict[str, int]] = []
        end = time.monotonic() + 120
        while time.monotonic() < end:
            time.sleep(0.5)
            try:
                shown = [json.loads(f.read_text()) for f in files]
            except (OSError, ValueError):
                continue
            if all(s["moves"] >= a.moves for s in shown) and \
                    shown[0]["version"] == shown[1]["version"] == host.version:
                break
        else:
            raise SystemExit(f"the windows did not reach {a.moves} moves: {shown}")
        time.sleep(1.0)  # both have drawn that version
        both = a.out / "both.png"
        subprocess.run(["import", "-display", display, "-window", "root", str(both)],
                       check=True)
        shown = [json.loads(f.read_text()) for f in files]
        for s in (0, 1):
            subprocess.run(["convert", str(both), "-crop", f"{W}x{H}+{s * W}+0", "+repage",
                            str(a.out / f"seat{s + 1}.png")], check=True)
            print(json.dumps(shown[s]), flush=True)
    finally:
        for w in wins:
            w.kill()
            w.wait(10)
        server.stop()
        xvfb.kill()
        xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
