"""The per-card interval: Mantel-Haenszel weighting over strata, Agresti-Caffo centring,
and no interval where a card was played always or never."""

from __future__ import annotations

import math

from rules.sim.stats import stratified_difference, z_for


def test_z_of_95_percent_is_1_96() -> None:
    assert round(z_for(0.95), 3) == 1.960
    assert round(z_for(0.99), 3) == 2.576


def test_one_stratum_matches_the_agresti_caffo_interval_by_hand() -> None:
    # 30 of 40 played vs 20 of 40 not: raw +0.25; adjusted 31/42 - 21/42.
    d = stratified_difference([(30, 40, 20, 40)])
    assert d is not None
    a1, a2 = 31 / 42, 21 / 42
    half = 1.96 * math.sqrt(a1 * (1 - a1) / 42 + a2 * (1 - a2) / 42)
    assert d.raw == 0.25 and math.isclose(d.adjusted, a1 - a2)
    assert math.isclose(d.lo, a1 - a2 - half) and math.isclose(d.hi, a1 - a2 + half)
    assert d.lo > 0  # this difference is clear at 95 %


def test_strata_are_weighted_by_their_sizes() -> None:
    # A big stratum with +0.5 and a small one with -0.5: the weighted mean leans positive.
    d = stratified_difference([(75, 100, 25, 100), (1, 4, 3, 4)])
    w1, w2 = 100 * 100 / 200, 4 * 4 / 8
    assert d is not None and math.isclose(d.raw, (w1 * 0.5 - w2 * 0.5) / (w1 + w2))


def test_a_card_played_always_or_never_has_no_difference() -> None:
    assert stratified_difference([(5, 10, 0, 0), (0, 0, 3, 9)]) is None


def test_all_wins_on_both_sides_is_not_a_certain_zero() -> None:
    # The plain normal interval would be 0 wide here; the adjusted one is not.
    d = stratified_difference([(20, 20, 20, 20)])
    assert d is not None and d.raw == 0.0 and d.lo < -0.05 and d.hi > 0.05


def test_a_small_sample_is_pulled_toward_zero_and_stays_inside_its_interval() -> None:
    d = stratified_difference([(3, 3, 10, 20)])  # 3 of 3 against 10 of 20
    assert d is not None and d.raw == 0.5 and 0 < d.adjusted < d.raw
    assert d.lo <= d.adjusted <= d.hi


def test_the_paired_difference_counts_the_pairs_that_ended_differently() -> None:
    from rules.sim.paired import paired_difference, unpaired_half_width

    got = paired_difference(up=3, down=13, n=200)
    assert got is not None
    d, lo, hi = got
    assert d == -0.05 and lo < d < hi < 0  # ten more pairs lost than won: below zero
    same = paired_difference(0, 0, 200)
    assert same is not None and same[0] == 0.0 and same[1] == -same[2] > -0.02
    assert paired_difference(0, 0, 0) is None
    # With 16 of 200 pairs ending differently, two separate runs of 200 games each would
    # give an interval more than twice as wide.
    unpaired = unpaired_half_width(110, 100, 200)
    assert unpaired is not None and unpaired > 2 * (hi - lo) / 2


def test_the_paired_interval_widens_with_the_pairs_that_differ() -> None:
    from rules.sim.paired import paired_difference

    few = paired_difference(5, 5, 100)
    many = paired_difference(30, 30, 100)
    assert few is not None and many is not None
    assert many[2] - many[1] > 2 * (few[2] - few[1])
