"""``python -m rules record play|check``: game records without a window.

``play`` saves every intent with the client's autosave (a journal line each, fsynced), so a
SIGKILL at any moment leaves a file that ``check`` accepts and ``play --resume`` continues;
when it stops, the file is written whole as a plain record.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import rules
from rules.agents import AGENTS
from rules.records import (
    RecordError,
    Replayed,
    Session,
    as_played,
    card_changes,
    load_record,
    replay_full,
    save_atomic,
    state_sha256,
)
from rules.records.replay import in_file
from rules.records.trust import outside_places


def result_line(game: str, r: Replayed) -> str:
    w = r.rs.winner(r.state)
    return (f"RESULT game={game} intents={len(r.intents)} winner={'none' if w is None else w} "
            f"state_sha256={state_sha256(r.rs, r.state)}")


def _fail(message: str) -> int:
    print(f"record: {message}", file=sys.stderr)
    return 2


def play(args: argparse.Namespace) -> int:
    out = Path(args.out)
    names = args.agents.split(",")
    if len(names) != 2 or any(n not in AGENTS for n in names):
        return _fail(f"--agents needs two of {sorted(AGENTS)}, got {args.agents!r}")
    try:
        if args.resume and out.exists():
            session, note = Session.resume(out)
            if note:
                print(f"record: {note}", file=sys.stderr)
            if (session.record.game, session.record.seed) != (args.game, args.seed):
                return _fail(f"{out} is a {session.record.game} game with seed "
                             f"{session.record.seed}, not {args.game} with seed {args.seed}")
        elif out.exists() and not args.force:
            return _fail(f"{out} exists: --resume to continue it or --force to replace it")
        else:
            session = Session.new(args.game, args.seed, autosave=out, players=tuple(names))
    except RecordError as e:
        return _fail(e.message)
    rs = session.rs
    while (p := rs.to_act(session.state)) is not None:
        step = len(session.record.intents)
        if args.max_intents is not None and step >= args.max_intents:
            break
        # An agent seeded by (seed, step) makes the same choice after a resume.
        agent = AGENTS[names[p]](args.seed * 1_000_003 + step)
        view = session.state if names[p] == "random" else rs.view(session.state, p)
        session.apply(agent.choose(rs, view, rs.legal_intents(session.state)))
        if args.progress:
            print(f"saved {step + 1}", flush=True)
        if args.delay:
            time.sleep(args.delay)
    try:
        save_atomic(out, session.record)
    except OSError as e:  # the journal holds the game all the same
        print(f"record: {out}: could not write it whole ({e.strerror or e})", file=sys.stderr)
    print(result_line(args.game, session.replayed))
    return 0


def check(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.path)
    except RecordError as e:
        return _fail(e.message)
    outside = outside_places(record, [Path(f) for f in args.trust_folder])
    if outside and not args.trust_folders:
        return _fail(f"{args.path}: the record reads outside the shipped packs "
                     f"({'; '.join(outside)}); nothing was read there. Pass --trust-folders "
                     "(or --trust-folder DIR) if you trust it")
    try:
        changes = card_changes(record)
        if changes:
            how = "as played (the record keeps its cards)" if as_played(record) \
                else "with the current cards"
            print(f"record: note: {changes.describe()}; replaying {how}", file=sys.stderr)
        r = replay_full(record)
    except RecordError as e:
        return _fail(in_file(e, args.path).message)
    print(result_line(record.game, r))
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("record", help="play agents into a record file, or check one")
    rec = p.add_subparsers(dest="record_command", required=True)
    pl = rec.add_parser("play", help="play agents, writing the record after every intent")
    pl.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--agents", default="random,random",
                    help=f"two of {sorted(AGENTS)}, comma-separated")
    pl.add_argument("--out", required=True, help="the record file (written atomically)")
    pl.add_argument("--resume", action="store_true", help="continue the game in --out")
    pl.add_argument("--force", action="store_true", help="replace an existing --out")
    pl.add_argument("--delay", type=float, default=0.0, help="seconds to wait per intent")
    pl.add_argument("--max-intents", type=int, default=None, help="stop after this many")
    pl.add_argument("--progress", action="store_true", help="print 'saved N' per intent")
    pl.set_defaults(run=play)
    ch = rec.add_parser("check", help="load and replay a record, print its RESULT line")
    ch.add_argument("path")
    ch.add_argument("--trust-folders", action="store_true",
                    help="read the pack and deck folders the record names, wherever they are")
    ch.add_argument("--trust-folder", action="append", default=[], metavar="DIR",
                    help="also read packs and decks under DIR (repeatable)")
    ch.set_defaults(run=check)
