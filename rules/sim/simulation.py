"""A whole simulation: check what was asked, plan the games, run them, write report/.

The command line (``playtable simulate``) and the client's deck screen both call
``simulate``."""

from __future__ import annotations

import csv
import dataclasses
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from rules.agents import make_agent
from rules.sim import plots
from rules.sim.examples import ExampleKeeper, write_examples
from rules.sim.match import GameResult
from rules.sim.plan import Match, deck_names, plan
from rules.sim.report import headline, render
from rules.sim.runner import CONNECT_TIMEOUT, check_address, run_cluster, run_local
from rules.sim.summary import Settings, summarize

Progress = Callable[[int, int], None]  # (games done, games in all)
# Worker processes one run may ask for: past the cores they only wait on each other, and each
# costs its memory and a second's start (docs/playtesting.md "Simulation").
MAX_WORKERS = 256


@dataclass(frozen=True)
class Request:
    game: str
    games: int = 1000
    seed: int = 0
    decks: tuple[str, str] | None = None  # None: the game's default pair
    # the game's own options (``--option``; a shared-deck game's deck is ``decks`` here)
    options: Mapping[str, Any] = field(default_factory=dict)
    agents: tuple[str, str] = ("greedy", "greedy")
    pack: Path | None = None  # None: the shipped pack
    deck_folder: Path | None = None  # more decks (the player's own, as the deck screen saves)
    workers: int = 2
    scheduler: str | None = None  # a Dask scheduler address: run there instead
    connect_timeout: float = CONNECT_TIMEOUT  # seconds the scheduler has to answer
    out: Path = Path("report")
    confidence: float = 0.95
    family_wise: bool = True


@dataclass
class Outcome:
    summary: dict[str, Any]
    interrupted: bool
    files: dict[str, Path] = field(default_factory=dict)  # "html", "json" -> path

    def headline(self) -> list[str]:
        return headline(self.summary)


def prepare(req: Request) -> tuple[list[Match], Settings]:
    """The planned games and the report's settings; ValueError or DataError saying what is
    wrong with the request (an unknown game, deck or agent)."""
    if req.game not in rules.GAMES:
        raise ValueError(f"--game: unknown game {req.game!r}; known: {', '.join(rules.GAMES)}")
    if req.games < 1:
        raise ValueError(f"--games: need at least 1, got {req.games}")
    if not 1 <= req.workers <= MAX_WORKERS:
        raise ValueError(f"--workers: need 1 to {MAX_WORKERS} processes, got {req.workers} "
                         f"(one per core is the most that helps; more than the games are "
                         f"never started)")
    if not 0.0 < req.confidence < 1.0:  # also refuses nan, which compares false
        raise ValueError(f"--confidence: need a number between 0 and 1 (0.95 for 95 %), "
                         f"got {req.confidence}")
    if req.scheduler is not None:
        check_address(req.scheduler)
        if not 0.0 < req.connect_timeout < math.inf:
            raise ValueError(f"--connect-timeout: need a number of seconds above 0, got "
                             f"{req.connect_timeout}")
    for spec in req.agents:
        make_agent(spec, game=req.game)  # ValueError naming an unknown agent
    options: dict[str, Any] = dict(req.options)
    if req.pack is not None:
        options["pack"] = str(req.pack.resolve())
    if req.deck_folder is not None:
        options["deck_folder"] = str(req.deck_folder.resolve())
    rs = rules.get(req.game)
    decks = deck_names(rs, options, req.decks)
    settings = Settings(req.game, decks, req.agents, req.seed, req.games,
                        str(req.pack) if req.pack is not None else None, req.confidence,
                        req.family_wise)
    return plan(req.game, req.games, req.seed, decks, req.agents, options), settings


def simulate(req: Request, progress: Progress | None = None) -> Outcome:
    """Runs the games and writes ``req.out``/summary.json, report.html, cards.csv and the
    records of the flagged cards' example games. Ctrl+C (KeyboardInterrupt) stops the games
    and writes the report of those done."""
    matches, settings = prepare(req)
    results: list[GameResult] = []
    keeper = ExampleKeeper()

    def on_result(r: GameResult) -> None:
        keeper.add(r)
        results.append(dataclasses.replace(r, choices=b""))  # the keeper holds what it needs
        if progress is not None:
            progress(len(results), len(matches))

    if req.scheduler or req.workers > 1:
        plots.import_meanwhile()  # this process only waits for the games
    if req.scheduler:
        complete = run_cluster(req.scheduler, matches, on_result,
                               timeout=req.connect_timeout)
    else:
        complete = run_local(matches, req.workers, on_result)
    summary = summarize(results, settings, interrupted=not complete)
    return Outcome(summary, not complete, write(req.out, summary, matches, keeper))


def link_faces(out: Path, faces: dict[str, str]) -> Path:
    """Rewrites ``out``/report.html with each card's name linking to its face (card key ->
    an image path relative to ``out``): the client draws the faces after the run."""
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    files = {int(g): f for g, f in summary.get("example_files", {}).items()}
    html_path = out / "report.html"
    html_path.write_text(render(summary, files, faces), encoding="utf-8")
    return html_path


CSV_COLUMNS = ["group", "card", "name", "decks", "played_games", "played_wins",
               "played_rate", "not_played_games", "not_played_wins", "not_played_rate",
               "difference", "difference_raw", "lo", "hi", "flag", "example_seeds"]


def write_csv(path: Path, summary: dict[str, Any]) -> None:
    """The per-card table for a spreadsheet, one row a card, as the page sorts them."""
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)
        for r in summary["cards"]:
            shown = r["examples"]["lost" if r["flag"] == "weak" else "won"]
            w.writerow([r["group"], r["card"], r["name"], "; ".join(r["decks"]),
                        r["played"]["games"], r["played"]["wins"], r["played"]["rate"],
                        r["not_played"]["games"], r["not_played"]["wins"],
                        r["not_played"]["rate"], r["difference"], r["difference_raw"],
                        r["lo"], r["hi"], r["flag"], " ".join(str(e["seed"]) for e in shown)])


def write(out: Path, summary: dict[str, Any], matches: list[Match],
          keeper: ExampleKeeper) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    shown = sorted({e["game"] for r in summary["cards"] if r["flag"]
                    for e in r["examples"]["won" if r["flag"] == "strong" else "lost"]})
    by_index = {m.index: m for m in matches}
    files = write_examples(out / "games", [by_index[g] for g in shown], keeper)
    summary["example_files"] = {str(g): f for g, f in sorted(files.items())}
    write_csv(out / "cards.csv", summary)
    json_path, html_path = out / "summary.json", out / "report.html"
    json_path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n",
                         encoding="utf-8")
    html_path.write_text(render(summary, files), encoding="utf-8")
    return {"json": json_path, "html": html_path}

