"""A new game from the pack: load cards, teams and map, deploy, set the Timelines."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rules.core.errors import DataError
from rules.core.model import Event
from rules.core.paths import asset
from rules.core.rng import Rng
from rules.krosmaster import house
from rules.krosmaster.board import Board, load_map
from rules.krosmaster.cards import KrosmasterCard, Team, load_krosmasters, load_teams
from rules.krosmaster.draft import KDraft
from rules.krosmaster.flow import begin_turn
from rules.krosmaster.state import Figure, KState

DEFAULT_MAP = "arena"

_Pack = tuple[dict[str, KrosmasterCard], dict[str, Team]]
_PACKS: dict[tuple[object, ...], _Pack] = {}


def pack_dir(options: dict[str, Any]) -> Path:
    return Path(options["pack"]) if "pack" in options else asset("packs", "krosmaster")


def team_files(folder: Path) -> list[Path]:
    """``teams.toml`` and any other ``team*.toml`` (a team saved from the deck screen)."""
    return sorted(p for p in folder.glob("team*.toml") if p.is_file())


def load_pack(folder: Path, deck_folder: Path | None = None) -> _Pack:
    """Cards and teams (``deck_folder``: more team files, e.g. the player's own teams for a
    read-only pack), cached until a designer saves one of the files."""
    cards_file = folder / "krosmasters.toml"
    files = [folder / "teams.toml", *(p for p in team_files(folder) if p.name != "teams.toml")]
    if deck_folder is not None:
        files += team_files(deck_folder)
    try:
        key = (str(folder), os.stat(cards_file).st_mtime_ns,
               *((str(f), os.stat(f).st_mtime_ns) for f in files))
    except OSError as e:
        raise DataError([f"{e.filename}:1: file: cannot read ({e.strerror})"]) from None
    if key not in _PACKS:
        catalog = load_krosmasters(cards_file)
        teams: dict[str, Team] = {}
        for f in files:
            teams.update(load_teams(f, catalog))
        _PACKS[key] = (catalog, teams)
    return _PACKS[key]


def new_state(seed: int, options: dict[str, Any]) -> tuple[KState, list[Event]]:
    """Options: ``pack`` (folder), ``teams`` (two team names; the client's menu calls them
    ``decks``), ``deck_folder`` (more ``team*.toml`` files), ``map`` (name in maps/)."""
    folder = pack_dir(options)
    extra = options.get("deck_folder")
    catalog, teams = load_pack(folder, Path(extra) if extra else None)
    names = options.get("teams") or options.get("decks") or list(teams)[:2]
    if len(names) != 2 or any(n not in teams for n in names):
        raise ValueError(f"teams must be two of: {', '.join(teams)}")
    board = load_map(folder / "maps" / f"{options.get('map', DEFAULT_MAP)}.toml")
    return build(catalog, (teams[names[0]], teams[names[1]]), board, seed)


def build(catalog: dict[str, KrosmasterCard], teams: tuple[Team, Team], board: Board,
          seed: int) -> tuple[KState, list[Event]]:
    """Deploy both teams (house rule H4), order the Timelines and start the first turn."""
    used = sorted({m for t in teams for m in t.members})
    index = {n: i for i, n in enumerate(used)}
    cards = tuple(catalog[n] for n in used)
    figures: list[Figure] = []
    timelines: list[tuple[int, ...]] = []
    for p, team in enumerate(teams):
        order = sorted(team.members, key=lambda n: -catalog[n].initiative)
        if len(order) > len(board.starts[p]):
            raise ValueError(f"map {board.name!r} has {len(board.starts[p])} start cells for "
                             f"player {p + 1}; team {team.name!r} has {len(order)} figures")
        ids = []
        for name, cell in zip(order, board.starts[p], strict=False):
            card = catalog[name]
            ids.append(len(figures))
            figures.append(Figure(id=len(figures), card=index[name], owner=p, cell=cell,
                                  hp=card.hp, mp=card.mp, ap=card.ap))
        timelines.append(tuple(ids))
    rng = Rng(seed=seed, counter=0)
    init = [sum(catalog[n].initiative for n in t.members) for t in teams]
    if init[0] != init[1]:
        first = 0 if init[0] > init[1] else 1
    else:
        first, rng = rng.below(2)  # house rule H5
    state = KState(
        catalog=cards, board=board, team_names=(teams[0].name, teams[1].name),
        figures=tuple(figures), timelines=(timelines[0], timelines[1]), first=first,
        active=first, phase="tension", rng=rng,
        kama_cells=tuple(i for i, k in enumerate(board.terrain) if k == "kama"),
        gg=(house.START_GG, house.START_GG), wild_gg=house.WILD_GG,
    )
    d = KDraft(state)
    d.log("setup", f"{teams[0].name} (Initiative {init[0]}) against {teams[1].name} "
          f"(Initiative {init[1]}) on {board.name}: player {first + 1} plays first.", None)
    begin_turn(d)
    return d.freeze(), d.events
