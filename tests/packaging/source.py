"""A copy of the project's source, as a wheel or an sdist would take it, for install tests."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def copy_source(dest: Path) -> Path:
    """Copy what ``pip install`` builds from (pyproject, setup.py, README, rules, game,
    assets; no caches) into ``dest``, so a test's build never writes into the checkout."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("rules", "game", "assets"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    return dest
