"""Print and play: card faces at real size on A4 or Letter pages with cut marks, one PDF.

Cards sit edge to edge in a centred grid (one cut between neighbours, as most print-and-play
sheets do); cut marks run in the margin along every card edge. Pillow writes the PDF (one
image per page at 300 dpi, so the page size in points is exact).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from PIL import Image, ImageDraw

import rules
from game.printing.face import DPI, mm_to_px, render_face
from rules.core.errors import DataError
from rules.core.newgame import deck_order
from rules.core.packs import Face, Pack, format_for, guess_game, load_pack

PAPER_MM: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MARGIN_MM = 6.0  # printers cannot print to the edge; cut marks live in this margin
MARK_MM = 4.0


@dataclass
class Sheet:
    pages: list[Image.Image]
    cards: list[tuple[str, Image.Image]]  # (card id, face) in print order
    per_page: int
    warnings: list[str] = field(default_factory=list)


def grid(paper_mm: tuple[float, float], card_mm: tuple[float, float]) -> tuple[int, int]:
    """(columns, rows) of cards that fit inside the margins."""
    usable_w, usable_h = paper_mm[0] - 2 * MARGIN_MM, paper_mm[1] - 2 * MARGIN_MM
    cols, rows = int(usable_w // card_mm[0]), int(usable_h // card_mm[1])
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_mm[0]:g}×{card_mm[1]:g} mm card does not fit on the paper")
    return cols, rows


def _cut_marks(d: ImageDraw.ImageDraw, xs: list[int], ys: list[int], size: tuple[int, int],
               dpi: int) -> None:
    mark, gap, width = mm_to_px(MARK_MM, dpi), mm_to_px(1.0, dpi), max(2, dpi // 150)
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    for x in xs:
        d.line((x, top - gap - mark, x, top - gap), fill=0, width=width)
        d.line((x, bottom + gap, x, bottom + gap + mark), fill=0, width=width)
    for y in ys:
        d.line((left - gap - mark, y, left - gap, y), fill=0, width=width)
        d.line((right + gap, y, right + gap + mark, y), fill=0, width=width)


def layout(faces: Iterable[Image.Image], card_mm: tuple[float, float], paper: str = "A4",
           dpi: int = DPI) -> list[Image.Image]:
    """Pages (RGB, ``dpi``) holding ``faces`` in order."""
    paper_mm = PAPER_MM[paper]
    cols, rows = grid(paper_mm, card_mm)
    pw, ph = mm_to_px(paper_mm[0], dpi), mm_to_px(paper_mm[1], dpi)
    cw, ch = mm_to_px(card_mm[0], dpi), mm_to_px(card_mm[1], dpi)
    left, top = (pw - cols * cw) // 2, (ph - rows * ch) // 2
    pages: list[Image.Image] = []
    d: ImageDraw.ImageDraw | None = None
    for i, face in enumerate(faces):
        slot = i % (cols * rows)
        if slot == 0:
            pages.append(Image.new("RGB", (pw, ph), (255, 255, 255)))
            d = ImageDraw.Draw(pages[-1])
            _cut_marks(d, [left + c * cw for c in range(cols + 1)],
                       [top + r * ch for r in range(rows + 1)], (pw, ph), dpi)
        pages[-1].paste(face.resize((cw, ch)) if face.size != (cw, ch) else face,
                        (left + (slot % cols) * cw, top + (slot // cols) * ch))
    return pages


def build(pack: Pack[Any, Any], paper: str = "A4", deck: str | None = None,
          dpi: int = DPI) -> Sheet:
    """Faces of every card of ``pack`` (or of one deck, with its copies), laid out."""
    faces = _faces_to_print(pack, deck)
    size = pack.format.size_mm
    rendered, warnings = [], []
    cache: dict[str, Image.Image] = {}
    for f in faces:
        if f["key"] not in cache:
            r = render_face(f, size, pack.folder, dpi)
            cache[f["key"]] = r.image
            warnings += r.warnings
        rendered.append((f["key"], cache[f["key"]]))
    cols, rows = grid(PAPER_MM[paper], size)
    pages = layout((img for _, img in rendered), size, paper, dpi)
    return Sheet(pages, rendered, cols * rows, warnings)


def shared_deck(pack: Pack[Any, Any]) -> str | None:
    """The deck a game whose players share one deck starts with (what ``print`` prints
    unless told otherwise), None for a game with a deck each."""
    info = rules.registry.info(pack.format.game)
    if not info.shared_deck or not pack.decks:
        return None
    return deck_order(info, pack.decks)[0]


def _faces_to_print(pack: Pack[Any, Any], deck: str | None) -> list[Face]:
    if deck is None:
        return pack.faces()
    if deck not in pack.decks:
        raise ValueError(f"no deck {deck!r}; the pack has: {', '.join(pack.decks) or 'none'}")
    if pack.format.deck_cards is None:
        raise ValueError(f"{pack.format.game} cannot list a deck's cards yet")
    return [pack.format.face(pack.cards[c]) for c in pack.format.deck_cards(pack.decks[deck])
            if c in pack.cards]


def save_pdf(pages: list[Image.Image], out: Path, dpi: int = DPI, title: str = "") -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    pages[0].save(out, "PDF", resolution=float(dpi), save_all=True, append_images=pages[1:],
                  title=title or out.stem, creator="Playtable")


def save_pngs(cards: list[tuple[str, Image.Image]], folder: Path, dpi: int = DPI) -> list[Path]:
    """One PNG per card (named after its id, made safe for file names)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for cid, img in dict(cards).items():
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in cid) or "card"
        p = folder / f"{safe}.png"
        img.save(p, dpi=(dpi, dpi))
        paths.append(p)
    return paths


def print_command(path: Path, out: Path, paper: str = "A4", png_dir: Path | None = None,
                  game: str | None = None, deck: str | None = None,
                  stream: TextIO | None = None) -> int:
    """``playtable print`` / ``tools/print_cards.py``: 0 when written, 1 on pack problems."""
    stream = stream or sys.stdout
    try:
        pack = load_pack(format_for(game or guess_game(path, rules.GAMES), rules.GAMES), path)
        deck = deck or shared_deck(pack)
        sheet = build(pack, paper, deck)
    except DataError as e:
        print("\n".join(e.errors), file=stream)
        return 1
    except (KeyError, ValueError) as e:
        print(f"{path}: {e.args[0]}", file=stream)
        return 1
    if not sheet.pages:
        print(f"{path}: nothing to print", file=stream)
        return 1
    for w in sheet.warnings:
        print(f"warning: {w}", file=stream)
    save_pdf(sheet.pages, out, title=f"{pack.format.game} cards")
    n = len(sheet.cards)
    what = f"{pack.format.deck_key} {deck!r}, every copy" if deck is not None else \
        f"one of each card of the pack; --deck NAME prints a {pack.format.deck_key}, " \
        "every copy"
    print(f"{out}: {n} card{'s' * (n != 1)} on {len(sheet.pages)} {paper} "
          f"page{'s' * (len(sheet.pages) != 1)} ({what})", file=stream)
    if png_dir is not None:
        print(f"{png_dir}: {len(save_pngs(sheet.cards, png_dir))} PNG files", file=stream)
    return 0
