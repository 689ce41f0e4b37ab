"""``playtable --smoke`` from source: the real menu and tables, each ruleset, exit 0; and a
missing data file fails it (exit 1), as it must in the built executable."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PLAYTABLE_DATA": str(tmp_path / "userdata"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=180)


@pytest.mark.slow  # every ruleset played through the menu (15 s): CI runs it with the slow ones
def test_smoke_plays_every_ruleset_from_the_menu_and_exits_0(tmp_path: Path) -> None:
    out = _run(tmp_path, "-m", "game", "--smoke")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "smoke: OK" in out.stdout
    from game.layouts import playable

    for game in playable():  # a game whose table is not built yet (table=None) is not smoked
        assert f"smoke: {game}: " in out.stdout
    assert "smoke: network game: " in out.stdout  # hosted from the menu, a seat joined
    assert not (tmp_path / "userdata").exists() or (tmp_path / "userdata").is_dir()


def test_smoke_menu_time_prints_the_time_to_the_menu(tmp_path: Path) -> None:
    out = _run(tmp_path, "-m", "game", "--smoke-menu-time")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "smoke: menu shown" in out.stdout


def test_smoke_fails_when_a_shipped_file_is_missing(tmp_path: Path) -> None:
    bundle = tmp_path / "bundle"
    shutil.copytree(ROOT / "assets", bundle / "assets")
    (bundle / "assets" / "packs" / "kyoukai" / "gates.toml").unlink()
    code = ("import sys; sys._MEIPASS = sys.argv[1]; from game.smoke import run; "
            "sys.exit(run())")
    out = _run(tmp_path, "-c", code, str(bundle))
    assert out.returncode == 1, out.stdout + out.stderr
    assert "smoke: FAILED" in out.stdout and "kyoukai" in out.stdout
