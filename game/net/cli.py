"""``playtable host --game G [--port P]``: a headless host for a designer's playtest server."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

import rules
from game.net.server import HostFiles, continue_host, new_host, run_forever
from game.userdata import data_dir

DEFAULT_PORT = 47370


def hosted_folder(game: str) -> Path:
    """Where a hosted game of ``game`` keeps its record and seats (Continue reads it)."""
    return data_dir() / "hosted" / game


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="playtable host", description=(
        "Host a network game without a window: two players join it from their menus (Join) "
        "with the address and the join code printed here."))
    ap.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    ap.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}")
    ap.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    ap.add_argument("--seed", type=int, default=None, help="default: a random one")
    ap.add_argument("--folder", type=Path, default=None,
                    help="where the record and the seats are kept (default: the user data)")
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help="go on with the game hosted in that folder (after a crash): the "
                    "players rejoin with their seats")
    ap.add_argument("--computer-after", type=float, default=None, metavar="SECONDS",
                    help="hand a seat that owes a decision to the computer after it has been "
                    "away this long")
    ap.add_argument("--name", default=socket.gethostname(),
                    help="the host's name the LAN's join lists show (never the join code)")
    ap.add_argument("--table", default=None,
                    help="the hosted game's name in the LAN's join lists (default: "
                    "\"<name>'s table\"; up to 40 printable characters)")
    ap.add_argument("--no-announce", action="store_true", help="do not announce on the LAN")
    a = ap.parse_args(argv)
    from game.net.discovery import default_table, table_name_problem

    table = default_table(a.name) if a.table is None else a.table.strip()
    problem = table_name_problem(table)
    if problem is not None:
        ap.error(f"--table: {problem}")
    folder = a.folder or hosted_folder(a.game)
    kw = {"computer_after": a.computer_after}
    if a.resume:
        if not HostFiles(folder).record.exists():
            ap.error(f"no hosted game in {folder}")
        host = continue_host(folder, **kw)
    else:
        host = new_host(a.game, folder, a.seed, **kw)
    run_forever(host, a.port, a.bind, None if a.no_announce else a.name, table)
    return 0
