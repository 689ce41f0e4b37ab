"""Issue 36, done when: a designer's game package, in a folder outside the repository, is
installed with Playtable into a throwaway virtual environment (never the project's .venv),
as a designer would, and works there: its own title and How to play page, one shared deck,
its own option set from the menu and with ``--option``; played in the client to the end,
and simulated.

The package is a copy of examples/tinycards; Playtable is installed from a copy of this
checkout's sources (not editable), its dependencies from the package index (pip's cache keeps
a second run short)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.source import copy_source

ROOT = Path(__file__).resolve().parents[2]

IN_THE_CLIENT = r"""
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from pathlib import Path
import pygame_gui
import rules, tinycards
from rules import registry
from game.app import App
from game.scenes.howto import page_text
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.session import GameConfig

venv = Path(sys.prefix).resolve()
for module in (rules, tinycards):  # both installed here, not read from a checkout
    assert Path(module.__file__).resolve().is_relative_to(venv), module.__file__
info = registry.info("tinycards")  # found through the package's entry point
assert info.title == "Tiny Cards" and info.shared_deck
assert page_text("tinycards").startswith("# Tiny Cards\n"), page_text("tinycards")[:80]

app = App((1280, 720), defaults=GameConfig(game="tinycards", agent_delay=0.0))
app.frame(0.016)
menu = app.scene
assert isinstance(menu, MenuScene)
assert menu.config().game == "tinycards" and len(menu.deck) == 1  # one shared deck
for seat in menu.seat:
    seat.selected_option = ("Computer", "#computer")
(life,) = menu.option_rows  # its own option, a row of the menu
life.entry.set_text("6")
menu.start_game()
table = app.scene
assert isinstance(table, TableScene), type(table)
session = table.session
assert [side.life for side in session.initial_state.sides] == [6, 6]
deadline = time.monotonic() + 300
while not session.over and time.monotonic() < deadline:
    app.frame(0.016)
assert session.over, "the game did not end"
print("played", len(session.intents), "intents; winner", session.winner())
app.close()
print("CLIENT OK")
"""

AFTER_THE_COMMAND = r"""
import sys
from rules.records import load_record, replay_full
rec = load_record(sys.argv[1])
r = replay_full(rec)
assert rec.game == "tinycards" and rec.options["life"] == 4, rec.options
assert [side.life for side in r.rs.new_game(rec.seed, rec.options).sides] == [4, 4]
assert r.rs.to_act(r.state) is None, "the game did not end"
print("RECORD OK")
"""


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 900
         ) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=timeout)
    assert out.returncode == 0, f"{' '.join(cmd)}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


@pytest.mark.slow
def test_a_designer_package_installed_elsewhere_plays_and_simulates(tmp_path: Path) -> None:
    src = copy_source(tmp_path / "playtable-src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    designer = tmp_path / "my-games" / "tinycards"  # the designer's own folder
    shutil.copytree(ROOT / "examples" / "tinycards", designer, ignore=ignore)
    venv = tmp_path / "venv"
    assert not venv.resolve().is_relative_to(ROOT)
    _run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", str(venv)],
         tmp_path, dict(os.environ))
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    # nothing of this checkout on the path: the venv's own installs only
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME",
                                                            "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    _run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q",
          str(src), str(designer)], tmp_path, env, timeout=1800)

    client = _run([str(python), "-c", IN_THE_CLIENT], tmp_path, env)
    assert "CLIENT OK" in client.stdout

    record = tmp_path / "game.json"
    _run([str(bin_dir / "playtable"), "--game", "tinycards", "--players", "computer,computer",
          "--option", "life=4", "--seed", "3", "--agent-delay", "0", "--record", str(record),
          "--quit-after-seconds", "45"], tmp_path, env)
    checked = _run([str(python), "-c", AFTER_THE_COMMAND, str(record)], tmp_path, env)
    assert "RECORD OK" in checked.stdout

    report = tmp_path / "report"
    sim = _run([str(bin_dir / "playtable"), "simulate", "--game", "tinycards", "--games", "40",
                "--workers", "2", "--option", "life=6", "--out", str(report), "--quiet"],
               tmp_path, env)
    assert "RESULT games=40 " in sim.stdout and " errors=0" in sim.stdout, sim.stdout
    summary = json.loads((report / "summary.json").read_text(encoding="utf-8"))
    assert summary["game"] == "tinycards" and summary["games_done"] == 40
