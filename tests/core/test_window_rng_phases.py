from __future__ import annotations

import pytest

from rules.core.rng import Rng
from rules.core.window_state import WindowState


def test_window_opponent_answers_first_and_two_passes_close_it() -> None:
    w = WindowState[str].open("attack", by=0)
    assert w.priority == 1 and not w.closed
    w.push("block", by=1)
    assert w.priority == 0 and w.stack == ["attack", "block"]
    w.pass_priority()
    assert w.priority == 1 and not w.closed
    w.push("spark", by=1)  # adding resets the pass count
    assert w.passes == 0
    w.pass_priority()
    w.pass_priority()
    assert w.closed
    order = []
    while w.stack:
        order.append(w.pop())
    assert order == ["spark", "block", "attack"]  # last in, first out


def test_window_copy_is_independent_of_the_original() -> None:
    w = WindowState[str].open("a", by=0)
    c = w.copy()
    c.push("b", by=1)
    c.pass_priority()
    assert w.stack == ["a"] and w.priority == 1 and w.passes == 0
    assert c.stack == ["a", "b"] and c.priority == 1 and c.passes == 1


def test_window_reopen_for_one_at_a_time_resolution() -> None:
    w = WindowState[str].open("a", by=0)
    w.push("b", by=1)
    w.pass_priority()
    w.pass_priority()
    item = w.pop()
    w.reopen(priority=0)
    assert item == "b" and w.stack == ["a"] and not w.closed and w.priority == 0


def test_rng_is_deterministic_and_uniform_enough() -> None:
    a, b = Rng(seed=42), Rng(seed=42)
    rolls_a, rolls_b = [], []
    for _ in range(600):
        x, a = a.die(6)
        y, b = b.die(6)
        rolls_a.append(x)
        rolls_b.append(y)
    assert rolls_a == rolls_b
    counts = [rolls_a.count(i) for i in range(1, 7)]
    assert min(counts) > 60  # 100 expected each
    assert Rng(seed=1).below(1000)[0] != Rng(seed=2).below(1000)[0]
    with pytest.raises(ValueError):
        Rng().below(0)


def test_rng_shuffle_is_a_permutation_and_replays() -> None:
    items = list(range(30))
    s1, r1 = Rng(seed=7).shuffled(items)
    s2, r2 = Rng(seed=7).shuffled(items)
    assert s1 == s2 and r1 == r2 and sorted(s1) == items and list(s1) != items


def test_zone_helpers_return_new_tuples() -> None:
    from rules.core import zones

    assert zones.without((5, 6, 5), 5) == (6, 5)
    with pytest.raises(ValueError):
        zones.without((1,), 9)


def test_window_alternate_mode_one_action_each_until_both_pass_in_a_row() -> None:
    """Dreadnought's Action phase (D-11): a player who passed may act again if the other acted."""
    w = WindowState[str].round("alternate", first=0)
    assert w.priority == 0 and not w.closed
    w.act(0)  # first player attacks
    assert w.priority == 1 and w.passes == 0
    w.pass_priority()  # the other passes
    assert w.priority == 0 and not w.closed
    w.pass_priority()  # the first passes too: closed
    assert w.closed
    w = WindowState[str].round("alternate", first=0)
    w.pass_priority()
    w.act(1)
    assert w.priority == 0 and w.passes == 0 and not w.closed  # passed, but may act again
    w.pass_priority()
    w.pass_priority()
    assert w.closed


def test_window_hold_mode_holder_acts_any_number_of_times_then_the_other() -> None:
    """Dreadnought's Speed, Cast and Fast phases (D-01, D-05, D-10)."""
    w = WindowState[str].round("hold", first=1)
    for _ in range(3):
        w.act(1)
        assert w.priority == 1 and not w.closed
    w.pass_priority()
    assert w.priority == 0 and not w.closed
    w.push("fast ability", by=0)
    w.act(0)
    assert w.priority == 0 and w.stack == ["fast ability"] and not w.closed
    w.pass_priority()
    assert w.closed  # each passed once: the phase moves on
