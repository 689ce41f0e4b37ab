"""The manual step at the table, for every game (``rules.core.manual``): the card's text large
at the top of the side column, and for the player carrying it out the buttons of the manual
intents: Done, Roll, Shuffle, each player's counters (− / +), and the picked card's moves,
counters and states. Cards are dragged onto the board (``ManualPick``); the rest is here.

Everything comes from the rules (``manual_pending``, ``legal_intents`` with a card, the game's
``manual_table``), so no game is named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.draw.palette import ERROR, GOLD, INK, INK_DIM, PANEL, PANEL_EDGE
from game.draw.scale import px
from game.draw.text import TEXT, wrap
from rules.core.manual_intents import (
    ManualCounter,
    ManualFlag,
    ManualMove,
    ManualRoll,
    ManualShuffle,
    ManualStep,
)
from rules.core.manual_table import BOARD, FACE_DOWN, UNDER, ManualTable, Place
from rules.core.model import Intent

ROW = 28  # a button row's height at UI scale 1
Style = Literal["heading", "note", "refusal"]  # a panel text's look
BOARD_BUTTONS = 6  # a board with at most this many free places gets a button each
LOG_ROOM = 165  # UI pixels kept under the panel: the log's last five lines, the buttons below
NOTE_ROOM = 48  # for the help lines under the buttons
REASON_LINES = 4  # why Done is refused, cut to this many lines


class ManualPanel:
    """The panel's state and pygame-gui buttons; the table scene shows, draws and asks it."""

    def __init__(self, manager: pygame_gui.UIManager, session: Any) -> None:
        self.manager = manager
        self.session = session
        self.step: ManualStep | None = None
        self.selected: Any = None  # the card whose intents are listed
        self.buttons: dict[UIButton, Intent] = {}
        # Done while the rules refuse it: shown disabled, with their reason under it.
        self.done_off: UIButton | None = None
        self.done_reason: str | None = None
        # text drawn in the panel besides the card's: (words, top left, style)
        self.labels: list[tuple[str, tuple[int, int], Style]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._shown: tuple[Any, ...] = ()
        self.viewer = 0

    @property
    def table(self) -> ManualTable | None:
        return getattr(self.session.rs, "manual_table", None)

    def pending(self) -> ManualStep | None:
        return self.session.rs.manual_pending(self.session.state)  # type: ignore[no-any-return]

    # ---- what is shown -------------------------------------------------------------------
    def show(self, side: pygame.Rect, legal: list[Intent], deciding: bool,
             viewer: int = 0) -> None:
        """Lay the panel out in the top of ``side`` for the open step (buttons only for the
        player ``deciding``, cards named as ``viewer`` sees them); hides it when no step is
        open."""
        self.viewer = viewer
        self.step = self.pending()
        if self.step is None:
            self.selected = None
            self._kill()
            self.rect = pygame.Rect(side.x, side.y, side.w, 0)
            return
        key = (self.session.version, side.topleft, side.size, deciding, self.selected, viewer)
        if key == self._shown:
            return
        self._shown = key
        self._kill()
        y = side.y + self._text_height(side.w)
        self.done_reason = None
        if deciding:
            if not any(i.kind == "manual_done" for i in legal):
                self.done_reason = self.session.rs.done_refusal(self.session.state)
            y = self._place(side, y, self._table_intents(legal))
            if self.done_reason is not None:
                y = self._note(side, y, self.done_reason, lines=REASON_LINES, warn=True)
            if self.selected is None:  # a picked card's list takes the players' counters' room
                y = self._counters(side, y, [i for i in legal if isinstance(i, ManualCounter)])
            if self.selected is not None and self.table is not None:
                name = self.name(self.selected)
                self.labels.append((f"{name}:", (side.x + px(10), y + px(4)), "heading"))
                y += px(24)
                # Its counters and states first: a card's many zones may not all fit, and
                # a drag onto the table reaches those anyway.
                mine = self.card_intents(self.selected)
                y = self._counters(side, y, [i for _, i in mine if isinstance(i, ManualCounter)])
                y = self._place(side, y, sorted(
                    ((s, i) for s, i in mine if not isinstance(i, ManualCounter)),
                    key=lambda si: isinstance(si[1], ManualMove)))
                y = self._note(side, y, "Click the table for the players' counters.")
            else:
                y = self._note(side, y, "Click a card for its zones; drag it where it goes "
                                          "(Shift+drop: face down).")
        else:  # the other player, or a replay: who is doing it
            y = self._note(side, y, f"Player {self.step.player + 1} carries it out by hand.")
        self.rect = pygame.Rect(side.x, side.y, side.w, y - side.y + px(8))

    def _note(self, side: pygame.Rect, y: int, text: str, lines: int = 0,
              warn: bool = False) -> int:
        """A small line of help (``warn``: a refusal) at ``y``, wrapped to the panel and cut
        to ``lines`` if given; returns the y under it."""
        wrapped = wrap(text, 16, side.w - px(20))
        if lines and len(wrapped) > lines:
            wrapped = [*wrapped[:lines - 1], wrapped[lines - 1].rstrip(" .;,") + " …"]
        for line in wrapped:
            self.labels.append((line, (side.x + px(10), y + px(4)),
                                "refusal" if warn else "note"))
            y += px(20)
        return y + px(4)

    def hide(self) -> None:
        self.step, self.selected, self._shown = None, None, ()
        self._kill()
        self.rect = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, 0)

    def name(self, card: Any) -> str:
        """The card's name as the viewer sees it (a card hidden from them is not named)."""
        table = self.table
        try:
            return table.name(self.session.view(self.viewer), card) if table else str(card)
        except (LookupError, AttributeError):
            return "a hidden card"

    def place_of(self, card: Any) -> Place | None:
        """Where the card lies now (None: nowhere the game's manual table knows)."""
        table = self.table
        places = table.places(self.session.state) if table is not None else []
        return next((pl for pl in places if pl.card == card), None)

    def owner_of(self, card: Any) -> int:
        here = self.place_of(card)
        return here.owner if here is not None else 0

    def zone_words(self, zone: str) -> str:
        table = self.table
        return table.zone_label(zone) if table is not None else zone

    def select(self, card: Any) -> None:
        self.selected = card
        self._shown = ()

    def _kill(self) -> None:
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        if self.done_off is not None:
            self.done_off.kill()
            self.done_off = None
        self.labels = []

    def _table_intents(self, legal: list[Intent]) -> list[tuple[str, Intent | None]]:
        """Done (None: refused now, shown disabled), Roll and Shuffle."""
        out: list[tuple[str, Intent | None]] = [("Done", None)] if self.done_reason else []
        for i in legal:
            if i.kind in ("manual_done", "manual_roll", "manual_shuffle"):
                out.append((self.label(i), i))
        return out

    def card_intents(self, card: Any) -> list[tuple[str, Intent]]:
        """The picked card's intents as buttons: its moves (a big board is for dragging),
        counters and states."""
        intents = self.session.piece_legal(card)
        board = [i for i in intents if isinstance(i, ManualMove) and i.zone == BOARD
                 and not i.face_down]  # each also face down: counted once
        keep = [i for i in intents if not (isinstance(i, ManualMove) and i.zone == BOARD)
                or len(board) <= BOARD_BUTTONS]
        return [(self.label(i), i) for i in keep]

    def _counters(self, side: pygame.Rect, y: int, intents: list[Intent]) -> int:
        """A row per counter: its name and value, then "-" and "+" buttons; returns the y
        under them."""
        table = self.table
        if table is None:
            return y
        rows: dict[tuple[int, int, str], list[ManualCounter]] = {}
        for i in intents:
            if isinstance(i, ManualCounter):
                rows.setdefault((i.owner, i.card, i.counter), []).append(i)
        gap, h, bw = px(4), px(ROW), px(36)
        for (owner, card, name), steps in rows.items():
            if y + h > side.bottom - px(LOG_ROOM + NOTE_ROOM):
                break
            spec = next(c for c in table.counters if c.name == name)
            now = table.counter(self.session.state, spec, owner, card)
            who = f"P{owner + 1} " if card < 0 else ""
            self.labels.append((f"{who}{spec.title}: {now}", (side.x + px(10), y + px(5)),
                                "note"))
            for k, sign in enumerate(("-", "+")):
                step = next((i for i in steps if (i.value > (now or 0)) == (sign == "+")), None)
                if step is None:
                    continue
                x = side.right - (2 - k) * (bw + gap)
                b = UIButton(pygame.Rect(x, y, bw, h), sign, manager=self.manager,
                             object_id="#manual_button")
                self.buttons[b] = step
            y += h + gap
        return y

    def _place(self, side: pygame.Rect, y: int,
               items: Sequence[tuple[str, Intent | None]]) -> int:
        """Buttons two to a row from ``y`` (one, when a label would not fit in half the
        width; a None intent: the refused Done, disabled); returns the y under them."""
        gap, h = px(4), px(ROW)
        w = (side.w - gap) // 2
        text = self.manager.get_theme().get_font(["#manual_button", "button"])
        per_row = 2 if all(text.size(label)[0] <= w - px(12) for label, _ in items) else 1
        if per_row == 1:
            w = side.w
        bottom = side.bottom - px(LOG_ROOM + NOTE_ROOM)  # the log keeps its room
        placed = 0
        for n, (label, intent) in enumerate(items):
            x = side.x + (n % per_row) * (w + gap)
            top = y + (n // per_row) * (h + gap)
            if top + h > bottom:
                break
            b = UIButton(pygame.Rect(x, top, w, h), label, manager=self.manager,
                         object_id="#manual_button")
            if intent is None:
                b.disable()
                self.done_off = b
            else:
                self.buttons[b] = intent
            placed += 1
        return y + (placed + per_row - 1) // per_row * (h + gap)

    def label(self, i: Intent) -> str:
        """A short button label (the log and menus use ``describe``'s longer sentence)."""
        table = self.table
        s = self.session.state
        if i.kind == "manual_done":
            return "Done"
        if isinstance(i, ManualRoll):
            return f"Roll d{i.sides}"
        if isinstance(i, ManualShuffle):
            return f"Shuffle P{i.owner + 1} {table.zone_label(table.deck) if table else ''}"
        if table is None:
            return i.kind
        if isinstance(i, ManualCounter):
            spec = next(c for c in table.counters if c.name == i.counter)
            who = f"P{i.owner + 1} " if i.card < 0 else ""
            now = table.counter(s, spec, i.owner, i.card)
            sign = "+" if now is None or i.value > now else "-"
            return f"{who}{spec.title} {sign} ({i.value})"
        if isinstance(i, ManualFlag):
            if i.flag == FACE_DOWN:
                return f"turn face {'down' if i.value else 'up'}"
            return f"{'' if i.value else 'not '}{table.flag_label(i.flag)}"
        if isinstance(i, ManualMove):
            down = ", face down" if i.face_down else ""
            if i.zone == BOARD:
                return f"P{i.owner + 1} board {table.spot_label(i.at)}{down}"
            if i.zone == UNDER:
                return f"under {self.name(i.at)}{down}"
            if i.zone in table.fixed:
                return f"P{i.owner + 1} {table.fixed_label(i.zone, i.at).removeprefix('the ')}"
            return f"P{i.owner + 1} {table.zone_label(i.zone)}{', bottom' if i.bottom else ''}"
        return i.kind

    # ---- events and drawing --------------------------------------------------------------
    def intent_of(self, element: object) -> Intent | None:
        return self.buttons.get(element)  # type: ignore[call-overload, no-any-return]

    def _text_height(self, w: int) -> int:
        step = self.step
        if step is None:
            return 0
        lines = wrap(step.text, 20, w - px(20))
        title = wrap(f"Manual: {step.title}", 24, w - px(20), True)
        roll = px(26 if step.roll else 8)
        return px(12) + len(title) * px(30) + len(lines) * px(24) + roll + px(8)

    def draw(self, surf: pygame.Surface) -> None:
        step = self.step
        if step is None:
            return
        r = self.rect
        pygame.draw.rect(surf, PANEL, r, border_radius=px(8))
        pygame.draw.rect(surf, GOLD, r, width=px(2), border_radius=px(8))
        x, y = r.x + px(10), r.y + px(10)
        title = f"Manual: {step.title}" if not step.freeform else "Freeform (designer)"
        for line in wrap(title, 24, r.w - px(20), True):
            surf.blit(TEXT.get(line, 24, GOLD, True), (x, y))
            y += px(30)
        for line in wrap(step.text, 20, r.w - px(20)):
            surf.blit(TEXT.get(line, 20, INK), (x, y))
            y += px(24)
        if step.roll:
            surf.blit(TEXT.get(f"Rolled: {step.roll}", 20, GOLD, True), (x, y + px(2)))
        for words, at, style in self.labels:
            heading = style == "heading"
            color = INK if heading else ERROR if style == "refusal" else INK_DIM
            surf.blit(TEXT.get(words, 18 if heading else 16, color, heading), at)
        pygame.draw.line(surf, PANEL_EDGE, (r.x, r.bottom), (r.right, r.bottom))
