"""Procedural card faces from card data, rendered once per (card, size) and cached.

A ruleset's table layout turns its card data into a ``FaceSpec``; this module knows nothing
about any one game. A card's art image (a path inside its pack folder, resolved with
``art_file``) fills the art window, cropped to its shape; without one, or when the image cannot
be read, the window is a panel with the card's initial. Text that does not fit the text box is
shrunk step by step; past the smallest size the face shows what fits and a "… more" marker.
"""

from __future__ import annotations

import logging
import math
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
from PIL import Image

from game.draw.marks import Glow, glow_rim
from game.draw.palette import (
    CARD_BACK,
    CARD_BACK_EDGE,
    INK,
    INK_DARK,
    Color,
    contrast,
    ink_on,
    reach,
    text_floor,
)
from game.draw.scale import px, scale
from game.draw.text import SMALLEST, TEXT, fit, font, unscaled, wrap
from rules.core.packs import Face, art_path

log = logging.getLogger("playtable.cards")
ART_MAX_SIDE = 1024  # a larger image is kept at this size (faces are never bigger)
ART_MAX_BYTES = 20 << 20  # art files: a large photo is well under this
ART_MAX_PIXELS = 40_000_000  # decoded: 160 MB at 4 bytes a pixel
# the large face's art window, as a share of the card's height (the last: a strip, on a small
# zoom whose text would be cut otherwise)
ART_SHARES = (0.26, 0.16, 0.06)


@dataclass(frozen=True)
class Block:
    """One text block on a card: a skill (title + tag) or plain rules text."""

    title: str
    tag: str
    tag_colour: Color
    text: str
    title_colour: Color | None = None  # the title's ink when the rules colour it (else ink)


@dataclass(frozen=True)
class FaceSpec:
    key: str  # unique per card data (the card id)
    name: str
    type_label: str
    colour: Color
    cost: int | None
    stats: tuple[tuple[str, int], ...]
    blocks: tuple[Block, ...]
    flavour: str = ""
    art: str | None = None  # absolute path of the art image (see ``art_file``)


def _text(text: str, pixels: float, colour: Color, bold: bool = False) -> pygame.Surface:
    """Text on a card face: sizes follow the face's pixel size, whatever the UI scale."""
    return TEXT.get(text, unscaled(pixels), colour, bold)


def _fit(text: str, pixels: float, width: int, bold: bool = False) -> str:
    return fit(text, unscaled(pixels), width, bold)


def _name_fit(text: str, pixels: int, width: int, bold: bool) -> tuple[str, int]:
    """A card's name and the size to draw it at: smaller (to 3/4 of ``pixels``) before it is
    shortened, so "Dread Colossus" reads whole on a hand-sized card."""
    for size in range(pixels, max(7, pixels * 3 // 4) - 1, -1):
        if font(unscaled(size), bold).size(text)[0] <= width:
            return text, size
    small = max(7, pixels * 3 // 4)
    return _fit(text, small, width, bold), small


def _wrap(text: str, pixels: float, width: int, bold: bool = False) -> list[str]:
    """Lines no wider than ``width``; a word wider than a line is split by characters."""
    f = font(unscaled(pixels), bold)
    out: list[str] = []
    for line in wrap(text, unscaled(pixels), width, bold):
        while f.size(line)[0] > width and len(line) > 1:
            cut = next((i for i in range(len(line) - 1, 0, -1)
                        if f.size(line[:i])[0] <= width), 1)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


_warned: set[str] = set()


def _warn(msg: str) -> None:
    if msg not in _warned:
        _warned.add(msg)
        log.warning(msg)


def art_file(folder: Path | None, art: str | None) -> str | None:
    """A card's ``art`` (relative to its pack ``folder``) as an absolute path for
    ``FaceSpec.art``; None (and a one-line warning) when it is absent or leaves the folder,
    with the same rule as the pack check, which reports such a path as an error."""
    if not art or folder is None:
        return None
    try:
        return str(art_path(folder, art))
    except (ValueError, OSError) as e:
        _warn(f"card art: {e}; drawing the plain face")
        return None


def spec_of(face: Face, pack: Path | None = None) -> FaceSpec:
    """The pack format's ``Face`` of a card (the one face function of its game, also used by
    the deck screen and the print) as the table's FaceSpec; its art is looked up in ``pack``."""
    blocks = tuple(Block(b["title"], b["tag"], _rgb(b["tag_colour"]), b["text"],
                         _rgb(b["title_colour"]) if "title_colour" in b else None)
                   for b in face["blocks"])
    return FaceSpec(key=face["key"], name=face["title"], type_label=face["type"],
                    colour=_rgb(face["colour"]), cost=face["cost"],
                    stats=tuple((k, int(v)) for k, v in face["stats"]), blocks=blocks,
                    flavour=face["flavour"], art=art_file(pack, face["art"]))


def _rgb(c: Any) -> Color:
    return (int(c[0]), int(c[1]), int(c[2]))


_images: dict[str, pygame.Surface | None] = {}


def art_image(path: str) -> pygame.Surface | None:
    """The image at ``path``, read once (a 32-bit copy, at most ``ART_MAX_SIDE`` a side);
    None, with a one-line warning, when it is missing or unreadable."""
    if path in _images:
        return _images[path]
    img: pygame.Surface | None = None
    try:
        _check_art(path)
        raw = pygame.image.load(path)
        w, h = raw.get_size()
        if w < 1 or h < 1:
            raise ValueError("empty image")
        k = min(1.0, ART_MAX_SIDE / max(w, h))
        img = pygame.Surface((max(1, round(w * k)), max(1, round(h * k))), pygame.SRCALPHA, 32)
        if k < 1.0:
            copy = pygame.Surface((w, h), pygame.SRCALPHA, 32)
            copy.blit(raw, (0, 0))
            pygame.transform.smoothscale(copy, img.get_size(), img)
        else:
            img.blit(raw, (0, 0))
    except (pygame.error, OSError, ValueError, Image.DecompressionBombError) as e:
        _warn(f"card art {path}: cannot read it ({e}); drawing the plain face")
    _images[path] = img
    return img


def _check_art(path: str) -> None:
    """Refuse, before decoding, what would stall or exhaust the table: not a regular file
    (a pipe never ends), over ``ART_MAX_BYTES``, or more than ``ART_MAX_PIXELS`` once
    decoded (a small file can claim a huge picture). Pillow reads only the header here."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("not a regular file")
    if st.st_size > ART_MAX_BYTES:
        raise ValueError(f"{st.st_size} bytes is over the {ART_MAX_BYTES >> 20} MB limit")
    with Image.open(path) as im:
        w, h = im.size
    if w * h > ART_MAX_PIXELS:
        raise ValueError(f"{w}x{h} pixels is over the {ART_MAX_PIXELS // 1_000_000} "
                         "megapixel limit")


def forget_art() -> None:
    """Drop the read images (tests; a new pack)."""
    _images.clear()
    _warned.clear()


def _cover(img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``img`` scaled to fill ``size``, the overflow cropped evenly from both sides."""
    w, h = img.get_size()
    tw, th = size
    k = max(tw / w, th / h)
    sw, sh = max(tw, round(w * k)), max(th, round(h * k))
    scaled = pygame.transform.smoothscale(img, (sw, sh))
    return scaled.subsurface(((sw - tw) // 2, (sh - th) // 2, tw, th)).copy()


def _art_window(surf: pygame.Surface, spec: FaceSpec, rect: pygame.Rect, radius: int,
                initial: float) -> None:
    """The card's art in ``rect`` (rounded corners), or the tinted panel with its initial."""
    img = art_image(spec.art) if spec.art else None
    if img is None or rect.w < 1 or rect.h < 1:
        panel = _shade(spec.colour, 0.7)
        while contrast((255, 255, 255), panel) < text_floor() + 0.1 and max(panel) > 40:
            panel = _shade(panel, 0.85)  # darker till its initial can stand out on it
        pygame.draw.rect(surf, panel, rect, border_radius=radius)
        ink = reach(_shade(spec.colour, 1.45), panel, text_floor() + 0.1)
        t = _text(spec.name[:1], int(rect.h * initial), ink, True)
        surf.blit(t, t.get_rect(center=rect.center))
        return
    pic = _cover(img, rect.size)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pic.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pic, rect)
    pygame.draw.rect(surf, _shade(spec.colour, 0.55), rect, width=1, border_radius=radius)


def face_key(spec: FaceSpec) -> str:
    """A cache key that changes with the card data (a hot-reloaded card re-renders)."""
    return f"{spec.key}#{hash(spec):x}"


def _shade(c: Color, f: float) -> Color:
    return (min(255, int(c[0] * f)), min(255, int(c[1] * f)), min(255, int(c[2] * f)))


class CardFaces:
    """Cache of card surfaces: faces, backs and rotated (Rested) faces."""

    def __init__(self) -> None:
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._turned: dict[tuple[str, int, int], pygame.Surface] = {}
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self.renders = 0

    def clear(self) -> None:
        """Forget every rendered surface (the UI scale changed: faces are drawn anew)."""
        self._faces.clear()
        self._turned.clear()
        self._backs.clear()

    def face(self, spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
        key = (face_key(spec), size[0], size[1])
        surf = self._faces.get(key)
        if surf is None:
            surf = render_face(spec, size)
            self.renders += 1
            self._faces[key] = surf
        return surf

    def rested(self, spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
        """The face turned sideways (a Rested Gate)."""
        key = (face_key(spec), size[0], size[1])
        surf = self._turned.get(key)
        if surf is None:
            surf = pygame.transform.rotate(self.face(spec, size), -90)
            self._turned[key] = surf
        return surf

    def tilted(self, img: pygame.Surface, key: str, size: tuple[int, int],
               angle: int) -> pygame.Surface:
        """``img`` (the face or back of ``key`` at ``size``) rotated by ``angle`` degrees."""
        k = (f"{key}@{angle}", size[0], size[1])
        surf = self._turned.get(k)
        if surf is None:
            surf = pygame.transform.rotozoom(img, angle, 1.0)
            self._turned[k] = surf
        return surf

    def outlined(self, img: pygame.Surface, key: str, size: tuple[int, int],
                 glow: Glow) -> pygame.Surface:
        """``img`` with a glowing border in ``glow``'s colour and rim pattern (legal to play,
        answerable…)."""
        k = (f"{key}+{glow}", size[0], size[1])
        surf = self._turned.get(k)
        if surf is None:
            w, h = img.get_size()
            surf = pygame.Surface((w + 10, h + 10), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*glow.colour, 70), surf.get_rect(), border_radius=10)
            glow_rim(surf, surf.get_rect().inflate(-3, -3), glow, 3, 9)
            surf.blit(img, (5, 5))
            self._turned[k] = surf
        return surf

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._backs.get(size)
        if surf is None:
            surf = render_back(size)
            self._backs[size] = surf
        return surf


def render_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = max(3, w // 12)
    pygame.draw.rect(surf, CARD_BACK, (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, CARD_BACK_EDGE, (0, 0, w, h), width=2, border_radius=r)
    inset = max(4, w // 8)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pygame.draw.rect(surf, _shade(CARD_BACK, 1.35), inner, width=1, border_radius=r)
    cx, cy = w // 2, h // 2
    d = min(w, h) // 4
    pygame.draw.polygon(surf, _shade(CARD_BACK_EDGE, 0.9),
                        [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], width=2)
    return surf


def _small_face(w: int) -> bool:
    """The board-sized face (name, art panel, stats) rather than the readable one."""
    return w < px(110)  # at any UI scale


def _type_size(w: int) -> int:
    return max(least(), w // 16)


def least() -> int:
    """The least text size on a face, in the face's own pixels (a face's sizes follow its
    pixels: ``SMALLEST`` design points at the UI scale in force)."""
    return math.ceil(SMALLEST * scale() - 1e-9)


def title_bar(size: tuple[int, int], face: FaceSpec | None = None) -> pygame.Rect:
    """The strip along the top of an upright face of ``size`` that holds its name (and its
    cost gem on the readable face), in the face's own pixels. One place for it, so what is
    drawn over a card (``CardPainter.badges``) can keep off the name. A board-sized face
    whose name takes two lines (``small_name``) has a strip two lines high."""
    w = size[0]
    edge = max(2, w // 30)
    if _small_face(w):
        name_size = max(least(), w // 6)
        lines = len(small_name(face, name_size, w - 2 * edge - 8)[0]) if face else 1
        line_h = font(unscaled(least()), True).get_height()
        return pygame.Rect(edge + 2, edge + 2, w - 2 * edge - 4,
                           name_size + 2 if lines < 2 else 2 * line_h + 2)
    pad = max(6, w // 22)
    name_size = max(14, w // 10)
    return pygame.Rect(edge + pad // 2, edge + pad // 2, w - 2 * edge - pad, name_size + 8)


def header_bottom(size: tuple[int, int], face: FaceSpec | None = None) -> int:
    """Where the top of an upright face of ``size`` ends: below its name strip, and on the
    readable face below the type line under it too."""
    bar = title_bar(size, face)
    if _small_face(size[0]):
        return bar.bottom
    return bar.bottom + 4 + font(unscaled(_type_size(size[0])), True).get_height()


def stats_row(size: tuple[int, int]) -> tuple[int, int]:
    """The centre line and text size of the stats row of an upright face of ``size``, in the
    face's own pixels (its boxes are the text size plus 4 high)."""
    w, h = size
    edge = max(2, w // 30)
    if _small_face(w):
        return h - edge - h // 9, max(least(), w // 5)
    pad, type_size = max(6, w // 22), _type_size(w)
    return h - edge - pad // 2 - type_size // 2 - 2, type_size + 2


def stats_top(size: tuple[int, int]) -> int:
    """Where the stats row of an upright face of ``size`` starts: what is drawn over the card
    (``CardPainter.badges``) keeps above it, so the numbers stay readable."""
    y, text = stats_row(size)
    return y - (text + 4) // 2


def render_face(spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
    return render_face_fit(spec, size)[0]


def render_face_fit(spec: FaceSpec, size: tuple[int, int],
                    into: pygame.Surface | None = None) -> tuple[pygame.Surface, TextFit | None]:
    """The face and how its text box was filled (None for the small face, which has none);
    drawn on ``into`` when given (a test's text recorder), else on a new surface."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA) if into is None else into
    r = max(3, w // 12)
    edge = max(2, w // 30)
    pygame.draw.rect(surf, _shade(spec.colour, 0.55), (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, spec.colour, (edge, edge, w - 2 * edge, h - 2 * edge),
                     border_radius=r)
    if _small_face(w):
        _small(surf, spec, w, h, edge)
        return surf, None
    return surf, _large(surf, spec, w, h, edge)


def _cost_gem(surf: pygame.Surface, cost: int, x: int, y: int, rad: int) -> None:
    pygame.draw.circle(surf, (28, 52, 110), (x, y), rad)
    pygame.draw.circle(surf, (150, 190, 255), (x, y), rad, width=max(1, rad // 6))
    t = _text(str(cost), int(rad * 1.9), INK, True)
    surf.blit(t, t.get_rect(center=(x, y + 1)))


def _stats_row(surf: pygame.Surface, spec: FaceSpec, w: int, y: int, size: int) -> None:
    if not spec.stats:
        return
    n = len(spec.stats)
    slot = (w - 8) / n
    for k, (label, value) in enumerate(spec.stats):
        cx = int(4 + slot * (k + 0.5))
        box = pygame.Rect(0, 0, int(slot) - 3, size + 4)
        box.center = (cx, y)
        pygame.draw.rect(surf, (24, 24, 28), box, border_radius=4)
        lt, vt = _text(label, size, INK, True), _text(str(value), size, INK, True)
        if lt.get_width() + vt.get_width() + 12 <= box.w:
            # The value at the box's right end, as the print has it (BOS's Strength "is
            # found on the bottom right of the summon")
            surf.blit(lt, lt.get_rect(midleft=(box.x + 4, box.centery)))
            surf.blit(vt, vt.get_rect(midright=(box.right - 4, box.centery)))
        else:
            t = _text(f"{label}{value}", size, INK, True)
            surf.blit(t, t.get_rect(center=box.center))


def _small(surf: pygame.Surface, spec: FaceSpec, w: int, h: int, edge: int) -> None:
    """A board-sized face: name, cost, a coloured art panel with the initial, stats."""
    bar = title_bar((w, h), spec)
    pygame.draw.rect(surf, (244, 238, 222), bar, border_radius=3)
    lines, size = small_name(spec, max(least(), w // 6), bar.w - 4)
    ts = [_text(line, size, INK_DARK, True) for line in lines]
    y = bar.centery + 1 - sum(t.get_height() for t in ts) // 2
    for t in ts:
        surf.blit(t, (bar.x + 3, y))
        y += t.get_height()
    art = pygame.Rect(edge + 3, bar.bottom + 3, w - 2 * edge - 6, h - bar.bottom - 3 - h // 4)
    _art_window(surf, spec, art, 3, 0.9)
    if spec.cost is not None:
        rad = max(math.ceil(least() / 1.9), w // 9)  # its number at the least text size
        _cost_gem(surf, spec.cost, art.right - rad, art.top + rad, rad)
    _stats_row(surf, spec, w, *stats_row((w, h)))


def small_name(spec: FaceSpec | None, pixels: int, width: int) -> tuple[list[str], int]:
    """The lines a board-sized face's name strip holds, and their size: the name on one
    line, smaller down to the least text size while it does not fit; else on two lines at
    that size; else a mark of the card's type (the first word of its type line, or its
    initial), never a cut word. The zoom shows the whole name."""
    if spec is None:
        return [], pixels
    small = least()
    for size in range(max(pixels, small), small - 1, -1):
        if font(unscaled(size), True).size(spec.name)[0] <= width:
            return [spec.name], size
    lines = wrap(spec.name, unscaled(small), width, True)
    f = font(unscaled(small), True)
    if len(lines) == 2 and all(f.size(line)[0] <= width for line in lines):
        return lines, small
    words = spec.type_label.replace("·", " ").split()
    for mark in (words[0] if words else "", (words[0][:1] if words else "") or "?"):
        if mark and f.size(mark)[0] <= width:
            return [mark], small
    return [], small


@dataclass(frozen=True)
class TextFit:
    """How a face's text box was filled: the body size used (``normal`` when nothing had to
    shrink), rows drawn out of all rows, and whether the "… more" marker was drawn."""

    size: int
    normal: int
    drawn: int
    rows: int
    more: bool


@dataclass(frozen=True)
class _Row:
    kind: str  # "head" (tag + title), "title" (its rest), "text", "flavour" or "gap"
    text: str
    height: int
    block: Block | None = None


def _text_rows(spec: FaceSpec, width: int, body: int) -> list[_Row]:
    """The text box's rows at body size ``body`` (flavour one pixel smaller)."""
    head_h = max(font(unscaled(body), True).get_height(),
                 font(unscaled(max(least(), body - 1)), True).get_height()) + 2
    line_h = font(unscaled(body)).get_height()
    small_h = font(unscaled(max(least(), body - 1))).get_height()
    rows: list[_Row] = []
    for b in spec.blocks:
        if rows:
            rows.append(_Row("gap", "", 5))
        if b.tag or b.title:
            rows += _head_rows(b, width, body, head_h)
        if b.text:
            rows += [_Row("text", ln, line_h) for ln in _wrap(b.text, body, width)]
    if spec.flavour:
        if rows:
            rows.append(_Row("gap", "", 5))
        rows += [_Row("flavour", ln, small_h)
                 for ln in _wrap(spec.flavour, max(least(), body - 1), width)]
    return rows


def _tag_text(tag: str, body: int, width: int) -> tuple[str, int]:
    """A skill's tag as its pill shows it, and the pill's text size."""
    size = max(least(), body - 1)
    return _fit(tag, size, width - 10, True), size


def _head_rows(b: Block, width: int, body: int, head_h: int) -> list[_Row]:
    """A skill's head: its tag pill and title on one row or, where the title would be cut
    there ("Fireb…"), the pill alone and the title under it, wrapped, never shortened."""
    room = width + 1  # as ``_draw_text`` lays a head out: the pill 8 px wider, 5 px after it
    if b.tag:
        tag, size = _tag_text(b.tag, body, width)
        room -= font(unscaled(size), True).size(tag)[0] + 13
    if font(unscaled(body), True).size(b.title)[0] <= room:
        return [_Row("head", b.title, head_h, b)]
    head = [_Row("head", "", head_h, b)] if b.tag else []
    return head + [_Row("title", ln, head_h, b) for ln in _wrap(b.title, body, width, True)]


def fit_text(spec: FaceSpec, box: pygame.Rect, normal: int) -> tuple[TextFit, list[_Row]]:
    """The largest body size from ``normal`` down to the floor (60 % of it, at least 8 px)
    at which the text fits ``box``; at the floor, the rows that fit above a "… more" line."""
    floor = min(normal, max(least(), round(normal * 0.6)))
    room = box.h - 10
    size = normal
    rows = _text_rows(spec, box.w - 10, size)
    while sum(r.height for r in rows) > room and size > floor:
        size -= 1
        rows = _text_rows(spec, box.w - 10, size)
    if sum(r.height for r in rows) <= room:
        return TextFit(size, normal, len(rows), len(rows), False), rows
    room -= font(unscaled(size), True).get_height()  # the marker's line
    used, n = 0, 0
    for r in rows:
        if used + r.height > room:
            break
        used += r.height
        n += 1
    while n and rows[n - 1].kind == "gap":
        n -= 1
    return TextFit(size, normal, n, len(rows), True), rows[:n]


def _draw_text(surf: pygame.Surface, box: pygame.Rect, rows: list[_Row], fit: TextFit) -> None:
    body = fit.size
    y = box.y + 5
    for r in rows:
        if r.kind in ("head", "title") and r.block is not None:
            b = r.block
            x = box.x + 5
            if b.tag and r.kind == "head":
                words, tsize = _tag_text(b.tag, body, box.w - 10)
                tag = _text(words, tsize, ink_on(b.tag_colour), True)
                pill = tag.get_rect(topleft=(x, y)).inflate(8, 2)
                pill.topleft = (x, y)
                pygame.draw.rect(surf, b.tag_colour, pill, border_radius=4)
                surf.blit(tag, (x + 4, y + 1))
                x = pill.right + 5
            if r.text:
                tt = _text(_fit(r.text, body, box.right - x - 4, True), body,
                           b.title_colour or INK_DARK, True)
                surf.blit(tt, (x, y + 1))
        elif r.kind in ("text", "flavour") and r.text:
            small = r.kind == "flavour"
            lt = _text(r.text, max(least(), body - 1) if small else body,
                       (110, 100, 90) if small else (48, 44, 40))
            surf.blit(lt, (box.x + 5, y))
        y += r.height
    if fit.more:
        more = _text("… more", body, (170, 40, 30), True)
        surf.blit(more, more.get_rect(bottomright=(box.right - 6, box.bottom - 4)))


def _large(surf: pygame.Surface, spec: FaceSpec, w: int, h: int, edge: int) -> TextFit:
    """A readable face (hover zoom, hand at large sizes): everything on the card."""
    bar = title_bar((w, h))
    name_size = bar.h - 8
    pygame.draw.rect(surf, (244, 238, 222), bar, border_radius=5)
    gem = name_size // 2 + 2
    left, right = bar.x + 6, bar.right
    if spec.cost is not None:
        # Top right, as on the board-sized face and the print (BOS's rules send a new player
        # there: "its vim cost, which is found on the top-right of the spell").
        _cost_gem(surf, spec.cost, bar.right - gem - 3, bar.centery, gem)
        right = bar.right - 2 * gem - 6
    name, size = _name_fit(spec.name, name_size, right - left - 4, True)
    t = _text(name, size, INK_DARK, True)
    surf.blit(t, t.get_rect(midleft=(left, bar.centery + 1)))
    type_size = _type_size(w)
    tl = _text(_fit(spec.type_label, type_size, bar.w - 8, True), type_size, INK_DARK, True)
    paper = tl.get_rect(topleft=(bar.x + 4, bar.bottom + 4)).inflate(6, 2)
    pygame.draw.rect(surf, (244, 238, 222), paper, border_radius=3)  # readable on any colour
    surf.blit(tl, (bar.x + 4, bar.bottom + 4))
    stats_h = type_size + 12 if spec.stats else 0
    top = bar.bottom + 8 + tl.get_height()
    normal = max(least(), w // 17)
    for share in ART_SHARES:  # the art window gives way before the text shrinks, and to a
        art = pygame.Rect(bar.x, top, bar.w, int(h * share))  # strip before it is cut
        box = pygame.Rect(bar.x, art.bottom + 6, bar.w, h - art.bottom - 12 - stats_h - edge)
        fit, rows = fit_text(spec, box, normal)
        if not fit.more and (fit.size == normal or share < ART_SHARES[0]):
            break
    _art_window(surf, spec, art, 4, 1.0)
    pygame.draw.rect(surf, (244, 238, 222), box, border_radius=5)
    _draw_text(surf, box, rows, fit)
    if spec.stats:
        _stats_row(surf, spec, w, *stats_row((w, h)))
    return fit
