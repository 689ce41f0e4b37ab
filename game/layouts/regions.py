"""``RegionTable``: the ``TableLayout`` of any card game whose table is a ``TableSpec``.

A game subclasses it with its ``spec`` (data) and four small functions: ``contents`` (the
rules' view → what each region holds), ``card_source`` / ``card_target`` (which card an intent
acts with and which region or slot it aims at, in the rules' own ids) and, optionally,
``implied`` wording for a refused drop and ``status``. Everything else — geometry at any window
size and UI scale, hit-testing, drawing cards in every state, highlights, the side column —
is here, once.

Each target (a region, or one slot of a slot row) gets a stable small int here (``zone_of``) as
its zone id; the rules never see those numbers. (Zones may be any hashable id now, so the
rules' own ``Target`` could serve directly.)
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
from game.draw.marks import (
    badge_size,
    by_zone,
    draw_badges,
    glow_of,
    least_badge,
    target_rect,
)
from game.draw.palette import Color, version
from game.draw.scale import px, scale
from game.layouts.base import (
    UNTARGETED,
    ManualSpot,
    Overlay,
    Piece,
    PieceId,
    Pos,
    Seats,
    TableLayout,
    ZoneId,
    top_bar,
)
from game.layouts.face_down import marked
from game.layouts.region_book import Leaf, PagedBooks, draw_leaf, lay_out, tab_cards
from game.layouts.region_parts import (
    draw_browse_frame,
    draw_count,
    draw_region,
    pile_rect,
)
from game.layouts.region_spec import (
    LABEL_H,
    Content,
    Placed,
    TableSpec,
    TableSpecError,
    Target,
    card_in,
    fit_turned,
    inner_rect,
    place,
    slot_rects,
)
from rules.core.manual_table import BOARD
from rules.core.model import Intent


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


def keep_spots(kept: dict[tuple[Hashable, int], list[Hashable | None]],
               key: tuple[Hashable, int], looks: Sequence[CardLook]
               ) -> list[CardLook | None]:
    """A book tab's cards in the spots they had: a card that left (summoned, cast) leaves a
    gap rather than the rest sliding over and the page changing shape, so the card a player
    aims at next is still where it was (BOS's castle reflowed after each summon). The tab
    closes up when a card comes in or the gaps are all that is left past the last card."""
    by_id = {look.id: look for look in looks}
    old = kept.get(key, [])
    if set(by_id) - set(old):  # a newcomer: the tab in its own order again
        order: list[Hashable | None] = [look.id for look in looks]
    else:
        order = [i if i in by_id else None for i in old]
        while order and order[-1] is None:
            order.pop()
    kept[key] = order
    return [by_id[i] if i is not None else None for i in order]


class RegionTable(PagedBooks, TableLayout):
    """Implement ``spec``, ``contents``, ``card_source`` and ``card_target``; see the module
    docstring."""

    spec: ClassVar[TableSpec]
    highlight_kinds: ClassVar[dict[str, str]] = {}  # intent kind -> highlight kind ("open")
    # Region (or an inline book's tab) name -> the places of a manual step it stands for,
    # each (zone, board position of its first slot): a card dropped on it during a manual step
    # goes to the first one its moves allow (``manual_spots``).
    manual_regions: ClassVar[dict[str, tuple[tuple[str, int], ...]]] = {}

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
        # inline books (region_book.py): the tab each shows, the page each tab shows
        self.book_tab: dict[Hashable, int] = {}
        self.book_page: dict[tuple[Hashable, int], int] = {}
        self.book_spots: dict[tuple[Hashable, int], list[Hashable | None]] = {}  # keep_spots
        self.leaves: dict[Hashable, Leaf] = {}
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
                self._targets += [((p.id, k), r) for k, r in enumerate(slot_rects(p))]
        # numbered in a fixed order (player 0's regions first): the same for every viewer
        self.zone_of = {t: k for k, (t, _) in enumerate(self._targets)}
        self._arrange()

    def side_rect(self) -> pygame.Rect:
        return self.side

    # ---- state ------------------------------------------------------------------------------
    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        turned = seats.viewer != self.seats.viewer
        self.view, self.seats, self.legal = view, seats, legal
        self.held = marked(self.contents(view, seats), view) if view is not None else {}
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
        self.leaves = {}
        for p in self.placed:
            c = self.held.get(p.id)
            if c is None:
                continue
            kind = p.region.kind
            if kind == "book" and p.region.inline:
                self._arrange_leaf(p, c)
            elif kind == "slots":
                self._arrange_slots(p, c)
            elif kind == "hand":
                self._arrange_hand(p, c)
            elif kind in ("lane", "column"):
                self._arrange_line(p, c.cards, inner_rect(p), vertical=kind == "column")
            elif kind == "pile" and c.cards:
                top = c.cards[-1]
                shown = top if p.region.face_up else CardLook(top.id)
                r = pile_rect(p, self.spec.card_ratio)
                self.cards.append(Drawn(shown, str(p.region.name), r.center, r.size, r,
                                        piece=shown.face is not None))
        self.cards.sort(key=lambda d: d.where == "hand")  # the fan above its neighbours
        if self.open_book is not None:
            self._arrange_browse()
        self._by_id = {d.look.id: d for d in self.cards}

    def _arrange_slots(self, p: Placed, c: Content) -> None:
        rects = slot_rects(p)
        for k, look in enumerate(c.slots[:len(rects)]):
            if look is None:
                continue
            span = max(1, min(look.span, len(rects) - k))
            box = rects[k].unionall(rects[k:k + span])
            room = box
            for _ in range(2):  # the card shrinks to leave room for what peeks out above it
                size = card_in(self.spec.card_ratio, pygame.Rect(0, 0, rects[k].w, room.h))
                if look.sideways:
                    size = fit_turned(size, room)
                rise = under_peek(footprint(size, look.sideways)) * len(look.under[-UNDER_SHOWN:])
                room = pygame.Rect(box.x, box.y + rise, box.w, box.h - rise)
            r = pygame.Rect((0, 0), footprint(size, look.sideways))
            r.center = room.center
            self.cards.append(Drawn(look, str(p.region.name), r.center, size, r))

    def _arrange_hand(self, p: Placed, c: Content) -> None:
        inner = inner_rect(p)
        size = card_in(self.spec.card_ratio, inner.inflate(0, -px(6)), 0.9)
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
        ratio = self.spec.card_ratio
        size = card_in(ratio, pygame.Rect(0, 0, inner.w, inner.h // 2 if n > 1 else inner.h)
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

    def _arrange_leaf(self, p: Placed, c: Content) -> None:
        """An inline book: its shown tab's shown page of cards (pieces under the tab's name)."""
        tabs = p.region.tabs or ((str(p.region.name), c.label or p.region.label),)
        cards = tab_cards(p, c)
        labels = [f"{label} {len(cs)}".strip() for (_, label), cs in zip(tabs, cards,
                                                                          strict=True)]
        tab = self.book_tab.get(p.id, 0)
        spots = [keep_spots(self.book_spots, (p.id, k), cs) for k, cs in enumerate(cards)]
        leaf = lay_out(p, [len(sp) for sp in spots], tab, self.book_page.get((p.id, tab), 0),
                       self.spec.card_ratio, labels,
                       (c.label or p.region.label) if p.region.tabs else "")
        self.leaves[p.id] = leaf
        shown = spots[leaf.tab][leaf.first:leaf.first + len(leaf.boxes)]
        for look, box in zip(shown, leaf.boxes, strict=True):
            if look is not None:
                self.cards.append(Drawn(look, tabs[leaf.tab][0], box.center, leaf.size, box,
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
                return Piece(d.look.id, d.where, d.box)
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

    def manual_spots(self, card: Hashable, pos: Pos) -> list[ManualSpot]:
        """The ``manual_regions`` places of the region (or slot) under ``pos``, owned by the
        region's player; a slot row's board places count from its first slot."""
        regions = {p.id: p for p in self.placed}
        hits = [(r.w * r.h, t) for t, r in self._targets  # a table's own card zones aside
                if t[0] in regions and r.collidepoint(pos)]
        if not hits:
            return []
        rid, slot = min(hits, key=lambda h: h[0])[1]
        placed = regions[rid]
        region = placed.region
        name = region.name
        if region.tabs and rid in self.leaves:  # an inline book: the tab it shows
            name = region.tabs[self.leaves[rid].tab][0]
        owner = placed.owner if placed.owner is not None else -1
        out: list[ManualSpot] = []
        for where, first in self.manual_regions.get(name, ()):
            if where != BOARD:
                out.append((where, owner, -1))
            elif region.kind != "slots":
                out.append((BOARD, owner, first))
            elif slot is not None:
                out.append((BOARD, owner, first + slot))
        return out

    def rises(self, piece: Piece) -> bool:
        return piece.where == "hand"

    def zones(self) -> Sequence[ZoneId]:
        return range(len(self._targets))

    def zone_rect(self, zone: ZoneId) -> pygame.Rect:
        if isinstance(zone, int) and 0 <= zone < len(self._targets):
            return pygame.Rect(self._targets[zone][1])
        return pygame.Rect(self.area.center, (0, 0))

    def zone_center(self, zone: ZoneId) -> Pos:
        c = self.zone_rect(zone).center
        return (c[0], c[1])

    def zone_name(self, zone: ZoneId) -> str:
        """A region's label (its owner's when it has one), and the slot's number."""
        t = self.target(zone)
        if t is None:
            return f"Zone {zone}"
        (rid, slot) = t
        placed = next((p for p in self.placed if p.id == rid), None)
        if placed is None:  # a card's own target (an agent that takes gear)
            return f"{self.piece_name(rid[1]) if isinstance(rid, tuple) else rid}"
        name = placed.region.label or str(placed.region.name).capitalize()
        if placed.owner is not None:
            name = f"{self.seats.names[placed.owner]}'s {name}"
        return name if slot is None else f"{name}, slot {slot + 1}"

    def target(self, zone: ZoneId) -> Target | None:
        """The rules' id of a zone number (None for anything else)."""
        if isinstance(zone, int) and 0 <= zone < len(self._targets):
            return self._targets[zone][0]
        return None

    def pieces(self) -> dict[str, dict[PieceId, Pos]]:
        out: dict[str, dict[PieceId, Pos]] = {}
        for d in self.cards:
            if d.piece:
                out.setdefault(d.where, {})[d.look.id] = self._grab(d)
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

    def target_of(self, intent: Intent) -> ZoneId | None:
        t = self.card_target(intent)
        if t is None:
            return UNTARGETED if self.card_source(intent) is not None else None
        return self.zone_of.get(t)

    def highlight_kind(self, intent: Intent) -> str:
        return self.highlight_kinds.get(intent.kind, "open")

    def focus(self) -> int | None:
        return None

    def implied(self, piece: Piece, zone: ZoneId) -> Intent | None:
        t = self.target(zone)
        return None if t is None else self.implied_intent(piece.source, t)

    def describe(self, intent: Intent) -> str:
        if self.rules is None or self.view is None:
            return intent.label()
        try:
            return str(self.rules.describe(self.view, intent))
        except Exception:  # noqa: BLE001 - a label must never end the game
            return intent.label()

    def face(self, source: PieceId) -> FaceSpec | None:
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
            if p.region.kind == "book" and not p.region.inline and p.rect.collidepoint(pos):
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
        order = list(self.kinds)
        lit = [(z, kinds, strong) for ov, strong in ((overlay.lit, False), (overlay.strong, True))
               for z, kinds in by_zone(ov, order).items()
               if isinstance(z, int) and 0 <= z < len(self._targets)]
        for z, kinds, strong in lit:
            if not self.card_zone(z):
                target, rect = self._targets[z]
                tinted = rect if target[1] is not None else \
                    pygame.Rect(rect.x, rect.y + px(LABEL_H), rect.w, rect.h - px(LABEL_H))
                target_rect(surf, rect, kinds, self.kinds, strong, tinted=tinted,
                            outward=target[1] is None)
        dragged = overlay.dragging[0] if overlay.dragging else None
        browsing = [d for d in self.cards if d.browsed]
        for p in self.placed:
            if p.id in self.leaves:
                draw_leaf(surf, p, self.leaves[p.id])
        for d in self.cards:
            if d.look.id == dragged or d.browsed:
                continue
            self._draw_card(surf, d, overlay)
        for z, kinds, strong in lit:  # a card's own targets, around it, over the cards
            if self.card_zone(z):
                target_rect(surf, self._targets[z][1].inflate(px(6), px(6)), kinds,
                            self.kinds, strong)
        for z, kinds, _ in lit:  # the badges last: no card covers them
            self.draw_target_badges(surf, z, kinds)
        for p in self.placed:
            if p.region.kind in ("pile", "book") and not p.region.inline:
                draw_count(surf, p, self.held.get(p.id, Content()), self.spec.card_ratio)
        self.draw_marks(surf, overlay)
        if self.open_book is not None:
            self._draw_browse(surf, browsing, overlay, dragged)

    def draw_target_badges(self, surf: pygame.Surface, zone: int, kinds: Sequence[str]) -> None:
        """The badges of a lit target: in a slot's or region's top right corner; on a card's
        right edge, over its picture (its name and numbers stay readable)."""
        target, r = self._targets[zone]
        d = max(least_badge(), min(badge_size(), r.h // 3))
        if self.card_zone(zone):
            at = (r.right + px(3), r.top + r.h * 0.45)
        else:  # a region's own: under its label strip and what is written beside it
            top = r.top + (px(LABEL_H) + px(2) if target[1] is None else 0)
            at = (r.right - d // 2 - px(3), top + d // 2 + px(3))
        draw_badges(surf, at, kinds, self.kinds, d)

    def draw_marks(self, surf: pygame.Surface, overlay: Overlay) -> None:
        """What a game draws on its table besides regions and cards (a banner, room left in
        an area): under an open book's browse panel, which covers the table."""

    def _draw_regions(self, surf: pygame.Surface) -> None:
        """The regions without their cards change only with the view, so they are drawn once
        and kept: a copy of the play area, felt included (nothing else is drawn over the
        felt there before the table), blitted whole in later frames."""
        # a TextRecorder sees the texts drawn; a palette's player colours are in the labels
        key = (surf.get_size(), scale(), type(surf), version())
        if self._layer is not None and self._layer[0] == key:
            surf.blit(self._layer[1], self.area)
            return
        for p in self.placed:
            draw_region(surf, p, self.held.get(p.id, Content()), self.painter,
                        self.spec.card_ratio, self.open_book == p.id)
        if surf.get_rect().contains(self.area):
            self._layer = (key, surf.subsurface(self.area).copy())

    def _draw_card(self, surf: pygame.Surface, d: Drawn, overlay: Overlay) -> None:
        glow = glow_of(overlay.glow.get(d.look.id), self.kinds)
        if d.where == "hand" or d.angle:
            up = d.look.id == overlay.raised
            img = self.painter.surface(d.look, d.size, glow, 0 if up else d.angle,
                                       badged=True)
            c = (d.center[0], d.center[1] - (d.size[1] // 6 if up else 0))
            surf.blit(img, img.get_rect(center=c))
            return
        self.painter.draw(surf, d.look, d.center, d.size, glow)

    def card_zone(self, zone: int) -> bool:
        """Whether ``zone`` is a card on the table (a game's per-card target: an agent that
        takes gear) rather than a region or a slot: it is lit around the card, above it."""
        return False

    def _draw_browse(self, surf: pygame.Surface, cards: list[Drawn], overlay: Overlay,
                     dragged: Any) -> None:
        book = next(p for p in self.placed if p.id == self.open_book)
        n = len(cards)
        draw_browse_frame(surf, self.browse, f"{book.region.label}: {n} card"
                          f"{'s' if n != 1 else ''} · click outside to close")
        for d in cards:
            if d.look.id != dragged:
                self._draw_card(surf, d, overlay)

    def draw_dragged(self, surf: pygame.Surface, overlay: Overlay) -> None:
        if overlay.dragging is None:
            return
        iid, pos = overlay.dragging
        d = self._by_id.get(iid)
        if d is None:  # a card not on show (a manual step takes a deck's top): its back
            w = px(64)
            self.painter.draw(surf, CardLook(iid), pos, (w, round(w * self.spec.card_ratio)),
                              lift=px(4))
            return
        self.painter.draw(surf, CardLook(d.look.id, d.look.face, d.look.sideways), pos, d.size,
                          lift=px(4))
