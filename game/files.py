"""Small files the client writes for tools and tests (the layout file)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rules.core.limits import Refused, check_json, read_limited
from rules.records.temps import temp_path


def write_json(path: Path, doc: dict[str, Any]) -> None:
    """Atomic JSON write (temporary file + rename): a reader never sees half a file. The
    temporary is named as the records' are, so a killed write is cleaned up the same way."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


SETTINGS_LIMIT = 1024 * 1024  # a settings file is a few hundred bytes


class Unreadable(Exception):
    """A JSON file we cannot use; the message says why, for the player."""


def read_json(path: Path, limit: int = SETTINGS_LIMIT) -> Any:
    """A small JSON file (settings), checked for size, encoding and nesting before parsing.
    FileNotFoundError when it is missing; Unreadable for anything else wrong with it."""
    try:
        raw = read_limited(path, limit, inside=path.resolve().parent)
        text = raw.decode("utf-8")
        check_json(text)
        return json.loads(text)
    except FileNotFoundError:
        raise
    except Refused as e:
        raise Unreadable(f"line {e.line}: {e.problem}") from None
    except OSError as e:
        raise Unreadable(f"cannot read it ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise Unreadable("not UTF-8 text") from None
    except ValueError as e:  # json.JSONDecodeError
        raise Unreadable(f"not JSON ({e})") from None
