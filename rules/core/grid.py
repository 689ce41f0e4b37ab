"""Square-grid geometry: cells are ints ``row * width + col``.

Neighbour lists are computed once per grid size, so movement ranges are a plain BFS over ints.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable
from functools import lru_cache


class SquareGrid:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._neighbours(c)) for c in range(self.size)
        )
        # a * size + b -> the cells of the ray a -> b as bits, and its corner pairs as bits
        self._sight: dict[int, tuple[int, tuple[int, ...]]] = {}

    def _neighbours(self, cell: int) -> Iterable[int]:
        r, c = divmod(cell, self.width)
        if r > 0:
            yield cell - self.width
        if c > 0:
            yield cell - 1
        if c < self.width - 1:
            yield cell + 1
        if r < self.height - 1:
            yield cell + self.width

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.width)

    def cell(self, row: int, col: int) -> int:
        return row * self.width + col

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.width

    def bordering(self, a: int, b: int) -> bool:
        """Share an edge (4-neighbourhood)."""
        return b in self.neighbours[a]

    def manhattan(self, a: int, b: int) -> int:
        ar, ac = divmod(a, self.width)
        br, bc = divmod(b, self.width)
        return abs(ar - br) + abs(ac - bc)

    def within(self, origin: int, lo: int, hi: int) -> list[int]:
        """Cells whose Manhattan distance from origin is in [lo, hi]."""
        width = self.width
        orow, ocol = divmod(origin, width)
        return [c for c in range(self.size)
                if lo <= abs(c // width - orow) + abs(c % width - ocol) <= hi]

    def in_line(self, a: int, b: int) -> bool:
        """Same row or same column."""
        ar, ac = divmod(a, self.width)
        br, bc = divmod(b, self.width)
        return ar == br or ac == bc

    def reach(
        self, start: int, steps: int, blocked: Collection[int] | Callable[[int], bool]
    ) -> dict[int, int]:
        """Cells reachable in at most ``steps`` moves through unblocked cells, with their
        distance. The start cell is not included. 4-neighbour breadth-first search."""
        is_blocked = blocked if callable(blocked) else blocked.__contains__
        dist = {start: 0}
        queue = deque([start])
        neighbours = self.neighbours
        while queue:
            cur = queue.popleft()
            d = dist[cur]
            if d == steps:
                continue
            for n in neighbours[cur]:
                if n not in dist and not is_blocked(n):
                    dist[n] = d + 1
                    queue.append(n)
        del dist[start]
        return dist

    def line_of_sight(self, a: int, b: int, blocks: int | Collection[int]) -> bool:
        """Centre-to-centre ray from a to b. Blocked by any blocking cell it passes through
        (the two ends excluded). Where the ray passes exactly through a corner it is blocked
        only if both cells beside that corner block: a ray may slip between two diagonal
        obstacles' corners only when one side is open. ``blocks``: the blocking cells, as
        bits (a spell's targeting asks many rays: the ray's cells are kept as bits too)."""
        if not isinstance(blocks, int):
            blocks = sum(1 << c for c in set(blocks))
        key = a * self.size + b
        sight = self._sight.get(key)
        if sight is None:
            if len(self._sight) >= 65536:  # as many rays as ``_ray`` remembers
                self._sight.clear()
            ray, pairs = _ray(self.width, a, b)
            sight = self._sight[key] = (sum(1 << c for c in ray),
                                        tuple(1 << x | 1 << y for x, y in pairs))
        cells, corners = sight
        return not blocks & cells and (not corners or all(blocks & p != p for p in corners))


@lru_cache(maxsize=65536)
def _ray(width: int, a: int, b: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Cells strictly between a and b crossed by the centre-to-centre segment, and the corner
    pairs it passes exactly through. Integer arithmetic only (no float drift)."""
    y0, x0 = divmod(a, width)
    y1, x1 = divmod(b, width)
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    x, y, ix, iy = x0, y0, 0, 0
    cells: list[int] = []
    corners: list[tuple[int, int]] = []
    while ix < dx or iy < dy:
        # Compare the ray parameters of the next vertical and horizontal grid-line crossings.
        d = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx
        if d == 0:
            corners.append(((y) * width + (x + sx), (y + sy) * width + x))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif d < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        cells.append(y * width + x)
    if cells:
        cells.pop()  # the target itself
    return tuple(cells), tuple(corners)
