"""``playtable deck export|import``: a pack's deck as a text list ('count name' lines, '# Part'
headers; ``rules.core.decklist``), and a text list as a deck file the pack loads.

    playtable deck export PACK --deck NAME [--out FILE]
    playtable deck import LIST --pack PACK --out FILE [--name NAME]

An import writes nothing while a line names no card of the pack (each is listed with its line)
or the deck breaks a deck rule: the list stays as it is, to be fixed and imported again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

import rules
from game.packs import DeckChecker, deck_toml
from rules.core.decklist import read, text_of
from rules.core.limits import MAX_FILE_BYTES, Refused, read_limited
from rules.core.packs import PackFormat, open_pack


def main(argv: list[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    ap = argparse.ArgumentParser(prog="playtable deck", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    ex = sub.add_parser("export", help="a deck of a pack as a text list")
    ex.add_argument("pack", type=Path, help="the pack folder")
    ex.add_argument("--deck", required=True, help="the deck's name")
    ex.add_argument("--game", default=None, help="default: from pack.toml or the folder name")
    ex.add_argument("--out", type=Path, default=None, help="write here (default: print it)")
    im = sub.add_parser("import", help="a text list as a deck file of a pack")
    im.add_argument("list", type=Path, help="the text list ('count name' lines)")
    im.add_argument("--pack", type=Path, required=True, help="the pack its cards come from")
    im.add_argument("--out", type=Path, required=True,
                    help="the deck file to write (deck*.toml; not overwritten)")
    im.add_argument("--name", default=None, help="the deck's name (default: the list's file "
                                                 "name)")
    im.add_argument("--game", default=None, help="default: from pack.toml or the folder name")
    args = ap.parse_args(argv)
    pack, errors = open_pack(args.game, args.pack, rules.GAMES)
    if pack is None:
        print("\n".join(errors), file=out)
        return 1
    fmt = pack.format
    if args.what == "export":
        return _export(fmt, pack.cards, pack.decks, args.deck, args.out, out)
    return _import(fmt, pack.cards, args.list, args.out, args.name, out)


def _export(fmt: PackFormat[Any, Any], cards: dict[str, Any],
            decks: dict[str, Any], name: str, target: Path | None, out: TextIO) -> int:
    if name not in decks:
        print(f"no {fmt.deck_key} {name!r}; the pack has: {', '.join(decks) or 'none'}",
              file=out)
        return 1
    assert fmt.deck_cards is not None
    text = text_of(fmt, cards, fmt.deck_cards(decks[name]))
    if target is None:
        out.write(text)
    else:
        target.write_text(text, encoding="utf-8")
        print(f"{target}: {fmt.deck_key} {name!r}, {len(text.splitlines())} lines", file=out)
    return 0


def _import(fmt: PackFormat[Any, Any], cards: dict[str, Any], source: Path,
            target: Path, name: str | None, out: TextIO) -> int:
    try:
        text = read_limited(source, MAX_FILE_BYTES).decode("utf-8-sig")
    except (OSError, Refused, UnicodeDecodeError) as e:
        print(f"{source}:1: file: {e}", file=out)
        return 1
    got = read(text, fmt, cards)
    if got.problems:
        for p in got.problems:
            print(f"{source}:{p.removeprefix('line ')}", file=out)
        if got.placeholders:
            print(f"nothing written: {len(got.placeholders)} line(s) name no card of the pack",
                  file=out)
            return 1
    if not fmt.is_deck_file(target) or target.suffix != ".toml":
        print(f"{target}: a deck file's name starts with {fmt.deck_key!r} and ends in .toml",
              file=out)
        return 1
    if target.exists():
        print(f"{target}: already there; nothing written (choose another --out)", file=out)
        return 1
    deck = name or source.stem
    checker = DeckChecker(fmt, cards)
    try:
        problems = checker.problems(deck, got.copies())
        table = checker.table(deck, got.copies())
    finally:
        checker.close()
    if problems:
        print("\n".join(f"{source}: {fmt.deck_key} {deck!r}: {p}" for p in problems), file=out)
        print("nothing written: the deck breaks the rules above", file=out)
        return 1
    target.write_text(f"# Imported from {source.name}\n" + deck_toml(fmt, table),
                      encoding="utf-8")
    print(f"{target}: {fmt.deck_key} {deck!r}, {len(got.copies())} cards", file=out)
    return 0
