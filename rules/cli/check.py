"""``python -m rules check PATH [--game G]``: every problem of a card pack, or a summary.

The client's ``playtable check`` and ``tools/cardcheck.py`` call ``check_command``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

import rules
from rules.core.manual import manual_parts
from rules.core.packs import open_pack


def check_command(path: Path, game: str | None = None, out: TextIO | None = None) -> int:
    """Print every problem (exit code 1) or ``N cards, M decks: ok`` (0)."""
    out = out or sys.stdout
    pack, errors = open_pack(game, path, rules.GAMES)
    if pack is None:
        print("\n".join(errors), file=out)
        print(f"{len(errors)} problem{'s' * (len(errors) != 1)}", file=out)
        return 1
    print(f"{pack.format.game}: {counted(len(pack.cards), 'card')}, "
          f"{counted(len(pack.decks), pack.format.deck_key)}: ok", file=out)
    by_hand = manual_cards(pack.cards)
    if by_hand:
        print(f"note: {len(by_hand)} card{'s' * (len(by_hand) != 1)} with a manual effect "
              f"(carried out by hand at the table): {', '.join(by_hand)}", file=out)
    return 0


def counted(n: int, word: str) -> str:
    """``1 deck``, ``2 decks``, ``0 decks``."""
    return f"{n} {word}{'s' * (n != 1)}"


def manual_cards(cards: Mapping[str, Any]) -> list[str]:
    """Each card whose data names the ``manual`` effect, as "Name (where)"."""
    out = []
    for key, card in cards.items():
        parts = manual_parts(card)
        if parts:
            out.append(f"{getattr(card, 'name', key)} ({', '.join(parts)})")
    return out


def run(args: argparse.Namespace) -> int:
    return check_command(Path(args.path), args.game)


def register(sub: Any) -> None:
    p = sub.add_parser("check", help="check a card pack folder or file (TOML and CSV)")
    p.add_argument("path", help="a pack folder, or one card/deck file")
    p.add_argument("--game", default=None, help="the game (default: from pack.toml or the "
                   "folder name)")
    p.set_defaults(run=run)
