"""The table scene: one game in play. It owns the session, the game's table layout, the active
input handler and the table's buttons, and decides whose eyes the table is drawn for."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from game.draw.log import LogView
from game.draw.overlay import focus_ring
from game.draw.palette import ERROR, GOLD, INK, INK_DIM, OWNER, PANEL, PANEL_EDGE
from game.draw.panels import (
    phase_bar,
    sequence_height,
    sequence_panel,
    text_box,
    text_box_rect,
)
from game.draw.scale import px, pxs
from game.draw.text import TEXT
from game.files import write_json
from game.input.focus import FocusRing
from game.input.guard import Moment, StepGuard, acting
from game.input.handlers import Confirm, Handler, HandOver, Idle, Watching, keyed_intent
from game.input.keyboard import KeyFocus
from game.input.look import Look
from game.input.manual import ManualPick
from game.layouts import table_for, title_of
from game.layouts.base import PieceId, Seats, id_key, json_id, top_bar
from game.manual_panel import LOG_ROOM, ManualPanel
from game.packs import pack_folder
from game.reload import PackReload
from game.scenes.base import Scene
from game.session import GameConfig, GameSession
from rules import registry
from rules.agents import LEVEL_TITLES
from rules.core.manual_intents import Freeform
from rules.core.model import Intent
from rules.records import Session

if TYPE_CHECKING:
    from game.app import App

MESSAGE_SECONDS = 4.0
TOOLS_W = 350  # the top bar's right end: Undo, Redo, Save, Settings, Menu
ZOOM = (250, 350)
READING_SIZE = 18  # look mode's reading, in the side column (the body text floor)


class TableScene(Scene):
    def __init__(self, app: App, cfg: GameConfig, live: Session | None = None,
                 note: str | None = None, session: Any = None) -> None:
        """A new game from ``cfg``, or ``live``: a game opened from its record; or
        ``session``, one with the same interface played elsewhere (game/net/session.py)."""
        super().__init__(app)
        self.cfg = cfg
        self.layout = table_for(cfg.game, app.faces, pack_folder(cfg.game, cfg.options))
        self.session: GameSession = session if session is not None else \
            GameSession(cfg, live, note)
        self.manager = app.manager
        self.log = LogView()
        self.handler: Handler = Idle()
        # a step the game moved to by itself takes no press aimed at the one before it
        self.guard = StepGuard(cfg.grace)
        self._own: tuple[Moment, bool] | None = None  # set by ``apply`` for ``refresh``
        humans = [p for p in (0, 1) if cfg.seats[p] == "human"]
        self.viewer = humans[0] if humans else 0
        first = self.session.to_act()
        if len(humans) == 2 and first is not None:
            self.viewer = first
        self.hide_hands = False
        # Hot seat hides hands during the hand-over only in games with hidden information.
        self.hidden_info = registry.info(cfg.game).hidden_information
        self.names = (self._seat_name(cfg, 0), self._seat_name(cfg, 1))
        self.message = ""
        self.message_error = False
        self.message_until = 0.0
        self.hover_source: PieceId | None = None
        self.mouse = (0, 0)
        self._seen = -1
        self._legal: list[Intent] = []
        self._over_ui: list[Any] = []
        self._layout_written: str = ""
        self._log_seen = 0  # how many of the session's log lines the log view shows
        self._heard = len(self.session.live.events)  # intents whose events made their sound
        title = title_of(cfg.game)
        opened = live is not None
        self.log.add(f"{'Game' if opened else 'New game'}: {title}, seed {cfg.seed}.")
        for line in self.layout.opening_lines(self.session.initial_state, self.names):
            self.log.add(line)
        self.buttons = self._make_buttons()
        self.manual = ManualPanel(self.manager, self.session)  # a card carried out by hand
        # keys where the table has nothing to choose: the game-over choice, the top bar
        self.over_focus = FocusRing(self.manager, lambda: self._over_ui[1:])
        self.tools_focus = FocusRing(self.manager, lambda: [
            self.undo_button, self.redo_button, self.save_button, self.settings_button,
            self.leave])
        self.reload = PackReload(self)  # hot reload of the pack's card files
        self.resize(app.size)
        self.refresh()

    # ---- Ctx for handlers -----------------------------------------------------------------
    def legal(self) -> list[Intent]:
        return self._legal

    def highlights(self, source: PieceId) -> dict[str, list[Any]]:
        return self.session.highlights(source) if self._legal else {}

    def why_not(self, intent: Intent) -> str:
        return self.session.why_not(intent) or "that is legal, try again"

    def why_idle(self, source: PieceId, tries: list[Intent]) -> str:
        return self.session.why_idle(source, tries) or "that is legal, try again"

    def say(self, text: str, error: bool = False) -> None:
        self.dirty = True
        self.message, self.message_error = text, error
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    def button_intent(self, element: object) -> Intent | str | None:
        for kind, b in self.buttons.items():
            if b is element:
                if kind == "respond":
                    return "respond"
                return next((i for i in self._legal if i.kind == kind), None)
        return None

    def take_seat(self, player: int) -> None:
        self.viewer, self.hide_hands = player, False
        self._seen = -1
        self.refresh()

    # ---- state ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the game after a change: viewer, hand-over, legal intents, buttons, log."""
        s = self.session
        self._seen = s.version
        self.dirty = True
        for text in s.log[self._log_seen:]:
            self.log.add(text)
        self._log_seen = len(s.log)
        steps = s.live.events
        if len(steps) > self._heard:  # card played, dice rolled, damage: one sound
            self.app.sounds.on_events([e for evs in steps[self._heard:] for e in evs])
        self._heard = len(steps)
        p = s.to_act()
        humans = [q for q in (0, 1) if self.cfg.seats[q] == "human"]
        if p is None:
            self._set_handler(Watching())
            self.hide_hands = False
            self._show_game_over()
        elif self._over_ui:  # an undo took the game back from its end
            self._kill_over_ui()
        elif len(humans) == 2 and p != self.viewer and not self._auto(p):
            # Every hot-seat game hands over (the next person takes the mouse); only games
            # with hidden information hide the hands meanwhile.
            if not isinstance(self.handler, HandOver):
                self._set_handler(HandOver(p))
            self.hide_hands = self.hidden_info
        elif isinstance(self.handler, Watching | HandOver) and p == self.viewer:
            self._set_handler(Idle())
        deciding = p is not None and p == self.viewer and s.is_human(p) and not self._auto(p) \
            and not isinstance(self.handler, HandOver)
        self._legal = list(s.legal()) if deciding else []
        manual = s.rs.manual_pending(s.state) is not None
        if not deciding and not isinstance(self.handler, Idle | HandOver | Watching | Look):
            self._set_handler(Idle())
        elif deciding and manual and not isinstance(self.handler, ManualPick):
            self._set_handler(ManualPick(self.manual))
        elif not manual and isinstance(self.handler, ManualPick):
            self._set_handler(Idle())
        # A manual step's intents are the panel's: the game's layout is shown none of them.
        self.layout.update(s.view(self.viewer), Seats(self.viewer, self.hide_hands, self.names),
                           [] if manual else self._legal)
        self.manual.show(self.layout.side_rect(), self._legal, deciding, self.viewer)
        self._place_buttons()
        if self.guard.observe(self._moment(), deciding, self._own) and not isinstance(
                self.handler, Idle | HandOver | Watching | ManualPick | Look):
            self._set_handler(Idle())  # a drag or a menu of the step before: dropped
        if isinstance(self.handler, Look):  # looking on while the game moves: the same spot
            self.handler.refresh(self)
        self._own = None
        self.guard.expired(s.version)
        if self.guard.armed is None:
            self._restore_labels()
        if self._freeform_shown():
            self.freeform_button.show()
        else:
            self.freeform_button.hide()
        self._write_layout()

    def _place_buttons(self) -> None:
        """Show the buttons that mean something now, side by side under the log."""
        kinds = {i.kind for i in self._legal}
        respond = self.layout.responding(self._legal) and bool(kinds - {self.layout.pass_kind})
        shown = [k for k in self.buttons if (k in kinds if k != "respond" else respond)]
        side = self.layout.side_rect()
        n = max(1, len(shown))
        bw = (side.w - px(6) * (n - 1)) // n
        for kind, b in self.buttons.items():
            if kind in shown:
                k = shown.index(kind)
                b.set_relative_position((side.x + k * (bw + px(6)), side.bottom - px(40)))
                b.set_dimensions((bw, px(38)))
                b.show()
            else:
                b.hide()

    def _auto(self, p: int) -> bool:
        return self.session.forced_pass(p)

    def _set_handler(self, h: Handler) -> None:
        if h is not self.handler:
            self.handler.exit(self)
            self.handler = h

    def apply(self, intent: Intent) -> None:
        if intent.kind == "manual_done":
            self.manual.hide()
        before = self._moment()
        reason = self.session.submit(intent)
        if reason is not None:
            self.say(reason, error=True)
        else:
            self._own = (before, intent.kind in self.session.pass_kinds)
        self._set_handler(Idle())
        self.refresh()

    # ---- deliberate presses (game/input/guard.py) -------------------------------------------
    def _moment(self) -> Moment:
        keyed = keyed_intent(self)
        return Moment(self.layout.step_key(), keyed.kind if keyed is not None else None)

    def _step_name(self) -> str:
        return self.layout.status()[1] or "the next step"

    def _game_button(self, element: object) -> bool:
        return element in self.buttons.values()

    def _first_press(self, intent: Intent) -> bool:
        """Whether ``intent`` ends a step the player has not seen while they still have
        actions: then this press only asks (the button's words change) and a second press of
        the same does it."""
        passes = self.session.pass_kinds
        if intent.kind not in passes or self.layout.responding(self._legal) or \
                all(i.kind in passes for i in self._legal) or \
                not self.guard.unseen(self._moment()) or \
                not self.guard.needs_second_press(intent.kind, self.session.version):
            return False
        label = self.layout.buttons().get(intent.kind) or self.layout.describe(intent)
        short = label.replace(" (Space)", "")
        button = self.buttons.get(intent.kind)
        if button is not None:
            font = self.manager.get_theme().get_font(["button"])
            room = button.rect.w - px(12)
            words = next((w for w in (f"{short}? You still have actions",
                                      f"{short}? Press again", "Sure? Press again")
                          if font.size(w)[0] <= room), "Sure?")
            button.set_text(words)
        self.say(f"{self._step_name()}: you still have actions. {short}? Press again to "
                 "confirm.", error=True)
        return True

    def _restore_labels(self) -> None:
        for kind, label in self.layout.buttons().items():
            b = self.buttons.get(kind)
            if b is not None and b.text != label:
                b.set_text(label)

    def freeform(self) -> None:
        """Designer mode: the person at the table takes a freeform manual step."""
        if self.cfg.seats[self.viewer] == "human":
            self.apply(Freeform(player=self.viewer))

    def _freeform_shown(self) -> bool:
        s = self.session
        return bool(s.rs.designer(s.state)) and s.to_act() is not None and not s.thinking \
            and s.rs.manual_pending(s.state) is None and self.cfg.seats[self.viewer] == "human"

    # ---- records: save, undo, redo ---------------------------------------------------------
    def undo_player(self) -> int | None:
        """Whose decision an undo goes back to: the person at the table."""
        return self.viewer if self.cfg.seats[self.viewer] == "human" else None

    def undo(self) -> None:
        p = self.undo_player()
        if p is None:
            self.say("Undo is for a person at the table; here only computers play.", error=True)
            return
        designer = self.app.designer_mode
        n = self.session.undo(p, designer)
        if n == 0:
            self.say(self.session.error or self.session.why_no_undo(p, designer), error=True)
        else:
            self.say(f"{self.session.took_back} (Ctrl+Y redoes).")
        self._after_jump()

    def redo(self) -> None:
        n = self.session.redo()
        if n == 0:
            self.say(self.session.error or "Nothing to redo.", error=True)
        else:
            self.say(f"Put back {n} intent{'s' if n != 1 else ''}.")
        self._after_jump()

    def _after_jump(self) -> None:
        self._set_handler(Idle())
        humans = [q for q in (0, 1) if self.cfg.seats[q] == "human"]
        p = self.session.to_act()
        if len(humans) == 2 and p is not None:  # hot-seat: the one who decides sits down
            self.viewer, self.hide_hands = p, False
        self.refresh()
        self.guard.settle(self._moment())  # back where the player decided before
        self._restore_labels()

    def save(self) -> None:
        self.app.files.ask_save(self.session)

    def shortcut(self, ev: pygame.event.Event) -> bool:
        """Ctrl+S / Ctrl+O / Ctrl+Z / Ctrl+Y (Cmd on macOS); True when it was one."""
        if ev.type != pygame.KEYDOWN or not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return False
        if ev.key == pygame.K_s:
            self.save()
        elif ev.key == pygame.K_o:
            self.app.files.ask_open("play")
        elif ev.key == pygame.K_z:
            if ev.mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
        elif ev.key == pygame.K_y:
            self.redo()
        else:
            return False
        return True

    # ---- events ---------------------------------------------------------------------------
    def before_ui(self, ev: pygame.event.Event) -> bool:
        """Game over: Tab / Enter choose Play again or Main menu (Enter: Play again). Nothing
        to decide (the other side or the computers play): Tab walks the top bar's buttons.
        Otherwise the handler's keys (game/input/keyboard.py) have the table."""
        if self._over_ui:
            return self.over_focus.key(ev)
        if not self._legal and not isinstance(self.handler, HandOver):
            return self.tools_focus.key(ev)
        self.tools_focus.index = None
        return False

    def handle(self, ev: pygame.event.Event) -> None:
        if self.shortcut(ev) or self.reload.handle(ev):
            return
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if ev.ui_element is self.leave:
                self.app.to_menu(self.cfg)
                return
            if ev.ui_element is self.settings_button:
                self.app.open_settings()
                return
            tools = {self.undo_button: self.undo, self.redo_button: self.redo,
                     self.save_button: self.save, self.freeform_button: self.freeform}
            if ev.ui_element in tools:
                tools[ev.ui_element]()
                return
            by_hand = self.manual.intent_of(ev.ui_element)
            if by_hand is not None:
                self.apply(by_hand)
                return
            if self._over_ui and ev.ui_element is self._over_ui[1]:
                nxt = GameConfig(**{**self.cfg.__dict__, "seed": self.cfg.seed + 1})
                self.app.start_game(nxt)
                return
            if self._over_ui and ev.ui_element is self._over_ui[2]:
                self.app.to_menu(self.cfg)
                return
        if ev.type == pygame.MOUSEWHEEL and self.log.rect.collidepoint(self.mouse):
            self.log.wheel(ev.y)
            return
        if self.handler.name not in ("handover", "dragging") and \
                self.layout.view_event(ev, self.mouse):  # a book's page turned, its tab shown
            self.dirty = True
            if isinstance(self.handler, KeyFocus):  # its stops moved with the page
                stop = self.handler.stop
                self._set_handler(KeyFocus(self, key=stop.key if stop else None))
            self._write_layout()
            return
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = ev.pos
            piece = self.layout.piece_at(ev.pos)
            self.hover_source = piece.source if piece is not None else None
        if self._legal and self.guard.in_grace() and acting(ev, self._game_button):
            # aimed at the step before: the game moved on by itself a moment ago
            if ev.type != pygame.MOUSEBUTTONUP:
                self.say(f"Now {self._step_name()}: the game moved on by itself, so that "
                         "press was not taken.", error=True)
            return
        try:
            result = self.handler.handle(ev, self)
        except Exception as e:  # noqa: BLE001 - a client bug must not end the game
            self.say(f"Client error: {type(e).__name__}: {e}", error=True)
            self._set_handler(Idle())
            return
        if isinstance(result, Intent):
            if self._first_press(result):
                return
            question = self.layout.confirm(result) if self.app.settings.confirm_own_harm \
                and not isinstance(self.handler, Confirm) else None
            if question is not None:  # harms the player's own piece: ask once
                self._set_handler(Confirm(self, result, question, self.mouse))
            else:
                self.apply(result)
        elif isinstance(result, ManualPick):  # a card picked: the panel lists its intents
            self.manual.show(self.layout.side_rect(), self._legal, True, self.viewer)
            self.dirty = True
            self._write_layout()
        elif isinstance(result, Handler):
            self._set_handler(result)
            if isinstance(result, Idle) and self._seen != self.session.version:
                self.refresh()
            self._write_layout()

    def update(self, dt: float) -> None:
        if self.guard.expired(self.session.version):
            self._restore_labels()  # the question lapsed
        self.reload.update()
        if not self.app.files.busy:  # the game waits while a dialog is up
            self.session.tick()
        if self._seen != self.session.version:
            self.refresh()
        if self.message and time.monotonic() > self.message_until:
            self.message, self.dirty = "", True

    def animating(self) -> bool:
        snapping = getattr(self.handler, "snap", None) is not None  # a piece flies home
        return snapping or self.layout.animating()

    # ---- geometry -------------------------------------------------------------------------
    @staticmethod
    def _seat_name(cfg: GameConfig, p: int) -> str:
        return f"Player {p + 1}" + (" (computer)" if cfg.seats[p] == "computer" else "")

    def _make_buttons(self) -> dict[str, UIButton]:
        m = self.manager
        out = {  # shown while the layout says a response window is open
            "respond": UIButton(pygame.Rect(0, 0, 10, 10), "Respond…", manager=m,
                                object_id="#respond_button"),
        }
        for kind, label in self.layout.buttons().items():  # the game's own (Pass, Reroll…)
            out[kind] = UIButton(pygame.Rect(0, 0, 10, 10), label, manager=m,
                                 object_id=f"#{kind}_button")
        self.leave = UIButton(pygame.Rect(0, 0, 10, 10), "Menu", manager=m)
        self.undo_button = UIButton(pygame.Rect(0, 0, 10, 10), "Undo", manager=m,
                                    tool_tip_text="Ctrl+Z")
        self.redo_button = UIButton(pygame.Rect(0, 0, 10, 10), "Redo", manager=m,
                                    tool_tip_text="Ctrl+Y")
        self.save_button = UIButton(pygame.Rect(0, 0, 10, 10), "Save", manager=m,
                                    tool_tip_text="Ctrl+S")
        self.settings_button = UIButton(pygame.Rect(0, 0, 10, 10), "Settings", manager=m,
                                        tool_tip_text="F10 · F1 lists the keys")
        # Designer mode's switch: change anything by hand, marked in the log and the record.
        self.freeform_button = UIButton(pygame.Rect(0, 0, 10, 10), "Freeform", manager=m,
                                        tool_tip_text="Designer mode: fix a mistake or try "
                                        "a what-if by hand, then Done")
        self.freeform_button.hide()
        return out

    def resize(self, size: tuple[int, int]) -> None:
        self.layout.resize(size)
        side = self.layout.side_rect()
        self._place_buttons()
        x = size[0] - px(6)
        for b, bw in ((self.leave, 78), (self.settings_button, 74), (self.save_button, 58),
                      (self.redo_button, 58), (self.undo_button, 58), (self.freeform_button, 84)):
            x -= px(bw)
            b.set_relative_position((x, px(3)))
            b.set_dimensions((px(bw), top_bar() - px(6)))
            x -= px(4)
        self.log.rect = pygame.Rect(side.x, side.y, side.w, side.h - self._under_log())
        if self._over_ui:
            self._kill_over_ui()
            self._show_game_over()
        if hasattr(self, "reload"):
            self.reload.resize()
        self._seen = -1

    def _under_log(self) -> int:
        """The side column's room under the log: the game's buttons."""
        return px(50)

    def _kill_over_ui(self) -> None:
        for e in self._over_ui:
            e.kill()
        self._over_ui = []

    def _show_game_over(self) -> None:
        if self._over_ui:
            return
        w, h = self.app.size
        panel = UIPanel(pygame.Rect(w // 2 - px(170), h // 2 + px(36), px(340), px(64)),
                        manager=self.manager, starting_height=4)
        again = UIButton(pygame.Rect(px(10), px(10), px(155), px(44)), "Play again",
                         manager=self.manager, container=panel, object_id="#start_button")
        menu = UIButton(pygame.Rect(px(175), px(10), px(155), px(44)), "Main menu",
                        manager=self.manager, container=panel)
        self._over_ui = [panel, again, menu]
        self.over_focus.focus(again)  # Enter plays again

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        ov = self.handler.overlay(self)
        if self.hover_source is not None and ov.raised is None and ov.dragging is None and \
                self.layout.piece_at(self.mouse) is not None:
            piece = self.layout.piece_at(self.mouse)
            if piece is not None and self.layout.rises(piece):
                ov.raised = piece.source
        self.layout.draw(surf, ov)  # skips the dragged piece; draw_over_ui puts it on top
        left, step = self.layout.status()
        tools_w, tb = px(TOOLS_W), top_bar()
        if self.freeform_button.visible:
            tools_w += px(88)
        phase_bar(surf, pygame.Rect(0, 0, w - tools_w, tb), self.layout.steps, step, left,
                  *self._who())
        pygame.draw.rect(surf, PANEL, (w - tools_w, 0, tools_w, tb))
        lines = self.layout.sequence_lines()
        side = self.layout.side_rect()
        if self.manual.step is not None:  # the card's text on top; the log under it
            self.manual.draw(surf)
            # the log keeps its few last lines even under a long step's text
            top = min(self.manual.rect.bottom + px(8), side.bottom - px(LOG_ROOM) + px(8))
            self.log.rect = pygame.Rect(side.x, top, side.w, side.bottom - top - self._under_log())
        elif lines:
            seq_h = min(side.h // 2, sequence_height(lines, side.w))
            sequence_panel(surf, pygame.Rect(side.x, side.y, side.w, seq_h), lines,
                           self.layout.sequence_footer(bool(self._legal)),
                           self.layout.sequence_title, self.layout.sequence_numbered())
            self.log.rect = pygame.Rect(side.x, side.y + seq_h + px(8), side.w,
                                        side.h - seq_h - px(8) - self._under_log())
        else:
            self.log.rect = pygame.Rect(side.x, side.y, side.w, side.h - self._under_log())
        reading = self.reading_rect(ov.hint)
        if reading is not None:  # the log's last lines make room for it
            self.log.rect.h = max(0, reading.top - px(8) - self.log.rect.y)
        self.log.draw(surf, self.mouse)
        if reading is not None:
            text_box(surf, ov.hint, READING_SIZE, INK, "midbottom", reading.midbottom,
                     width=self.layout.side_rect().w)
        elif ov.hint:
            text_box(surf, ov.hint, 20, INK, "midtop", self.layout.hint_at())
        self._draw_message(surf)
        if isinstance(self.handler, HandOver):
            self._curtain(surf, f"{self.names[self.handler.player]}: your decision",
                          "Pass the seat over, then press Enter or click to continue.")
        elif self.session.over:
            win = self.session.winner()
            title = "A draw (turn limit)" if win is None else f"{self.names[win]} wins!"
            self._curtain(surf, title, "Play again with the next seed, or go to the menu.")
        self._drag_overlay = ov

    def draw_over_ui(self, surf: pygame.Surface) -> None:
        ov = getattr(self, "_drag_overlay", None)
        self.over_focus.draw(surf)
        if not self._legal:
            self.tools_focus.draw(surf)
        if ov is not None and ov.dragging is not None:
            self.layout.draw_dragged(surf, ov)
        elif ov is not None and ov.looked is not None:
            self._draw_zoom(surf, ov.looked, ov.focus, above=self.reading_rect(ov.hint))
        elif ov is not None and self.hover_source is not None and \
                not isinstance(self.handler, HandOver):
            self._draw_zoom(surf, self.hover_source, ov.focus)
        if ov is not None and ov.focus is not None:  # keyboard focus, above all (WCAG 2.4.11:
            focus_ring(surf, ov.focus)  # no zoom or dragged card hides it)

    def reading_rect(self, hint: str) -> pygame.Rect | None:
        """Where look mode's reading goes: at the foot of the side column, above the game's
        buttons, where the log's last lines were; never over the board, the focus ring or
        the card looked at's zoom (``zoom_rect`` keeps clear of it). None when not looking."""
        if not hint or self.handler.name != "look":
            return None
        side = self.layout.side_rect()
        return text_box_rect(self.app.size, hint, READING_SIZE, "midbottom",
                             (side.centerx, side.bottom - self._under_log()), side.w)

    def _who(self) -> tuple[str, tuple[int, int, int]]:
        p = self.session.to_act()
        if p is None:
            return "Game over", GOLD
        if self.session.thinking or self.cfg.seats[p] == "computer":
            level = LEVEL_TITLES.get(self.cfg.levels[p], "")
            return f"{self.names[p]} is thinking… ({level})", OWNER[p]
        if self._legal:
            return f"Your decision, {self.names[p]}", OWNER[p]
        return f"{self.names[p]} to decide", OWNER[p]

    def _draw_message(self, surf: pygame.Surface) -> None:
        text = self.message or (self.session.error or "")
        if not text:
            return
        colour = ERROR if (self.message_error or not self.message) else INK
        text_box(surf, text, 20, colour, "midbottom", self.layout.message_at(), edge=colour)

    def _curtain(self, surf: pygame.Surface, title: str, sub: str) -> None:
        w, h = surf.get_size()
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 170))
        surf.blit(dim, (0, 0))
        t = TEXT.get(title, 48, GOLD, True)
        s = TEXT.get(sub, 24, INK_DIM)
        tr = t.get_rect(center=(w // 2, h // 2 - px(40)))
        sr = s.get_rect(center=(w // 2, h // 2))
        # an opaque card behind the words: the table's own banner showed through the dimming
        # and ran into the subtitle
        card = tr.union(sr).inflate(px(48), px(20))
        card.w = min(card.w, w - px(16))
        card.centerx = w // 2
        pygame.draw.rect(surf, PANEL, card, border_radius=px(10))
        pygame.draw.rect(surf, GOLD, card, width=max(1, px(2)), border_radius=px(10))
        surf.blit(t, tr)
        surf.blit(s, sr)

    def zoom_rect(self, *avoid: pygame.Rect | None,
                  above: pygame.Rect | None = None) -> pygame.Rect:
        """Where the hovered card's big face goes: the layout's place for it, else a fixed
        place beside the board away from the mouse (the side column, or the board's left
        edge), and never over an open manual step's buttons (then just left of the side
        column, when the mouse is not there). In the side column it ends ``above`` (look
        mode's reading at its foot), made smaller where it would reach it."""
        w, h = self.app.size
        zoom = pxs(*ZOOM)
        side = self.layout.side_rect()
        y = max(top_bar() + px(8), (h - zoom[1]) // 2 - px(40))
        at = self.layout.zoom_at(zoom, self.mouse)
        if at is not None:
            return _ending_above(pygame.Rect(at, zoom).clamp(pygame.Rect((0, 0), self.app.size)),
                                 above)
        avoid = (*avoid, above)
        spots = [_ending_above(pygame.Rect(side.x + (side.w - zoom[0]) // 2, y, *zoom), above),
                 pygame.Rect(px(12), y, *zoom),
                 pygame.Rect(side.x - zoom[0] - px(12), y, *zoom)]
        free = [r for r in spots if r.right + px(12) <= self.mouse[0]
                or r.left - px(12) >= self.mouse[0]]  # away from the mouse
        shun = [r for r in avoid if r is not None]
        if shun:  # and from the keyboard's focus (and look mode's reading)
            free = [r for r in (free or spots)
                    if not any(r.colliderect(a) for a in shun)] or free
        panel = self.manual.rect if self.manual.step is not None else pygame.Rect(0, 0, 0, 0)
        clear = [r for r in free if not r.colliderect(panel)]
        return (clear or free or spots)[0]

    def _draw_zoom(self, surf: pygame.Surface, source: PieceId,
                   *avoid: pygame.Rect | None, above: pygame.Rect | None = None) -> None:
        spec = self.layout.face(source)
        if spec is None:
            return
        r = self.zoom_rect(*avoid, above=above)
        img = self.app.faces.face(spec, r.size)
        pygame.draw.rect(surf, (0, 0, 0), r.move(px(6), px(8)), border_radius=px(12))
        surf.blit(img, r)
        pygame.draw.rect(surf, PANEL_EDGE, r, width=px(1), border_radius=px(12))

    # ---- layout file (tests and tools drive the real window with it) -------------------------
    def layout_info(self) -> dict[str, Any]:
        lay = self.layout
        legal = []
        for i in self._legal if self.manual.step is None else []:
            src, tgt = lay.source_of(i), lay.target_of(i)
            legal.append({"intent": i.to_json(), "source": src,
                          "zone": json_id(tgt), "describe": lay.describe(i)})
        buttons = {k: list(b.rect.center) for k, b in self.buttons.items() if b.visible}
        if self.freeform_button.visible:
            buttons["freeform"] = list(self.freeform_button.rect.center)
        manual = [{"label": b.text, "pos": list(b.rect.center),
                   "intent": i.to_json()} for b, i in self.manual.buttons.items()]
        info: dict[str, Any] = {
            "window": list(self.app.size), "viewer": self.viewer,
            "to_act": self.session.to_act(), "handler": self.handler.name,
            "version": self.session.version, "message": self.message,
            "intents": len(self.session.intents),
            "pieces": {k: {id_key(i): list(p) for i, p in v.items()}
                       for k, v in lay.pieces().items()},
            "zones": {id_key(z): list(lay.zone_center(z)) for z in lay.zones()},
            "legal": legal, "buttons": buttons, "manual": manual,
            "controls": {k: list(r.center) for k, (r, _) in lay.controls().items()},
        }
        menu = getattr(self.handler, "buttons", None)
        if isinstance(menu, dict):
            info["menu"] = [{"label": b.text, "pos": list(b.rect.center),
                             "describe": lay.describe(w) if isinstance(w, Intent) else None}
                            for b, w in menu.items()]
        return info

    def _write_layout(self) -> None:
        path: Path | None = self.app.layout_out
        if path is None:
            return
        text = json.dumps(self.layout_info(), sort_keys=True)
        if text != self._layout_written:
            write_json(path, json.loads(text))
            self._layout_written = text

    def close(self) -> None:
        self.handler.exit(self)
        self.manual.hide()
        self._kill_over_ui()
        self.reload.close()
        for b in self.buttons.values():
            b.kill()
        for b in (self.leave, self.undo_button, self.redo_button, self.save_button,
                  self.settings_button, self.freeform_button):
            b.kill()
        self.session.close()


def _ending_above(r: pygame.Rect, below: pygame.Rect | None) -> pygame.Rect:
    """``r`` (a zoom), made smaller about its top's middle to end clear above ``below``
    where it would reach it; as it was otherwise."""
    if below is None or not r.colliderect(below) or below.top <= r.top:
        return r
    h = max(1, below.top - px(8) - r.top)
    small = pygame.Rect(0, r.top, max(1, r.w * h // r.h), h)
    small.centerx = r.centerx
    return small
