"""``python -m rules arena``: seats and decks alternate, the counts add up, the interval is
Wilson's, and bad agent names get a clear message."""

from __future__ import annotations

import re

import pytest

import rules
from rules.__main__ import main
from rules.cli.arena import GameResult, mirror_options, pairs, play, swapped_options, wilson


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(13, 20)  # 65 % of 20: 0.433-0.819 (Wilson, z = 1.96)
    assert (round(lo, 3), round(hi, 3)) == (0.433, 0.819)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.83 < lo < 0.84


def test_decks_swap_where_the_game_has_decks() -> None:
    rs = rules.get("kyoukai")
    first, second = rs.setup(None).deck_names
    opts = swapped_options(rs)
    assert opts is not None and rs.setup(opts).deck_names == (second, first)


def test_seats_alternate_in_a_pair_and_decks_every_other_pair() -> None:
    games = [play("dreadnought", ("greedy", "random"), g, 5) for g in range(4)]
    assert [r.seats for r in games] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [r.swapped for r in games] == [False, False, True, True]
    assert all(r.steps > 0 and r.times[0] and r.times[1] for r in games)


def test_mirror_pairs_give_both_seats_one_deck_then_the_other() -> None:
    rs = rules.get("kyoukai")
    first, second = rs.setup(None).deck_names
    for deck, name in enumerate((first, second)):
        opts = mirror_options(rs, deck)
        assert opts is not None and rs.setup(opts).deck_names == (name, name)
    games = [play("kyoukai", ("greedy", "random"), g, 5, mirror=True) for g in range(4)]
    assert [r.seats for r in games] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [r.mirror for r in games] == [0, 0, 1, 1]
    assert not any(r.swapped for r in games)


def test_a_mirror_arena_counts_wins_by_mirror_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "bos", "--agents", "greedy,random", "--games", "4",
                 "--mirror"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"won from seat 1: (\d+), seat 2: (\d+); in Ember Court mirrors: (\d+), "
                  r"in Tide Circle mirrors: (\d+)$", out, re.M)
    assert m is not None, out
    assert int(m.group(1)) + int(m.group(2)) == int(m.group(3)) + int(m.group(4)) == 4
    assert "mirror decks" in out and out.rstrip().endswith("mirror=1")


def test_arena_prints_counts_interval_times_and_a_result_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "dreadnought", "--agents", "greedy,random",
                 "--games", "4", "--seed", "3"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    # One progress line a game on stderr, with its seed (games 3 and 4 are the second pair).
    assert captured.err.count("\n") == 4, captured.err
    assert "game 4/4 (seed 4): " in captured.err
    m = re.search(r"^RESULT game=dreadnought a=greedy b=random games=4 wins=(\d+) "
                  r"losses=(\d+) draws=(\d+) share=\S+ lo=\S+ hi=\S+ p50_ms=\S+ p90_ms=\S+ "
                  r"cpu_p50_ms=\S+ cpu_p90_ms=\S+ b_p90_ms=\S+ b_cpu_p50_ms=[\d.]+ "
                  r"b_cpu_p90_ms=[\d.]+ pairs_a=(\d+) pairs_b=(\d+) "
                  r"pairs_split=(\d+) pair_share=\S+ pair_lo=\S+ pair_hi=\S+ mirror=0$", out, re.M)
    assert m is not None, out
    assert sum(int(x) for x in m.groups()[:3]) == 4
    assert sum(int(x) for x in m.groups()[3:]) == 2  # two pairs of games
    assert "95 % Wilson interval" in out and "CPU ms p50" in out
    # Who won by seat and by deck: each decisive game counted once either way.
    seats = re.search(r"won from seat 1: (\d+), seat 2: (\d+); by (.+): (\d+), by (.+): (\d+)$",
                      out, re.M)
    assert seats is not None, out
    decisive = int(m.group(1)) + int(m.group(2))
    assert int(seats.group(1)) + int(seats.group(2)) == decisive
    assert int(seats.group(4)) + int(seats.group(6)) == decisive


def test_an_unknown_agent_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "bos", "--agents", "search,genius", "--games", "1"]) == 2
    assert "unknown agent 'genius'" in capsys.readouterr().out


def test_pairs_count_a_deal_won_twice_by_one_agent_apart_from_a_split() -> None:
    won = [GameResult(w) for w in (0, 0, 1, 0, 1, 1, None, 0, 1, 1, 0)]  # the last: no pair
    p = pairs(won)
    assert (p.first, p.second, p.split) == (1, 2, 2)
    assert p.share == pytest.approx(1 / 3)
    assert pairs(won[:2]).share == 1.0 and pairs([]).split == 0
