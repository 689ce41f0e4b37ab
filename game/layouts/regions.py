"""``RegionTable``: the ``TableLayout`` of any card game whose table is a ``TableSpec``.

A game subclasses it with its ``spec`` (data) and four small functions: ``contents`` (the
rules' view → what each region holds), ``card_source`` / ``card_target`` (which card an intent
acts with and which region or slot it aims at, in the rules' own ids) and, optionally,
``implied`` wording for a refused drop and ``status``. Everything else — geometry at any window
size and UI scale, hit-testing, drawing cards in every state, highlights, the side column —
is here, once.

The generic input handlers number zones with ints today, so each target (a region, or one slot
of a slot row) gets a stable small int here (``zone_of``); the rules never see those numbers.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from game.draw.card_states import (
    UNDER_SHOWN,
    CardLook,
    CardPainter,
    Size,
    footprint,
    under_peek,
)
from game.draw.cards import CardFaces, FaceSpec
from game.draw.hand import HandFan
from game.draw.palette import GOLD, HIGHLIGHT, INK, INK_DIM, OWNER, PANEL, Color
from game.draw.scale import px, scale
from game.draw.text import TEXT, fit
from game.layouts.base import Overlay, Piece, Pos, Seats, TableLayout, top_bar
from game.layouts.region_spec import Content, Placed, TableSpec, TableSpecError, Target, place
from rules.core.model import Intent

REGION_FILL = (18, 44, 36)
REGION_EDGE = (52, 92, 76)
LABEL_H = 18  # a region's label strip, at UI scale 1.0


@dataclass
class Drawn:
    """A card placed on screen for this frame: upright ``size`` centred at ``center``."""

    look: CardLook
    where: str  # "hand" for a hand fan (the scene raises hovered hand cards), else the region
    center: Pos
    size: Size
    box: pygame.Rect
    angle: int = 0
    piece: bool = True  # can be hovered, picked up, zoomed
    browsed: bool = False  # shown in the open book's panel, above the table


class RegionTable(TableLayout):
    """Implement ``spec``, ``contents``, ``card_source`` and ``card_target``; see the module
    docstring."""

    spec: ClassVar[TableSpec]
    highlight_kinds: ClassVar[dict[str, str]] = {}  # intent kind -> highlight kind ("open")

    def __init__(self, faces: CardFaces | None = None, rules: Any = None) -> None:
        self.faces = faces or CardFaces()
        self.painter = CardPainter(self.faces)
        self.rules = rules  # its describe(view, intent) words menus and hints
        self.view: Any = None
        self.seats = Seats(0, False, ("Player 1", "Player 2"))
        self.legal: Sequence[Intent] = ()
        self.size: Pos = (1280, 720)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.placed: list[Placed] = []
        self.held: dict[Hashable, Content] = {}
        self.cards: list[Drawn] = []
        self._by_id: dict[Hashable, Drawn] = {}
        self._targets: list[tuple[Target, pygame.Rect]] = []
        self.zone_of: dict[Target, int] = {}
        self.open_book: Hashable | None = None
        self.browse = pygame.Rect(0, 0, 0, 0)
        self._layer: tuple[object, pygame.Surface] | None = None  # see _draw_regions
        self.resize(self.size)

    # ---- what a game fills in ---------------------------------------------------------------
    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        """What each region (by id, see region_spec) holds in ``view``, seen by ``seats``."""
        raise NotImplementedError(f"{type(self).__name__} must say what its regions hold")

    def card_source(self, intent: Intent) -> Hashable | None:
        """The card ``intent`` acts with (None for buttons such as end turn)."""
        return None

    def card_target(self, intent: Intent) -> Target | None:
        """Where ``intent`` aims, ``(region id, slot or None)``; None when it aims nowhere
        (then a card with a source is simply clicked)."""
        return None

    def implied_intent(self, card: Hashable, target: Target) -> Intent | None:
        """What dropping ``card`` on ``target`` would ask for, legal or not (to word why not)."""
        return None

    def status(self) -> tuple[str, str]:
        return ("", "")

    # ---- geometry ---------------------------------------------------------------------------
    def resize(self, size: Pos) -> None:
        self.size = w, h = (max(640, size[0]), max(400, size[1]))
        tb = top_bar()
        rw = max(px(240), min(px(380), int(w * 0.24)))
        self.side = pygame.Rect(w - rw, tb + px(8), rw - px(8), h - tb - px(16))
        self.area = pygame.Rect(px(8), tb + px(8), w - rw - px(16), h - tb - px(16))
        self.placed = place(self.spec, self.area, self.seats.viewer, px(6))
        self._targets = []
        for p in self.placed:
            self._targets.append(((p.id, None), p.rect))
            if p.region.kind == "slots":
                self._targets += [((p.id, k), r) for k, r in enumerate(self._slot_rects(p))]
        # numbered in a fixed order (player 0's regions first): the same for every viewer
        self.zone_of = {t: k for k, (t, _) in enumerate(self._targets)}
        self._arrange()

    def side_rect(self) -> pygame.Rect:
        return self.side

    def _inner(self, p: Placed) -> pygame.Rect:
        r = p.rect.inflate(-px(8), -px(8))
        if p.region.label and p.region.kind not in ("counter",):
            r.y += px(LABEL_H)
            r.h -= px(LABEL_H)
        return r

    def _slot_rects(self, p: Placed) -> list[pygame.Rect]:
        inner, n, gap = self._inner(p), p.region.capacity, px(6)
        sw = (inner.w - gap * (n - 1)) / n
        return [pygame.Rect(round(inner.x + k * (sw + gap)), inner.y, round(sw), inner.h)
                for k in range(n)]

    def _card_in(self, box: pygame.Rect, room: float = 0.94) -> Size:
        """The largest upright card that fits ``box`` (``room`` of it)."""
        ratio = self.spec.card_ratio
        ch = min(box.h * room, box.w * room * ratio)
        return (max(8, round(ch / ratio)), max(10, round(ch)))

    def _fit_turned(self, size: Size, box: pygame.Rect) -> Size:
        """``size`` shrunk so that the card turned sideways still fits ``box``."""
        k = min(1.0, box.w * 0.96 / size[1], box.h * 0.96 / size[0])
        return (max(8, round(size[0] * k)), max(10, round(size[1] * k)))

    # ---- state ------------------------------------------------------------------------------
    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        turned = seats.viewer != self.seats.viewer
        self.view, self.seats, self.legal = view, seats, legal
        self.held = self.contents(view, seats) if view is not None else {}
        self._check(self.held)
        if turned:
            self.resize(self.size)
        else:
            self._arrange()

    def _check(self, held: dict[Hashable, Content]) -> None:
        """A game's ``contents`` names only its regions and fills no more slots than a row
        has (a mistake there is the game's code, found by its first test)."""
        regions = {p.id: p.region for p in self.placed}
        where = f"{type(self).__name__}.contents"
        for rid, c in held.items():
            r = regions.get(rid)
            if r is None:
                raise TableSpecError(f"{where}: no region {rid!r} on this table (its regions: "
                                     f"{', '.join(map(repr, regions))})")
            if len(c.slots) > r.capacity:
                raise TableSpecError(f"{where}: region {rid!r} has {r.capacity} slots, "
                                     f"not {len(c.slots)}")

    def _arrange(self) -> None:
        """Place every card of every region for this view (pieces for hit-testing, too)."""
        self._layer = None
        self.cards = []
        for p in self.placed:
            c = self.held.get(p.id)
            if c is None:
                continue
            kind = p.region.kind
            if kind == "slots":
                self._arrange_slots(p, c)
            elif kind == "hand":
                self._arrange_hand(p, c)
            elif kind in ("lane", "column"):
                self._arrange_line(p, c.cards, self._inner(p), vertical=kind == "column")
            elif kind == "pile" and c.cards:
                top = c.cards[-1]
                size = self._card_in(self._inner(p), 0.86)
                shown = top if p.region.face_up else CardLook(top.id)
                r = pygame.Rect((0, 0), size)
                r.center = self._inner(p).center
                self.cards.append(Drawn(shown, str(p.region.name), r.center, size, r,
                                        piece=shown.face is not None))
        self.cards.sort(key=lambda d: d.where == "hand")  # the fan above its neighbours
        if self.open_book is not None:
            self._arrange_browse()
        self._by_id = {d.look.id: d for d in self.cards}

    def _arrange_slots(self, p: Placed, c: Content) -> None:
        rects = self._slot_rects(p)
        for k, look in enumerate(c.slots[:len(rects)]):
            if look is None:
                continue
            span = max(1, min(look.span, len(rects) - k))
            box = rects[k].unionall(rects[k:k + span])
            room = box
            for _ in range(2):  # the card shrinks to leave room for what peeks out above it
                size = self._card_in(pygame.Rect(0, 0, rects[k].w, room.h))
                if look.sideways:
                    size = self._fit_turned(size, room)
                rise = under_peek(footprint(size, look.sideways)) * len(look.under[-UNDER_SHOWN:])
                room = pygame.Rect(box.x, box.y + rise, box.w, box.h - rise)
            r = pygame.Rect((0, 0), footprint(size, look.sideways))
            r.center = room.center
            self.cards.append(Drawn(look, str(p.region.name), r.center, size, r))

    def _arrange_hand(self, p: Placed, c: Content) -> None:
        inner = self._inner(p)
        size = self._card_in(inner.inflate(0, -px(6)), 0.9)
        fan = HandFan()
        fan.layout(inner, size, list(range(len(c.cards))))
        mine = p.owner == self.seats.viewer
        for look, r, ang in zip(c.cards, fan.rects, fan.angles, strict=True):
            self.cards.append(Drawn(look, "hand" if mine else str(p.region.name), r.center,
                                    size, r, ang if mine else -ang,
                                    piece=look.face is not None))

    def _arrange_line(self, p: Placed, cards: Sequence[CardLook], inner: pygame.Rect,
                      vertical: bool, where: str | None = None) -> None:
        """A lane (left to right, centred) or a column (top down), each card as long as it
        stands (a sideways card takes its height along a lane), overlapping when crowded."""
        n = len(cards)
        if n == 0:
            return
        size = self._card_in(pygame.Rect(0, 0, inner.w, inner.h // 2 if n > 1 else inner.h)
                             if vertical else inner)
        axis = 1 if vertical else 0
        lengths = [footprint(size, look.sideways)[axis] for look in cards]
        gap, room = px(6), (inner.h if vertical else inner.w)
        steps = [length + gap for length in lengths[:-1]]
        squeeze = min(1.0, (room - lengths[-1]) / sum(steps)) if steps else 1.0
        total = sum(steps) * squeeze + lengths[-1]
        at = float(inner.y if vertical else inner.centerx - total / 2)
        for k, look in enumerate(cards):
            r = pygame.Rect((0, 0), footprint(size, look.sideways))
            if vertical:
                r.midtop = (inner.centerx, round(at))
            else:
                r.midleft = (round(at), inner.centery)
            at += steps[k] * squeeze if k < len(steps) else 0
            self.cards.append(Drawn(look, where or str(p.region.name), r.center, size, r,
                                    piece=look.face is not None))

    def _arrange_browse(self) -> None:
        book = next((p for p in self.placed if p.id == self.open_book), None)
        c = self.held.get(self.open_book)
        if book is None or c is None:
            self.open_book = None
            return
        h = min(self.area.h * 0.42, px(260))
        self.browse = pygame.Rect(0, 0, self.area.w - px(40), round(h))
        self.browse.center = self.area.center
        inner = self.browse.inflate(-px(20), -px(20))
        inner.y += px(LABEL_H)
        inner.h -= px(LABEL_H)
        n = len(self.cards)
        self._arrange_line(book, c.cards, inner, vertical=False, where=str(book.region.name))
        for d in self.cards[n:]:
            d.browsed = True

    # ---- hit-testing ------------------------------------------------------------------------
    def piece_at(self, pos: Pos) -> Piece | None:
        for d in self._hit_order():
            if d.piece and d.box.collidepoint(pos):
                return Piece(d.look.id, d.where, d.box)  # type: ignore[arg-type]
        return None

    def _hit_order(self) -> list[Drawn]:
        """Top-most first: the open book's cards, the hand fan (right to left), the rest."""
        return list(reversed(self.cards))

    def zone_at(self, pos: Pos) -> int | None:
        best: tuple[int, int] | None = None  # (area, zone): the smallest box wins (a slot)
        for k, (_, r) in enumerate(self._targets):
            if r.collidepoint(pos) and (best is None or r.w * r.h < best[0]):
                best = (r.w * r.h, k)
        return None if best is None else best[1]

    def zone_rect(self, zone: int) -> pygame.Rect:
        if 0 <= zone < len(self._targets):
            return pygame.Rect(self._targets[zone][1])
        return pygame.Rect(self.area.center, (0, 0))

    def zone_center(self, zone: int) -> Pos:
        c = self.zone_rect(zone).center
        return (c[0], c[1])

    def target(self, zone: int) -> Target | None:
        """The rules' id of a zone number."""
        return self._targets[zone][0] if 0 <= zone < len(self._targets) else None

    def pieces(self) -> dict[str, dict[int, Pos]]:
        out: dict[str, dict[int, Pos]] = {}
        for d in self.cards:
            if d.piece:
                out.setdefault(d.where, {})[d.look.id] = self._grab(d)  # type: ignore[index]
        return out

    def _grab(self, d: Drawn) -> Pos:
        """A point of the card no later card covers (what a test or a person would grab)."""
        later = [e.box for e in self.cards[self.cards.index(d) + 1:] if e.piece]
        for fx, fy in ((0.5, 0.5), (0.2, 0.3), (0.2, 0.8), (0.5, 0.15), (0.8, 0.3)):
            pt = (d.box.x + round(d.box.w * fx), d.box.y + round(d.box.h * fy))
            if not any(b.collidepoint(pt) for b in later):
                return pt
        return d.box.center

    # ---- intents ----------------------------------------------------------------------------
    def source_of(self, intent: Intent) -> int | None:
        return self.card_source(intent)  # type: ignore[return-value]

    def target_of(self, intent: Intent) -> int | None:
        t = self.card_target(intent)
        if t is None:
            return -1 if self.card_source(intent) is not None else None
        return self.zone_of.get(t)

    def highlight_kind(self, intent: Intent) -> str:
        return self.highlight_kinds.get(intent.kind, "open")

    def focus(self) -> int | None:
        return None

    def implied(self, piece: Piece, zone: int) -> Intent | None:
        t = self.target(zone)
        return None if t is None else self.implied_intent(piece.source, t)

    def describe(self, intent: Intent) -> str:
        if self.rules is None or self.view is None:
            return intent.label()
        try:
            return str(self.rules.describe(self.view, intent))
        except Exception:  # noqa: BLE001 - a label must never end the game
            return intent.label()

    def face(self, source: int) -> FaceSpec | None:
        d = self._by_id.get(source)
        return d.look.face if d is not None else None

    def sequence_lines(self) -> list[tuple[str, Color]]:
        return []

    def press(self, piece: Piece | None, pos: Pos, ctx: Any) -> Any:
        """A click on a book opens it for browsing (its cards become pieces); a click
        outside the open book closes it."""
        from game.input.handlers import Idle

        if self.open_book is not None and self.browse.collidepoint(pos):
            return None
        for p in self.placed:
            if p.region.kind == "book" and p.rect.collidepoint(pos):
                self.toggle_book(p.id)
                return Idle()
        if self.open_book is not None:
            self.toggle_book(self.open_book)
        return None

    def toggle_book(self, book: Hashable) -> None:
        self.open_book = None if self.open_book == book else book
        self._arrange()

    def hint_at(self) -> Pos:
        return (self.area.centerx, top_bar() + px(8))

    def message_at(self) -> Pos:
        hand = next((p.rect for p in self.placed
                     if p.region.kind == "hand" and p.owner == self.seats.viewer), None)
        return (self.area.centerx, hand.top - px(6) if hand else self.area.bottom - px(10))

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, overlay: Overlay) -> None:
        self._draw_regions(surf)
        for kind, zones in overlay.lit.items():
            self._draw_lit(surf, zones, kind, strong=False)
        for kind, zones in overlay.strong.items():
            self._draw_lit(surf, zones, kind, strong=True)
        dragged = overlay.dragging[0] if overlay.dragging else None
        browsing = [d for d in self.cards if d.browsed]
        for d in self.cards:
            if d.look.id == dragged or d.browsed:
                continue
            self._draw_card(surf, d, overlay)
        for p in self.placed:
            if p.region.kind in ("pile", "book"):
                self._draw_count(surf, p)
        if self.open_book is not None:
            self._draw_browse(surf, browsing, overlay, dragged)

    def _draw_regions(self, surf: pygame.Surface) -> None:
        """The regions without their cards change only with the view, so they are drawn once
        and kept: a copy of the play area, felt included (nothing else is drawn over the
        felt there before the table), blitted whole in later frames."""
        key = (surf.get_size(), scale())
        if self._layer is not None and self._layer[0] == key:
            surf.blit(self._layer[1], self.area)
            return
        for p in self.placed:
            self._draw_region(surf, p)
        if surf.get_rect().contains(self.area):
            self._layer = (key, surf.subsurface(self.area).copy())

    def _draw_card(self, surf: pygame.Surface, d: Drawn, overlay: Overlay) -> None:
        kind = overlay.glow.get(d.look.id)  # type: ignore[call-overload]
        glow = HIGHLIGHT.get(kind) if kind is not None else None
        if d.where == "hand" or d.angle:
            up = d.look.id == overlay.raised
            img = self.painter.surface(d.look, d.size, glow, 0 if up else d.angle)
            c = (d.center[0], d.center[1] - (d.size[1] // 6 if up else 0))
            surf.blit(img, img.get_rect(center=c))
            return
        self.painter.draw(surf, d.look, d.center, d.size, glow)

    def _draw_region(self, surf: pygame.Surface, p: Placed) -> None:
        c = self.held.get(p.id, Content())
        r, kind = p.rect, p.region.kind
        if kind != "hand":
            pygame.draw.rect(surf, REGION_FILL, r, border_radius=px(8))
            edge = OWNER[p.owner] if c.active and p.owner is not None else \
                GOLD if c.active else REGION_EDGE
            pygame.draw.rect(surf, edge, r, width=px(2) if c.active else px(1),
                             border_radius=px(8))
        label = p.region.label
        if kind == "book":
            label = f"{label} · {'close' if self.open_book == p.id else 'browse'}"
        if label and kind != "counter":
            colour = OWNER[p.owner] if p.owner is not None else INK_DIM
            t = TEXT.get(fit(label, 15, r.w - px(12), True), 15, colour, True)
            surf.blit(t, (r.x + px(7), r.y + px(5)))
        if kind == "slots":
            for s in self._slot_rects(p):
                pygame.draw.rect(surf, REGION_EDGE, s, width=px(1), border_radius=px(6))
        elif kind in ("pile", "book"):
            self._draw_pile(surf, p, c)
        elif kind == "counter":
            self._draw_counter(surf, p, c)
        elif kind == "panel":
            self._draw_panel(surf, p, c)

    def _draw_pile(self, surf: pygame.Surface, p: Placed, c: Content) -> None:
        inner = self._inner(p)
        size = self._card_in(inner, 0.86)
        r = pygame.Rect((0, 0), size)
        r.center = inner.center
        n = c.count if c.count is not None else len(c.cards)
        if n == 0:
            pygame.draw.rect(surf, REGION_EDGE, r, width=px(1), border_radius=px(6))
        else:
            for k in range(min(3, n - 1), 0, -1):  # the edges of the cards below
                pygame.draw.rect(surf, (10, 10, 14), r.move(px(2) * k, px(2) * k),
                                 border_radius=px(6))
            if p.region.kind == "book" or not c.cards:
                surf.blit(self.painter.surface(CardLook(p.id), size), r)

    def _draw_count(self, surf: pygame.Surface, p: Placed) -> None:
        """A pile's or book's size, on its top-right corner (above the top card)."""
        c = self.held.get(p.id, Content())
        n = c.count if c.count is not None else len(c.cards)
        r = pygame.Rect((0, 0), self._card_in(self._inner(p), 0.86))
        r.center = self._inner(p).center
        t = TEXT.get(str(n), 15, INK, True)
        b = t.get_rect().inflate(px(8), px(2))
        b.topright = (min(r.right + px(4), p.rect.right - px(3)), max(r.top - px(4),
                                                                     p.rect.top + px(3)))
        pygame.draw.rect(surf, PANEL, b, border_radius=b.h // 2)
        pygame.draw.rect(surf, (200, 200, 200), b, width=1, border_radius=b.h // 2)
        surf.blit(t, t.get_rect(center=b.center))

    def _draw_counter(self, surf: pygame.Surface, p: Placed, c: Content) -> None:
        r = p.rect
        colour = OWNER[p.owner] if p.owner is not None else INK_DIM
        lt = TEXT.get(fit(p.region.label, 15, r.w - px(8), True), 15, colour, True)
        big = max(14, min(44, round(r.h / px(1) * 0.42)))
        vt = TEXT.get("" if c.value is None else str(c.value), big, INK, True)
        total = lt.get_height() + vt.get_height()
        y = r.centery - total // 2
        surf.blit(lt, lt.get_rect(midtop=(r.centerx, y)))
        surf.blit(vt, vt.get_rect(midtop=(r.centerx, y + lt.get_height())))

    def _draw_panel(self, surf: pygame.Surface, p: Placed, c: Content) -> None:
        inner = self._inner(p) if p.region.label else p.rect.inflate(-px(12), -px(4))
        line_h = TEXT.get("Ag", 15, INK).get_height() + px(1)
        fits = max(1, min(len(c.lines), inner.h // max(1, line_h)))
        # a titled panel reads from the top (a queue); a bare strip centres its lines
        y = inner.y if p.region.label else inner.centery - fits * line_h // 2
        for k, line in enumerate(c.lines[:fits]):
            t = TEXT.get(fit(line, 15, inner.w), 15, INK if k == 0 else INK_DIM)
            surf.blit(t, (inner.x, y))
            y += line_h

    def _draw_lit(self, surf: pygame.Surface, zones: Sequence[int], kind: str,
                  strong: bool) -> None:
        colour = HIGHLIGHT.get(kind, HIGHLIGHT["open"])
        tint = tuple(v // (4 if strong else 7) for v in colour)
        for z in zones:
            if not 0 <= z < len(self._targets):
                continue
            r = self._targets[z][1]
            surf.fill(tint, r, special_flags=pygame.BLEND_RGB_ADD)
            pygame.draw.rect(surf, colour, r, width=px(3) if strong else px(1),
                             border_radius=px(6))

    def _draw_browse(self, surf: pygame.Surface, cards: list[Drawn], overlay: Overlay,
                     dragged: Any) -> None:
        b = self.browse
        pygame.draw.rect(surf, (0, 0, 0), b.move(px(6), px(8)), border_radius=px(10))
        pygame.draw.rect(surf, PANEL, b, border_radius=px(10))
        pygame.draw.rect(surf, GOLD, b, width=px(2), border_radius=px(10))
        book = next(p for p in self.placed if p.id == self.open_book)
        n = len(cards)
        title = f"{book.region.label}: {n} card{'s' if n != 1 else ''} · click outside to close"
        t = TEXT.get(fit(title, 16, b.w - px(20), True), 16, GOLD, True)
        surf.blit(t, (b.x + px(10), b.y + px(8)))
        for d in cards:
            if d.look.id != dragged:
                self._draw_card(surf, d, overlay)

    def draw_dragged(self, surf: pygame.Surface, overlay: Overlay) -> None:
        if overlay.dragging is None:
            return
        iid, pos = overlay.dragging
        d = self._by_id.get(iid)
        if d is None:
            return
        self.painter.draw(surf, CardLook(d.look.id, d.look.face, d.look.sideways), pos, d.size,
                          lift=px(4))
