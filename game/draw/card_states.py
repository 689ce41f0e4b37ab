"""One renderer for a card on a table, in every state the card games name.

A ``CardLook`` says what a card looks like right now: its face (or the back when it is face
down / Closed), turned sideways (acted, checked, rested), dimmed, glowing as legal, damage and
counters on it, and cards attached or enchanted under it (tucked beneath, their top edges
peeking out). ``CardPainter`` draws one at a given size; every rotated, scaled, dimmed or
outlined surface is cached, so a frame only blits.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

import pygame

from game.draw.cards import CardFaces, FaceSpec, face_key, header_bottom, stats_top, title_bar
from game.draw.marks import Glow, as_glow, glow_rim
from game.draw.palette import INK, PANEL, Color, version
from game.draw.scale import px, scale
from game.draw.text import TEXT, unscaled, wrap

Size = tuple[int, int]
DAMAGE = (170, 34, 40)
CACHE_LIMIT = 4000  # surfaces kept before the cache starts over (a resize leaves old sizes)
COMPOSED_LIMIT = 1500  # whole card pictures (with attachments and badges) kept
UNDER_SHOWN = 3  # attached cards drawn peeking out; deeper ones are hidden (say so in a counter)


@dataclass(frozen=True)
class CardLook:
    """A card as the table shows it. ``id`` is the id the rules use for it (a card instance)."""

    id: Hashable
    face: FaceSpec | None = None  # None: the card back (face down, Closed, hidden)
    sideways: bool = False  # acted / checked / rested: turned 90° clockwise
    dimmed: bool = False  # out of play for now (can't be afforded, disabled…)
    damage: int = 0  # a red badge on the left edge under the name when above 0
    counters: tuple[tuple[str, Color], ...] = ()  # pills along the bottom edge ("+1", "2 vim")
    under: tuple[CardLook, ...] = ()  # attached / enchanting cards, the first one deepest;
    # the last UNDER_SHOWN peek out above the card
    span: int = 1  # slot rows: how many slots the card covers (a size-2 unit covers two)
    pills_left: bool = False  # counters from the left edge: a crowded lane hides the right
    face_down: bool = False  # put face down by hand: its owner sees the face with a mark
    # (``face_down_mark``); the other player's view has no face for it, so gets the back


def footprint(size: Size, sideways: bool) -> Size:
    """The on-screen box of an upright card of ``size`` in either orientation."""
    return (size[1], size[0]) if sideways else size


def under_peek(box: Size) -> int:
    """How far each attached card peeks out above the card it is under."""
    return max(px(8), min(box) // 5)


class CardPainter:
    """Draws ``CardLook``s with ``faces`` (the game's procedural faces and backs)."""

    def __init__(self, faces: CardFaces) -> None:
        self.faces = faces
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._composed: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] = {}

    def clear(self) -> None:
        self._cache.clear()
        self._composed.clear()

    def surface(self, look: CardLook, size: Size, glow: Glow | Color | None = None,
                angle: int = 0, badged: bool = False) -> pygame.Surface:
        """The card's image at upright ``size``: turned, dimmed, outlined and tilted as asked.
        Badges and attached cards are not part of it (they change more often), unless
        ``badged``: a tilted hand card gets its badges before the tilt, so they lean with it
        (a Dreadnought hand card's size and speed grade)."""
        glow = as_glow(glow)
        fk = face_key(look.face) if look.face is not None else "back"
        marks = (look.damage, look.counters, look.pills_left) if badged else None
        key = (fk, size, look.sideways, look.dimmed, glow, angle, scale(), version(), marks)
        img = self._cache.get(key)
        if img is not None:
            return img
        base = self.faces.back(size) if look.face is None else self.faces.face(look.face, size)
        img = base
        if look.dimmed:
            img = img.copy()
            img.fill((105, 105, 115), special_flags=pygame.BLEND_RGB_MULT)
        if look.sideways:
            img = pygame.transform.rotate(img, -90)
        if badged and (look.damage or look.counters):
            img = img.copy() if img is base else img  # never draw on the faces' own cache
            self.badges(img, look, img.get_rect())
        if glow is not None:
            img = _outlined(img, glow)
        if angle:
            img = pygame.transform.rotozoom(img, angle, 1.0)
        if len(self._cache) >= CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = img
        return img

    def draw(self, surf: pygame.Surface, look: CardLook, center: tuple[int, int], size: Size,
             glow: Glow | Color | None = None, ring: Color | None = None,
             lift: int = 0) -> pygame.Rect:
        """Draw ``look`` centred on ``center`` (raised by ``lift`` pixels) with what is under
        it, its shadow, an owner ``ring`` and its badges; returns the card's own box. The
        whole picture is composed once per look and size, so this is one blit."""
        box = pygame.Rect((0, 0), footprint(size, look.sideways))
        box.center = (center[0], center[1] - lift)
        glow = as_glow(glow)
        key = (look, size, glow, ring, bool(lift), scale(), version())
        got = self._composed.get(key)
        if got is None:
            got = self._compose(look, size, glow, ring, bool(lift))
            if len(self._composed) >= COMPOSED_LIMIT:
                self._composed.clear()
            self._composed[key] = got
        img, (ox, oy) = got
        surf.blit(img, (box.x - ox, box.y - oy))
        return box

    def _compose(self, look: CardLook, size: Size, glow: Glow | None, ring: Color | None,
                 lifted: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """The card with everything around it on a transparent canvas, and where the card's
        own box starts on it."""
        w, h = footprint(size, look.sideways)
        margin = max(px(14), min(w, h) // 5)  # room for the glow, badges and shadow
        shown = look.under[-UNDER_SHOWN:]
        rise = under_peek((w, h)) * len(shown)
        left, right = _spill(look, (w, h), margin)
        canvas = pygame.Surface((w + 2 * margin + left + right + px(5) * len(shown),
                                 h + 2 * margin + rise), pygame.SRCALPHA)
        box = pygame.Rect(margin + left, margin + rise, w, h)
        sx, sy = (px(6), px(8)) if lifted else (px(3), px(4))  # a lifted card casts further
        under = self.under_rects(box, (w, h), len(shown))
        for k, r in reversed(list(enumerate(under))):
            sub = shown[k]  # turned the way its host is, so only its top edge shows
            pygame.draw.rect(canvas, (0, 0, 0), r.move(px(2), px(3)), border_radius=px(6))
            canvas.blit(self.surface(CardLook(sub.id, sub.face, look.sideways, sub.dimmed),
                                     size), r)
            if sub.face_down and sub.face is not None:
                face_down_mark(canvas, r, top=under_peek((w, h)))
            if sub.damage or sub.counters:  # placed as turned as it is drawn
                self.badges(canvas, replace(sub, sideways=look.sideways), r)
        pygame.draw.rect(canvas, (0, 0, 0), box.move(sx, sy), border_radius=px(6))
        if ring is not None:
            pygame.draw.rect(canvas, ring, box.inflate(px(6), px(6)), border_radius=px(7))
        img = self.surface(look, size, glow)
        canvas.blit(img, img.get_rect(center=box.center))
        if look.face_down and look.face is not None:
            face_down_mark(canvas, box)
        self.badges(canvas, look, box)
        return canvas, box.topleft

    @staticmethod
    def under_rects(host: pygame.Rect, box: Size, n: int) -> list[pygame.Rect]:
        """Boxes (``box`` on screen, as the host's) of ``n`` attached cards behind ``host``:
        each peeks out above the one before it, shifted a little right, the first one
        furthest out."""
        peek = under_peek(box)
        out = []
        for k in range(n):
            r = pygame.Rect((0, 0), box)
            r.midtop = (host.centerx + px(5) * (n - k), host.top - peek * (n - k))
            out.append(r)
        return out

    @staticmethod
    def badges(surf: pygame.Surface, look: CardLook, box: pygame.Rect) -> None:
        """Damage by the card's left edge under its name, counters along the bottom edge:
        neither covers the name, upright or sideways (``damage_spot``, ``pill_rects``)."""
        if look.damage > 0:
            c, rad = damage_spot(box, look.sideways, look.face)
            pygame.draw.circle(surf, DAMAGE, c, rad)
            pygame.draw.circle(surf, INK, c, rad, width=max(1, px(1)))
            t = TEXT.get(str(look.damage), round(unscaled(rad * 1.5)), INK, True)
            surf.blit(t, t.get_rect(center=(c[0], c[1] + 1)))
        if look.counters:
            pills = pill_texts(box, look)
            rects = pill_rects(box, look, [t.get_size() for t in pills])
            for t, r, (_, colour) in zip(pills, rects, look.counters, strict=True):
                pygame.draw.rect(surf, colour, r, border_radius=r.h // 2)
                pygame.draw.rect(surf, PANEL, r, width=1, border_radius=r.h // 2)
                surf.blit(t, t.get_rect(center=r.center))


def title_on_screen(box: pygame.Rect, sideways: bool, face: FaceSpec | None = None
                    ) -> pygame.Rect:
    """Where the name strip of the card shown in ``box`` (``title_bar``) lies on screen."""
    w, h = footprint(box.size, sideways)  # the upright face's size
    bar = title_bar((w, h), face)
    if not sideways:
        return bar.move(box.topleft)
    # turned 90° clockwise: the face's (x, y) lands on (h - y, x); the name runs down the right
    return pygame.Rect(box.left + h - bar.bottom, box.top + bar.left, bar.h, bar.w)


def damage_spot(box: pygame.Rect, sideways: bool, face: FaceSpec | None = None
                ) -> tuple[tuple[int, int], int]:
    """Centre and radius of the damage badge of the card shown in ``box``. It sits on the
    face's left edge (half of it hanging out) just below the face's header, and turns with the
    card: upright under the name strip on the left, sideways on the top edge left of the name
    (the top-right corner it had before covered the name's end upright and, turned, its first
    letters)."""
    w, h = footprint(box.size, sideways)
    rad = max(px(9), min(w, h) // 7)
    x, y = rad // 2, header_bottom((w, h), face) + px(3) + rad  # on the upright face
    if sideways:
        return (box.left + h - y, box.top + x), rad
    return (box.left + x, box.top + y), rad


PILL_GAP, PILL_PAD = 3, 8  # between pills, around a pill's text (UI pixels)


def _pill_room(box: pygame.Rect, look: CardLook) -> int:
    """How wide a row of pills may be: on a sideways card, what is left of its name strip;
    upright, the card's width (a wider row hung over its neighbours)."""
    if not look.sideways:
        return box.w - px(4)
    return title_on_screen(box, True, look.face).left - px(2) - (box.left + px(3))


def _pill_bottom(box: pygame.Rect, look: CardLook) -> int:
    """Where the lowest row of pills ends: upright, above the face's stats row (attack,
    defence, strength…), so a pill never covers the numbers it qualifies."""
    if look.sideways or look.face is None or not look.face.stats:
        return box.bottom - px(2)
    return box.top + stats_top(box.size) - px(1)


def _lines(text: str, size: int, width: int) -> pygame.Surface:
    """``text`` wrapped to ``width``, its lines centred one under another."""
    lines = [TEXT.get(line, size, INK, True) for line in wrap(text, size, width, True)]
    out = pygame.Surface((max(t.get_width() for t in lines),
                          sum(t.get_height() for t in lines)), pygame.SRCALPHA)
    y = 0
    for t in lines:
        out.blit(t, t.get_rect(midtop=(out.get_width() // 2, y)))
        y += t.get_height()
    return out


def pill_texts(box: pygame.Rect, look: CardLook) -> list[pygame.Surface]:
    """The counters' texts, a little smaller when the card has not room for the widest of
    them (beside its name when sideways), and on an upright card a long one ("face down ·
    condition not met") wrapped onto lines when even that is too wide: never cut short, what they
    say matters more than the face (a sideways card has no height to spare for it)."""
    room = _pill_room(box, look)
    texts = [text for text, _ in look.counters]
    for size in (13, 12, 11):
        pills = [TEXT.get(text, size, INK, True) for text in texts]
        if max(t.get_width() for t in pills) + px(PILL_PAD) <= room:
            return pills
    if look.sideways:
        return pills
    return [_lines(text, size, room - px(PILL_PAD)) if t.get_width() + px(PILL_PAD) > room
            else t for text, t in zip(texts, pills, strict=True)]


def _pill_rows(widths: list[int], room: int) -> list[list[int]]:
    """The pills' indices by row, bottom row first: a new row above whenever the room (the
    card's width, or beside a sideways card's name) is full (a long row hung out past the
    card's edge, over its neighbours or out of the window)."""
    rows: list[list[int]] = [[]]
    used = 0
    for k, w in enumerate(widths):
        if rows[-1] and used + px(PILL_GAP) + w > room:
            rows.append([])
            used = 0
        used += (px(PILL_GAP) if rows[-1] else 0) + w
        rows[-1].append(k)
    return rows


def pill_rects(box: pygame.Rect, look: CardLook, sizes: list[Size]) -> list[pygame.Rect]:
    """The counters' pills (text ``sizes``) in rows stacked upward from the bottom of
    ``box`` (upright, from above the face's stats row, ``_pill_bottom``): from the left edge
    when ``pills_left``, else centred; on a sideways card, whose name strip runs down the
    right edge to the bottom, left of the name (``_pill_rows``); a single pill wider than its
    room hangs out past the card's left edge."""
    gap = px(PILL_GAP)
    widths = [tw + px(PILL_PAD) for tw, _ in sizes]
    out = [pygame.Rect(0, 0, 0, 0)] * len(sizes)
    bottom = _pill_bottom(box, look)
    for row in _pill_rows(widths, _pill_room(box, look)):
        total = sum(widths[k] for k in row) + gap * (len(row) - 1)
        x = box.left + px(3) if look.pills_left else box.centerx - total // 2
        if look.sideways:
            x = min(x, title_on_screen(box, True, look.face).left - px(2) - total)
        for k in row:
            r = pygame.Rect(x, 0, widths[k], sizes[k][1] + px(2))
            r.bottom = bottom
            out[k] = r
            x = r.right + gap
        bottom -= max(sizes[k][1] for k in row) + px(2) + gap
    return out


def _spill(look: CardLook, box: Size, margin: int) -> tuple[int, int]:
    """How far the counters' row reaches past a ``margin`` on the left and on the right of a
    card of on-screen size ``box`` (a long row on a narrow card, or kept off a sideways
    card's name): the composed picture is made that much wider, so no pill is cut off."""
    if not look.counters:
        return 0, 0
    r = pygame.Rect((0, 0), box)
    pills = pill_rects(r, look, [t.get_size() for t in pill_texts(r, look)])
    return (max(0, -min(p.left for p in pills) - margin),
            max(0, max(p.right for p in pills) - r.right - margin))


FACE_DOWN_BAND = (28, 32, 58)  # the card back's own dark blue, so the mark reads "a back"


def face_down_mark(surf: pygame.Surface, box: pygame.Rect, top: int = 0) -> None:
    """Mark the card in ``box`` as face down, for its owner who still sees its face: the face
    shows through a veil of the back's colour, under a band saying so (across its middle, or
    within its ``top`` pixels when only those show: a card under another)."""
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    veil.fill((*FACE_DOWN_BAND, 110))
    surf.blit(veil, box.topleft)
    size = min(box.w, box.h) / 7 if not top else top * 0.6
    t = TEXT.get("FACE DOWN", max(9, round(unscaled(size))), (235, 235, 245), True)
    band = pygame.Rect(box.x, 0, box.w, min(t.get_height() + px(6), top or box.h))
    band.centery = box.top + top // 2 if top else box.centery
    pygame.draw.rect(surf, FACE_DOWN_BAND, band)
    pygame.draw.line(surf, (235, 235, 245), band.topleft, band.topright, max(1, px(1)))
    pygame.draw.line(surf, (235, 235, 245), band.bottomleft, band.bottomright, max(1, px(1)))
    surf.blit(t, t.get_rect(center=band.center))


def _outlined(img: pygame.Surface, glow: Glow) -> pygame.Surface:
    """``img`` inside a glowing border of ``glow``'s colour in its rim pattern (legal to
    play, answerable…): a soft halo, then the rim."""
    w, h = img.get_size()
    pad = px(5)
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(out, (*glow.colour, 70), out.get_rect(), border_radius=px(10))
    glow_rim(out, out.get_rect().inflate(-px(3), -px(3)), glow, px(3), px(9))
    out.blit(img, (pad, pad))
    return out
