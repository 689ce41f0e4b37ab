"""Where bundled data lives, whether running from a checkout, an install or a bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding ``assets/``: the PyInstaller bundle dir or the project root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def asset(*parts: str) -> Path:
    return resource_root().joinpath("assets", *parts)
