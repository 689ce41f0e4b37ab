"""Small packs written into tmp folders."""

from __future__ import annotations

from pathlib import Path

SUMMON = """
[[card]]
id = "ok_cat"
name = "Ok Cat"
type = "summon"
cost = 1
movement = 1
attack = 1
defense = 1
"""


# Two broken cards, lines 1-23 of a file: a cost that is not a number (line 6), an unknown field
# (line 18) and an unknown effect (line 23); a test appends its own cards from line 24.
BAD_CARDS = """# line 1
[[card]]
id = "bad_dog"
name = "Bad Dog"
type = "summon"
cost = "two"
movement = 1
attack = 1
defense = 1

[[card]]
id = "odd_bird"
name = "Odd Bird"
type = "summon"
movement = 2
attack = 1
defense = 0
wingspan = 3

[[card.skills]]
name = "Squawk"
kind = "fast"
effect = "explode_everything"
"""


def pack(folder: Path, **files: str) -> Path:
    """Write ``files`` (name -> text; '__' in a name stands for '.') into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("__", ".")).write_text(text, encoding="utf-8")
    return folder
