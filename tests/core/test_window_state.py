"""The mutable response window follows the same priority rules as the immutable one, and a
state holding it dumps the same JSON."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from rules.core.window import PriorityMode, Window
from rules.core.window_state import WindowState


def _same(w: WindowState[int], old: Window[int]) -> None:
    assert (w.stack, w.priority, w.passes, w.mode, w.closed) == \
        (list(old.stack), old.priority, old.passes, old.mode, old.closed)


@pytest.mark.parametrize("mode", ["respond", "alternate", "hold"])
def test_each_mode_moves_priority_and_closes_as_the_immutable_window(mode: PriorityMode) -> None:
    w: WindowState[int] = WindowState.round(mode, 0)
    old: Window[int] = Window[int].round(mode, 0)
    for step in ("push0", "pass", "act1", "push1", "pass", "pass", "pop", "reopen", "pass",
                 "until"):
        if step == "pass":
            w.pass_priority()
            old = old.pass_priority()
        elif step.startswith("push"):
            by = int(step[-1])
            w.push(len(w.stack) + 10, by)
            old = old.push(len(old.stack) + 10, by)
        elif step == "act1":
            w.act(1)
            old = old.act(1)
        elif step == "pop":
            assert w.top == old.top
            got, old = old.pop()
            assert w.pop() == got
        elif step == "reopen":
            w.reopen(1)
            old = old.reopen(1)
        else:
            w.pass_until_closed()
            old = old.pass_until_closed()
        _same(w, old)


def test_open_gives_the_opponent_priority_and_a_copy_is_apart() -> None:
    w = WindowState.open(7, 0)
    _same(w, Window[int].open(7, 0))
    c = w.copy()
    c.push(8, 1)
    assert w.stack == [7] and c.stack == [7, 8]


def test_an_unknown_mode_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown priority mode 'both'"):
        WindowState.round("both", 0)  # type: ignore[arg-type]


def test_it_dumps_and_loads_as_the_immutable_window() -> None:
    w: WindowState[int] = WindowState.open(3, 1)
    w.push(4, 0)
    old = Window[int].open(3, 1).push(4, 0)
    new_json = TypeAdapter(WindowState[int]).dump_json(w)
    assert new_json == TypeAdapter(Window[int]).dump_json(old)
    assert TypeAdapter(WindowState[int]).validate_json(new_json) == w
