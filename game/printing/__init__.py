"""Print and play with Pillow (no pygame): card faces from pack data, sheets, PDF and PNGs.

``print_command`` backs ``playtable print`` and ``tools/print_cards.py``; ``main(argv)`` is the
argument parser both share.
"""

from __future__ import annotations

from game.printing.cli import main
from game.printing.sheet import print_command

__all__ = ["main", "print_command"]
