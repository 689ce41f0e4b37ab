"""The player's settings: window, UI scale, animation speed, sound, the table's palette. A
pydantic model kept as JSON in the user data folder (``settings.json``, shared with a few
switches such as Designer mode, which are left as they are).

Reading never fails: a missing file gives the defaults quietly; a file that is not JSON, or
holds values this version does not accept (an old or hand-edited file), gives the defaults for
what is wrong, keeps the rest, and says so in a message.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.files import Unreadable, read_json, write_json
from game.userdata import data_dir

SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080),
                                      (2560, 1440), (3840, 2160))
SCALES: tuple[float, ...] = (1.0, 1.25, 1.5, 1.75, 2.0)
SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    width: int = Field(1280, ge=640, le=7680)
    height: int = Field(720, ge=400, le=4320)
    fullscreen: bool = False
    ui_scale: float = Field(1.0, ge=1.0, le=2.0)
    animation_speed: float = Field(1.0, ge=0.25, le=4.0)  # 2.0: animations take half as long
    sound: bool = True
    volume: float = Field(0.7, ge=0.0, le=1.0)
    confirm_own_harm: bool = True  # ask once before a choice that harms your own piece
    # the table's colours: the default, colour-blind safe or high contrast (draw/palette.py)
    palette: Literal["default", "safe", "contrast"] = "default"
    # the level of each computer seat last chosen in the menu (easy, normal or hard)
    levels: tuple[Literal["easy", "normal", "hard"], Literal["easy", "normal", "hard"]] = (
        "normal", "normal")

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when something in the file could not be used, why."""
    path = settings_path() if path is None else path
    try:
        doc = read_json(path)
    except FileNotFoundError:
        return Settings(), None
    except Unreadable as e:
        return Settings(), f"The settings file {path.name} is damaged ({e}); using the " \
                           "defaults."
    if not isinstance(doc, dict):
        return Settings(), f"The settings file {path.name} is not a settings object; using " \
                           "the defaults."
    try:
        return Settings.model_validate(doc), None
    except ValidationError as e:
        bad = sorted({str(err["loc"][0]) for err in e.errors() if err["loc"]})
        good = {k: v for k, v in doc.items() if k not in bad}
        try:
            kept = Settings.model_validate(good)
        except ValidationError:
            kept = Settings()
        return kept, f"Settings reset to defaults: {', '.join(bad) or 'all'} (not valid)."


def save(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings, keeping other keys of the file; False when it could not be written
    (a setting that cannot be kept is not worth an error on screen)."""
    path = settings_path() if path is None else path
    doc: dict[str, Any] = {}
    with contextlib.suppress(OSError, Unreadable):
        old = read_json(path)
        if isinstance(old, dict):
            doc = old
    doc.update(settings.model_dump(mode="json"))
    try:
        write_json(path, doc)
    except OSError:
        return False
    return True
