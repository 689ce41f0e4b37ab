"""Waiting on another thread or process in a test: poll a condition with a bound."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(cond: Callable[[], object], seconds: float = 30.0) -> bool:
    """Whether ``cond()`` came true within ``seconds`` (polled every 20 ms)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return False
