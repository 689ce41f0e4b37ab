"""Range, straight line and line of sight on hand-made maps, and the highlights that show them."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import IllegalIntent
from rules.krosmaster.intents import Cast
from rules.krosmaster.state import KState
from tests.krosmaster.helpers import ARCHER, DUMMY, OPEN, RS, make, rc, with_fig

# Archer spells: 0 Shot 2-6 with LOS; 1 Bolt 1-6 straight line with LOS; 2 Lob 1-6 no LOS.
SHOT, BOLT, LOB = 0, 1, 2


def casts(s: KState, spell: int) -> set[int]:
    return {i.target for i in RS.legal_intents(s) if isinstance(i, Cast) and i.spell == spell}


def one_target(rows: Sequence[str], at: tuple[int, int],
               extra: Sequence[tuple[int, int]] = ()) -> KState:
    figs = [(ARCHER, 0, (0, 0)), (DUMMY, 1, at)] + [(DUMMY, 0, e) for e in extra]
    return make(rows, figs)


def test_tree_blocks_line_of_sight() -> None:
    rows = ["..T.......", *[".........."] * 9]
    s = one_target(rows, (0, 4))
    assert rc(0, 4) not in casts(s, SHOT)
    assert rc(0, 4) not in casts(s, BOLT)
    assert rc(0, 4) in casts(s, LOB)  # the no-LOS spell ignores the tree


def test_bush_and_crate_block_movement_not_sight() -> None:
    rows = [".BC.......", *[".........."] * 9]
    s = one_target(rows, (0, 4))
    assert rc(0, 4) in casts(s, SHOT)
    moves = RS.highlights(s, 0)["move"]
    assert rc(0, 1) not in moves and rc(0, 2) not in moves


def test_figure_in_the_way_blocks_sight() -> None:
    s = one_target(OPEN, (0, 4), extra=[(0, 2)])
    assert rc(0, 4) not in casts(s, SHOT)
    assert rc(0, 4) in casts(s, LOB)
    hl = RS.highlights(s, (0, SHOT))
    assert rc(0, 4) in hl["blocked"] and rc(0, 4) not in hl["target"]


def test_diagonal_sight_passes_a_single_corner_but_not_two() -> None:
    rows = [".T........", *[".........."] * 9]
    s = one_target(rows, (2, 2))
    assert rc(2, 2) in casts(s, SHOT)  # ray through the corner of (0,1)/(1,0): one side open
    rows = [".T........", "T.........", *[".........."] * 8]
    s = one_target(rows, (2, 2))
    assert rc(2, 2) not in casts(s, SHOT)


def test_range_min_and_max() -> None:
    s = one_target(OPEN, (0, 1))
    assert rc(0, 1) not in casts(s, SHOT)  # min range 2
    s = one_target(OPEN, (3, 4))  # distance 7 > 6
    assert not casts(s, SHOT) and not casts(s, LOB)
    s = one_target(OPEN, (3, 3))  # distance 6
    assert rc(3, 3) in casts(s, SHOT)


def test_straight_line_spell_needs_same_row_or_column() -> None:
    s = one_target(OPEN, (2, 2))
    assert rc(2, 2) in casts(s, SHOT) and rc(2, 2) not in casts(s, BOLT)
    s = one_target(OPEN, (4, 0))
    assert rc(4, 0) in casts(s, BOLT)
    try:
        RS.apply(one_target(OPEN, (2, 2)), Cast(figure=0, spell=BOLT,
                                                               target=rc(2, 2)))
    except IllegalIntent as e:
        assert "straight line" in e.reason
    else:
        raise AssertionError("cast off line accepted")


def test_blocked_cast_is_illegal_with_a_reason() -> None:
    rows = ["..T.......", *[".........."] * 9]
    s = one_target(rows, (0, 4))
    try:
        RS.apply(s, Cast(figure=0, spell=SHOT, target=rc(0, 4)))
    except IllegalIntent as e:
        assert "line of sight" in e.reason.lower()
    else:
        raise AssertionError("blocked cast accepted")


def test_spell_highlights_split_target_and_blocked_cells() -> None:
    rows = ["..T.......", *[".........."] * 9]
    s = one_target(rows, (5, 5))
    hl = RS.highlights(s, {"figure": 0, "spell": SHOT})
    assert rc(0, 3) in hl["blocked"] and rc(0, 4) in hl["blocked"]
    assert rc(0, 2) not in hl["target"] + hl["blocked"]  # the tree itself
    assert rc(3, 3) in hl["target"] and rc(0, 1) not in hl["target"]  # min range 2
    line = RS.highlights(s, (0, BOLT))
    assert all(c // 10 == 0 or c % 10 == 0 for c in line["target"] + line["blocked"])
    lob = RS.highlights(s, (0, LOB))
    assert lob["blocked"] == [] and rc(0, 4) in lob["target"]


def test_move_highlights_use_the_mp_left() -> None:
    s = make(figures=[(ARCHER, 0, (5, 5)), (DUMMY, 1, (9, 9))])
    assert len(RS.highlights(s, 0)["move"]) == 24  # diamond of radius 3, minus the start
    tired = with_fig(s, 0, {"mp": 1})
    assert sorted(RS.highlights(tired, 0)["move"]) == sorted(
        [rc(4, 5), rc(5, 4), rc(5, 6), rc(6, 5)])
