"""Which places a record makes its reader open, before anything is read.

A record is data someone else may have written: its ``options`` name the card pack
(``pack``) and a folder of extra decks (``deck_folder``). Opening it
must not read a folder the player did not choose, so the reader asks first (the client) or
refuses unless told otherwise (the command line) when one of them lies outside the folders it
trusts. Paths are compared where they really lead: every link followed and ``..`` applied
after it, so a link inside a trusted folder to a folder elsewhere is outside. Following links
looks names up only; no file there is opened before the answer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from rules.core.paths import asset
from rules.records.model import Record

FOLDER_OPTIONS = ("pack", "deck_folder")


def _inside(path: Path, folders: Sequence[Path]) -> bool:
    roots: list[Path] = []
    for f in folders:
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            roots.append(Path(f).resolve())
    return any(path == r or path.is_relative_to(r) for r in roots)


def outside_places(record: Record, trusted: Sequence[Path]) -> list[str]:
    """``option: path`` for every place the record's options name outside ``trusted``
    (the shipped packs are always trusted). [] when opening it reads only trusted folders."""
    folders = [asset("packs"), *trusted]
    out: list[str] = []
    for key in FOLDER_OPTIONS:
        value = record.options.get(key)
        if not value or not isinstance(value, str):
            continue  # nothing named, or not a path at all (setting up the game says so)
        try:
            where = Path(value).resolve()  # where it really leads, links followed
        except (ValueError, OSError, RuntimeError):  # a NUL byte in the name, a link loop
            out.append(f"{key}: {value!r}")
            continue
        if not _inside(where, folders):
            shown = str(where) if str(where) == value else f"{value} (leads to {where})"
            out.append(f"{key}: {shown}")
    return out
