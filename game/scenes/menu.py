"""The main menu: game, who plays each side, decks, seed, Start."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UITextEntryLine,
)
from pygame_gui.windows import UIFileDialog

from game.draw.palette import GOLD, INK_DIM
from game.draw.scale import px
from game.draw.text import TEXT
from game.input.focus import FocusRing
from game.layouts import decks_for, playable, title_of
from game.packs import decks_of, game_options, is_shipped, pack_folder
from game.scenes.base import Scene
from game.scenes.option_rows import option_rows
from game.session import GameConfig, Level, Seat
from game.userdata import autosave_path
from rules import registry
from rules.core.newgame import deck_order
from rules.core.options import own_options

if TYPE_CHECKING:
    from game.app import App

SEAT_LABELS: dict[str, Seat] = {"Person": "human", "Computer": "computer"}
LEVEL_LABELS: dict[str, Level] = {"Easy": "easy", "Normal": "normal", "Hard": "hard"}
# How a computer seat plays: Easy looks one move ahead, Normal searches ~0.15 s a move, Hard ~1 s
SHIPPED, CHOOSE = "Shipped pack", "Choose folder…"


class MenuScene(Scene):
    def __init__(self, app: App, last: GameConfig | None = None,
                 game: str | None = None) -> None:
        super().__init__(app)
        d = app.defaults
        self.cfg = last or GameConfig(game=game or d.game, seed=random.randrange(1, 10_000),
                                      levels=app.settings.levels,
                                      agent_delay=d.agent_delay, grace=d.grace,
                                      auto_pass=d.auto_pass,
                                      autosave=d.autosave, progress=d.progress)
        self.elements: list[Any] = []
        pack = self.cfg.options.get("pack")
        self.pack: Path | None = None  # None: the shipped pack
        if pack and not is_shipped(self.cfg.game, Path(pack)):
            self.pack = Path(pack)
        self.user_decks: set[str] = set()
        self.folder_dialog: UIFileDialog | None = None
        self.build()
        # Tab / Shift+Tab through the controls; Enter on a drop-down or the seed starts
        self.focus = FocusRing(app.manager, self.controls, on_enter=self.start_game,
                               skip=lambda: {self.pack_menu: (CHOOSE,)})

    def controls(self) -> list[Any]:
        """The menu's controls in screen order (the keyboard's Tab order)."""
        seats = [w for p in (0, 1) for w in (self.seat[p], self.level[p],
                                             *self.deck[p:p + 1] * (not self.shared))]
        return [self.game, self.howto, *seats, *self.deck * self.shared,
                self.seed, self.pack_menu, self.decks_button,
                *(c for row in self.option_rows for c in row.controls()),
                self.load, self.replay, self.designer, self.cont, self.network, self.quit,
                self.settings, self.start]

    def start_game(self) -> None:
        cfg = self.config()
        if cfg.levels != self.app.settings.levels:  # remembered for the next game
            self.app.apply_settings(self.app.settings.model_copy(update={"levels": cfg.levels}))
        self.app.start_game(cfg)

    def build(self) -> None:
        for e in self.elements:
            e.kill()
        m = self.app.manager
        w, h = self.app.size
        games = playable()
        game = self.cfg.game if self.cfg.game in games else games[0]
        info = registry.info(game)
        has_pack = registry.get(game).pack_format() is not None
        found = decks_of(game, pack_folder(game, {"pack": self.pack}))
        decks, self.user_decks = found.names or decks_for(game), found.user
        self.shared = info.shared_deck
        n_decks = (1 if self.shared else 2) if has_pack and decks else 0
        specs = own_options(info.options)
        # Game, two seats, their decks (or the one shared deck), seed, pack, the game's options
        rows = 5 + n_decks + len(specs)
        self.shown_game = game
        # Rows closer together when the window is too short for the panel under the title
        # (at 1024x600 its last row was cut off)
        pitch = next((p for p in (46, 40, 36) if h >= px(104 + rows * p + 184 + 8)), 34)
        pw, ph = px(460), px(rows * pitch + 184)
        top = min(max(px(104), (h - ph) // 2 + px(30)), max(0, h - ph - px(8)))  # under the title
        self.panel = UIPanel(pygame.Rect((w - pw) // 2, top, pw, ph), manager=m,
                             object_id="#menu_panel")
        self.elements = [self.panel]
        # the decks new_game takes when none are named (the pack's, not the player's own)
        first = deck_order(info, [d for d in decks if d not in self.user_decks])[:n_decks] \
            or decks[:n_decks]
        chosen = list(self.cfg.options.get("decks") or first)
        if len(chosen) != n_decks or any(d not in decks for d in chosen):
            chosen = [first[min(k, len(first) - 1)] for k in range(n_decks)]
        row = 0

        def label(text: str) -> None:
            self.elements.append(UILabel(_r(16, 16 + row * pitch, 120, 34), text, manager=m,
                                         container=self.panel))

        word = info.deck_word
        label("Game")
        labels: list[str | tuple[str, str]] = [_game_label(g) for g in games]
        self.game = UIDropDownMenu(labels, _game_label(game),
                                   _r(140, 16, 176, 34), manager=m,
                                   container=self.panel)
        self.howto = UIButton(_r(322, 16, 108, 34), "How to play", manager=m,
                              container=self.panel, tool_tip_text="The rules on one page")
        self.seat: list[UIDropDownMenu] = []
        self.level: list[UIDropDownMenu] = []
        self.deck: list[UIDropDownMenu] = []
        by_seat = {v: k for k, v in SEAT_LABELS.items()}
        by_level = {v: k for k, v in LEVEL_LABELS.items()}
        for p in (0, 1):
            row += 1
            label(f"Player {p + 1}")
            self.seat.append(UIDropDownMenu(list(SEAT_LABELS), by_seat[self.cfg.seats[p]],
                                            _r(140, 16 + row * pitch, 180, 34),
                                            manager=m, container=self.panel))
            self.level.append(UIDropDownMenu(list(LEVEL_LABELS), by_level[self.cfg.levels[p]],
                                             _r(326, 16 + row * pitch, 104, 34),
                                             manager=m, container=self.panel))
            if n_decks == 2:
                row += 1
                label(f"   {word.lower()}")
                self.deck.append(self._deck_menu(decks, chosen[p], row, pitch))
        if n_decks == 1:
            row += 1
            label(f"{word} (shared)")
            self.deck.append(self._deck_menu(decks, chosen[0], row, pitch))
        self.show_levels()
        row += 1
        label("Seed")
        self.seed = UITextEntryLine(_r(140, 16 + row * pitch, 290, 34), manager=m,
                                    container=self.panel, initial_text=str(self.cfg.seed))
        self.seed.set_allowed_characters("numbers")
        row += 1
        label("Pack")
        shown: list[str | tuple[str, str]] = [
            SHIPPED, *([self.pack.name or str(self.pack)] if self.pack else []), CHOOSE]
        self.pack_menu = UIDropDownMenu(shown, shown[-2], _r(140, 16 + row * pitch, 196,
                                                                     34),
                                        manager=m, container=self.panel)
        self.decks_button = UIButton(_r(342, 16 + row * pitch, 88, 34), f"{word}s…",
                                     manager=m, container=self.panel,
                                     tool_tip_text=f"Build and save {word.lower()}s from "
                                                   "this pack")
        if not has_pack:
            self.pack_menu.disable()
            self.decks_button.disable()
        self.option_rows = option_rows(specs, self.cfg.options, 16 + (row + 1) * pitch, pitch,
                                       _r, m, self.panel)
        self.elements += [w for r in self.option_rows for w in r.widgets]
        row += 1 + len(specs)
        y = 16 + row * pitch + 6
        self.load = UIButton(_r(16, y, 132, 36), "Load game…", manager=m,
                             container=self.panel, tool_tip_text="Ctrl+O")
        self.replay = UIButton(_r(154, y, 132, 36), "Watch replay…", manager=m,
                               container=self.panel)
        manual = registry.get(game).manual_table is not None
        self.designer = UICheckBox(_r(296, y + 8, 20, 20), "Designer mode",
                                   manager=m, container=self.panel,
                                   initial_state=self.app.designer_mode,
                                   tool_tip_text=designer_tip(info.title, manual))
        y += 48
        self.cont = UIButton(_r(16, y, 270, 40), "Continue last game", manager=m,
                             container=self.panel, object_id="#continue_button")
        self.network = UIButton(_r(292, y, 138, 40), "Network…", manager=m,
                                container=self.panel, tool_tip_text="Host a game or join one")
        if not autosave_path().exists():
            self.cont.disable()
        y += 50
        self.quit = UIButton(_r(16, y, 120, 44), "Quit", manager=m,
                             container=self.panel)
        self.settings = UIButton(_r(142, y, 82, 44), "Settings", manager=m,
                                 container=self.panel, tool_tip_text="F10 · F1 lists the keys")
        self.start = UIButton(_r(230, y, 200, 44), "Start",
                              manager=m, container=self.panel, object_id="#start_button")

    def _deck_menu(self, decks: list[str], chosen: str, row: int, pitch: int
                   ) -> UIDropDownMenu:
        return UIDropDownMenu(list[str | tuple[str, str]](decks), chosen,
                              _r(140, 16 + row * pitch, 290, 34),
                              manager=self.app.manager, container=self.panel)

    def config(self) -> GameConfig:
        game = _game_name(_text(self.game.selected_option))
        seats = tuple(SEAT_LABELS[_text(s.selected_option)] for s in self.seat)
        levels = tuple(LEVEL_LABELS[_text(s.selected_option)] for s in self.level)
        decks = [_text(d.selected_option) for d in self.deck]
        seed = int(self.seed.get_text() or 0)
        folder = pack_folder(game, {"pack": self.pack})
        options = game_options(game, folder, decks, self.user_decks)
        if game == self.shown_game:  # another game's own options are not this one's
            options.update({r.spec.name: r.value() for r in self.option_rows})
        return GameConfig(game=game, seed=seed, seats=(seats[0], seats[1]),
                          levels=(levels[0], levels[1]),
                          options=options,
                          record=self.cfg.record,
                          agent_delay=self.cfg.agent_delay, grace=self.cfg.grace,
                          auto_pass=self.cfg.auto_pass,
                          autosave=self.cfg.autosave, progress=self.cfg.progress)

    def before_ui(self, ev: pygame.event.Event) -> bool:
        return self.focus.key(ev)

    def handle(self, ev: pygame.event.Event) -> None:
        if any(r.handle(ev) for r in self.option_rows):
            return
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if ev.ui_element is self.start:
                self.start_game()
            elif ev.ui_element is self.quit:
                self.app.running = False
            elif ev.ui_element is self.settings:
                self.app.open_settings()
            elif ev.ui_element is self.howto:
                self.open_howto()
            elif ev.ui_element is self.network:
                self.app.to_network(self.config())
            elif ev.ui_element is self.cont:
                self.app.continue_last()
            elif ev.ui_element is self.load:
                self.app.files.ask_open("play")
            elif ev.ui_element is self.replay:
                self.app.files.ask_open("replay")
            elif ev.ui_element is self.decks_button:
                cfg = self.config()
                self.app.to_decks(cfg.game, pack_folder(cfg.game, cfg.options), cfg)
        elif self.pack_event(ev):
            return
        elif ev.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) \
                and ev.ui_element is self.designer:
            self.app.set_designer_mode(ev.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_o and \
                ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.app.files.ask_open("play")
        elif ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element in self.seat:
            self.show_levels()
        elif ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.game:
            self.pack = None  # a pack folder holds one game's cards
            self.cfg = self.config()  # another game: offer its own decks (or teams)
            self.build()
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()  # no control focused: Enter starts

    def show_levels(self) -> None:
        """A seat's computer level only beside a computer seat (a person plays at no level)."""
        for seat, level in zip(self.seat, self.level, strict=True):
            if SEAT_LABELS[_text(seat.selected_option)] == "computer":
                level.show()
            else:
                level.hide()

    def open_howto(self) -> None:
        """The chosen game's how-to-play page, over the menu."""
        from game.scenes.howto import HowToScene

        self.app.scene = HowToScene(self.app, self, _game_name(_text(self.game.selected_option)))

    def pack_event(self, ev: pygame.event.Event) -> bool:
        """The pack choice: shipped, or a folder picked in a dialog (checked before use)."""
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.pack_menu:
            if ev.text == CHOOSE:
                sw, sh = self.app.size
                start = self.pack or Path.home()
                self.folder_dialog = UIFileDialog(
                    pygame.Rect((sw - min(px(560), sw - 20)) // 2,
                                max(10, (sh - min(px(440), sh - 20)) // 2),
                                min(px(560), sw - 20), min(px(440), sh - 20)), self.app.manager,
                    window_title="Choose a pack folder", initial_file_path=str(start),
                    allow_picking_directories=True, allow_existing_files_only=True,
                    object_id="#pack_dialog")
            elif ev.text == SHIPPED:
                self.pick_pack(None)
            return True
        typed = self._typed_pack(ev)
        if typed is not None:  # a pack folder's path and Enter: as OK does
            self.folder_dialog.kill()  # type: ignore[union-attr]
            self.folder_dialog = None
            self.pick_pack(typed)
            return True
        if ev.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and \
                ev.ui_element is self.folder_dialog:
            self.folder_dialog = None
            path = Path(ev.text)
            self.pick_pack(path if path.is_dir() else path.parent)
            return True
        if ev.type == pygame_gui.UI_WINDOW_CLOSE and ev.ui_element is self.folder_dialog:
            self.folder_dialog = None
            self.cfg = self.config()
            self.build()  # the dropdown shows the pack in use again
            return True
        return False

    def _typed_pack(self, ev: pygame.event.Event) -> Path | None:
        """The folder typed into the pack dialog's field when Enter was pressed, if it holds
        decks of the chosen game (another folder is only opened in the dialog, to look in)."""
        d = self.folder_dialog
        if ev.type != pygame_gui.UI_TEXT_ENTRY_FINISHED or d is None or \
                ev.ui_element is not d.file_path_text_line:
            return None
        path = Path(d.file_path_text_line.get_text()).expanduser().absolute()
        game = _game_name(_text(self.game.selected_option))
        return path if path.is_dir() and decks_of(game, path).names else None

    def pick_pack(self, folder: Path | None) -> None:
        """Play with ``folder`` (None: the shipped pack) if its cards and decks load."""
        game = _game_name(_text(self.game.selected_option))
        if folder is not None:
            found = decks_of(game, folder)
            if found.pack is None or not found.names:
                problems = found.errors or ["no decks in it"]
                self.app.files.show(f"{folder} cannot be played as a {title_of(game)} pack:\n"
                                    + "\n".join(problems[:8]), "Pack has problems")
                folder = self.pack
        self.pack = folder
        self.cfg = self.config()
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.cfg = self.config()
        self.build()

    def draw(self, surf: pygame.Surface) -> None:
        w, _ = surf.get_size()
        t = TEXT.get("Playtable", 64, GOLD, True)
        surf.blit(t, t.get_rect(midtop=(w // 2, px(28))))
        s = TEXT.get("card & board games, rules enforced", 22, INK_DIM)
        surf.blit(s, s.get_rect(midtop=(w // 2, px(80))))

    def draw_over_ui(self, surf: pygame.Surface) -> None:
        self.focus.draw(surf)

    def close(self) -> None:
        self.app.menu_last = self.config()  # back from a replay: the game it was on
        for e in self.elements:
            e.kill()
        if self.folder_dialog is not None:
            self.folder_dialog.kill()


def designer_tip(title: str, manual: bool) -> str:
    """What designer mode does in this game (the check box's tooltip)."""
    undo = "Undo passes draws, shuffles and reveals"
    if manual:
        return f"{undo}; a freeform step carries out a card by hand"
    return f"{undo} ({title} has no manual effects: no freeform steps)"


def _r(x: int, y: int, w: int, h: int) -> pygame.Rect:
    """A rect of the menu panel, in design pixels at UI scale 1.0."""
    return pygame.Rect(px(x), px(y), px(w), px(h))


def _text(option: str | tuple[str, str]) -> str:
    return option[0] if isinstance(option, tuple) else option


def _game_label(name: str) -> str:
    """How the game list shows a game: its declared title."""
    return title_of(name)


def _game_name(label: str) -> str:
    return next((g for g in playable() if _game_label(g) == label), label.lower())
