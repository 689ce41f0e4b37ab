"""A new game from the pack: load cards, teams and map, deploy, set the Timelines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.core.model import Event
from rules.core.newgame import Setup, shipped_pack
from rules.core.packs import cached_pack
from rules.core.rng import Rng
from rules.krosmaster import house
from rules.krosmaster.board import Board, load_map
from rules.krosmaster.cards import KrosmasterCard, Team
from rules.krosmaster.flow import begin_turn
from rules.krosmaster.game import KrosmasterOptions
from rules.krosmaster.state import Figure, KState

DEFAULT_MAP = KrosmasterOptions().map


def pack_dir(options: dict[str, Any]) -> Path:
    return Path(options["pack"]) if options.get("pack") else shipped_pack("krosmaster")


def load_pack(folder: Path) -> tuple[dict[str, KrosmasterCard], dict[str, Team]]:
    """Cards and teams of a pack folder, through the shared (cached) pack loader."""
    from rules.krosmaster.pack import FORMAT

    pack = cached_pack(FORMAT, folder)
    return dict(pack.cards), dict(pack.decks)


def new_state(seed: int, setup: Setup) -> tuple[KState, list[Event]]:
    """The first state from a resolved setup (``KrosmasterRules().setup(options)``): its two
    teams on the map named by the ``map`` option (a file in the pack's maps/ folder)."""
    assert setup.folder is not None and isinstance(setup.options, KrosmasterOptions)
    board = load_map(setup.folder / "maps" / f"{setup.options.map}.toml")
    return build(dict(setup.cards), (setup.decks[0], setup.decks[1]), board, seed)


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
        catalog=cards, board=board, faces=house.FACES,
        team_names=(teams[0].name, teams[1].name), figures=figures,
        timelines=(timelines[0], timelines[1]), first=first, active=first, turn=1,
        phase="tension", dice=(), rerolled=False, slot=0,
        gg=(house.START_GG, house.START_GG), wild_gg=house.WILD_GG, kamas=(0, 0),
        kama_cells=tuple(i for i, k in enumerate(board.terrain) if k == "kama"), rng=rng,
    )
    state.begin(False)
    state.log("setup", f"{teams[0].name} (Initiative {init[0]}) against {teams[1].name} "
              f"(Initiative {init[1]}) on {board.name}: player {first + 1} plays first.", None)
    begin_turn(state)
    return state, state.end()
