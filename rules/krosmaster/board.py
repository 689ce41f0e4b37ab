"""The map: terrain per cell from a TOML file, and the geometry precomputed once per map.

A map file::

    name = "Training Grounds"
    rows = [
      "....T....",
      ...
    ]
    [legend]          # terrain kind = the character that draws it in ``rows``
    floor = "."
    tree = "T"

Cells are ints ``row * width + col`` (as in ``rules.core.grid``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate
from operator import or_
from pathlib import Path
from typing import Any

from rules.core.cards import read_toml
from rules.core.errors import DataError
from rules.core.grid import SquareGrid
from rules.core.memo import Memo
from rules.krosmaster import house

MAX_SIDE = 40


@dataclass(frozen=True)
class Board:
    """A map, never changed: states share it (``load_map`` gives an unchanged file's Board
    again), and with it its geometry, made when first asked for."""

    name: str
    width: int
    height: int
    terrain: tuple[str, ...]  # one kind per cell, from house.TERRAIN_KINDS
    starts: tuple[tuple[int, ...], tuple[int, ...]]

    def rc(self, cell: int) -> str:
        r, c = divmod(cell, self.width)
        return f"({r},{c})"

    @cached_property
    def geo(self) -> Geo:
        return Geo(self)

    def __getstate__(self) -> dict[str, Any]:
        # Pickled (a view sent to the computer player's process) without its geometry and
        # the caches that grow on it: the other side makes its own when first asked.
        state = dict(self.__dict__)
        state.pop("geo", None)
        return state


Shape = tuple[tuple[int, int], bool]  # a spell's (range, line)
_RANGE_TABLES: dict[tuple[int, int, frozenset[int]], dict[Shape, tuple[int, ...]]] = {}


class Geo:
    """What every legality check needs about a map, computed once: neighbours, blocking sets,
    and per-origin range lists."""

    def __init__(self, board: Board) -> None:
        self.grid = SquareGrid(board.width, board.height)
        t = board.terrain
        self.move_block = frozenset(i for i, k in enumerate(t) if k in house.MOVE_BLOCKING)
        self.los_block = frozenset(i for i, k in enumerate(t) if k in house.LOS_BLOCKING)
        self.los_bits = _mask(self.los_block)
        self.demon = frozenset(i for i, k in enumerate(t) if k == "demon")
        # Each cell's neighbours a figure may step on (terrain aside from figures).
        self.open_neighbours = tuple(tuple(n for n in nb if n not in self.move_block)
                                     for nb in self.grid.neighbours)
        # Range tables depend only on the map's shape and trees: shared by every game on it.
        shape = (board.width, board.height, self.los_block)
        if len(_RANGE_TABLES) >= 64 and shape not in _RANGE_TABLES:
            _RANGE_TABLES.clear()
        self._range_masks = _RANGE_TABLES.setdefault(shape, {})
        # (figure, cell, MP, the occupied cells nearer than that MP as bits) -> its Move
        # intents there and their cells: rules.krosmaster.legal
        self.move_cache: dict[tuple[int, int, int, int],
                              tuple[tuple[Any, ...], tuple[int, ...]]] = {}
        # Each cell with its neighbours, as bits: no sight line is needed at distance 0 or 1.
        self.near_masks = tuple(_mask(nb) | 1 << c for c, nb in enumerate(self.grid.neighbours))
        # goal -> each cell's Manhattan distance to it; centre -> the cells within each
        # radius of it as bits (``balls[centre][radius]``): made when first asked for
        self.distances = Memo(self._distances)
        self.balls = Memo(self._balls)
        self._walks: Memo[tuple[int, int], list[int]] = Memo(lambda k: self.reach(*k, ()))

    def walk(self, start: int, steps: int) -> list[int]:
        """``reach`` with no figure in the way (terrain alone), made once per start and steps."""
        return self._walks[start, steps]

    def reach(self, start: int, steps: int, taken: Iterable[int | None]) -> list[int]:
        """The cells a figure on ``start`` can walk to in at most ``steps`` moves, around
        blocking terrain and the cells in ``taken`` (where figures stand; None is ignored),
        nearest first (in the order ``SquareGrid.reach`` finds them, one distance layer at a
        time)."""
        nb = self.open_neighbours
        seen: set[int | None] = set(taken)
        seen.add(start)
        out: list[int] = []
        layer = [start]
        for _ in range(steps):
            nxt = []
            for cur in layer:
                for n in nb[cur]:
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            if not nxt:
                break
            out += nxt
            layer = nxt
        return out

    def _distances(self, goal: int) -> tuple[int, ...]:
        return tuple(self.grid.manhattan(goal, c) for c in range(self.grid.size))

    def _balls(self, centre: int) -> list[int]:
        far = self.distances[centre]
        rings = [0] * (max(far) + 1)
        for c, d in enumerate(far):
            rings[d] |= 1 << c
        balls = list(accumulate(rings, or_))
        return balls + balls[-1:] * (2 * MAX_SIDE - len(balls))  # any radius on any map

    def in_range(self, origin: int, lo: int, hi: int, line: bool) -> list[int]:
        """Cells at Manhattan distance lo..hi (in the same row/column if ``line``), minus
        terrain that blocks line of sight (nothing can stand there to be targeted)."""
        g = self.grid
        return [c for c in g.within(origin, lo, hi)
                if c not in self.los_block and (not line or g.in_line(origin, c))]

    def range_masks(self, shape: Shape) -> tuple[int, ...]:
        """``in_range`` for a spell's ``(range, line)`` from each origin, as bits."""
        got = self._range_masks.get(shape)
        if got is None:
            (lo, hi), line = shape
            got = self._range_masks[shape] = tuple(
                _mask(self.in_range(c, lo, hi, line)) for c in range(self.grid.size))
        return got


def _mask(cells: Iterable[int]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


_MAPS: dict[Path, tuple[tuple[int, ...], Board]] = {}


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What tells a map file changed: the link itself and the file it names (inode, size,
    times), None when it cannot be read."""
    try:
        link, st = path.lstat(), path.stat()
    except OSError:
        return None
    return (link.st_ino, link.st_mtime_ns, link.st_ctime_ns,
            st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def load_map(path: Path) -> Board:
    """The map in ``path`` (see the module doc); DataError naming file and line if it is
    wrong. An unchanged file gives the same Board again: every game on a map then shares its
    ``Geo`` and its caches, and a new game does not parse the file again."""
    stamp = _stamp(path)
    hit = _MAPS.get(path)
    if stamp is not None and hit is not None and hit[0] == stamp:
        return hit[1]
    board = _read_map(path)
    if stamp is not None:
        if len(_MAPS) >= 64:
            _MAPS.clear()
        _MAPS[path] = (stamp, board)
    return board


def _read_map(path: Path) -> Board:
    data, index = read_toml(path)
    errors = [f"{path}:{index.line_of((key,))}: map: {key}: unknown field"
              for key in data if key not in ("name", "rows", "legend")]
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        errors.append(f"{path}:{index.line_of(('name',))}: map: name: must be a string")
        name = path.stem
    legend = data.get("legend")
    chars: dict[str, str] = {}
    if not isinstance(legend, dict):
        errors.append(f"{path}:1: map: legend: missing [legend] table (kind = \"character\")")
        legend = {}
    for kind, ch in legend.items():
        line = index.line_of(("legend", kind))
        if kind not in house.TERRAIN_KINDS:
            errors.append(f"{path}:{line}: map: legend.{kind}: unknown terrain "
                          f"(known: {', '.join(house.TERRAIN_KINDS)})")
        elif not isinstance(ch, str) or len(ch) != 1:
            errors.append(f"{path}:{line}: map: legend.{kind}: must be one character")
        elif ch in chars:
            errors.append(f"{path}:{line}: map: legend.{kind}: {ch!r} already means "
                          f"{chars[ch]}")
        else:
            chars[ch] = kind
    rows = data.get("rows")
    rows_line = index.line_of(("rows",))
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        errors.append(f"{path}:{rows_line}: map: rows: must be a non-empty list of strings")
        raise DataError(errors)
    width, height = len(rows[0]), len(rows)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        errors.append(f"{path}:{rows_line}: map: rows: {width}x{height} is outside "
                      f"1..{MAX_SIDE} cells a side")
    terrain: list[str] = []
    for r, row in enumerate(rows):
        # (the first row of the same text, when two are alike: the message names the row)
        line = index.line_of_item(("rows", r), row)
        if len(row) != width:
            errors.append(f"{path}:{line}: map: row {r + 1}: has {len(row)} cells, "
                          f"row 1 has {width}")
        for c, ch in enumerate(row[:width]):
            kind = chars.get(ch)
            if kind is None:
                errors.append(f"{path}:{line}: map: row {r + 1} col {c + 1}: unknown "
                              f"terrain {ch!r} (not in [legend])")
                kind = "floor"
            terrain.append(kind)
        terrain += ["floor"] * (width - len(row))
    board = _board(name, width, height, tuple(terrain))
    for p, cells in enumerate(board.starts):
        if not cells:
            errors.append(f"{path}:{rows_line}: map: rows: no start cells for player {p + 1} "
                          f"(terrain start{p + 1})")
    if errors:
        raise DataError(errors)
    return board


def _board(name: str, width: int, height: int, terrain: tuple[str, ...]) -> Board:
    starts = tuple(tuple(i for i, k in enumerate(terrain) if k == f"start{p + 1}")
                   for p in (0, 1))
    return Board(name=name, width=width, height=height, terrain=terrain,
                 starts=(starts[0], starts[1]))


def board_from_rows(rows: list[str]) -> Board:
    """A board from strings, for tests and scenarios: '.' floor, 'T' tree, 'B' bush, 'C' crate,
    'K' kama, 'D' demon, '1'/'2' start cells."""
    legend = {".": "floor", "T": "tree", "B": "bush", "C": "crate", "K": "kama", "D": "demon",
              "1": "start1", "2": "start2"}
    terrain = tuple(legend[ch] for row in rows for ch in row)
    return _board("test", len(rows[0]), len(rows), terrain)
