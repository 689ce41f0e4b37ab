"""A whole simulation: check what was asked, plan the games, run them, write report/.

A plain run plays the two decks against each other. A paired experiment (``--variant``,
``--without``/``--instead``, ``--compare``, ``--variants FILE``, ``--ablate``) plays every game
once per arm with the same seed, seats and agents, and reports each arm against the pack as it
is, pair by pair.

The command line (``playtable simulate``) and the client's deck screen both call
``simulate``."""

from __future__ import annotations

import dataclasses
import math
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from rules.agents import make_agent
from rules.core.changes import CardChange, broken_rules
from rules.sim import plots
from rules.sim.experiment import (
    Cards,
    ablation_arms,
    compare_arm,
    file_arms,
    label,
    swap_arm,
    variant_arm,
)
from rules.sim.output import write
from rules.sim.plan import BASE, Arm, Plan, deck_names, seated
from rules.sim.report import headline
from rules.sim.run import Run
from rules.sim.runner import CONNECT_TIMEOUT, check_address, run_cluster, run_local
from rules.sim.suggest import (
    FINALISTS,
    candidates,
    finalists,
    probe_games,
    screen,
    screen_games,
    search_summary,
)
from rules.sim.summary import Settings

Progress = Callable[[int, int], None]  # (games done, games in all)
# Worker processes one run may ask for: past the cores they only wait on each other, and each
# costs its memory and a second's start (docs/playtesting.md "Simulation").
MAX_WORKERS = 256


@dataclass(frozen=True)
class Request:
    game: str
    games: int = 1000  # a plain run's games; an experiment's pairs (games per arm)
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
    # A paired experiment (at most one kind at a time):
    variants: tuple[str, ...] = ()  # "card.field=value, ..." texts: one arm with them all
    without: str | None = None  # a card taken out ...
    instead: str | None = None  # ... and the one in its places (None: the blank card)
    within: str | None = None  # ... in this deck only ("A", "B" or its name)
    compare: Path | None = None  # another pack
    variant_file: Path | None = None  # [[variant]] tables, one arm each
    ablate: str | None = None  # each card of this deck taken out in turn
    stand_in: str | None = None  # ... for this card (None: the game's blank card)
    suggest: bool = False  # search the single changes that bring the decks closest to even
    suggest_fields: tuple[str, ...] = ()  # ... among these fields only (none: every one)
    extra_arms: tuple[Arm, ...] = ()  # arms made elsewhere (the suggestions to confirm)


@dataclass(frozen=True)
class Prepared:
    """A request checked: its games and what the report says of them."""

    plan: Plan
    settings: Settings
    kind: str = ""  # "", "variant", "compare", "ablation"
    notes: tuple[str, ...] = ()
    broken: tuple[tuple[str, ...], ...] = ()  # per arm, the deck rules it breaks
    ablated: int | None = None  # the slot of the deck --ablate takes cards out of
    names: tuple[tuple[str, str], ...] = ()  # card id -> name, of the cards the arms name


@dataclass
class Outcome:
    summary: dict[str, Any]
    interrupted: bool
    files: dict[str, Path] = field(default_factory=dict)  # "html", "json" -> path

    def headline(self) -> list[str]:
        return headline(self.summary)


def check(req: Request) -> None:
    """ValueError naming the first thing wrong with what was asked (before any game)."""
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
    asked = [k for k, on in (("--variant", bool(req.variants)),
                             ("--without", req.without is not None),
                             ("--compare", req.compare is not None),
                             ("--variants", req.variant_file is not None),
                             ("--ablate", req.ablate is not None),
                             ("--suggest", req.suggest)) if on]
    if len(asked) > 1:
        raise ValueError(f"{asked[1]}: one experiment at a time (also asked: {asked[0]})")
    if req.without is None and (req.instead is not None or req.within is not None):
        raise ValueError("--instead and --in go with --without CARD")
    if req.ablate is None and req.stand_in is not None:
        raise ValueError("--stand-in goes with --ablate DECK")
    if req.suggest_fields and not req.suggest:
        raise ValueError("--suggest-fields goes with --suggest")
    for spec in req.agents:
        make_agent(spec, game=req.game)  # ValueError naming an unknown agent


def base_options(req: Request) -> dict[str, Any]:
    options: dict[str, Any] = dict(req.options)
    if req.pack is not None:
        options["pack"] = str(req.pack.resolve())
    if req.deck_folder is not None:
        options["deck_folder"] = str(req.deck_folder.resolve())
    return options


def cards_of(game: str, options: dict[str, Any], decks: tuple[str, str]) -> Cards:
    """The pack's cards and the two decks' cards, as an experiment names them."""
    rs = rules.get(game)
    fmt = rs.pack_format()
    if fmt is None:
        raise ValueError(f"{game} has no card pack: an experiment changes cards")
    if not all(decks):
        raise ValueError(f"{game}: its players do not each play a deck of their own, and an "
                         "experiment compares two decks' win rates")
    setup = rs.setup({**options, "decks": list(decks)})
    lists = tuple(tuple(fmt.deck_cards(d)) if fmt.deck_cards else () for d in setup.decks)
    return Cards(fmt, setup.cards, decks, (lists[0], lists[1]))


def prepare(req: Request) -> Prepared:
    """The planned games and what the report says of them; ValueError or DataError saying
    what is wrong with the request (an unknown game, deck, agent, card or field, a value out
    of the card's legal range)."""
    check(req)
    options = base_options(req)
    rs = rules.get(req.game)
    decks = deck_names(rs, options, req.decks)
    settings = Settings(req.game, decks, req.agents, req.seed, req.games,
                        str(req.pack) if req.pack is not None else None, req.confidence,
                        req.family_wise)
    kind, arms, ablated = "", [BASE], None
    notes: list[str] = []
    names: dict[str, str] = {}
    if req.variants or req.without or req.compare or req.variant_file or req.ablate or \
            req.extra_arms:
        cards = cards_of(req.game, options, decks)
        if req.extra_arms:
            kind, arms = "suggest", [BASE, *req.extra_arms]
        elif req.variants:
            kind, arms = "variant", [BASE, variant_arm(req.variants, cards)]
        elif req.without is not None:
            kind, arms = "variant", [BASE, swap_arm(req.without, req.instead, req.within,
                                                    cards)]
        elif req.variant_file is not None:
            kind, arms = "variant", [BASE, *file_arms(req.variant_file, cards)]
        elif req.compare is not None:
            kind, arms = "compare", [BASE, compare_arm(req.compare)]
            deck_names(rs, {**options, "pack": arms[1].pack}, decks)  # the decks are there
        elif req.ablate is not None:
            ablated, more, notes = ablation_arms(req.ablate, req.stand_in, cards)
            kind, arms = "ablation", [BASE, *more]
        names = {cid: cards.name(cid) for a in arms for c in a.changes
                 for cid in (c["card"], c.get("instead")) if isinstance(cid, str)}
    plan = Plan(req.game, req.games, req.seed, decks, req.agents, options, tuple(arms))
    with tempfile.TemporaryDirectory(prefix="playtable-decks-") as scratch:
        broken = tuple(_arm_check(plan, k, Path(scratch)) for k in range(len(arms)))
    return Prepared(plan, settings, kind, tuple(notes), broken, ablated,
                    tuple(sorted(names.items())))


def _arm_check(plan: Plan, k: int, scratch: Path) -> tuple[str, ...]:
    """Starts arm ``k``'s setup with deck A in either seat (DataError naming a change that
    cannot be made) and says which deck-building rules its decks break."""
    arm = plan.arms[k]
    rs = rules.get(plan.game)
    for g in (0, 1):
        rs.setup(plan.match(g, k).game_options())
    if not arm.changes:
        return ()
    fmt = rs.pack_format()
    assert fmt is not None
    m = plan.match(0, k)
    opts = m.game_options()
    setup = rs.setup({k2: v for k2, v in opts.items() if k2 != "changes"})
    changes = [CardChange(**seated(c, m.deck_at)) for c in arm.changes]
    return tuple(broken_rules(fmt, setup.cards, setup.decks, changes, scratch))


def simulate(req: Request, progress: Progress | None = None) -> Outcome:
    """Runs the games and writes ``req.out``/summary.json, report.html, cards.csv, games.jsonl
    (one line per game, as they finish) and the records of the example games. Ctrl+C
    (KeyboardInterrupt) stops the games and writes the report of those done."""
    if req.suggest:
        return suggest(req, progress)
    prep = prepare(req)
    return play(req, prep, progress)


def play(req: Request, prep: Prepared, progress: Progress | None = None,
         extra: dict[str, Any] | None = None) -> Outcome:
    """Plays the prepared games and writes the report (``extra``: more for the experiment's
    part of the summary)."""
    req.out.mkdir(parents=True, exist_ok=True)
    run = Run(prep.plan, prep.settings, req.out / "games.jsonl")
    total = len(prep.plan)

    def on_result(r: Any) -> None:
        run.add(r)
        if progress is not None:
            progress(run.done, total)

    if req.scheduler or req.workers > 1:
        plots.import_meanwhile()  # this process only waits for the games
    try:
        if req.scheduler:
            complete = run_cluster(req.scheduler, prep.plan, on_result,
                                   timeout=req.connect_timeout, total=total)
        else:
            complete = run_local(prep.plan, req.workers, on_result, total=total)
    finally:
        run.close()
    summary = run.summary(not complete, prep)
    if extra:
        summary["experiment"].update(extra)
    return Outcome(summary, not complete, write(req.out, summary, run))


def suggest(req: Request, progress: Progress | None = None) -> Outcome:
    """``--suggest``: successive halving over the single changes (``rules.sim.suggest``),
    then the three closest to even confirmed on fresh seeds as a paired experiment."""
    check(req)
    plain = dataclasses.replace(req, suggest=False, suggest_fields=())
    base = prepare(plain)
    options = base_options(req)
    cards = cards_of(req.game, options, base.settings.decks)
    cands = candidates(cards, req.suggest_fields)
    if not cands:
        raise ValueError("--suggest: no card of the two decks has a whole-number field "
                         + (f"named {', '.join(req.suggest_fields)} " if req.suggest_fields
                            else "") + "that can move by 1 or 2")
    confirm = (min(FINALISTS, len(cands)) + 1) * req.games
    screened = probe_games(len(cands)) + screen_games(len(cands))  # until the probe says

    def first(done: int, total: int) -> None:
        nonlocal screened
        screened = total
        if progress is not None:
            progress(done, screened + confirm)

    found = screen(base.plan, cands, cards, req.workers, req.scheduler, req.connect_timeout,
                   first)
    picks = finalists(found)
    if not picks:
        raise RuntimeError(f"--suggest: none of the {len(cands)} candidate changes altered a "
                           f"single game of the first {found.pairs} pairs; the decks hardly "
                           "meet these fields")
    arms = tuple(Arm(label([cands[i].change()], cards), (cands[i].change(),)) for i in picks)
    final = dataclasses.replace(plain, seed=req.seed + found.pairs, extra_arms=arms)
    confirm = (len(picks) + 1) * req.games

    def second(done: int, _: int) -> None:
        if progress is not None:
            progress(screened + done, screened + confirm)
            if found.interrupted:
                raise KeyboardInterrupt

    prep = prepare(final)
    extra = {"search": search_summary(found, cards, req.suggest_fields)}
    return play(final, prep, second, extra)
