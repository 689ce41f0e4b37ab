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

import rules  # noqa: E402
from game.app import App  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.session import GameConfig  # noqa: E402
from rules.agents import GreedyAgent  # noqa: E402
from rules.records import Record, Session, append, new_record, save_atomic  # noqa: E402


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

    def reveal(self, key: str) -> tuple[int, int] | None:
        """Where the piece ``key`` (``id_key`` of its source) is, after browsing the table's
        books for it as a person would: each tab, back to its first page, then page by page
        (the controls in the layout file). None when no page shows it."""

        def at() -> tuple[int, int] | None:
            for place in self.info()["pieces"].values():
                if key in place:
                    return tuple(place[key])  # type: ignore[return-value]
            return None

        def press(name: str) -> bool:
            pos = self.info()["controls"].get(name)
            if pos is not None:
                self.click(tuple(pos))
            return pos is not None

        found = at()
        tabs = [n for n in self.info()["controls"] if " tab " in n]
        for tab in tabs or [None]:
            if found is not None:
                break
            if tab is not None:
                press(tab)
            book = tab.split(" tab ")[0] if tab else ""
            for way in ("previous", "next"):
                while (found := at()) is None and press(f"{book} {way} page"):
                    pass
        return found


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Callable[..., Driver]]:
    """Apps that open on a table: a new game from ``GameConfig`` keywords, or with
    ``live=`` a game opened from a record (at its last position) with those settings."""
    apps: list[App] = []

    def make(live: Session | None = None, **kw: Any) -> Driver:
        kw.setdefault("record", tmp_path / "record.json")
        kw.setdefault("agent_delay", 0.0)
        # tests drive the table faster than a person: no grace after a change by itself
        # (tests/game/test_step_guard.py tests it with a clock of its own)
        kw.setdefault("grace", 0.0)
        if live is None:
            app = App((1280, 720), game=GameConfig(**kw))
        else:
            app = App((1280, 720))
            app.start_game(GameConfig(**kw), live)
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
        app = App((1280, 720), defaults=GameConfig(game="kyoukai", grace=0.0))  # opens on it
        apps.append(app)
        return Driver(app)

    yield make
    for app in apps:
        app.close()


def played_to_the_end(game: str, seed: int) -> Record:
    """A whole game of two greedy agents, played by the rules alone (no window, no frames)."""
    rs = rules.get(game)
    rec = new_record(game, seed, {}, ("computer", "computer"))
    state = rs.new_game(seed=seed)
    agents = (GreedyAgent(seed * 7), GreedyAgent(seed * 7 + 1))
    while (p := rs.to_act(state)) is not None:
        intent = agents[p].choose(rs, rs.view(state, p), rs.legal_intents(state))
        state = rs.apply(state, intent).state
        rec = append(rec, intent)
    return rec


@pytest.fixture(scope="session")
def game_over_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished Kyoukai game (seed 3) saved once per test process: tests of the game-over
    screen start from its last position instead of playing a game frame by frame."""
    path = tmp_path_factory.mktemp("game-over") / "kyoukai-seed3-over.json"
    save_atomic(path, played_to_the_end("kyoukai", 3))
    return path


@pytest.fixture
def game_over(table: Callable[..., Driver], game_over_record: Path) -> Callable[[], Driver]:
    """A table showing the game-over screen of ``game_over_record`` (computer against
    computer, seed 3, as the record says)."""

    def make() -> Driver:
        d = table(live=Session.open(game_over_record), seed=3,
                  seats=("computer", "computer"))
        d.frames(2)
        assert d.scene.session.over
        return d

    return make
