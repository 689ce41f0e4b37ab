"""What a region of a region table looks like without its cards: its box and label, slot
outlines, a pile's depth and count, a counter's number, a panel's lines, lit targets and the
open book's frame. ``RegionTable`` (game/layouts/regions.py) draws the cards over them."""

from __future__ import annotations

import pygame

from game.draw.card_states import CardLook, CardPainter
from game.draw.cards import header_bottom
from game.draw.palette import GOLD, INK, INK_DIM, OWNER, PANEL, Color
from game.draw.scale import px
from game.draw.text import TEXT, fit, fit_smaller, font
from game.layouts.region_spec import Content, Placed, card_in, inner_rect, slot_rects

REGION_FILL = (18, 44, 36)
REGION_EDGE = (52, 92, 76)
PILE_ROOM = 0.86  # a pile's card fills this share of its region (its count badge sits beside)
COUNT_SIZE = 22  # a pile's count: at 15 its digits were 8 pixels tall at 1280x720


def draw_region(surf: pygame.Surface, p: Placed, c: Content, painter: CardPainter,
                ratio: float, book_open: bool) -> None:
    """The region's box, label and what it shows besides cards."""
    r, kind = p.rect, p.region.kind
    if kind != "hand":
        pygame.draw.rect(surf, REGION_FILL, r, border_radius=px(8))
        edge = OWNER[p.owner] if c.active and p.owner is not None else \
            GOLD if c.active else REGION_EDGE
        pygame.draw.rect(surf, edge, r, width=px(2) if c.active else px(1),
                         border_radius=px(8))
    if kind == "book" and p.region.inline:  # its tabs are its label (region_book.py)
        return
    label = p.region.label if c.label is None else c.label
    if kind == "book":  # the click hint only where it fits: the name matters more
        hinted = f"{label} · {'close' if book_open else 'browse'}"
        if fit(hinted, 15, r.w - px(12), True) == hinted:
            label = hinted
    if label and kind != "counter":
        colour = OWNER[p.owner] if p.owner is not None else INK_DIM
        surf.blit(region_label(label, r.w - px(12), colour), (r.x + px(7), r.y + px(5)))
    if kind == "slots":
        for s in slot_rects(p):
            pygame.draw.rect(surf, REGION_EDGE, s, width=px(1), border_radius=px(6))
    elif kind in ("pile", "book"):
        _pile(surf, p, c, painter, ratio)
    elif kind == "counter":
        _counter(surf, p, c)
    elif kind == "panel":
        _panel(surf, p, c)


def region_label(label: str, width: int, colour: Color) -> pygame.Surface:
    """A region's label in ``width``: a size smaller before it is cut ("Their gravey…",
    "Sector · Crystal Wa…" at 1024x600), cut only when even the smallest is too wide."""
    for size in (15, 14, 13, 12, 11):
        if font(size, True).size(label)[0] <= width:
            break
    return TEXT.get(fit(label, size, width, True), size, colour, True)


def pile_rect(p: Placed, ratio: float) -> pygame.Rect:
    """Where a pile's (or closed book's) top card lies."""
    inner = inner_rect(p)
    r = pygame.Rect((0, 0), card_in(ratio, inner, PILE_ROOM))
    r.center = inner.center
    return r


def _pile(surf: pygame.Surface, p: Placed, c: Content, painter: CardPainter,
          ratio: float) -> None:
    r = pile_rect(p, ratio)
    n = c.count if c.count is not None else len(c.cards)
    if n == 0:
        pygame.draw.rect(surf, REGION_EDGE, r, width=px(1), border_radius=px(6))
        return
    for k in range(min(3, n - 1), 0, -1):  # the edges of the cards below
        pygame.draw.rect(surf, (10, 10, 14), r.move(px(2) * k, px(2) * k),
                         border_radius=px(6))
    if p.region.kind == "book" and p.region.face_up and c.cards:  # an open book (a graveyard)
        surf.blit(painter.surface(c.cards[-1], r.size), r)
    elif p.region.kind == "book" or not c.cards:  # else the table draws the top card
        surf.blit(painter.surface(CardLook(p.id), r.size), r)


def draw_count(surf: pygame.Surface, p: Placed, c: Content, ratio: float) -> None:
    """A pile's or book's size by its top card (drawn above the card), see ``count_rect``."""
    n = c.count if c.count is not None else len(c.cards)
    t = TEXT.get(str(n), COUNT_SIZE, INK, True)
    b = count_rect(p, c, ratio, t.get_size())
    pygame.draw.rect(surf, PANEL, b, border_radius=b.h // 2)
    pygame.draw.rect(surf, (200, 200, 200), b, width=1, border_radius=b.h // 2)
    surf.blit(t, t.get_rect(center=b.center))


def count_rect(p: Placed, c: Content, ratio: float, text: tuple[int, int]) -> pygame.Rect:
    """Where a pile's count (its ``text`` size) goes: on the top card's top-right corner,
    but when that card shows its face, below its name strip, hanging out of its right edge
    as far as the region allows (on the corner it covered a long name's end)."""
    r = pile_rect(p, ratio)
    b = pygame.Rect((0, 0), text).inflate(px(8), px(2))
    top = c.cards[-1].face if c.cards else None
    below = header_bottom(r.size, top) + px(2)  # a card too small for it: its name is a smudge
    if p.region.face_up and c.cards and c.cards[-1].face is not None and below + b.h <= r.h:
        b.top = r.top + below
        b.left = min(r.right - px(4), p.rect.right - px(3) - b.w)
        return b
    b.topright = (min(r.right + px(4), p.rect.right - px(3)),
                  max(r.top - px(4), p.rect.top + px(3)))
    return b


def _counter(surf: pygame.Surface, p: Placed, c: Content) -> None:
    r = p.rect
    colour = OWNER[p.owner] if p.owner is not None else INK_DIM
    label = p.region.label if c.label is None else c.label
    lt = region_label(label, r.w - px(8), colour)
    big = max(14, min(44, round(r.h / px(1) * 0.42)))
    vt = TEXT.get("" if c.value is None else str(c.value), big, INK, True)
    y = r.centery - (lt.get_height() + vt.get_height()) // 2
    surf.blit(lt, lt.get_rect(midtop=(r.centerx, y)))
    surf.blit(vt, vt.get_rect(midtop=(r.centerx, y + lt.get_height())))


def _panel(surf: pygame.Surface, p: Placed, c: Content) -> None:
    inner = inner_rect(p) if p.region.label else p.rect.inflate(-px(12), -px(4))
    line_h = TEXT.get("Ag", 15, INK).get_height() + px(1)
    fits = max(1, min(len(c.lines), inner.h // max(1, line_h)))
    # a titled panel reads from the top (a queue); a bare strip centres its lines
    y = inner.y if p.region.label else inner.centery - fits * line_h // 2
    for k, line in enumerate(c.lines[:fits]):
        words, size = fit_smaller(line, 15, inner.w, smallest=11)  # smaller before cut
        t = TEXT.get(words, size, INK if k == 0 else INK_DIM)
        surf.blit(t, t.get_rect(midleft=(inner.x, y + line_h // 2)))
        y += line_h


def draw_browse_frame(surf: pygame.Surface, rect: pygame.Rect, title: str) -> None:
    """The open book's panel, above the table; its cards are drawn on it."""
    pygame.draw.rect(surf, (0, 0, 0), rect.move(px(6), px(8)), border_radius=px(10))
    pygame.draw.rect(surf, PANEL, rect, border_radius=px(10))
    pygame.draw.rect(surf, GOLD, rect, width=px(2), border_radius=px(10))
    t = TEXT.get(fit(title, 16, rect.w - px(20), True), 16, GOLD, True)
    surf.blit(t, (rect.x + px(10), rect.y + px(8)))
