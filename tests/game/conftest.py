"""Headless client tests: a dummy video/audio driver is chosen before pygame is imported."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402


class Driver:
    """Posts real pygame events into the app's queue and runs frames of its loop."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def scene(self) -> TableScene:
        assert isinstance(self.app.scene, TableScene)
        return self.app.scene

    def post(self, kind: int, **kw: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, kw))

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(0.016)

    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)
        self.frames()

    def click(self, pos: tuple[int, int]) -> None:
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.frames()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        self.frames(2)

    def drag(self, a: tuple[int, int], b: tuple[int, int], steps: int = 4) -> None:
        self.move(a)
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False)
        self.frames()
        for k in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)
            self.move(p, buttons=(1, 0, 0))
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False)
        self.frames(2)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=" " if not mod else "",
                  scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=" " if not mod else "", scancode=0)
        self.frames(2)

    def ctrl(self, key: int) -> None:
        self.key(key, pygame.KMOD_LCTRL)

    def info(self) -> dict[str, Any]:
        return self.scene.layout_info()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every client test has its own user data folder (autosave, saves, settings)."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("PLAYTABLE_DATA", str(folder))
    return folder


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Callable[..., Driver]]:
    apps: list[App] = []

    def make(**kw: Any) -> Driver:
        kw.setdefault("game", "kyoukai")  # GameConfig names no game of its own
        kw.setdefault("record", tmp_path / "record.json")
        kw.setdefault("agent_delay", 0.0)
        app = App((1280, 720), game=GameConfig(**kw))
        apps.append(app)
        return Driver(app)

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def menu() -> Iterator[Callable[[], Driver]]:
    """Apps that open on the main menu, each driven by real posted events; closed after."""
    apps: list[App] = []

    def make() -> Driver:
        app = App((1280, 720), defaults=GameConfig(game="kyoukai"))  # the menu opens on it
        apps.append(app)
        return Driver(app)

    yield make
    for app in apps:
        app.close()
