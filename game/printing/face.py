"""Draw one card face from its ``Face`` data with Pillow, at print resolution.

Layout (fractions of the card, so any game's size works): title bar in the type colour with
the cost in a disc, art window, type line, text box (skills/spells, rules text, flavour),
stat boxes along the bottom. Text that does not fit is shrunk; if even the smallest size does
not fit, the face gets a red "TEXT TOO LONG" band and a warning is returned: never cut silently.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw, ImageOps

from game.printing.fonts import Font, font
from rules.core.packs import RGB, Face, art_path

DPI = 300
INK = (28, 26, 24)
PAPER = (250, 246, 236)
MUTED = (96, 92, 86)
MIN_TEXT_PT = 5.0  # below this printed text is unreadable; warn instead
TEXT_PT = 8.5


def mm_to_px(mm: float, dpi: int = DPI) -> int:
    return round(mm / 25.4 * dpi)


def pt_to_px(pt: float, dpi: int = DPI) -> int:
    return max(1, round(pt / 72 * dpi))


def _tint(c: RGB, f: float) -> RGB:
    """Mix ``c`` with white (f<1 keeps that much colour) or darken (f>1)."""
    if f <= 1:
        return (round(255 - (255 - c[0]) * f), round(255 - (255 - c[1]) * f),
                round(255 - (255 - c[2]) * f))
    return (round(c[0] / f), round(c[1] / f), round(c[2] / f))


def wrap(text: str, f: Font, width: int) -> list[str]:
    """Words into lines no wider than ``width``; a word wider than a line is split."""
    return list(lines_of(text, f, width))


def lines_of(text: str, f: Font, width: int) -> Iterator[str]:
    """``wrap``'s lines one by one: a text box stops reading them once it is full."""
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            while f.getlength(word) > width:  # one huge word: break it by characters
                cut = max(1, next((i for i in range(len(word), 0, -1)
                                   if f.getlength(word[:i]) <= width), 1))
                if line:
                    yield line
                    line = ""
                yield word[:cut]
                word = word[cut:]
            trial = f"{line} {word}".strip()
            if f.getlength(trial) <= width or not line:
                line = trial
            else:
                yield line
                line = word
        yield line


@dataclass
class Rendered:
    image: Image.Image
    warnings: list[str] = field(default_factory=list)


def _fit_one_line(text: str, width: int, start_px: int, min_px: int, bold: bool) -> Font:
    size = start_px
    while size > min_px and font(size, bold).getlength(text) > width:
        size -= 1
    return font(size, bold)


Row = tuple[str, Font, RGB, int]  # text, font, colour, line advance in px


def _text_box(face: Face, width: int, size: int, limit: int) -> tuple[int, list[Row]]:
    """Lines of the text box at body size ``size``: (total height, rows). Once the rows are
    taller than ``limit`` the rest are not laid out (the box will not show them): a card
    with a page of text tries every size down to the smallest quickly."""
    body, bold, small = font(size), font(size, True), font(max(1, round(size * 0.9)))
    line, gap = round(size * 1.2), round(size * 0.4)
    parts: list[tuple[Iterable[str], Font, RGB, int]] = []
    for block in face["blocks"]:
        if parts:
            parts.append((("",), body, INK, gap))
        if block["title"] or block["tag"]:
            head = f"{block['title']}  [{block['tag']}]" if block["tag"] else block["title"]
            colour = block.get("title_colour") or (block["tag_colour"] if block["tag"] else INK)
            parts.append((lines_of(head, bold, width), bold, colour, line))
        if block["text"]:
            parts.append((lines_of(block["text"], body, width), body, INK, line))
    if face["flavour"]:
        if parts:
            parts.append((("",), body, INK, gap * 2))
        parts.append((lines_of(face["flavour"], small, width), small, MUTED,
                      round(size * 1.1)))
    rows: list[Row] = []
    height = 0
    for lines, f, colour, advance in parts:
        for ln in lines:
            rows.append((ln, f, colour, advance))
            height += advance
            if height > limit:
                return height, rows
    return height, rows


def render_face(face: Face, size_mm: tuple[float, float], folder: Path | None = None,
                dpi: int = DPI) -> Rendered:
    """The face as an RGB image of ``size_mm`` at ``dpi``; art is read from ``folder``."""
    w, h = mm_to_px(size_mm[0], dpi), mm_to_px(size_mm[1], dpi)
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    out = Rendered(img)
    colour = face["colour"]
    edge = round(w * 0.035)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(w * 0.05), fill=colour)
    d.rounded_rectangle((edge, edge, w - 1 - edge, h - 1 - edge), radius=round(w * 0.03),
                        fill=PAPER)
    pad = round(w * 0.03)
    x0, x1 = edge + pad, w - edge - pad

    # Title bar with the cost disc on the right.
    bar_h = round(h * 0.085)
    y = edge + pad
    d.rounded_rectangle((x0, y, x1, y + bar_h), radius=round(bar_h * 0.25), fill=colour)
    title_right = x1 - pad
    if face["cost"] is not None:
        r = round(bar_h * 0.46)
        cx, cy = x1 - r - round(bar_h * 0.08), y + bar_h // 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=_tint(colour, 1.6),
                  width=max(2, r // 8))
        cf = font(round(r * 1.2), True)
        d.text((cx, cy), str(face["cost"]), font=cf, fill=INK, anchor="mm")
        title_right = cx - r - pad
    tf = _fit_one_line(face["title"], title_right - x0 - pad, round(bar_h * 0.55),
                       pt_to_px(MIN_TEXT_PT, dpi), True)
    if tf.getlength(face["title"]) > title_right - x0 - pad:
        out.warnings.append(f"card '{face['title']}': title does not fit")
    d.text((x0 + pad, y + bar_h // 2), face["title"], font=tf, fill=(255, 255, 255),
           anchor="lm")
    y += bar_h + pad

    # Art window: the pack's image, cropped to fill; a tinted panel when there is none.
    art_h = round(h * 0.34)
    box = (x0, y, x1, y + art_h)
    d.rectangle(box, fill=_tint(colour, 0.25), outline=_tint(colour, 1.4), width=3)
    if face["art"] is not None and folder is not None:
        try:
            with Image.open(art_path(folder, face["art"])) as art:
                fitted = ImageOps.fit(art.convert("RGB"), (x1 - x0 - 6, art_h - 6))
            img.paste(fitted, (x0 + 3, y + 3))
        except (OSError, ValueError, Image.DecompressionBombError) as e:
            d.rectangle(box, fill=(200, 30, 30))
            d.text(((x0 + x1) // 2, y + art_h // 2), "ART UNREADABLE", font=font(40, True),
                   fill=(255, 255, 255), anchor="mm")
            out.warnings.append(f"card '{face['title']}': art {face['art']!r}: {e}")
    elif face["title"]:
        # No art yet: the initial, large and faint, so a sheet of prototypes is scannable.
        d.text(((x0 + x1) // 2, y + art_h // 2), face["title"][0].upper(),
               font=font(round(art_h * 0.6), True), fill=_tint(colour, 0.4), anchor="mm")
    y += art_h + round(pad * 0.6)

    # Type line.
    type_h = round(h * 0.05)
    d.rectangle((x0, y, x1, y + type_h), fill=_tint(colour, 0.45))
    yf = _fit_one_line(face["type"], x1 - x0 - 2 * pad, round(type_h * 0.6),
                       pt_to_px(MIN_TEXT_PT, dpi), True)
    d.text((x0 + pad, y + type_h // 2), face["type"], font=yf, fill=INK, anchor="lm")
    y += type_h + pad

    # Stats along the bottom; the text box takes what is left.
    stat_h = round(h * 0.075) if face["stats"] else 0
    bottom = h - edge - pad - stat_h - (pad if stat_h else 0)
    _draw_text_box(d, face, (x0 + pad, y, x1 - pad, bottom), dpi, out)
    if face["stats"]:
        _draw_stats(d, face, (x0, h - edge - pad - stat_h, x1, h - edge - pad))
    return out


def _draw_text_box(d: ImageDraw.ImageDraw, face: Face, box: tuple[int, int, int, int],
                   dpi: int, out: Rendered) -> None:
    x0, y0, x1, y1 = box
    size, smallest = pt_to_px(TEXT_PT, dpi), pt_to_px(MIN_TEXT_PT, dpi)
    height, rows = _text_box(face, x1 - x0, size, y1 - y0)
    while height > y1 - y0 and size > smallest:
        size -= 1
        height, rows = _text_box(face, x1 - x0, size, y1 - y0)
    too_long = height > y1 - y0
    band_top = y1 - size - 8 if too_long else y1
    y = y0
    for text, f, colour, advance in rows:
        if y + advance > band_top:
            break
        if text:
            d.text((x0, y), text, font=f, fill=colour)
        y += advance
    if too_long:
        band = (x0 - 4, band_top, x1 + 4, y1)
        d.rectangle(band, fill=(200, 30, 30))
        d.text(((x0 + x1) // 2, (band[1] + band[3]) // 2), "TEXT TOO LONG",
               font=font(size, True), fill=(255, 255, 255), anchor="mm")
        out.warnings.append(f"card '{face['title']}': text does not fit even at "
                            f"{MIN_TEXT_PT:g} pt; shorten it (the printed face is marked)")


def _draw_stats(d: ImageDraw.ImageDraw, face: Face, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    n = len(face["stats"])
    gap = round((x1 - x0) * 0.02)
    bw = ((x1 - x0) - gap * (n - 1)) // n
    for i, (label, value) in enumerate(face["stats"]):
        bx = x0 + i * (bw + gap)
        d.rounded_rectangle((bx, y0, bx + bw, y1), radius=(y1 - y0) // 4,
                            fill=_tint(face["colour"], 1.5))
        lf = font(round((y1 - y0) * 0.38), True)
        vf = font(round((y1 - y0) * 0.62), True)
        d.text((bx + round(bw * 0.08), (y0 + y1) // 2), label, font=lf, fill=(235, 230, 220),
               anchor="lm")
        d.text((bx + bw - round(bw * 0.1), (y0 + y1) // 2), str(value), font=vf,
               fill=(255, 255, 255), anchor="rm")
