"""Print and play: real-size faces at 300 dpi, pages of the paper's size, cut marks, PNGs."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from game.printing.face import render_face
from game.printing.sheet import build, grid, print_command
from rules import GAMES
from rules.core.packs import format_for, load_pack
from rules.core.paths import asset
from tests.cards.helpers import SUMMON, pack


def media_boxes(pdf: Path) -> list[tuple[float, float]]:
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    return [(float(w), float(h)) for w, h in boxes]


def test_a4_pdf_has_one_page_per_nine_cards_of_a4_size(tmp_path: Path) -> None:
    out = io.StringIO()
    pdf = tmp_path / "cards.pdf"
    assert print_command(asset("packs", "kyoukai"), pdf, "A4", tmp_path / "png",
                         stream=out) == 0
    boxes = media_boxes(pdf)
    assert len(boxes) == 3  # 27 cards, 3×3 per A4 page
    for w, h in boxes:
        assert abs(w - 595.28) < 0.5 and abs(h - 841.89) < 0.5
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert len(pngs) == 27
    with Image.open(pngs[0]) as im:
        assert im.size == (744, 1039)  # 63×88 mm at 300 dpi
        assert round(im.info["dpi"][0]) == 300
    assert "27 cards on 3 A4 pages" in out.getvalue()


def test_letter_and_a_deck_with_its_copies(tmp_path: Path) -> None:
    pdf = tmp_path / "deck.pdf"
    p = load_pack(format_for("kyoukai", GAMES), asset("packs", "kyoukai"))
    deck = p.decks["Ronin's Pride"]
    n = 1 + sum(deck.gates.values()) + sum(deck.spirits.values())
    assert print_command(asset("packs", "kyoukai"), pdf, "Letter", deck="Ronin's Pride",
                         stream=io.StringIO()) == 0
    boxes = media_boxes(pdf)
    assert len(boxes) == -(-n // 9)
    assert all(abs(w - 612) < 0.5 and abs(h - 792) < 0.5 for w, h in boxes)


def test_pages_have_cut_marks_in_the_margin_and_cards_inside() -> None:
    p = load_pack(format_for("krosmaster", GAMES), asset("packs", "krosmaster"))
    sheet = build(p, "A4")
    page = sheet.pages[0].convert("L")
    assert page.size == (2480, 3508)
    cols, rows = grid((210, 297), (63, 88))
    left = (2480 - cols * 744) // 2
    top = (3508 - rows * 1039) // 2
    # A mark above the first card edge, in the margin; blank paper between marks.

    def grey(x: int, y: int) -> int:
        value = page.getpixel((x, y))
        assert isinstance(value, int)
        return value

    assert grey(left, top - 30) < 80
    assert grey(left + 372, top - 30) > 250
    assert grey(left + 372, top + 500) < 255  # a card is drawn there


def test_text_that_does_not_fit_is_shrunk_then_flagged_never_cut_silently(tmp_path: Path
                                                                          ) -> None:
    short = load_pack(format_for("kyoukai", GAMES), asset("packs", "kyoukai")).faces()[0]
    assert render_face(short, (63, 88)).warnings == []
    longer = dict(short, blocks=[dict(short["blocks"][0], text="word " * 60)])
    assert render_face(longer, (63, 88)).warnings == []  # type: ignore[arg-type]
    huge = dict(short, blocks=[dict(short["blocks"][0], text="word " * 2000)])
    r = render_face(huge, (63, 88))  # type: ignore[arg-type]
    assert r.warnings == ["card 'Ronin Aki': text does not fit even at 5 pt; shorten it "
                          "(the printed face is marked)"]
    out = io.StringIO()
    folder = pack(tmp_path, a__toml=SUMMON + f'text = "{"word " * 2000}"\n')
    assert print_command(folder, tmp_path / "o.pdf", game="kyoukai", stream=out) == 0
    assert "warning: card 'Ok Cat': text does not fit" in out.getvalue()


def test_art_is_drawn_from_the_pack_and_an_escaping_path_is_refused(tmp_path: Path) -> None:
    folder = pack(tmp_path / "p", a__toml=SUMMON + 'art = "art/cat.png"\n')
    (folder / "art").mkdir()
    Image.new("RGB", (40, 30), (0, 200, 0)).save(folder / "art" / "cat.png")
    sheet = build(load_pack(format_for("kyoukai", GAMES), folder))
    face = sheet.cards[0][1]
    assert face.getpixel((372, 300)) == (0, 200, 0)

    (tmp_path / "secret.png").write_bytes((folder / "art" / "cat.png").read_bytes())
    (folder / "a.toml").write_text(SUMMON + 'art = "../secret.png"\n', encoding="utf-8")
    out = io.StringIO()
    assert print_command(folder, tmp_path / "o.pdf", game="kyoukai", stream=out) == 1
    assert out.getvalue().strip() == (f"{folder / 'a.toml'}:10: card 'Ok Cat': art: art path "
                                      "'../secret.png' leaves the pack folder")
    assert not (tmp_path / "o.pdf").exists()
