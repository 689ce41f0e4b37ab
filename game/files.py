"""Small files the client writes for tools and tests (the layout file)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

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
