from __future__ import annotations

from rules.core.grid import SquareGrid

G = SquareGrid(5, 5)
B = SquareGrid(12, 12)


def c(grid: SquareGrid, r: int, col: int) -> int:
    return grid.cell(r, col)


def test_bordering_is_the_four_neighbourhood() -> None:
    centre = c(G, 2, 2)
    assert set(G.neighbours[centre]) == {c(G, 1, 2), c(G, 3, 2), c(G, 2, 1), c(G, 2, 3)}
    assert G.bordering(centre, c(G, 1, 2))
    assert not G.bordering(centre, c(G, 1, 1))  # diagonal is not bordering
    assert set(G.neighbours[0]) == {1, 5}


def test_reach_is_bfs_through_empty_cells_only() -> None:
    wall = {c(G, 1, 2), c(G, 2, 1), c(G, 2, 3)}
    reach = G.reach(c(G, 2, 2), 2, wall)
    assert set(reach) == {c(G, 3, 2), c(G, 4, 2), c(G, 3, 1), c(G, 3, 3)}
    assert reach[c(G, 4, 2)] == 2
    assert G.reach(c(G, 2, 2), 0, set()) == {}


def test_manhattan_within_and_in_line() -> None:
    assert G.manhattan(0, 24) == 8
    assert set(G.within(c(G, 2, 2), 1, 1)) == set(G.neighbours[c(G, 2, 2)])
    assert G.in_line(c(G, 1, 0), c(G, 1, 4)) and not G.in_line(0, 6)


def test_line_of_sight_blocked_by_a_cell_on_the_ray() -> None:
    a, b = c(B, 5, 0), c(B, 5, 6)
    assert B.line_of_sight(a, b, set())
    assert not B.line_of_sight(a, b, {c(B, 5, 3)})
    assert B.line_of_sight(a, b, {c(B, 4, 3), c(B, 6, 3)})  # beside the ray, not on it


def test_line_of_sight_ends_do_not_block() -> None:
    a, b = c(B, 0, 0), c(B, 0, 3)
    assert B.line_of_sight(a, b, {a, b})


def test_line_of_sight_diagonal_corners() -> None:
    a, b = c(B, 0, 0), c(B, 2, 2)
    # The ray passes exactly through corners: one blocked side is not enough …
    assert B.line_of_sight(a, b, {c(B, 0, 1)})
    # … both cells beside a corner block it, and so does the middle cell.
    assert not B.line_of_sight(a, b, {c(B, 0, 1), c(B, 1, 0)})
    assert not B.line_of_sight(a, b, {c(B, 1, 1)})


def test_line_of_sight_shallow_ray_crosses_the_right_cells() -> None:
    # From (0,0) to (1,4): the ray crosses (0,1), (0,2) (at the midpoint), then (1,2)/(1,3).
    assert not B.line_of_sight(c(B, 0, 0), c(B, 1, 4), {c(B, 0, 1)})
    assert not B.line_of_sight(c(B, 0, 0), c(B, 1, 4), {c(B, 1, 3)})
    assert B.line_of_sight(c(B, 0, 0), c(B, 1, 4), {c(B, 1, 1)})


def test_line_of_sight_reads_the_blockers_as_bits_alike() -> None:
    """A spell's targeting passes the blocking cells as bits: every ray gives the answer
    the same cells as a set give."""
    blocks = {c(B, 0, 1), c(B, 1, 0), c(B, 5, 3), c(B, 2, 2), c(B, 3, 5), c(B, 7, 7)}
    bits = sum(1 << x for x in blocks)
    seen = 0
    for a in range(0, B.size, 7):
        for b in range(B.size):
            want = B.line_of_sight(a, b, blocks)
            assert B.line_of_sight(a, b, bits) == want
            seen += want
    assert 0 < seen < B.size * len(range(0, B.size, 7))
