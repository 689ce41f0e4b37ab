"""A non-editable install (``pip install .``) ships assets/ as ``playtable_assets`` and the
installed code finds it there: build the wheel, install it into a folder, use it from there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.source import copy_source

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import sys
from pathlib import Path
import rules, game
from rules.core.paths import asset, resource_root
site = Path(sys.argv[1]).resolve()
assert Path(rules.__file__).resolve().is_relative_to(site), rules.__file__
assert Path(game.__file__).resolve().is_relative_to(site), game.__file__
assert resource_root() == site / "playtable_assets", resource_root()
assert asset("ui", "theme.json").is_file()
from importlib.metadata import entry_points
from rules.registry import GROUP
mine = {ep.name for ep in entry_points(group=GROUP)
        if Path(str(ep.dist.locate_file(""))).resolve() == site}
from rules.registry import SHIPPED
assert mine == set(rules.GAMES) == {r.split(".")[1] for r in SHIPPED}, (mine, list(rules.GAMES))
for name, rs in rules.GAMES.items():
    rs.new_game(seed=1)
from game.layouts import decks_for, playable
print(sorted(len(decks_for(g)) for g in playable()))
print("installed OK")
"""


@pytest.mark.slow
def test_a_wheel_installed_elsewhere_finds_its_assets(tmp_path: Path) -> None:
    src = copy_source(tmp_path / "src")
    wheels, site = tmp_path / "wheels", tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(wheels),
                    str(src)], check=True, cwd=tmp_path, timeout=300)
    wheel = next(wheels.glob("playtable-*.whl"))
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, cwd=tmp_path, timeout=300)
    assert sorted(p.name for p in (site / "playtable_assets").iterdir()) == \
        sorted(p.name for p in (ROOT / "assets").iterdir())
    env = {**os.environ, "PYTHONPATH": str(site), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", CHECK, str(site)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "installed OK" in out.stdout

