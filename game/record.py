"""Game records: game id + options + seed + the applied intents, written atomically."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_record(path: Path, game: str, options: dict[str, Any], seed: int,
                 intents: list[dict[str, Any]]) -> None:
    """Write the record to a temporary file next to ``path`` and rename it over ``path``, so a
    reader never sees half a file."""
    write_json(path, {"format": 1, "game": game, "options": options, "seed": seed,
                      "intents": intents})


def read_record(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def write_json(path: Path, doc: dict[str, Any]) -> None:
    """Atomic JSON write (temporary file + rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
