"""``tools/bench_client.py``: one RESULT line per playable game, each measured while a piece
is really being dragged on a full table (the times themselves are not checked)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pygame
import pytest

from game.layouts import playable

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_client", ROOT / "tools" / "bench_client.py")
assert _spec is not None and _spec.loader is not None
bench_client = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_client)

RESULT = re.compile(r"^RESULT game=(\w+) frames=(\d+) p50_ms=[\d.]+ p95_ms=[\d.]+ "
                    r"cpu_p95_ms=[\d.]+$")


@pytest.mark.slow  # plays 20 moves of every game in the client: a whole-game UI run
def test_every_playable_game_gets_a_result_line_and_a_frame(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "last.png"
    assert bench_client.main(["--frames", "3", "--moves", "20", "--out", str(out)]) == 0
    lines = [m.groups() for line in capsys.readouterr().out.splitlines()
             if (m := RESULT.match(line))]
    assert lines == [(g, "3") for g in playable()]
    for g in playable():
        shot = pygame.image.load(str(tmp_path / f"last-{g}.png"))
        assert shot.get_size() == (1280, 720)


def test_an_unknown_game_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_client.main(["--game", "nosuchgame", "--frames", "1"])
    assert "no table layout for nosuchgame" in capsys.readouterr().err
