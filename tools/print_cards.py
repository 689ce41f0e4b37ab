"""Print and play: a pack's card faces at real size, on A4 or Letter with cut marks.

    python tools/print_cards.py PATH --out cards.pdf [--paper A4|Letter] [--png-dir DIR]
                                [--game G] [--deck NAME]

Same as ``playtable print``. Exit 1 if the pack has problems (they are listed).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.printing.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(prog="python tools/print_cards.py"))
