"""The replay viewer: a saved or finished record, stepped forward and back (buttons, arrow
keys, Home/End) or played at a chosen speed, with the log in sync; "Play from here" takes the
game over at the step shown. A position inside a manual step shows its panel (the card's text,
who carries it out), read-only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.draw.log import LogView
from game.draw.palette import GOLD, PANEL, PANEL_EDGE
from game.draw.panels import phase_bar, sequence_height, sequence_panel
from game.draw.scale import px
from game.input.focus import FocusRing
from game.layouts import table_for
from game.layouts.base import Overlay, PieceId, Seats, top_bar
from game.manual_panel import ManualPanel
from game.packs import pack_folder
from game.scenes.base import Scene
from game.session import drawable
from rules.records import Record, Replayed, Session, cut

if TYPE_CHECKING:
    from game.app import App

SPEEDS = {"0.5 / s": 0.5, "1 / s": 1.0, "2 / s": 2.0, "5 / s": 5.0, "20 / s": 20.0}


class ShownPosition:
    """The replayed position shown, as the manual panel reads a live session: the rules, the
    state, a version that changes with the step and what a player sees."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        self.rs = scene.r.rs

    @property
    def state(self) -> Any:
        return self.scene.r.states[self.scene.k]

    @property
    def version(self) -> int:
        return self.scene.k

    def view(self, player: int) -> Any:
        return self.rs.view(self.state, player)


class ReplayScene(Scene):
    def __init__(self, app: App, record: Record, replayed: Replayed) -> None:
        super().__init__(app)
        self.record, self.r = record, replayed
        self.layout = table_for(record.game, app.faces, pack_folder(record.game, record.options))
        seats = record.players if len(record.players) == 2 else ("human", "human")
        self.names = tuple(f"Player {p + 1}" + (" (computer)" if seats[p] == "computer" else "")
                           for p in (0, 1))
        self.log = LogView()
        self.opening = [f"Replay: {getattr(replayed.rs, 'title', record.game)}, seed "
                        f"{record.seed}, {len(replayed.intents)} intents."]
        self.opening += self.layout.opening_lines(replayed.states[0], self._names())
        self.k = 0
        self.playing = False
        self.speed = 2.0
        self.timer = 0.0
        self.hover: PieceId | None = None
        m = app.manager
        self.manual = ManualPanel(m, ShownPosition(self))  # read-only: nobody decides here
        self.controls: dict[str, UIButton] = {
            "first": UIButton(pygame.Rect(0, 0, 10, 10), "|<", manager=m, tool_tip_text="Home"),
            "back": UIButton(pygame.Rect(0, 0, 10, 10), "<", manager=m,
                             tool_tip_text="Left arrow"),
            "play": UIButton(pygame.Rect(0, 0, 10, 10), "Play", manager=m,
                             tool_tip_text="Space", object_id="#replay_play"),
            "next": UIButton(pygame.Rect(0, 0, 10, 10), ">", manager=m,
                             tool_tip_text="Right arrow"),
            "last": UIButton(pygame.Rect(0, 0, 10, 10), ">|", manager=m, tool_tip_text="End"),
            "take_over": UIButton(pygame.Rect(0, 0, 10, 10), "Play from here", manager=m),
            "menu": UIButton(pygame.Rect(0, 0, 10, 10), "Menu", manager=m,
                             tool_tip_text="Esc"),
        }
        self.speed_menu: UIDropDownMenu | None = None
        order = ("first", "back", "play", "next", "last", "take_over")
        self.focus = FocusRing(m, lambda: [*(self.controls[k] for k in order), self.speed_menu,
                                           self.controls["menu"]])
        self.resize(app.size)
        self.goto(0)

    def _names(self) -> tuple[str, str]:
        return (self.names[0], self.names[1])

    @property
    def n(self) -> int:
        return len(self.r.intents)

    # ---- stepping ------------------------------------------------------------------------
    def goto(self, k: int) -> None:
        k = max(0, min(self.n, k))
        self.dirty = True
        if k < self.k or not self.log.entries:
            self.log.clear()
            for line in self.opening:
                self.log.add(line)
            for ev in self.r.reloaded.get(0, []):
                self.log.add(drawable(ev.text))
            done = 0
        else:
            done = self.k
        for i in range(done, k):  # intent i+1's events, then the card edits made after it
            for ev in self.r.events[i]:
                self.log.add(ev.text)
            for ev in self.r.reloaded.get(i + 1, []):
                self.log.add(drawable(ev.text))
        self.k = k
        self.layout.update(self.r.states[k], Seats(0, False, self._names()), [])
        if k >= self.n:
            self.playing = False
        self.controls["play"].set_text("Pause" if self.playing else "Play")

    def toggle_play(self) -> None:
        if not self.playing and self.k >= self.n:
            self.goto(0)
        self.playing, self.timer = not self.playing, 0.0
        self.controls["play"].set_text("Pause" if self.playing else "Play")

    def take_over(self) -> None:
        """Play on from the step shown (a new game record: the intents up to here)."""
        rec = cut(self.record.model_copy(update={"intents": self.record.intents[:self.k],
                                                 "redo": (), "marks": ()}), self.k)
        r = Replayed(self.r.rs, self.r.states[:self.k + 1], [list(e) for e in
                                                             self.r.events[:self.k]],
                     list(self.r.actors[:self.k]), list(self.r.intents[:self.k]),
                     {at: list(e) for at, e in self.r.reloaded.items() if at <= self.k})
        self.app.open_game(Session(rec, None, r))

    # ---- events --------------------------------------------------------------------------
    def back_to_menu(self) -> None:
        """The menu as it was (a replay opened from it), else on the replayed game."""
        self.app.to_menu(None, self.record.game)

    def before_ui(self, ev: pygame.event.Event) -> bool:
        """Tab through the buttons and the speed, Enter presses (arrows still step)."""
        return self.focus.key(ev)

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            what = next((k for k, b in self.controls.items() if b is ev.ui_element), None)
            actions: dict[str, Any] = {
                "first": lambda: self.goto(0), "back": lambda: self.goto(self.k - 1),
                "next": lambda: self.goto(self.k + 1), "last": lambda: self.goto(self.n),
                "play": self.toggle_play, "take_over": self.take_over,
                "menu": self.back_to_menu}
            if what is not None:
                actions[what]()
        elif ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is \
                self.speed_menu:
            self.speed = SPEEDS.get(ev.text, self.speed)
        elif ev.type == pygame.KEYDOWN:
            keys: dict[int, Any] = {
                pygame.K_RIGHT: lambda: self.goto(self.k + 1),
                pygame.K_LEFT: lambda: self.goto(self.k - 1),
                pygame.K_HOME: lambda: self.goto(0), pygame.K_END: lambda: self.goto(self.n),
                pygame.K_SPACE: self.toggle_play,
                pygame.K_ESCAPE: self.back_to_menu}
            if ev.key == pygame.K_o and ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.app.files.ask_open("replay")
            elif ev.key in keys:
                keys[ev.key]()
        elif ev.type == pygame.MOUSEWHEEL and self.log.rect.collidepoint(
                pygame.mouse.get_pos()):
            self.log.wheel(ev.y)
        elif ev.type == pygame.MOUSEMOTION:
            piece = self.layout.piece_at(ev.pos)
            self.hover = piece.source if piece is not None else None

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.timer += dt
        step = 1.0 / self.speed
        while self.playing and self.timer >= step:
            self.timer -= step
            self.goto(self.k + 1)

    # ---- geometry and drawing ------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout.resize(size)
        self.layout.update(self.r.states[self.k], Seats(0, False, self._names()), [])
        side = self.layout.side_rect()
        self.log.rect = pygame.Rect(side.x, side.y, side.w, side.h - px(92))
        row1 = ("first", "back", "play", "next", "last")
        gap, bh = px(4), px(38)
        bw = (side.w - 4 * gap) // 5
        for k, name in enumerate(row1):
            b = self.controls[name]
            b.set_relative_position((side.x + k * (bw + gap), side.bottom - px(84)))
            b.set_dimensions((bw, bh))
        half = (side.w - gap) // 2
        self.controls["take_over"].set_relative_position((side.x, side.bottom - px(40)))
        self.controls["take_over"].set_dimensions((half, bh))
        if self.speed_menu is not None:
            self.speed_menu.kill()
        label = next((k for k, v in SPEEDS.items() if v == self.speed), "2 / s")
        self.speed_menu = UIDropDownMenu(list(SPEEDS), label,
                                         pygame.Rect(side.x + half + gap, side.bottom - px(40),
                                                     half, bh), manager=self.app.manager,
                                         expand_on_option_click=True)
        w = size[0]
        self.controls["menu"].set_relative_position((w - px(84), px(3)))
        self.controls["menu"].set_dimensions((px(78), top_bar() - px(6)))

    def draw(self, surf: pygame.Surface) -> None:
        w, _ = surf.get_size()
        self.layout.draw(surf, Overlay())
        left, step = self.layout.status()
        what = f"Replay: step {self.k} of {self.n}"
        phase_bar(surf, pygame.Rect(0, 0, w - px(90), top_bar()), self.layout.steps, step, left,
                  what, GOLD)
        pygame.draw.rect(surf, PANEL, (w - px(90), 0, px(90), top_bar()))
        side = self.layout.side_rect()
        self.manual.show(side, [], False)
        if self.manual.step is not None:  # the card's text on top, as at the table
            self.manual.draw(surf)
            top = self.manual.rect.bottom + px(8)
            side = pygame.Rect(side.x, top, side.w, side.bottom - top)
        lines = self.layout.sequence_lines()
        if lines:
            seq_h = min(side.h // 3, sequence_height(lines, side.w))
            sequence_panel(surf, pygame.Rect(side.x, side.y, side.w, seq_h), lines, "",
                           self.layout.sequence_title, self.layout.sequence_numbered())
            self.log.rect = pygame.Rect(side.x, side.y + seq_h + px(8), side.w,
                                        side.h - seq_h - px(100))
        else:
            self.log.rect = pygame.Rect(side.x, side.y, side.w, side.h - px(92))
        self.log.draw(surf, pygame.mouse.get_pos())
        # progress along the top edge of the table
        bar = pygame.Rect(px(8), top_bar() + 1, side.x - px(16), px(4))
        pygame.draw.rect(surf, PANEL_EDGE, bar, border_radius=2)
        if self.n:
            done = bar.copy()
            done.w = round(bar.w * self.k / self.n)
            pygame.draw.rect(surf, GOLD, done, border_radius=2)

    def draw_over_ui(self, surf: pygame.Surface) -> None:
        self.focus.draw(surf)
        if self.hover is None:
            return
        spec = self.layout.face(self.hover)
        if spec is None:
            return
        img = self.app.faces.face(spec, (250, 350))
        side = self.layout.side_rect()
        r = img.get_rect(topleft=(px(12), top_bar() + px(40)))
        if pygame.mouse.get_pos()[0] < side.x // 2:
            r.x = side.x - r.w - 12
        surf.blit(img, r)

    def close(self) -> None:
        self.manual.hide()
        for b in self.controls.values():
            b.kill()
        if self.speed_menu is not None:
            self.speed_menu.kill()
