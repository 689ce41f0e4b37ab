"""The command line's progress bar: games done, the pace and the time left, the pace taken
from the first game's end on (the workers' start does not count)."""

from __future__ import annotations

import io

import pytest

import rules.cli.simulate as cli


def test_the_time_left_comes_from_the_pace_after_the_first_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([0.0, 30.0, 40.0, 50.0])  # the bar is made; 30 s of start, then 10 s a game
    monkeypatch.setattr(cli.time, "perf_counter", lambda: next(clock))
    out = io.StringIO()
    bar = cli.ProgressBar(out)
    bar(1, 100)
    bar(2, 100)
    bar(11, 100)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("1/100  0.0 games/s  … s left")
    # 10 games in the 20 s since the first ended: 0.5 games/s, 89 left take 178 s.
    assert lines[-1].endswith("11/100  0.5 games/s  178 s left")
