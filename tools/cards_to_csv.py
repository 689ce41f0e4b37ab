"""Export a pack's TOML card files to CSV, one per file, to start a spreadsheet from.

    python tools/cards_to_csv.py PATH --out DIR [--game G]

Columns follow the import convention (``skills.0.name``…), so the CSV loads back to the same
cards (``python tools/cardcheck.py DIR``). Deck files are not exported: decks stay TOML.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.core.cards import read_toml  # noqa: E402
from rules.core.csvcards import write_csv  # noqa: E402
from rules.core.errors import DataError  # noqa: E402
from rules.core.packs import format_for, guess_game, pack_files  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/cards_to_csv.py")
    ap.add_argument("path", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--game", default=None)
    args = ap.parse_args(argv)
    try:
        fmt = format_for(args.game or guess_game(args.path, rules.GAMES), rules.GAMES)
        _, cards, _ = pack_files(fmt, args.path)
        args.out.mkdir(parents=True, exist_ok=True)
        for f in (c for c in cards if c.suffix == ".toml"):
            rows = read_toml(f)[0].get(fmt.card_key) or []
            target = args.out / f"{f.stem}.csv"
            target.write_text(write_csv(rows), encoding="utf-8")
            print(f"{target}: {len(rows)} cards")
    except DataError as e:
        print("\n".join(e.errors))
        return 1
    except KeyError as e:
        print(e.args[0])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
