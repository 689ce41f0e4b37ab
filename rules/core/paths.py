"""Where bundled data lives, whether running from a checkout, an install or a bundle.

Every read of shipped data (card packs, maps, the UI theme, sounds) goes through ``asset()``:

- a PyInstaller bundle: ``<bundle dir>/assets`` (``sys._MEIPASS``),
- a source checkout or an editable install: ``assets/`` at the project root,
- an installed package (``pip install .``): ``playtable_assets/`` beside the ``rules`` package
  (setup.py ships ``assets/`` under that name).

Shipped data is read-only: what the player makes (decks, saves, settings, the autosave) goes to
the user data folder (``game.userdata.data_dir``), never here.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

INSTALLED_NAME = "playtable_assets"


@lru_cache(maxsize=1)
def _code_root() -> Path:
    # Where the code is does not change while it runs; resolving it each time cost a new
    # game (which reads its pack through ``asset``) as much as a fifth of its set-up.
    return Path(__file__).resolve().parents[2]


def resource_root(bundle: str | None = None, code_root: Path | None = None) -> Path:
    """The folder holding the shipped data: the one that ``asset()`` paths start from.

    ``bundle`` (default ``sys._MEIPASS``) and ``code_root`` (default: the folder holding the
    ``rules`` package) are there for tests."""
    if bundle is None:
        bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    root = code_root if code_root is not None else _code_root()
    for name in ("assets", INSTALLED_NAME):
        if (root / name).is_dir():
            return root / name
    return root / "assets"  # nothing shipped: error messages name the checkout's folder


def asset(*parts: str) -> Path:
    """A shipped file or folder: ``asset("packs", "kyoukai")``, ``asset("ui", "theme.json")``."""
    return resource_root().joinpath(*parts)
