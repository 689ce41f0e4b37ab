"""What floats above everything: the keyboard focus ring and the F1 list of keys (and, at a
table, what its colours mean)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.draw.legend import SWATCH, swatch, words
from game.draw.marks import KindMark, Shown
from game.draw.palette import GOLD, INK, INK_DIM, PANEL, PANEL_EDGE
from game.draw.scale import px
from game.draw.text import TEXT, wrap

LEGEND_W = 360  # the colours column beside the keys, at a table

KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", "next / previous legal choice: pieces, targets, buttons (or top bar)"),
    ("Arrow keys", "also move the focus (and through an action menu)"),
    ("Enter", "choose the focused piece, target or button (as a click or a drop)"),
    ("L", "look mode: Tab visits every card and zone, legal or not, and reads it out"),
    ("Esc", "back out: put a piece down, close a menu, cancel a target, close this"),
    ("Space", "at a table: its button marked (Space)"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo (Ctrl+Shift+Z redoes too)"),
    ("Ctrl+S / Ctrl+O", "save the game / open a saved game"),
    ("F1", "show or hide this list of keys"),
    ("F10", "settings (window, UI scale, colours, animation speed, sound)"),
    ("F11", "fullscreen on / off"),
    ("Tab, then Enter", "menu, replay, decks: focus a control, press it (menu: Start)"),
    ("Left / Right", "change the focused choice, tick a check box; type into a field"),
    ("Enter / Delete", "deck screen: add / take out the card in focus; Ctrl+S saves"),
    ("Enter / Esc", "dialog: OK / close; game over: play again; next player: continue"),
)


def focus_ring(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A bright double ring that breathes a little, so the focus is seen on any colour."""
    pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 160)
    grow = px(4) + round(pulse * px(2))
    r = rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surf, (0, 0, 0), r.inflate(px(4), px(4)), width=px(3),
                     border_radius=px(10))
    pygame.draw.rect(surf, (255, 255, 255), r, width=px(3), border_radius=px(8))
    pygame.draw.rect(surf, GOLD, r.inflate(-px(4), -px(4)), width=px(1), border_radius=px(6))


def modal_panel(surf: pygame.Surface, r: pygame.Rect, title: str, hint: str, *,
                title_size: int = 30, hint_size: int = 17, dim_alpha: int = 160,
                edge: tuple[int, int, int] = GOLD, edge_width: int = 2, inset: int = 20,
                title_dy: int = 14, hint_dy: int = 22) -> None:
    """A panel over a dimmed screen with a gold title and a dim hint at the top right: the
    frame shared by the F1 key list and the Settings screen."""
    w, h = surf.get_size()
    dim = pygame.Surface((w, h), pygame.SRCALPHA)
    dim.fill((0, 0, 0, dim_alpha))
    surf.blit(dim, (0, 0))
    pygame.draw.rect(surf, PANEL, r, border_radius=px(12))
    pygame.draw.rect(surf, edge, r, width=px(edge_width), border_radius=px(12))
    t = TEXT.get(title, title_size, GOLD, True)
    surf.blit(t, (r.x + px(inset), r.y + px(title_dy)))
    tip = TEXT.get(hint, hint_size, INK_DIM)
    surf.blit(tip, tip.get_rect(topright=(r.right - px(inset), r.y + px(hint_dy))))


def table_keys(space: Sequence[str] = ()) -> tuple[tuple[str, str], ...]:
    """The keys, with Space saying what it does at this table in the game's own words: the
    labels of the layout's buttons marked (Space) ("Pass", "End Summoning"), so no game's
    word (Kyoukai's and Krosmaster's Activation) turns up at another's table."""
    if not space:
        return KEYS
    words = " / ".join(label.replace("(Space)", "").strip() for label in space)
    return tuple(("Space", f"the button marked (Space) here: {words}") if key == "Space"
                 else (key, what) for key, what in KEYS)


def help_rect(size: tuple[int, int], entries: Sequence[Shown] = ()) -> pygame.Rect:
    w, h = size
    wide = px(760) + (px(LEGEND_W) if entries else 0)
    pw, ph = min(w - px(40), wide), min(h - px(40), px(60 + 34 * len(KEYS) + 12))
    return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)


def draw_help(surf: pygame.Surface, entries: Sequence[Shown] = (),
              space: Sequence[str] = (), kinds: dict[str, KindMark] | None = None
              ) -> pygame.Rect:
    """The F1 overlay: every key of the table, over a dimmed screen; at a table, what its
    highlights mean too (``entries``: the layout's legend, each kind's mark and word from
    ``kinds``), what Space does there (``space``:
    the labels of its buttons marked (Space)) and where the how-to-play page is."""
    r = help_rect(surf.get_size(), entries)
    modal_panel(surf, r, "Keys", "F1 or Esc closes")
    y = r.y + px(58)
    key_w = px(190)
    for key, what in table_keys(space):
        kt = TEXT.get(key, 19, INK, True)
        box = kt.get_rect(topleft=(r.x + px(24), y)).inflate(px(12), px(6))
        box.topleft = (r.x + px(20), y - px(3))
        pygame.draw.rect(surf, (34, 44, 54), box, border_radius=px(6))
        pygame.draw.rect(surf, PANEL_EDGE, box, width=px(1), border_radius=px(6))
        surf.blit(kt, (box.x + px(6), box.y + px(3)))
        room = (r.right - px(LEGEND_W) if entries else r.right) - px(12) - (r.x + px(20) + key_w)
        for size in (18, 17, 16, 15):  # smaller rather than into the colours column
            wt = TEXT.get(what, size, INK_DIM)
            if wt.get_width() <= room:
                break
        surf.blit(wt, (r.x + px(20) + key_w, y + (18 - size) // 2))
        y += px(34)
    if entries:
        _draw_legend(surf, pygame.Rect(r.right - px(LEGEND_W), r.y + px(58), px(LEGEND_W - 20),
                                       r.h - px(70)), entries, kinds or {})
    return r


def _draw_legend(surf: pygame.Surface, r: pygame.Rect, entries: Sequence[Shown],
                 kinds: dict[str, KindMark]) -> None:
    pygame.draw.line(surf, PANEL_EDGE, (r.x - px(12), r.y), (r.x - px(12), r.bottom))
    t = TEXT.get("Marks on the table", 19, GOLD, True)
    surf.blit(t, (r.x, r.y))
    y = r.y + px(34)
    sw = px(SWATCH[0])
    for line in entries:
        swatch(surf, pygame.Rect(r.x, y, sw, px(SWATCH[1])), line, kinds.get(line.kind))
        lines = wrap(words(line, kinds), 17, r.w - sw - px(10))
        for k, text in enumerate(lines):
            lt = TEXT.get(text, 17, INK_DIM)
            surf.blit(lt, (r.x + sw + px(10), y + px(1) + k * px(19)))
        y += px(19) * len(lines) + px(11)
    tip = wrap("The rules on one page: How to play, in the menu.", 16, r.w)
    y = max(y + px(8), r.bottom - px(20) * len(tip))
    for tip_line in tip:
        lt = TEXT.get(tip_line, 16, INK)
        surf.blit(lt, (r.x, y))
        y += px(20)
