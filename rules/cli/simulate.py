"""``playtable simulate`` (also ``python -m rules simulate``): many games between agents, and
which cards win more when played; or a paired experiment: what a change of the cards does to
the win rate (--variant, --without/--instead, --compare, --variants, --ablate). Writes
report/report.html, summary.json, cards.csv and games.jsonl."""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import rules
from rules.cli.check import check_command
from rules.core.errors import DataError
from rules.core.options import from_text
from rules.sim.runner import CONNECT_TIMEOUT
from rules.sim.simulation import MAX_WORKERS, Request, check, prepare, simulate


class ProgressBar:
    """``[#####     ] 312/1000  41.2 games/s  17 s left`` on one line of ``out`` (a new
    line every tenth of the run when ``out`` is not a terminal). The pace is taken from the
    first game's end on, so the workers' start does not stretch the time left."""

    def __init__(self, out: TextIO, width: int = 30) -> None:
        self.out, self.width = out, width
        self.start = time.perf_counter()
        self.first: tuple[float, int] | None = None
        self.tty = out.isatty()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.first is None:
            self.first = (now, done)
        tenth = done * 10 // total
        if not self.tty and tenth == self.shown and done < total:
            return
        self.shown = tenth
        since, before = self.first
        rate = (done - before) / (now - since) if done > before and now > since else 0.0
        left = f"{(total - done) / rate:.0f} s left" if rate else "… s left"
        filled = self.width * done // total
        line = (f"[{'#' * filled}{' ' * (self.width - filled)}] {done}/{total}  "
                f"{rate:.1f} games/s  {left}")
        self.out.write(f"\r{line}" if self.tty else f"{line}\n")
        if self.tty and done == total:
            self.out.write("\n")
        self.out.flush()


def pair(text: str, what: str) -> tuple[str, str]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"--{what}: need two comma-separated names, got {text!r}")
    return parts[0], parts[1]


def shared_deck(text: str, title: str) -> str:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 1 or not parts[0]:
        raise ValueError(f"--decks: {title} plays from one shared deck: give one name, got "
                         f"{text!r}")
    return parts[0]


def run(args: argparse.Namespace) -> int:
    if args.pack is not None:
        found = io.StringIO()
        if check_command(Path(args.pack), args.game, out=found) != 0:
            print(f"simulate: the pack {args.pack} has problems; nothing was run:",
                  file=sys.stderr)
            print(found.getvalue().rstrip(), file=sys.stderr)
            return 1
    try:
        info = rules.registry.info(args.game)
        options = from_text(info.options, args.option, info.title)
        decks = None
        if args.decks and info.shared_deck:  # one deck both players draw from
            options["decks"] = [shared_deck(args.decks, info.title)]
        elif args.decks:
            decks = pair(args.decks, "decks")
        req = Request(game=args.game, games=args.games, seed=args.seed, options=options,
                      decks=decks,
                      agents=pair(args.agents, "agents"),
                      pack=Path(args.pack) if args.pack is not None else None,
                      workers=args.workers, scheduler=args.scheduler,
                      connect_timeout=args.connect_timeout, out=Path(args.out),
                      confidence=args.confidence, family_wise=not args.per_card,
                      variants=tuple(args.variant or ()), without=args.without,
                      instead=args.instead, within=args.within,
                      compare=Path(args.compare) if args.compare else None,
                      variant_file=Path(args.variants) if args.variants else None,
                      ablate=args.ablate, stand_in=args.stand_in, suggest=args.suggest,
                      suggest_fields=tuple(f.strip() for f in (args.suggest_fields or "")
                                           .split(",") if f.strip()))
        if req.compare is not None and check_command(req.compare, args.game,
                                                     out=io.StringIO()) != 0:
            found = io.StringIO()
            check_command(req.compare, args.game, out=found)
            print(f"simulate: the pack {req.compare} (--compare) has problems; nothing was "
                  "run:", file=sys.stderr)
            print(found.getvalue().rstrip(), file=sys.stderr)
            return 1
        check(req)
        prepare(dataclasses.replace(req, suggest=False, suggest_fields=()))
    except ValueError as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    except DataError as e:
        print("simulate: " + "\n".join(e.errors), file=sys.stderr)
        return 2
    start = time.perf_counter()
    bar = None if args.quiet else ProgressBar(sys.stderr)
    try:
        outcome = simulate(req, bar)
    except (RuntimeError, OSError) as e:  # no Dask for --scheduler, or no scheduler there
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    if outcome.interrupted:
        print("\nsimulate: stopped; the report holds the games done so far", file=sys.stderr)
    print("\n".join(outcome.headline()))
    print(f"report: {outcome.files['html']} (and summary.json)")
    s = outcome.summary
    done = sum(a["games_done"] for a in s["experiment"]["arms"]) if s.get("experiment") \
        else s["games_done"]
    print(f"RESULT games={done} seconds={seconds:.1f} flagged={len(s['flagged'])} "
          f"errors={s['outcomes']['errors']}", flush=True)
    return 130 if outcome.interrupted else 0


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    p.add_argument("--pack", default=None, metavar="PATH",
                   help="a card pack folder (default: the shipped pack); checked first")
    p.add_argument("--decks", default=None, metavar="A,B",
                   help="the two decks (default: the game's first two); A,A for a mirror; "
                        "one name for a game whose players share a deck")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="one of the game's own options, checked against it (repeat for more)")
    p.add_argument("--agents", default="greedy,greedy", metavar="X,Y",
                   help="the agents of deck A and deck B (they swap decks every other pair "
                        "of games): random, greedy, search, search:LEVEL (default: "
                        "greedy,greedy)")
    p.add_argument("--games", type=int, default=1000,
                   help="how many (default 1000); in an experiment, how many pairs: every "
                        "arm plays this many games, the same ones")
    p.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, MAX_WORKERS),
                   help=f"processes playing games at once, 1 to {MAX_WORKERS}, never more "
                        "than the games (default: one per core)")
    p.add_argument("--seed", type=int, default=0, help="game n has seed SEED + n")
    p.add_argument("--out", default="report", metavar="FOLDER",
                   help="where report.html, summary.json and example games go")
    p.add_argument("--confidence", type=float, default=0.95,
                   help="of the intervals (default 0.95)")
    p.add_argument("--per-card", action="store_true",
                   help="per-card intervals without the family-wise (Bonferroni) correction: "
                        "more flags, more of them by chance")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run the games on this Dask distributed scheduler (pip install "
                        "'playtable[cluster]')")
    p.add_argument("--connect-timeout", type=float, default=CONNECT_TIMEOUT, metavar="SECONDS",
                   help="how long the scheduler has to answer (default "
                        f"{CONNECT_TIMEOUT:g})")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    e = p.add_argument_group("paired experiments (one at a time; see docs/playtesting.md)")
    e.add_argument("--variant", action="append", metavar="CARD.FIELD=VALUE",
                   help="what if a card's field had this value: the same games with the card "
                        "changed (repeat it, or separate with commas, for more fields)")
    e.add_argument("--without", metavar="CARD",
                   help="what if this card were taken out: every copy replaced in its places "
                        "by --instead CARD (default: the game's blank card)")
    e.add_argument("--instead", metavar="CARD", help="the card that replaces --without")
    e.add_argument("--in", dest="within", metavar="DECK",
                   help="--without in this deck only (A, B or its name)")
    e.add_argument("--compare", metavar="PACK",
                   help="the same games with another pack folder (an edited copy)")
    e.add_argument("--variants", metavar="FILE",
                   help="a TOML file of [[variant]] tables, each one arm against the pack")
    e.add_argument("--ablate", metavar="DECK",
                   help="what each card of this deck (A, B or its name) brings: each taken out "
                        "in turn, ranked by how much the deck's win rate drops")
    e.add_argument("--stand-in", metavar="CARD",
                   help="the card --ablate puts in a card's places (default: the game's blank "
                        "card of the same type and cost)")
    e.add_argument("--suggest", action="store_true",
                   help="search the single changes (a card's number moved by 1 or 2 steps) "
                        "that bring the two decks closest to even; the six best are played "
                        "again on --games fresh pairs each and the three closest reported")
    e.add_argument("--suggest-fields", metavar="F,G",
                   help="--suggest among these fields only (e.g. attack,defense,cost)")


def main(argv: list[str]) -> int:
    """``playtable simulate ...``."""
    p = argparse.ArgumentParser(prog="playtable simulate", description=__doc__)
    add_arguments(p)
    return run(p.parse_args(argv))


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="balance simulation: which card is too strong")
    add_arguments(p)
    p.set_defaults(run=run)
