"""The bad-file corpus of issue 12: every input that crashed, hung or read outside its folder.

Large inputs are generated here (never committed); the tests and ``tools/fuzz.py`` both take
them from ``CARD_FILES``, ``CSV_FILES``, ``RECORDS`` and ``SETTINGS``. Each entry maps a name
to (file bytes, a piece of the message that must name the problem).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rules.core.limits import MAX_DEPTH
from rules.records import append, new_record, to_text

Case = tuple[bytes, str]
DEEP = f"nested more than {MAX_DEPTH} deep"


def _b(text: str) -> bytes:
    return text.encode("utf-8")


def _record(**fields: object) -> dict[str, object]:
    doc: dict[str, object] = {"playtable": "record", "format": 1, "game": "kyoukai",
                              "seed": 1, "options": {}, "intents": []}
    doc.update(fields)
    return doc


# TOML card files (put in a Kyoukai pack folder as gates.toml).
CARD_FILES: dict[str, Callable[[], Case]] = {
    "arrays 200,000 deep": lambda: (_b("x = " + "[" * 200_000 + "]" * 200_000 + "\n"),
                                    "characters long"),
    "arrays 5,000 deep": lambda: (_b("x = " + "[" * 5_000 + "]" * 5_000 + "\n"), DEEP),
    "inline tables 200,000 deep": lambda: (
        _b("x = " + "{a = " * 200_000 + "1" + "}" * 200_000 + "\n"), "characters long"),
    "inline tables 2,000 deep": lambda: (
        _b("x = " + "{a = " * 2_000 + "1" + "}" * 2_000 + "\n"), DEEP),
    "headers 200,000 deep": lambda: (_b("[" + ".".join(["a"] * 200_000) + "]\n"),
                                     "characters long"),
    "headers 5,000 deep": lambda: (_b("[" + ".".join(["a"] * 5_000) + "]\nb = 1\n"),
                                   "dotted key over"),
    "dotted key 5,000 deep": lambda: (_b(".".join(["a"] * 5_000) + " = 1\n"),
                                      "dotted key over"),
    "header and key adding up": lambda: (_b(f"[{'.'.join(['a'] * 30)}]\n"
                                            f"{'.'.join(['b'] * 30)} = 1\n"), DEEP),
    "100,000 distinct array headers": lambda: (
        _b("".join(f"[[t{k}]]\n" for k in range(100_000))), "keys and values is over"),
    "60,000 distinct table headers": lambda: (
        _b("".join(f"[t{k}]\n" for k in range(60_000))), "unknown section"),
    "5 MB of arrays": lambda: (_b(("a = [" + "1," * 5_000 + "1]\n") * 500), "keys and values"),
    "99,000 unknown keys": lambda: (_b("".join(f"k{k} = 1\n" for k in range(99_000))),
                                    "unknown section"),
    "101,000 keys": lambda: (_b("".join(f"k{k} = 1\n" for k in range(101_000))),
                             "keys and values is over the 100,000 limit"),
    "a line of 30,000 characters": lambda: (_b('x = "' + "a" * 30_000 + '"\n'),
                                            "characters long"),
    "not UTF-8": lambda: (b"\xff\xfe[[card]]\n", "not UTF-8"),
    "4 MB of unterminated strings": lambda: (_b(('x = ' + '"\\' * 9_000 + "\n") * 220),
                                             "syntax"),
    "over 5 MB": lambda: (_b("# padding\n" * 600_000), "over the 5 MB limit"),
}

# CSV card files (put in a Kyoukai pack folder as cards.csv).
CSV_FILES: dict[str, Callable[[], Case]] = {
    "100,000 repeated columns": lambda: (_b("a," * 100_000 + "\n" + "1," * 10 + "\n"),
                                         "characters long"),
    "9,000 repeated columns": lambda: (_b(",".join(["a"] * 9_000) + "\n1\n"),
                                       "named twice: a"),
    "a dotted column 20,000 deep": lambda: (
        _b(".".join(["a"] * 9_000) + "\n1\n"), f"more than {MAX_DEPTH} dotted"),
    "a cell 60,000 deep": lambda: (_b("id,tags\nx," + "[" * 60_000 + "\n"), "characters long"),
    "5 MB of cells": lambda: (_b(",".join(f"c{k}" for k in range(1_000)) + "\n"
                                 + ("1," * 999 + "1\n") * 2_500), "values is over the limit"),
    "a cell 5,000 deep": lambda: (_b("id,tags\nx," + "[" * 5_000 + "]" * 5_000 + "\n"), DEEP),
}

# Record files (opened with load_record / Session.open / record check).
RECORDS: dict[str, Callable[[], Case]] = {
    "nested 100,000 deep": lambda: (
        _b('{"playtable": "record", "format": 1, "game": "kyoukai", "seed": 1, "options": '
           + "[" * 100_000 + "]" * 100_000 + "}"), DEEP),
    "4 MB of unterminated strings": lambda: (_b(("{" + '"\\' * 200_000 + "\n") * 10),
                                             "truncated"),
    "over 5 MB": lambda: (_b(json.dumps(_record(players=["x" * 6_000_000]))),
                          "over the 5 MB limit for records"),
}

# Records that load but whose first intent is out of range (issue 12 item 3).
OUT_OF_RANGE = {"to 25": 25, "to -26": -26, "to 2**63": 2 ** 63}

# settings.json contents.
SETTINGS: dict[str, Callable[[], Case]] = {
    "not UTF-8": lambda: (b"\xff\xfe", "not UTF-8"),
    "nested 100,000 deep": lambda: (b"[" * 100_000 + b"]" * 100_000, DEEP),
    "not JSON": lambda: (b"{width: 3", "not JSON"),
}


def out_of_range_record(to: int) -> bytes:
    """A Kyoukai record with today's card hashes whose first intent moves off the board."""
    record = append(new_record("kyoukai", 1), {"kind": "move", "gate": 0, "to": to})
    return _b(to_text(record))


def write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


# Issue 33: characters that crashed the table's text drawing when in a card name, as TOML
# escapes (a raw NUL is already a TOML syntax error).
HAZARDS: dict[str, str] = {"NUL": "\\u0000", "zero width space": "\\u200B",
                           "right-to-left override": "\\u202E", "soft hyphen": "\\u00AD",
                           "byte-order mark": "\\uFEFF"}


def _first_card_file(folder: Path, deck_key: str) -> Path:
    return next(p for p in sorted(folder.glob("*.toml"))
                if not p.stem.startswith(deck_key) and p.name != "pack.toml")


def put_in_a_name(folder: Path, deck_key: str, escape: str) -> tuple[Path, int]:
    """``escape`` after the first letter of the first card's ``name``: (its file, line)."""
    path = _first_card_file(folder, deck_key)
    lines = path.read_text(encoding="utf-8").split("\n")
    no = next(i for i, line in enumerate(lines) if line.startswith('name = "'))
    lines[no] = lines[no][:9] + escape + lines[no][9:]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, no + 1


def deck_file(folder: Path, deck_key: str) -> Path:
    return next(p for p in sorted(folder.glob(f"{deck_key}*.toml")))


def copy_first_deck(folder: Path, deck_key: str, into: str | None = None) -> tuple[Path, int]:
    """The first ``[[deck]]`` table of the deck file written again, at the end of that file or
    in a new file ``into``: (the file, the line of the copy's ``name``)."""
    source = deck_file(folder, deck_key)
    lines = source.read_text(encoding="utf-8").split("\n")
    header = f"[[{deck_key}]]"
    start = lines.index(header)
    end = next((i for i in range(start + 1, len(lines)) if lines[i] == header), len(lines))
    table = lines[start:end]
    target = source if into is None else folder / into
    before = target.read_text(encoding="utf-8").split("\n") if target.exists() else []
    target.write_text("\n".join([*before, "", *table, ""]), encoding="utf-8")
    name_at = next(i for i, line in enumerate(table) if line.startswith("name ="))
    return target, len(before) + 2 + name_at


def with_bom(path: Path) -> Path:
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    return path
