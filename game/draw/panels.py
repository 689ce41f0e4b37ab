"""The phase bar (steps, turn, whose decision) and the Sequence stack panel."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pygame

from game.draw.palette import GOLD, INK, INK_DIM, PANEL, PANEL_EDGE, Color
from game.draw.scale import px
from game.draw.text import TEXT, fit, wrap

# The phase bar's ways to fit, widest first: (turn and whose decision size, step size, every
# step or only the current one). The first that fits is drawn; in the last the turn text is
# shortened with an ellipsis (whose decision never is: it is what the player acts on).
BAR_FITS = ((20, 17, True), (17, 15, True), (17, 15, False))
BAR_PAD, BAR_GAP = 12, 16  # design pixels: at the bar's ends, between its three parts


def _chip_width(step: str, size: int, on: bool) -> int:
    return TEXT.get(step, size, INK, on).get_width() + px(16) + px(4)


def _shorter(left: str) -> Iterator[str]:
    """The turn text, then without its last clause (after ": " or " · "), and so on: at 1024
    pixels "Turn 3 · Player 2 (computer): choose a blocker" reads "Turn 3 · Player 2
    (computer)" (the side panel says the rest) rather than being cut."""
    yield left
    while (cut := max(left.rfind(": "), left.rfind(" · "))) > 0:
        left = left[:cut]
        yield left


def phase_bar(surf: pygame.Surface, rect: pygame.Rect, steps: Sequence[str], current: str,
              left: str, right: str, right_colour: Color = GOLD) -> None:
    """The turn (left), the steps as chips with the current one gold, whose decision (right),
    never drawn over each other: the sizes shrink and the steps fold to the current one when
    the bar is narrow (1024 pixels wide), the turn text shortened last."""
    pygame.draw.rect(surf, PANEL, rect)
    pygame.draw.line(surf, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    room = rect.w - 2 * px(BAR_PAD)
    head, size, every = BAR_FITS[-1]
    shown: list[str] = []
    chips = 0
    # the whole turn text in the largest sizes that hold it, else a shorter one
    for turn in _shorter(left):
        for head, size, every in BAR_FITS:
            shown = list(steps) if every else [s for s in steps if s.lower() == current.lower()]
            chips = sum(_chip_width(s, size, s.lower() == current.lower()) for s in shown)
            need = (TEXT.get(turn, head, INK, True).get_width()
                    + TEXT.get(right, head, INK, True).get_width() + chips + 2 * px(BAR_GAP))
            if need <= room:
                break
        else:
            continue
        break
    left = turn  # the one that fits, or the shortest
    rt = TEXT.get(fit(right, head, room, True), head, right_colour, True)
    left_room = room - rt.get_width() - chips - 2 * px(BAR_GAP)
    t = TEXT.get(fit(left, head, max(px(40), left_room), True), head, INK, True)
    surf.blit(t, t.get_rect(midleft=(rect.x + px(BAR_PAD), rect.centery)))
    x = rect.x + px(BAR_PAD) + t.get_width() + px(BAR_GAP)
    for step in shown:
        on = step.lower() == current.lower()
        st = TEXT.get(step, size, (20, 20, 20) if on else INK_DIM, on)
        pill = st.get_rect(midleft=(x + px(8), rect.centery)).inflate(px(16), px(6))
        if on:
            pygame.draw.rect(surf, GOLD, pill, border_radius=pill.h // 2)
        else:
            pygame.draw.rect(surf, PANEL_EDGE, pill, width=px(1), border_radius=pill.h // 2)
        surf.blit(st, st.get_rect(center=pill.center))
        x = pill.right + px(4)
    surf.blit(rt, rt.get_rect(midright=(rect.right - px(BAR_PAD), rect.centery)))


SEQUENCE_TITLE = "Sequence  (top resolves first)"


def sequence_height(lines: Sequence[tuple[str, Color]], width: int) -> int:
    """The height ``sequence_panel`` needs for ``lines`` at ``width``: one row a line, and one
    more for each row a long line wraps onto (so wrapped text never runs into the footer)."""
    rows = sum(len(wrap(line, 17, width - px(34))) for line, _ in lines)
    return px(100 + 22 * len(lines) + 16 * (rows - len(lines)))


def sequence_panel(surf: pygame.Surface, rect: pygame.Rect, lines: Sequence[tuple[str, Color]],
                   footer: str, title: str = SEQUENCE_TITLE,
                   numbered: int | None = None) -> None:
    """The open Sequence, top item first; ``lines`` come from the table layout. Only the
    first ``numbered`` lines (all when ``None``) are queued items and get a number."""
    pygame.draw.rect(surf, PANEL, rect, border_radius=px(8))
    pygame.draw.rect(surf, GOLD, rect, width=px(2), border_radius=px(8))
    t = TEXT.get(title, 18, GOLD, True)
    surf.blit(t, (rect.x + px(8), rect.y + px(6)))
    y = rect.y + px(28)
    # Past the numbers' column whenever some line is numbered (``None``: every line is)
    indent = px(26) if numbered is None or numbered > 0 else px(8)
    for k, (line, colour) in enumerate(lines):
        for j, part in enumerate(wrap(line, 17, rect.w - px(34))):
            if y > rect.bottom - px(74):  # the last row that ends above the footer
                break
            prefix = f"{k + 1}." if j == 0 and (numbered is None or k < numbered) else ""
            if prefix:
                pt = TEXT.get(prefix, 17, INK_DIM, True)
                surf.blit(pt, (rect.x + px(8), y))
            lt = TEXT.get(part, 17, colour)
            surf.blit(lt, (rect.x + indent, y))
            y += px(16)
        y += px(3)
    ft = TEXT.get(fit(footer, 16, rect.w - px(16)), 16, INK_DIM)
    surf.blit(ft, (rect.x + px(8), rect.bottom - px(58)))


TEXT_BOX_MAX = 760  # design pixels: the widest a message or hint box grows before wrapping


def text_box(surf: pygame.Surface, text: str, size: int, colour: Color, anchor: str,
             at: tuple[int, int], edge: Color | None = None,
             width: int | None = None) -> pygame.Rect:
    """A message or hint in a rounded box, its point ``anchor`` ("midtop", "midbottom") at
    ``at``: wrapped to fit the window (never cut at its edge, however long the reason or how
    narrow the window), or a column ``width`` wide, and moved inside it. Returns the box."""
    box, rendered = _boxed(surf.get_size(), text, size, colour, anchor, at, width)
    pygame.draw.rect(surf, PANEL, box, border_radius=px(8))
    if edge is not None:
        pygame.draw.rect(surf, edge, box, width=px(2), border_radius=px(8))
    y = box.y + px(_PAD_Y)
    for t in rendered:
        surf.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += t.get_height()
    return box


def text_box_rect(window: tuple[int, int], text: str, size: int, anchor: str,
                  at: tuple[int, int], width: int | None = None) -> pygame.Rect:
    """The box ``text_box`` draws with these arguments, without drawing it (to make room)."""
    return _boxed(window, text, size, INK, anchor, at, width)[0]


_PAD_Y = 5


def _boxed(window: tuple[int, int], text: str, size: int, colour: Color, anchor: str,
           at: tuple[int, int], width: int | None) -> tuple[pygame.Rect, list[pygame.Surface]]:
    w, h = window
    margin, pad_x, pad_y = px(8), px(10), px(_PAD_Y)
    widest = min(px(TEXT_BOX_MAX), w - 2 * (margin + pad_x)) if width is None else \
        width - 2 * pad_x
    lines = wrap(text, size, max(px(80), widest), True)
    rendered = [TEXT.get(line, size, colour, True) for line in lines]
    tw = max(t.get_width() for t in rendered)
    th = sum(t.get_height() for t in rendered)
    box = pygame.Rect(0, 0, tw + 2 * pad_x, th + 2 * pad_y)
    setattr(box, anchor, at)
    box.clamp_ip(pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin))
    return box, rendered
