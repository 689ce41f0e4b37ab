"""The temporary files of atomic saves, and removing the ones a killed save left behind.

A save writes ``.<name>.<pid>.<8 hex>.tmp`` next to its target and renames it over the
target; the autosave's backup is linked into place the same way (earlier versions named that
one ``.<name>.bak.<pid>.tmp``). A process killed in between leaves the temporary.
``clean_stale`` removes only files of exactly these names, and only stale ones: the process
named in the file is gone, or the file has not been written for ``STALE_AFTER`` seconds (a
save takes milliseconds). A file a running instance is writing now is left alone.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import sys
import time
from pathlib import Path

STALE_AFTER = 600.0  # seconds without a write: nobody is saving it (also covers reused pids)
_TEMP = re.compile(r"^\.(?P<name>.+?)\.(?P<pid>\d{1,10})(?:\.[0-9a-f]{8})?\.tmp$")


def temp_path(target: Path) -> Path:
    """A fresh, unguessable temporary name next to ``target`` (same filesystem, so the final
    rename is atomic), with this process's id in it."""
    return target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (on systems that cannot tell cheaply: assume it does,
    and the file's age decides)."""
    if pid == os.getpid():
        return True
    if sys.platform.startswith("win") or pid <= 0:
        return pid > 0
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # e.g. PermissionError: it runs as another user
        return True
    return True


def stale_temps(folder: Path, now: float | None = None) -> list[Path]:
    """Our temporaries in ``folder`` (not below it) that nobody is writing."""
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    out: list[Path] = []
    for entry in entries:
        m = _TEMP.match(entry.name)
        if m is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue  # a link or a folder of that name is not one of our temporaries
        if now - st.st_mtime > STALE_AFTER or not _alive(int(m["pid"])):
            out.append(Path(entry.path))
    return sorted(out)


def clean_stale(folder: Path, now: float | None = None) -> list[Path]:
    """Remove ``stale_temps(folder)``; returns those removed (one that cannot be is left)."""
    removed: list[Path] = []
    for path in stale_temps(folder, now):
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed
