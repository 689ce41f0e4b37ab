"""Arguments of ``playtable print`` / ``tools/print_cards.py``."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.printing.sheet import PAPER_MM, print_command


def main(argv: list[str] | None = None, prog: str = "playtable print") -> int:
    ap = argparse.ArgumentParser(prog=prog, description="Lay a pack's card faces out at real "
                                 "size on printable pages with cut marks (300 dpi PDF).")
    ap.add_argument("path", type=Path, help="a pack folder, or one card file")
    ap.add_argument("--out", type=Path, default=Path("cards.pdf"), help="the PDF to write")
    ap.add_argument("--paper", choices=sorted(PAPER_MM), default="A4")
    ap.add_argument("--png-dir", type=Path, default=None, help="also write one PNG per card")
    ap.add_argument("--game", default=None, help="default: from pack.toml or the folder name")
    ap.add_argument("--deck", default=None, help="print this deck (every copy) instead of "
                    "one of each card")
    args = ap.parse_args(argv)
    return print_command(args.path, args.out, args.paper, args.png_dir, args.game, args.deck)
