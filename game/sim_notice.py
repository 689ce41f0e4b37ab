"""The end of a background balance simulation (``game.simulating``) noticed on whatever screen
the player is on: a note under the top bar, "Simulation report ready: …", with "Open report"
and a close button.

A note rather than opening the browser at once: the run ends a minute or two after it was
asked for, usually while the designer plays a test game at the table; a browser window jumping
over the table mid-move takes the keyboard and hides the game. The note is seen at once, costs
a click, and the report opens when the player chooses. The deck screen, where the run was asked
for and the player waits for it, still opens the report itself (``shows_simulation``).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game import simulating
from game.draw.scale import px
from game.layouts.base import top_bar


class ReportNotice:
    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.run: simulating.BackgroundSimulation | None = None
        self.text = ""
        self.panel: UIPanel | None = None
        self.open_button: UIButton | None = None
        self.close_button: UIButton | None = None

    @property
    def shown(self) -> bool:
        return self.panel is not None

    def poll(self, scene: Any) -> bool:
        """Each frame: show the note when the run has ended away from the screen that shows
        runs; True when the note appeared or went (the screen must be drawn again)."""
        run = simulating.CURRENT
        if run is None or run.opened or getattr(scene, "shows_simulation", False):
            was = self.shown
            self.hide()  # the deck screen shows the run (and opens its report) itself
            return was
        if run.noticed:
            return False
        st = run.progress()
        if st.running:
            return False
        run.noticed = True
        self.run = run
        if st.error is not None:
            self.text = f"Simulation failed: {st.error}"
        else:
            early = " (stopped early)" if st.stopped else ""
            decks = " vs ".join(run.req.decks) + ", " if run.req.decks else ""
            self.text = f"Simulation report ready{early}: {decks}{st.done} games."
        self._build()
        return True

    def _build(self) -> None:
        self._kill()
        width = self.manager.window_resolution[0]
        w = min(px(620), width - px(40))
        gap, row = px(4), px(28)
        ready = self.run is not None and self.run.status.report is not None
        bw, cw = (px(130) if ready else 0), px(34)
        room = w - bw - cw - 4 * gap - px(4)
        lines = self._lines(room - px(8))
        h = max(px(40), len(lines) * px(20) + 2 * gap + px(8))
        rect = pygame.Rect((width - w) // 2, top_bar() + px(6), w, h)
        self.panel = UIPanel(rect, manager=self.manager, starting_height=20,
                             object_id="#action_menu")
        inner = row
        top = (h - px(4) - len(lines) * px(20)) // 2
        for k, line in enumerate(lines):  # a long reason (a failed run) on a few lines
            UILabel(pygame.Rect(gap, top + k * px(20), room, px(20)), line,
                    manager=self.manager, container=self.panel)
        if ready:
            self.open_button = UIButton(pygame.Rect(w - bw - cw - 2 * gap - px(4), gap, bw,
                                                    inner),
                                        "Open report", manager=self.manager,
                                        container=self.panel)
        self.close_button = UIButton(pygame.Rect(w - cw - gap - px(4), gap, cw, inner), "x",
                                     manager=self.manager, container=self.panel,
                                     tool_tip_text="Close this note")

    def _lines(self, width: int, most: int = 4) -> list[str]:
        """The note's words in lines of the label font no wider than ``width``."""
        text = self.manager.get_theme().get_font(["label"])
        lines: list[str] = []
        for word in self.text.split():
            if lines and text.size(f"{lines[-1]} {word}")[0] <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines[:most]

    def handle(self, ev: pygame.event.Event) -> bool:
        """A press on the note's buttons; True when it was one."""
        if ev.type != pygame_gui.UI_BUTTON_PRESSED or not self.shown:
            return False
        if ev.ui_element is self.open_button and self.run is not None:
            self.run.opened = True
            simulating.open_report(self.run.page())
            self.hide()
            return True
        if ev.ui_element is self.close_button:
            self.hide()  # the deck screen still has the report's path on its status line
            return True
        return False

    def resize(self, size: tuple[int, int]) -> None:
        if self.shown:  # centred in the new width
            self._build()

    def hide(self) -> None:
        self._kill()
        self.panel = self.open_button = self.close_button = None

    def _kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
