"""Where the client keeps the player's files: autosave, saved games, settings.

One function decides the folder, per platform:

- ``$PLAYTABLE_DATA`` when set (tests and portable installs),
- Windows: ``%APPDATA%\\playtable``,
- macOS: ``~/Library/Application Support/playtable``,
- elsewhere: ``$XDG_DATA_HOME/playtable``, else ``~/.local/share/playtable``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from game.files import Unreadable, read_json, write_json
from rules.records.temps import clean_stale

APP = "playtable"


def data_dir(env: dict[str, str] | None = None, platform: str | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get("PLAYTABLE_DATA"):
        return Path(env["PLAYTABLE_DATA"])
    home = Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    if platform.startswith("win"):
        base = env.get("APPDATA")
        return Path(base) / APP if base else home / "AppData" / "Roaming" / APP
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP
    xdg = env.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else home / ".local" / "share") / APP


def autosave_path() -> Path:
    """The record of the game on the table, rewritten after every intent (Continue reads it)."""
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_name(game: str, seed: int, when: datetime | None = None) -> str:
    when = when or datetime.now()
    return f"{game}-seed{seed}-{when:%Y%m%d-%H%M%S}.json"


def newest_save() -> Path | None:
    """The most recently written save (the open dialog starts on it), None if there is none."""
    folder = saves_dir()
    try:
        files = [p for p in folder.iterdir() if p.is_file() and p.suffix == ".json"]
    except OSError:
        return None
    return max(files, key=lambda p: p.stat().st_mtime_ns, default=None)


def _settings_path() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> dict[str, Any]:
    try:
        doc = read_json(_settings_path())
    except (OSError, Unreadable):  # settings.load says why, once, at start-up
        return {}
    return doc if isinstance(doc, dict) else {}


def save_setting(key: str, value: Any) -> None:
    doc = load_settings()
    doc[key] = value
    with contextlib.suppress(OSError):  # a setting that cannot be kept is not worth an error
        write_json(_settings_path(), doc)


def user_decks_dir(game: str) -> Path:
    """Decks the player builds for a game's shipped (read-only) pack."""
    return data_dir() / "decks" / game


def clean_stale_temporaries() -> list[Path]:
    """At start: remove the temporaries that killed saves left in the user data folder (the
    autosave and settings), the saves folder and the deck folders; only ours, only stale
    (``rules.records.temps``). Returns what was removed."""
    root = data_dir()
    folders = [root, saves_dir()]
    with contextlib.suppress(OSError):  # no deck folder yet
        folders += sorted(p for p in (root / "decks").iterdir() if p.is_dir())
    return [p for folder in folders for p in clean_stale(folder)]
