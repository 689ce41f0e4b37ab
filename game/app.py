"""The application: one window, one pygame-gui manager, one loop, the current scene.

Each frame: every event goes to pygame-gui first; what it does not consume goes to the scene
(and from there to the active input handler). Then the scene updates (computer players act),
and everything is drawn: table, pygame-gui, then what floats above it (drag, zoom).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import settings as user_settings
from game.draw.cards import CardFaces
from game.draw.overlay import draw_help
from game.draw.palette import FELT, FELT_DARK, use_preset
from game.draw.scale import fitting_scale, scale, set_anim_speed, set_scale
from game.draw.text import reset_fonts
from game.input.focus import WindowKeys
from game.scenes.base import Scene
from game.scenes.dialogs import FileActions
from game.session import GameConfig, config_for, designer_game
from game.sim_notice import ReportNotice
from game.sound import Sounds
from game.userdata import autosave_path, clean_stale_temporaries, load_settings, save_setting
from rules.core.errors import DataError
from rules.core.paths import asset
from rules.records import Record, RecordError, Replayed, Session

if TYPE_CHECKING:
    from game.net.session import NetSession

DEFAULT_SIZE = (1280, 720)
MAX_SHOWN = 12  # problems listed in the window; all of them go to stderr
IDLE_FPS = 6  # redraws a second when nothing happens (a text cursor, a gentle pulse)
IDLE_TICK = 20  # loop rate after QUIET seconds without input or change (the first event
QUIET = 2.0  # after that waits at most 1/20 s; then the loop is back at full rate)
WAKE = pygame.event.custom_type()  # posted by another thread to end an idle wait


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


THEMED = ("button", "label", "drop_down_menu", "text_entry_line", "check_box", "text_box",
          "tool_tip", "selection_list", "window", "file_dialog", "horizontal_slider",
          "message_window", "confirmation_dialog", "text_entry_box")


def scaled_theme(factor: float) -> dict[str, Any]:
    """The pygame-gui theme with its font sizes, borders and corners at the UI scale."""
    theme: dict[str, Any] = json.loads(asset("ui", "theme.json").read_text(encoding="utf-8"))
    font = {"name": "noto_sans", "size": str(round(14 * factor))}
    for kind in THEMED:  # pygame-gui's "defaults" block holds colours only: fonts go by type
        theme.setdefault(kind, {})["font"] = dict(font)
    for kind in ("drop_down_menu", "selection_list"):  # pygame-gui's rows are 20 px at any
        # font size: at 1.5 the options of a drop-down and the files of a dialog overlapped
        theme[kind].setdefault("misc", {})["list_item_height"] = str(round(20 * factor))
    for block in theme.values():
        misc = block.get("misc") if isinstance(block, dict) else None
        if isinstance(misc, dict):
            for key in ("shape_corner_radius", "border_width"):
                if key in misc:
                    misc[key] = str(max(1, round(int(misc[key]) * factor)))
    return theme


class App:
    def __init__(self, size: tuple[int, int] | None = DEFAULT_SIZE,
                 layout_out: Path | None = None,
                 game: GameConfig | None = None, resume: bool = False,
                 defaults: GameConfig | None = None) -> None:
        """Open the menu, or ``game`` straight away, or (``resume``) the autosaved game;
        ``defaults`` gives delays and switches to games opened from records. ``size`` None:
        the window size (and fullscreen) of the player's settings."""
        clean_stale_temporaries()  # what killed saves left behind (never a live save's)
        self.settings, settings_note = user_settings.load()
        set_anim_speed(self.settings.animation_speed)
        use_preset(self.settings.palette)
        pygame.init()
        reset_fonts()
        pygame.display.set_caption("Playtable")
        self.fullscreen = size is None and self.settings.fullscreen
        self.screen = self._open_window(size or self.settings.size)
        self.size = self.screen.get_size()
        set_scale(fitting_scale(self.settings.ui_scale, self.size))
        self.manager = pygame_gui.UIManager(self.size, scaled_theme(scale()))
        self.sounds = Sounds(self.settings.sound, self.settings.volume)
        if self.settings.sound:
            self.sounds.start()
        self.help_open = False
        self.faces = CardFaces()
        self.layout_out = layout_out
        self.background = felt(self.size)
        self.running = True
        self.frames = 0
        self.draws = 0  # frames actually drawn (an idle screen is drawn at IDLE_FPS)
        self._waited: list[pygame.event.Event] = []  # the event an idle wait returned
        self._since_draw = 0.0
        self.quiet = 0.0  # seconds without input, change or animation
        self._drawn_scene: object = None
        self._drawn_help = False
        self.files = FileActions(self)
        self.window_keys = WindowKeys(self.manager)  # Tab / Enter / Esc in dialogs
        self.sim_notice = ReportNotice(self.manager)  # a simulation ended on another screen
        self.defaults = defaults or game or GameConfig()
        self.designer_mode = bool(load_settings().get("designer_mode", False))
        self.menu_last: GameConfig | None = None  # the menu's choices when it last closed
        self.scene: Scene
        if resume:
            self.to_menu(None)
            self.continue_last()
        elif game is None:
            self.to_menu(None)
        else:
            self.start_game(game)
        if settings_note:
            print(settings_note, file=sys.stderr)
            self.files.show(settings_note, "Settings")

    # ---- scenes ---------------------------------------------------------------------------
    def _switch(self, scene_factory: type[Scene], *args: object) -> None:
        old = getattr(self, "scene", None)
        if old is not None:
            old.close()
        self.scene = scene_factory(self, *args)

    def to_menu(self, last: GameConfig | None, game: str | None = None) -> None:
        """The main menu, showing ``last``'s choices; without them, the choices it showed last
        time (a replay watched from it goes back to the game it was on), else ``game``."""
        from game.scenes.menu import MenuScene

        self._switch(MenuScene, last or self.menu_last, game)

    def to_network(self, cfg: GameConfig) -> None:
        """The menu's Host a game / Join screen, hosting ``cfg``'s game."""
        from game.scenes.network import NetworkScene

        self._switch(NetworkScene, cfg)

    def start_network(self, session: NetSession) -> None:
        """The table of a network game the menu's Host or Join screen has joined."""
        from game.scenes.net_table import NetTableScene

        self._switch(NetTableScene, session)

    def start_game(self, cfg: GameConfig, live: Session | None = None,
                   note: str | None = None) -> None:
        """The table for ``cfg``; when the game cannot be set up (a broken or half-saved
        pack, a missing folder) the menu stays, with every problem in a message window."""
        from game.scenes.table import TableScene

        try:
            if self.designer_mode and live is None and "designer" not in cfg.options:
                # Designer mode: the game allows the freeform switch; its record says so.
                cfg = designer_game(cfg)
            self._switch(TableScene, cfg, live, note)
        except DataError as e:
            self._cannot_start(cfg, e.errors)
        except RecordError as e:
            self._cannot_start(cfg, [e.message])
        except Exception as e:  # noqa: BLE001 - e.g. decks the pack lacks; never a traceback
            self._cannot_start(cfg, [f"{type(e).__name__}: {str(e)[:300]}"])

    def _cannot_start(self, cfg: GameConfig, problems: list[str]) -> None:
        # A file that cannot be read at all (half-saved, say) first: what follows from it,
        # such as decks naming its cards, is noise until it is fixed.
        first = sorted(problems, key=lambda m: not any(k in m for k in (": syntax:", ": file:")))
        shown = first[:MAX_SHOWN] + ([f"… and {len(problems) - MAX_SHOWN} more"]
                                        if len(problems) > MAX_SHOWN else [])
        for line in problems:
            print(line, file=sys.stderr)
        self.to_menu(cfg)
        self.files.show("\n".join(shown), "Cannot start the game")

    def open_game(self, live: Session, note: str | None = None) -> None:
        """Play on from a record (a saved file, the autosave, a point of a replay)."""
        self.start_game(config_for(live, self.defaults), live, note)

    def continue_last(self) -> bool:
        """"Continue last game": the autosave exactly as it was left (or its backup). When
        the pack files changed since, it asks first (``FileActions.continue_game``)."""
        try:
            live, note = Session.resume(autosave_path())
        except RecordError as e:
            missing = not autosave_path().exists()
            self.files.show("There is no game to continue yet." if missing else e.message,
                            "Continue last game")
            return False
        except Exception as e:  # noqa: BLE001 - defence in depth: replaying should say why
            self.files.show(f"{autosave_path()}: cannot continue it ({type(e).__name__}: "
                            f"{str(e)[:200]})", "Continue last game")
            return False
        self.files.continue_game(live, note, autosave_path())
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

    # ---- settings: window, UI scale, animation speed, sound ------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def open_settings(self) -> None:
        """The Settings screen over the current scene, which waits under it."""
        from game.scenes.settings import SettingsScene

        if not isinstance(self.scene, SettingsScene):
            self.scene = SettingsScene(self, self.scene)

    def apply_settings(self, new: user_settings.Settings, save: bool = True) -> None:
        """Put ``new`` in force now (and keep it, with ``save``)."""
        old, self.settings = self.settings, new
        set_anim_speed(new.animation_speed)
        self.sounds.configure(new.sound, new.volume)
        if new.fullscreen != self.fullscreen or (not new.fullscreen and new.size != old.size):
            self.fullscreen = new.fullscreen
            self.screen = self._open_window(new.size)
            self.resize(self.screen.get_size(), force=True)
        elif self._rescale():
            self.scene.resize(self.size)
        if new.palette != old.palette:
            use_preset(new.palette)
            self.faces.clear()  # their text is drawn in the palette's ink
            self.scene.resize(self.size)
        if save:
            user_settings.save(new)

    def _rescale(self) -> bool:
        """Put the UI scale that fits the window in force; True when it changed."""
        factor = fitting_scale(self.settings.ui_scale, self.size)
        if abs(factor - scale()) < 1e-6:
            return False
        set_scale(factor)
        reset_fonts()
        self.faces.clear()
        self.manager.get_theme().load_theme(scaled_theme(scale()))
        self.manager.rebuild_all_from_changed_theme_data()
        return True

    def toggle_fullscreen(self) -> None:
        self.apply_settings(self.settings.model_copy(update={"fullscreen": not self.fullscreen}))

    def scene_say(self, text: str) -> None:
        say = getattr(self.scene, "say", None)
        if callable(say):
            say(text)

    # ---- loop -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int], force: bool = False) -> None:
        size = (max(640, size[0]), max(400, size[1]))
        if size == self.size and not force:
            return
        self.size = size
        self.screen = pygame.display.get_surface() or self.screen
        if self.screen.get_size() != size and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager.set_window_resolution(size)
        self.background = felt(size)
        self._rescale()
        self.scene.resize(size)
        self.sim_notice.resize(size)
        self.scene.dirty = True

    def frame(self, dt: float) -> None:
        events, self._waited = self._waited + pygame.event.get(), []
        for ev in events:
            if ev.type == WAKE:  # only ends the idle wait: what woke it is read in update
                continue
            if ev.type == pygame.QUIT:
                self.running = False
                continue
            if ev.type == pygame.VIDEORESIZE:
                self.resize(ev.size)
                continue
            if self.app_key(ev) or self.window_keys.key(ev):
                continue
            if not self.files.busy and self.scene.before_ui(ev):
                continue  # keyboard focus: Tab, Enter, arrows on the focused control
            if ev.type == pygame_gui.UI_BUTTON_PRESSED:
                self.sounds.play("click")
            if self.files.handle(ev) or self.manager.process_events(ev):
                continue
            if self.files.busy and ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                                               pygame.MOUSEBUTTONUP):
                continue  # a dialog is up: the table under it waits
            if self.sim_notice.handle(ev):
                continue
            self.scene.handle(ev)
        self.scene.update(dt)
        if self.sim_notice.poll(self.scene):
            self.scene.dirty = True
        self.manager.update(dt)
        self.frames += 1
        self._since_draw += dt
        busy = bool(events) or self.scene.dirty or self.scene.animating()
        self.quiet = 0.0 if busy else self.quiet + dt
        if self._needs_draw(bool(events)):
            self.draw()
            pygame.display.flip()
            self.draws += 1
            self._since_draw = 0.0
            self.scene.dirty = False
            self._drawn_scene, self._drawn_help = self.scene, self.help_open

    def _needs_draw(self, had_events: bool) -> bool:
        """Draw on input, on a change, while something moves, and at IDLE_FPS otherwise."""
        return (had_events or self.scene.dirty or self.scene.animating()
                or self.scene is not self._drawn_scene or self.help_open != self._drawn_help
                or self._since_draw >= 1 / IDLE_FPS)

    def app_key(self, ev: pygame.event.Event) -> bool:
        """Keys of the whole program (F1 keys, F10 settings, F11 fullscreen); while the F1
        list is up it takes every key and click. True when the event was used here."""
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
            self.help_open = not self.help_open
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if self.help_open:
            if (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE) or \
                    ev.type == pygame.MOUSEBUTTONDOWN:
                self.help_open = False
            return ev.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN,
                               pygame.MOUSEBUTTONUP, pygame.TEXTINPUT, pygame.MOUSEWHEEL)
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F10 and not self.files.busy:
            self.open_settings()
            return True
        return False

    def draw(self) -> None:
        self.screen.blit(self.background, (0, 0))
        self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self.scene.draw_over_ui(self.screen)
        self.window_keys.draw(self.screen)
        if self.help_open:  # at a table, with what its colours mean
            layout = getattr(self.scene, "layout", None)
            space = [b for b in layout.buttons().values() if "(Space)" in b] if layout else []
            draw_help(self.screen, getattr(layout, "legend", ()), space,
                      getattr(layout, "kinds", None))

    def run(self, quit_after: float | None = None, fps: int = 60) -> None:
        clock = pygame.time.Clock()
        end = None if quit_after is None else time.monotonic() + quit_after
        try:
            while self.running:
                if self.quiet < QUIET:
                    dt = clock.tick(fps) / 1000.0
                else:  # idle: asleep until an event (input, a wake-up) or 1/IDLE_TICK s
                    ev = pygame.event.wait(1000 // IDLE_TICK)
                    if ev.type != pygame.NOEVENT:
                        self._waited.append(ev)
                    dt = clock.tick() / 1000.0
                self.frame(dt)
                if end is not None and time.monotonic() >= end:
                    self.running = False
        finally:
            self.close()

    @staticmethod
    def wake() -> None:
        """Wake the idle loop at once (any thread: a network link calls it on each frame)."""
        pygame.event.post(pygame.event.Event(WAKE))

    def close(self) -> None:
        self.files.close()
        self.scene.close()
        pygame.quit()
        reset_fonts()  # cached Font objects die with pygame.quit; the next App loads them anew
