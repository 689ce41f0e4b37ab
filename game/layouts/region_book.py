"""An inline book (``Region(kind="book", inline=True, tabs=...)``): a strip of tabs on top
("Castle 10", "Spellbook 7"), one page of faces in a grid under it, and a page strip (arrows,
"page 1 of 2") at the bottom when the shown tab holds more than a page. It stays open on the
table, so nothing covers the places its cards are dropped on. This module places and draws
it; ``RegionTable`` keeps which tab and page each book shows and draws the cards."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import pygame

from game.draw.card_states import CardLook, Size
from game.draw.palette import GOLD, INK, INK_DIM, OWNER
from game.draw.scale import px
from game.draw.text import TEXT, fit
from game.layouts.base import Pos, Seats, id_key
from game.layouts.region_spec import Content, Placed

READABLE = 112  # a card at least this tall (UI scale 1.0) shows its name, cost and text
TAB_H = 26  # the tab strip, at UI scale 1.0
PAGE_H = 24  # the page strip
GAP = 6
TAB_FILL = (26, 56, 46)  # the shown tab, a shade above the region's fill (text 4.5:1)
TAB_IDLE = (24, 52, 43)


@dataclass
class Leaf:
    """Where a book's parts are this frame: its tabs, the shown page's card boxes (in the
    order of the tab's cards from ``first``), the page strip and its arrows."""

    tabs: list[pygame.Rect] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    title: str = ""  # whose book ("Your book"), at the tab strip's right end when it fits
    tab: int = 0
    page: int = 0
    pages: int = 1
    first: int = 0  # the index (in the tab's cards) of the page's first card
    size: Size = (0, 0)
    boxes: list[pygame.Rect] = field(default_factory=list)
    strip: pygame.Rect | None = None  # the page strip, None when one page holds the tab
    prev: pygame.Rect | None = None  # an arrow, None when there is no page that way
    next: pygame.Rect | None = None


def tab_cards(p: Placed, c: Content) -> list[tuple[CardLook, ...]]:
    """The cards of each tab (an untabbed book: its ``cards`` as one tab)."""
    if not p.region.tabs:
        return [c.cards]
    return [c.tabs[k] if k < len(c.tabs) else () for k in range(len(p.region.tabs))]


def grid(room: pygame.Rect, n: int, ratio: float, readable: int) -> tuple[int, int, Size]:
    """Rows, columns and card size of a page in ``room`` for a tab of ``n`` cards: the
    whole tab on one page at the largest size that fits, when that is still ``readable``
    tall; else the most cards a page holds at a readable size, as large as they then fit
    (a screen too small for that: at least a few cards, as large as they fit)."""
    gap = px(GAP)

    def height(rows: int, cols: int) -> float:
        by_h = (room.h - gap * (rows - 1)) / rows
        by_w = (room.w - gap * (cols - 1)) / cols * ratio
        return min(by_h, by_w)

    shapes = [(r, c) for r in range(1, 7) for c in range(1, 13)]
    whole = [(height(r, c), r, c) for r, c in shapes if r * c >= n]
    best = max(whole) if whole else (0.0, 1, 1)
    if best[0] < readable:
        ok = [(r * c, height(r, c), r, c) for r, c in shapes if height(r, c) >= readable]
        if ok:
            _, h, r, c = max(ok)
            best = (h, r, c)
        else:
            few = min(n, 3)
            best = max((height(r, c), r, c) for r, c in shapes if r * c >= few)
    h, rows, cols = best
    h = max(10.0, h)
    return rows, cols, (max(8, round(h / ratio)), round(h))


def lay_out(p: Placed, counts: list[int], tab: int, page: int, ratio: float,
            labels: list[str], title: str = "") -> Leaf:
    """The book's parts for showing ``page`` of ``tab`` (both clamped to what exists)."""
    r = p.rect.inflate(-px(8), -px(8))
    leaf = Leaf(labels=labels, title=title)
    top = r.y
    if labels:
        leaf.tabs = _tab_rects(pygame.Rect(r.x, r.y, r.w, px(TAB_H)), labels)
        top = r.y + px(TAB_H) + px(4)
    leaf.tab = tab = max(0, min(tab, len(counts) - 1))
    n = counts[tab] if counts else 0
    room = pygame.Rect(r.x, top, r.w, r.bottom - top)
    rows, cols, size = grid(room, max(1, n), ratio, px(READABLE))
    if rows * cols < n:  # more than a page: the page strip takes the bottom
        room.h -= px(PAGE_H) + px(2)
        rows, cols, size = grid(room, max(1, n), ratio, px(READABLE))
        per = rows * cols
        leaf.pages = -(-n // per)
        leaf.strip = pygame.Rect(r.x, room.bottom + px(2), r.w, px(PAGE_H))
    per = rows * cols
    leaf.page = page = max(0, min(page, leaf.pages - 1))
    leaf.first = page * per
    leaf.size = size
    gap = px(GAP)
    shown_rows = min(rows, -(-max(1, n) // cols))  # a short tab's page stands at the top
    block_w = cols * size[0] + gap * (cols - 1)
    block_h = shown_rows * size[1] + gap * (shown_rows - 1)
    x0 = room.centerx - block_w // 2
    y0 = room.y + max(0, (room.h - block_h) // 2) if leaf.pages == 1 else room.y
    for k in range(min(per, max(0, n - leaf.first))):
        row, col = divmod(k, cols)
        leaf.boxes.append(pygame.Rect(x0 + col * (size[0] + gap),
                                      y0 + row * (size[1] + gap), *size))
    if leaf.strip is not None:
        s = leaf.strip
        if page > 0:
            leaf.prev = pygame.Rect(s.x, s.y, px(44), s.h)
        if page < leaf.pages - 1:
            leaf.next = pygame.Rect(s.right - px(44), s.y, px(44), s.h)
    return leaf


def _tab_rects(strip: pygame.Rect, labels: list[str]) -> list[pygame.Rect]:
    """Tabs as wide as their words, left to right, all shrunk alike when the strip is narrow."""
    want = [TEXT.get(t, 15, INK, True).get_width() + px(20) for t in labels]
    gap = px(4)
    k = min(1.0, (strip.w - gap * (len(want) - 1)) / max(1, sum(want)))
    out, x = [], strip.x
    for w in want:
        out.append(pygame.Rect(x, strip.y, round(w * k), strip.h))
        x += round(w * k) + gap
    return out


def draw_leaf(surf: pygame.Surface, p: Placed, leaf: Leaf) -> None:
    """The tabs (the shown one lit and joined to the page), the page strip and, for an empty
    tab, a word saying so."""
    colour = OWNER[p.owner] if p.owner is not None else INK_DIM
    for k, (r, text) in enumerate(zip(leaf.tabs, leaf.labels, strict=True)):
        shown = k == leaf.tab
        pygame.draw.rect(surf, TAB_FILL if shown else TAB_IDLE, r,
                         border_top_left_radius=px(6), border_top_right_radius=px(6))
        if shown:
            pygame.draw.line(surf, GOLD, (r.x + px(3), r.bottom - 1),
                             (r.right - px(4), r.bottom - 1), px(2))
        t = TEXT.get(fit(text, 15, r.w - px(8), True), 15, colour if shown else INK_DIM, True)
        surf.blit(t, t.get_rect(center=r.center))
    if leaf.title and leaf.tabs:
        t = TEXT.get(leaf.title, 15, colour, True)
        room = p.rect.right - px(10) - leaf.tabs[-1].right
        if t.get_width() + px(8) <= room:
            surf.blit(t, t.get_rect(midright=(p.rect.right - px(10), leaf.tabs[-1].centery)))
    if not leaf.boxes:
        page = p.rect.inflate(-px(8), -px(8))
        t = TEXT.get("empty", 15, INK_DIM)
        surf.blit(t, t.get_rect(center=page.center))
    s = leaf.strip
    if s is None:
        return
    t = TEXT.get(f"page {leaf.page + 1} of {leaf.pages}", 15, INK, True)
    surf.blit(t, t.get_rect(center=s.center))
    for arrow, left in ((leaf.prev, True), (leaf.next, False)):
        box = arrow or pygame.Rect(s.x if left else s.right - px(44), s.y, px(44), s.h)
        pygame.draw.rect(surf, TAB_FILL if arrow else TAB_IDLE, box, border_radius=px(6))
        cx, cy, d = box.centerx, box.centery, px(6)
        tip = (cx - d, cy) if left else (cx + d, cy)
        back = cx + d if left else cx - d
        pygame.draw.polygon(surf, GOLD if arrow else INK_DIM,
                            (tip, (back, cy - d), (back, cy + d)))


class PagedBooks:
    """What turns a ``RegionTable``'s inline books: their tabs and arrows as controls, clicks
    on them, the wheel and Page Up / Page Down. The table keeps ``leaves`` (from
    ``lay_out``) and re-arranges after a turn."""

    placed: list[Placed]
    seats: Seats
    leaves: dict[Hashable, Leaf]
    book_tab: dict[Hashable, int]
    book_page: dict[tuple[Hashable, int], int]

    def _arrange(self) -> None:
        raise NotImplementedError

    def turn_page(self, book: Hashable, by: int) -> bool:
        """Show the page ``by`` pages on in ``book``'s shown tab; False when there is none."""
        leaf = self.leaves.get(book)
        if leaf is None or not 0 <= leaf.page + by < leaf.pages:
            return False
        self.book_page[(book, leaf.tab)] = leaf.page + by
        self._arrange()
        return True

    def show_tab(self, book: Hashable, tab: int) -> bool:
        leaf = self.leaves.get(book)
        if leaf is None or not 0 <= tab < len(leaf.tabs) or tab == leaf.tab:
            return False
        self.book_tab[book] = tab
        self._arrange()
        return True

    def controls(self) -> dict[str, tuple[pygame.Rect, str]]:
        """Each inline book's tabs and page arrows: ``"<book id> tab <k>"``,
        ``"<book id> next page"``, ``"<book id> previous page"``. The opponent's book turns
        by mouse only (no words): it shows backs, nothing a keyboard player needs to reach."""
        out: dict[str, tuple[pygame.Rect, str]] = {}
        for p in self.placed:
            leaf = self.leaves.get(p.id)
            if leaf is None:
                continue
            mine = p.owner in (None, self.seats.viewer)
            shown = leaf.labels[leaf.tab] if leaf.labels else ""
            for k, (r, label) in enumerate(zip(leaf.tabs, leaf.labels, strict=True)):
                out[f"{id_key(p.id)} tab {k}"] = (r, f"Show the {label} tab" if mine else "")
            if leaf.prev is not None:
                out[f"{id_key(p.id)} previous page"] = (
                    leaf.prev, f"Previous page of {shown}" if mine else "")
            if leaf.next is not None:
                out[f"{id_key(p.id)} next page"] = (
                    leaf.next, f"Next page of {shown}" if mine else "")
        return out

    def use_control(self, name: str) -> bool:
        for p in self.placed:
            key = id_key(p.id)
            if name == f"{key} next page":
                return self.turn_page(p.id, 1)
            if name == f"{key} previous page":
                return self.turn_page(p.id, -1)
            if name.startswith(f"{key} tab "):
                return self.show_tab(p.id, int(name.rsplit(" ", 1)[1]))
        return False

    def view_event(self, ev: pygame.event.Event, mouse: Pos) -> bool:
        """A click on a book's tab or arrow, the wheel over an inline book, Page Up / Page
        Down (the viewer's first inline book) turn it; True when the event was one of those
        (even at the last page: the event is the book's, not the table's)."""
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = next((n for n, (r, _) in self.controls().items() if r.collidepoint(ev.pos)),
                       None)
            if hit is not None:
                self.use_control(hit)
            return hit is not None
        book: Hashable | None = None
        by = 0
        if ev.type == pygame.MOUSEWHEEL:
            book = next((p.id for p in self.placed
                         if p.id in self.leaves and p.rect.collidepoint(mouse)), None)
            by = -1 if ev.y > 0 else 1
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            book = next((p.id for p in self.placed if p.id in self.leaves
                         and p.owner in (None, self.seats.viewer)), None)
            by = -1 if ev.key == pygame.K_PAGEUP else 1
        if book is None:
            return False
        self.turn_page(book, by)
        return True

