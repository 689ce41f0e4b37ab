"""The application: one window, one pygame-gui manager, one loop, the current scene.

Each frame: every event goes to pygame-gui first; what it does not consume goes to the scene
(and from there to the active input handler). Then the scene updates (computer players act),
and everything is drawn: table, pygame-gui, then what floats above it (drag, zoom).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.draw.cards import CardFaces
from game.draw.palette import FELT, FELT_DARK
from game.draw.text import reset_fonts
from game.scenes.base import Scene
from game.scenes.dialogs import FileActions
from game.session import GameConfig, config_for
from game.userdata import autosave_path, load_settings, save_setting
from rules.core.paths import asset
from rules.records import Record, RecordError, Replayed, Session

DEFAULT_SIZE = (1280, 720)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A dark felt background with a soft vignette (small gradient, scaled up)."""
    sw, sh = 48, 27
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x - sw / 2) / (sw / 2), (y - sh / 2) / (sh / 2)
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3)
            small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK,
                                                                               strict=True)))
    return pygame.transform.smoothscale(small, size)


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, layout_out: Path | None = None,
                 game: GameConfig | None = None, resume: bool = False,
                 defaults: GameConfig | None = None) -> None:
        """Open the menu, or ``game`` straight away, or (``resume``) the autosaved game;
        ``defaults`` gives delays and switches to games opened from records."""
        pygame.init()
        reset_fonts()
        pygame.display.set_caption("Playtable")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        self.manager = pygame_gui.UIManager(self.size, str(asset("ui", "theme.json")))
        self.faces = CardFaces()
        self.layout_out = layout_out
        self.background = felt(self.size)
        self.running = True
        self.frames = 0
        self.files = FileActions(self)
        self.defaults = defaults or game or GameConfig()
        self.designer_mode = bool(load_settings().get("designer_mode", False))
        self.scene: Scene
        if resume:
            self.to_menu(None)
            self.continue_last()
        elif game is None:
            self.to_menu(None)
        else:
            self.start_game(game)

    # ---- scenes ---------------------------------------------------------------------------
    def _switch(self, scene_factory: type[Scene], *args: object) -> None:
        old = getattr(self, "scene", None)
        if old is not None:
            old.close()
        self.scene = scene_factory(self, *args)  # type: ignore[call-arg]

    def to_menu(self, last: GameConfig | None) -> None:
        from game.scenes.menu import MenuScene

        self._switch(MenuScene, last)

    def start_game(self, cfg: GameConfig, live: Session | None = None,
                   note: str | None = None) -> None:
        from game.scenes.table import TableScene

        self._switch(TableScene, cfg, live, note)

    def open_game(self, live: Session, note: str | None = None) -> None:
        """Play on from a record (a saved file, the autosave, a point of a replay)."""
        self.start_game(config_for(live, self.defaults), live, note)

    def continue_last(self) -> bool:
        """"Continue last game": the autosave exactly as it was left (or its backup)."""
        try:
            live, note = Session.resume(autosave_path())
        except RecordError as e:
            missing = not autosave_path().exists()
            self.files.show("There is no game to continue yet." if missing else e.message,
                            "Continue last game")
            return False
        self.open_game(live, note)
        return True

    def to_decks(self, game: str, folder: Path, back: GameConfig | None = None,
                 deck: str | None = None) -> None:
        from game.scenes.decks import DeckScene

        self._switch(DeckScene, game, folder, back, deck)

    def start_replay(self, record: Record, replayed: Replayed) -> None:
        from game.scenes.replay import ReplayScene

        self._switch(ReplayScene, record, replayed)

    def set_designer_mode(self, on: bool) -> None:
        self.designer_mode = on
        save_setting("designer_mode", on)

    def scene_say(self, text: str) -> None:
        say = getattr(self.scene, "say", None)
        if callable(say):
            say(text)

    # ---- loop -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        size = (max(640, size[0]), max(400, size[1]))
        if size == self.size:
            return
        self.size = size
        self.screen = pygame.display.get_surface() or self.screen
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager.set_window_resolution(size)
        self.background = felt(size)
        self.scene.resize(size)

    def frame(self, dt: float) -> None:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.running = False
                continue
            if ev.type == pygame.VIDEORESIZE:
                self.resize(ev.size)
                continue
            if self.files.handle(ev) or self.manager.process_events(ev):
                continue
            if self.files.busy and ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                                               pygame.MOUSEBUTTONUP):
                continue  # a dialog is up: the table under it waits
            self.scene.handle(ev)
        self.scene.update(dt)
        self.manager.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def draw(self) -> None:
        self.screen.blit(self.background, (0, 0))
        self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self.scene.draw_over_ui(self.screen)

    def run(self, quit_after: float | None = None, fps: int = 60) -> None:
        clock = pygame.time.Clock()
        end = None if quit_after is None else time.monotonic() + quit_after
        try:
            while self.running:
                dt = clock.tick(fps) / 1000.0
                self.frame(dt)
                if end is not None and time.monotonic() >= end:
                    self.running = False
        finally:
            self.close()

    def close(self) -> None:
        self.files.close()
        self.scene.close()
        pygame.quit()
