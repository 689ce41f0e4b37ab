"""Scenario files for Krosmaster (``python -m rules scenario``): a position, intents, facts.

Position (the ``[position]`` table)::

    map = ["1....", "..T..", "....2"]      # rows as in board_from_rows, or a map name
    figures = [{ card = "Iron Brawler", owner = 0, at = [0, 0] }, ...]
    acting = 0                             # the figure in its Activation (default 0)
    faces = ["lock"]                       # load the dice (default: house.FACES)
    gg = [6, 6]; wild_gg = 1; kamas = [0, 0]

Intents name cells as ``[row, col]`` (``to``, ``target``). Facts: ``phase``, ``active``,
``turn``, ``winner``, ``gg.P``, ``kamas.P``, ``wild_gg``, ``dice``, and per figure index N
``fig.N.hp`` / ``.mp`` / ``.ap`` / ``.at`` ("r,c" or "out") / ``.inspiration``.
"""

from __future__ import annotations

from typing import Any

from rules.core.datawords import unknown
from rules.core.model import Intent
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.krosmaster import house
from rules.krosmaster.board import board_from_rows, load_map
from rules.krosmaster.setup import load_pack, pack_dir
from rules.krosmaster.state import Figure, KState


def build(rs: Ruleset[KState], position: dict[str, Any], seed: int) -> KState:
    """The position's own pack (``pack_dir``) gives its cards: ``rs`` plays no part."""
    folder = pack_dir(position)
    catalog, _ = load_pack(folder)
    raw_map = position.get("map", ["." * 10] * 10)
    if isinstance(raw_map, str):
        board = load_map(folder / "maps" / f"{raw_map}.toml")
    else:
        board = board_from_rows([str(r) for r in raw_map])
    names: list[str] = []
    figs: list[Figure] = []
    for i, spec in enumerate(position.get("figures", [])):
        name = spec["card"]
        if name not in catalog:
            raise ValueError(f"figures[{i}]: {unknown('Krosmaster', name, catalog)}")
        if name not in names:
            names.append(name)
        card = catalog[name]
        r, c = spec["at"]
        figs.append(Figure(id=i, card=names.index(name), owner=int(spec.get("owner", 0)),
                           cell=int(r) * board.width + int(c), hp=int(spec.get("hp", card.hp)),
                           mp=card.mp, ap=card.ap,
                           inspiration=tuple(spec.get("inspiration", ()))))
    if not figs:
        raise ValueError("figures: a position needs at least one figure")
    lines = tuple(tuple(f.id for f in figs if f.owner == p) for p in (0, 1))
    acting = int(position.get("acting", 0))
    active = figs[acting].owner
    gg, kamas = position.get("gg", [6, 6]), position.get("kamas", [0, 0])
    return KState(
        catalog=tuple(catalog[n] for n in names), board=board,
        faces=tuple(position.get("faces", house.FACES)), team_names=("Player 1", "Player 2"),
        figures=figs, timelines=(lines[0], lines[1]), first=0, active=active,
        turn=int(position.get("turn", 3)), phase="activation", dice=(), rerolled=False,
        slot=lines[active].index(acting), wild_gg=int(position.get("wild_gg", house.WILD_GG)),
        gg=(int(gg[0]), int(gg[1])), kamas=(int(kamas[0]), int(kamas[1])),
        kama_cells=tuple(i for i, k in enumerate(board.terrain) if k == "kama"),
        rng=Rng(seed=seed, counter=0),
    )


def intent(rs: Ruleset[KState], state: KState, spec: dict[str, Any]) -> Intent:
    spec = dict(spec)
    for key in ("to", "target"):
        if isinstance(spec.get(key), list):
            r, c = spec[key]
            spec[key] = int(r) * state.board.width + int(c)
    return rs.parse_intent(spec)


def facts(state: KState) -> dict[str, Any]:
    w = state.board.width
    out: dict[str, Any] = {
        "phase": state.phase, "active": state.active, "turn": state.turn,
        "winner": "none" if state.winner is None else state.winner,
        "wild_gg": state.wild_gg, "dice": ",".join(state.dice),
    }
    for p in (0, 1):
        out[f"gg.{p}"] = state.gg[p]
        out[f"kamas.{p}"] = state.kamas[p]
    for f in state.figures:
        at = "out" if f.cell is None else f"{f.cell // w},{f.cell % w}"
        out.update({f"fig.{f.id}.hp": f.hp, f"fig.{f.id}.mp": f.mp, f"fig.{f.id}.ap": f.ap,
                    f"fig.{f.id}.at": at, f"fig.{f.id}.inspiration": ",".join(f.inspiration)})
    return out
