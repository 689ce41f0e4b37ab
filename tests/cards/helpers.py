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


def pack(folder: Path, **files: str) -> Path:
    """Write ``files`` (name -> text; '__' in a name stands for '.') into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("__", ".")).write_text(text, encoding="utf-8")
    return folder
