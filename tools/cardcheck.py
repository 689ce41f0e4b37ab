"""Check a card pack: every problem in every file, or a one-line summary.

    python tools/cardcheck.py PATH [--game G]

PATH is a pack folder (TOML and CSV card files, deck files) or one file. The game comes from
``--game``, else ``pack.toml`` (``game = "kyoukai"``), else the folder name. Exit 1 on any
problem. Same as ``python -m rules check`` and ``playtable check``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.__main__ import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["check", *sys.argv[1:]]))
