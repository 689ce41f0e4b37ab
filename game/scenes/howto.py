"""How to play one game: a page of the game's rules in the player's words, over the menu (it
waits under it). The page is the file the game's ``GameInfo.howto`` names (a game package ships
its own), else assets/ui/howto/<game>.txt: "# " starts a heading, "- " or "1. " a list item,
other lines are paragraphs. Esc, Enter or Back closes it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.draw.overlay import modal_panel
from game.draw.palette import GOLD, INK, PANEL_EDGE
from game.draw.scale import px
from game.draw.text import TEXT, wrap
from game.layouts import title_of
from game.scenes.base import Scene, root_elements
from rules import registry
from rules.core.limits import Refused, read_limited
from rules.core.paths import asset

if TYPE_CHECKING:
    from game.app import App

BODY, HEAD = 19, 22  # point sizes at UI scale 1.0
BODY_STEP, HEAD_STEP, HEAD_GAP = 24, 28, 10  # line heights and the space above a heading
Line = tuple[str, int, bool, int]  # text, size, heading, indent (design pixels)


MAX_PAGE_BYTES = 64_000  # a page, not a rulebook: a bigger file is not read


def page_path(game: str) -> Path:
    """Where the game's how-to-play page is: its declared ``howto``, else Playtable's own."""
    try:
        declared = registry.info(game).howto
    except KeyError:
        declared = None
    return declared if declared is not None else asset("ui", "howto", f"{game}.txt")


def page_text(game: str) -> str:
    """The game's how-to-play page (a short note saying why when there is none)."""
    path = page_path(game)
    try:
        raw = read_limited(path, MAX_PAGE_BYTES)
        return raw.decode("utf-8-sig")
    except FileNotFoundError:
        return f"# {title_of(game)}\nThere is no how-to-play page for this game yet."
    except (OSError, Refused, UnicodeDecodeError) as e:
        return f"# {title_of(game)}\nThe how-to-play page {path} cannot be read: {e}"


def blocks_of(text: str, width: int) -> list[list[Line]]:
    """The page as blocks (a heading, a paragraph, a list item) of lines wrapped to ``width``
    screen pixels; a column breaks between blocks, never inside one."""
    out: list[list[Line]] = []
    for raw in text.splitlines():
        raw = raw.rstrip()
        if not raw:
            continue
        if raw.startswith("# "):
            out.append([(raw[2:], HEAD, True, 0)])
            continue
        bullet = raw.startswith("- ")
        numbered = raw[:1].isdigit() and raw[1:3] == ". "
        body = "• " + raw[2:] if bullet else raw
        first = 8 if bullet or numbered else 0
        hang = 12 if bullet else 17 if numbered else 0  # continuation lines under the text
        out.append([(part, BODY, False, first + (hang if k else 0))
                    for k, part in enumerate(wrap(body, BODY, width - px(first + hang)))])
    return out


class HowToScene(Scene):
    def __init__(self, app: App, back: Scene, game: str) -> None:
        super().__init__(app)
        self.back, self.game = back, game
        self.text = page_text(game)
        self.hidden: list[Any] = []
        for e in root_elements(app.manager):
            if e.visible:
                e.hide()
                self.hidden.append(e)
        self.close_button: UIButton | None = None
        self._make_button()

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(w - px(40), px(1120)), h - px(40)
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def _make_button(self) -> None:
        if self.close_button is not None:
            self.close_button.kill()
        r = self.panel_rect()
        bw, bh = px(150), px(40)
        self.close_button = UIButton(pygame.Rect(r.right - px(20) - bw, r.bottom - px(16) - bh,
                                                 bw, bh), "Back (Esc)", manager=self.app.manager,
                                     starting_height=3, object_id="#start_button")

    def columns(self) -> tuple[list[list[Line]], int]:
        """The page in one column, or more when one would not fit the panel, and their width
        (the lines are wrapped to it: at 1024x600 a fourth column was drawn at the spacing of
        four with lines wrapped for three, and the columns ran into each other)."""
        r = self.panel_rect()
        room = r.h - px(70 + 70)
        per: list[list[Line]] = [[]]
        width = r.w
        for n in (1, 2, 3, 4, 5):
            width = (r.w - px(48) - px(32) * (n - 1)) // n
            per, used = [[]], 0
            for block in blocks_of(self.text, width):
                need = sum(self._step(line) for line in block)
                if used + need > room and per[-1]:
                    carry = [per[-1].pop()] if per[-1][-1][2] else []  # a heading goes along
                    per.append(carry)
                    used = sum(self._step(line) for line in carry)
                per[-1].extend(block)
                used += need
            if len(per) <= n:
                return per, width
        return per, width

    @staticmethod
    def _step(line: Line) -> int:
        return px(HEAD_STEP + HEAD_GAP) if line[2] else px(BODY_STEP)

    # ---- events ------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if (ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element is self.close_button) or (
                ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                         pygame.K_KP_ENTER)):
            self.close_screen()

    def close_screen(self) -> None:
        if self.close_button is not None:
            self.close_button.kill()
        for e in self.hidden:
            if e.alive():
                e.show()
        self.app.scene = self.back
        self.back.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.back.resize(size)
        for e in root_elements(self.app.manager):
            if e.visible and e is not self.close_button:
                e.hide()
                self.hidden.append(e)
        self._make_button()

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.back.draw(surf)
        r = self.panel_rect()
        modal_panel(surf, r, f"How to play {title_of(self.game)}", "Esc or Enter closes",
                    edge=PANEL_EDGE, edge_width=1, inset=24)
        cols, width = self.columns()
        for c, col in enumerate(cols):
            x0 = r.x + px(24) + c * (width + px(32))
            y = r.y + px(70)
            for k, (text, size, heading, indent) in enumerate(col):
                if heading and k:
                    y += px(HEAD_GAP)
                t = TEXT.get(text, size, GOLD if heading else INK, heading)
                surf.blit(t, (x0 + px(indent), y))
                y += px(HEAD_STEP) if heading else px(BODY_STEP)

    def close(self) -> None:
        if self.close_button is not None:
            self.close_button.kill()
        self.back.close()
