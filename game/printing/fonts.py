"""Fonts for printed faces that every install has: Pillow's bundled regular face and the bold
face pygame-ce ships. No system fonts, so a sheet looks the same on every machine."""

from __future__ import annotations

from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _pygame_bold() -> Path | None:
    # find_spec does not import pygame (and so does not start its display machinery).
    spec = find_spec("pygame")
    if spec is None or spec.origin is None:
        return None
    p = Path(spec.origin).parent / "freesansbold.ttf"
    return p if p.is_file() else None


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> Font:
    path = _pygame_bold() if bold else None
    if path is not None:
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)
