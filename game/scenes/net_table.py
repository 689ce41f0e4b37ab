"""The table of a network game: the table scene over a ``NetSession``, with who is connected
and who is deciding in the top bar, and a one-line chat under the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIPanel, UITextEntryLine

from game.draw.log import LogView
from game.draw.palette import INK, INK_DIM, OWNER
from game.draw.scale import px
from game.draw.text import TEXT
from game.input.guard import Moment
from game.input.handlers import Idle
from game.layouts import title_of
from game.net.session import NetSession
from game.scenes.table import TableScene
from rules.agents.levels import LEVEL_TITLES, LEVELS
from rules.core.model import Intent

if TYPE_CHECKING:
    from game.app import App

CHAT_LINE = 22  # the last chat line, over the entry
CHAT_ENTRY = 32


def presence_text(presence: dict[str, Any], seat: int | None) -> str:
    """Who is at the game, in a few words: "Player 2 (Bob) away · 1 watching"."""
    parts = []
    for i, s in enumerate(presence.get("seats", [])):
        if not isinstance(s, dict) or i == seat:
            continue
        name = f"Player {i + 1}" + (f" ({s['name']})" if s.get("name") else "")
        state = "computer" if s.get("computer") else \
            "connected" if s.get("connected") else "away"
        parts.append(f"{name} {state}")
    watching = presence.get("spectators", 0)
    if watching:
        parts.append(f"{watching} watching")
    return " · ".join(parts)


def chat_text(line: dict[str, Any]) -> str:
    seat = line.get("seat")
    who = line.get("name") or (f"Player {seat + 1}" if isinstance(seat, int) else "watcher")
    return f"{who}: {line.get('text', '')}"


class NetTableScene(TableScene):
    def __init__(self, app: App, session: NetSession) -> None:
        self.net = session
        self._answers_seen = 0
        self._in_flight: tuple[Moment, bool] | None = None  # an intent sent, not answered yet
        self.chat_entry = UITextEntryLine(pygame.Rect(0, 0, 10, 10), manager=app.manager,
                                          placeholder_text="Chat: type, then Enter")
        self.chat_entry.set_text_length_limit(200)
        # On the host's table only: once the other player, owing a decision, has been away
        # longer than the time set when hosting, the host may let the computer play for them.
        self._offered: int | None = None
        self._offer_ui: list[Any] = []
        self.hand_over: UIButton | None = None
        self.level: UIDropDownMenu | None = None
        super().__init__(app, session.cfg, session=session)
        self.viewer = session.seat if session.seat is not None else 0
        self._name_seats()
        # The table's opening lines again, in the seats' names and without the seed (the host
        # never sends it).
        self.log = LogView()
        self.log.add(f"Network game: {title_of(session.cfg.game)}.")
        for line in self.layout.opening_lines(session.initial_state,
                                              (self.names[0], self.names[1])):
            self.log.add(line)
        self._log_seen = 0
        self._chat_logged, self._presence = 0, ""
        self.refresh()

    def _name_seats(self) -> None:
        """The seats' names as the players gave them on joining."""
        names = [f"Player {p + 1}" for p in (0, 1)]
        for p, s in enumerate(self.net.presence.get("seats", [])[:2]):
            if isinstance(s, dict) and s.get("name"):
                names[p] = f"{names[p]} ({s['name']})"
        self.names = (names[0], names[1])

    def _under_log(self) -> int:
        return px(50 + CHAT_LINE + CHAT_ENTRY + 6)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        side = self.layout.side_rect()
        self.chat_entry.set_relative_position((side.x, side.bottom - px(46 + CHAT_ENTRY)))
        self.chat_entry.set_dimensions((side.w, px(CHAT_ENTRY)))
        if self._offer_ui:
            self._kill_offer()
            self._build_offer()

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and ev.ui_element is self.chat_entry:
            self.net.say(self.chat_entry.get_text())
            self.chat_entry.set_text("")
            return
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and self.hand_over is not None and \
                ev.ui_element is self.hand_over:
            self.let_computer_play()
            return
        if self.chat_entry.is_focused and ev.type in (pygame.KEYDOWN, pygame.KEYUP):
            return  # typed into the chat, not table keys
        super().handle(ev)

    def apply(self, intent: Intent) -> None:
        """Send ``intent``; the table waits for the host's new view (offering nothing
        meanwhile) without blocking: ``refresh`` reads it when it comes, a refusal is said."""
        if intent.kind == "manual_done":
            self.manual.hide()
        moment = self._moment()
        reason = self.net.submit(intent)
        if reason is not None:
            self.say(reason, error=True)
        else:
            self._in_flight = (moment, intent.kind in self.net.pass_kinds)
            self._legal = []
        self._set_handler(Idle())
        self.dirty = True

    def refresh(self) -> None:
        if self._in_flight is not None and self._seen != self.net.version:
            self._own, self._in_flight = self._in_flight, None  # the view its intent made
        super().refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        for text, error in self.net.said:  # what the host answered since: refusals, reasons
            self.say(text, error=error)
        self.net.said.clear()
        if self._in_flight is not None and self.net.legal():  # refused or unanswered
            self._in_flight = None
            self.refresh()
        if self.net.answers_came != self._answers_seen:  # highlights, a card's moves
            self._answers_seen = self.net.answers_came
            self.manual.select(self.manual.selected)
            self.refresh()
        chat = self.net.chat
        for line in chat[self._chat_logged:]:  # the chat's history stays in the log
            self.log.add(chat_text(line))
        who = presence_text(self.net.presence, self.net.seat)
        if (len(chat), who) != (self._chat_logged, self._presence):
            if who != self._presence and who:
                self.log.add(who)
                self._name_seats()
            self._chat_logged, self._presence, self.dirty = len(chat), who, True
        self._show_offer()
        if self.net.client.s.undo_ask is not None and not self.message:
            self.say("The other player asks to take back a move: Ctrl+Z accepts, "
                     "Ctrl+Y refuses.")

    def let_computer_play(self) -> None:
        """Hand the away seat offered to the computer at the level chosen beside the button."""
        seat, chooser = self._offered, self.level
        if seat is None or chooser is None:
            return
        chosen = chooser.selected_option
        title = str(chosen[0] if isinstance(chosen, tuple) else chosen)
        level = next((lv for lv in LEVELS if LEVEL_TITLES[lv] == title), "normal")
        self.net.let_computer_play(seat, level)
        self.say(f"The computer ({title}) plays for {self.names[seat]} until they rejoin.")

    def _show_offer(self) -> None:
        offered = self.net.offered()
        if offered == self._offered:
            return
        self._offered = offered
        self._kill_offer()
        if offered is not None:
            self._build_offer()
        self.dirty = True

    def _build_offer(self) -> None:
        """A panel over the board: the button and the level, for the seat offered."""
        assert self._offered is not None
        w, h = self.app.size
        panel = UIPanel(pygame.Rect(w // 2 - px(215), h // 2 - px(32), px(430), px(64)),
                        manager=self.manager, starting_height=4)
        self.hand_over = UIButton(pygame.Rect(px(10), px(10), px(290), px(44)),
                                  f"Let the computer play Player {self._offered + 1}",
                                  manager=self.manager, container=panel)
        self.level = UIDropDownMenu([LEVEL_TITLES[lv] for lv in LEVELS], LEVEL_TITLES["normal"],
                                    pygame.Rect(px(308), px(10), px(112), px(44)),
                                    manager=self.manager, container=panel)
        self._offer_ui = [panel, self.hand_over, self.level]

    def _kill_offer(self) -> None:
        for e in self._offer_ui:
            e.kill()
        self._offer_ui, self.hand_over, self.level = [], None, None

    def undo(self) -> None:
        if self.net.client.s.undo_ask is not None:
            self.net.answer_undo(True)
            self.say("You accepted the undo.")
            return
        if self.net.seat is None:
            self.say("Spectators watch; they do not undo.", error=True)
            return
        self.net.undo(self.net.seat)  # the outcome is said when the host answers
        self.say("Asked the host to take back your last move…")

    def redo(self) -> None:
        if self.net.client.s.undo_ask is not None:
            self.net.answer_undo(False)
            self.say("You refused the undo.")
            return
        super().redo()

    def save(self) -> None:
        self.say("The host keeps this game's record (hosted/ in its data folder).")

    def _who(self) -> tuple[str, tuple[int, int, int]]:
        p = self.session.to_act()
        if p is None:
            return super()._who()
        if self.net.presence.get("paused"):
            return f"{self.names[p]} is away: the game waits", OWNER[p]
        if p == self.net.seat:
            return (f"Your decision, {self.names[p]}" if self._legal
                    else f"{self.names[p]} to decide"), OWNER[p]
        return f"{self.names[p]} is deciding", OWNER[p]

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        side = self.layout.side_rect()
        chat = self.net.chat
        line = chat_text(chat[-1]) if chat else (self._presence or "No chat yet.")
        while len(line) > 4 and TEXT.get(line, 16, INK).get_width() > side.w:
            line = line[:-4].rstrip() + "..."  # the whole line is in the log
        surf.blit(TEXT.get(line, 16, INK if chat else INK_DIM),
                  (side.x, side.bottom - px(46 + CHAT_ENTRY + CHAT_LINE)))

    def close(self) -> None:
        self.chat_entry.kill()
        self._kill_offer()
        super().close()
