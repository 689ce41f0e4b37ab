"""The mutable response window: a copy is apart from its original, an unknown mode is refused,
and a state holding it dumps the JSON saves have always held for a window."""

from __future__ import annotations

import random

import pytest
from pydantic import TypeAdapter

from rules.core.window_state import PriorityMode, WindowState


def test_open_gives_the_opponent_priority_and_a_copy_is_apart() -> None:
    w = WindowState.open(7, 0)
    assert (w.stack, w.priority, w.passes, w.mode) == ([7], 1, 0, "respond")
    c = w.copy()
    c.push(8, 1)
    assert w.stack == [7] and c.stack == [7, 8]


def test_an_unknown_mode_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown priority mode 'both'"):
        WindowState.round("both", 0)  # type: ignore[arg-type]


def test_it_dumps_and_loads_as_saved_games_hold_a_window() -> None:
    w: WindowState[int] = WindowState.open(3, 1)
    w.push(4, 0)
    saved = b'{"stack":[3,4],"priority":1,"passes":0,"mode":"respond"}'
    assert TypeAdapter(WindowState[int]).dump_json(w) == saved
    assert TypeAdapter(WindowState[int]).validate_json(saved) == w


@pytest.mark.parametrize("mode", ["respond", "alternate", "hold"])
def test_closed_is_two_passes_after_every_change_and_a_load(mode: PriorityMode) -> None:
    # ``closed`` is kept as the window changes (a slot, not a field): after each step of a
    # random round it is what the passes say, in a copy and in a fresh load of its dump too.
    r = random.Random(7)
    adapter = TypeAdapter(WindowState[int])
    w: WindowState[int] = WindowState.round(mode, 0)
    for step in range(300):
        change = r.randrange(5)
        if change == 0:
            w.push(step, r.randrange(2))
        elif change == 1:
            w.act(r.randrange(2))
        elif change == 2:
            w.pass_priority()
        elif change == 3:
            w.pass_until_closed()
        else:
            w.reopen(r.randrange(2))
        loaded = adapter.validate_json(adapter.dump_json(w))
        assert w.closed == w.copy().closed == loaded.closed == (w.passes >= 2), step
        assert b"closed" not in adapter.dump_json(w)
