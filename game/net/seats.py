"""The seat tokens this computer was given when it joined a game, by join code, in the user
data folder: after the host crashes and comes back (its Continue keeps the code), Join with
the same code takes the same seat again, even once this program was closed meanwhile."""

from __future__ import annotations

import json
from pathlib import Path

from game.userdata import data_dir
from rules.records.store import write_atomic

KEPT = 20  # the latest games joined; older tokens are forgotten


def tokens_file() -> Path:
    return data_dir() / "network" / "joined.json"


def _read() -> dict[str, str]:
    try:
        data = json.loads(tokens_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or unreadable: joining asks for a new seat
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def token_for(code: str) -> str | None:
    """The token of the seat taken in the game with this join code, if one was."""
    return _read().get(code.upper())


def remember(code: str, token: str) -> None:
    known = _read()
    known.pop(code.upper(), None)
    known[code.upper()] = token
    kept = dict(list(known.items())[-KEPT:])
    path = tokens_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(kept).encode())


def forget(code: str) -> None:
    known = _read()
    if known.pop(code.upper(), None) is not None:
        write_atomic(tokens_file(), json.dumps(known).encode())
