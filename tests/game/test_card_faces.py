"""Issue 5 on the table's faces: art from the pack folder fills the art window (cached, never
a crash), and text that does not fit is shrunk, then marked "… more", never cut silently."""

from __future__ import annotations

import dataclasses
import logging
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.draw.cards import (
    Block,
    CardFaces,
    FaceSpec,
    art_file,
    art_image,
    face_key,
    forget_art,
    least,
    render_face_fit,
)
from game.draw.palette import INK
from game.layouts import table_for
from game.layouts.krosmaster.table import face_spec as krosmaster_face
from game.layouts.kyoukai import face_spec as kyoukai_face
from rules import GAMES
from rules.core.packs import check_pack
from rules.core.paths import asset
from rules.krosmaster.cards import KrosmasterCard
from rules.krosmaster.pack import face as krosmaster_pack_face
from rules.kyoukai.cards import Gate
from rules.kyoukai.ruleset import load
from tests.cards.helpers import SUMMON, pack
from tests.game.conftest import Driver

ZOOM = (250, 350)
BOARD = (60, 84)
MAGENTA = (255, 0, 255)


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    forget_art()
    yield
    forget_art()


def _spec(**kw: Any) -> FaceSpec:
    base = FaceSpec(key="t", name="Test Card", type_label="Summon", colour=(60, 130, 80),
                    cost=2, stats=(("M", 1), ("A", 2), ("D", 0)),
                    blocks=(Block("Bite", "Fast", (190, 60, 50), "Deal 1 damage."),))
    return dataclasses.replace(base, **kw)


def _count(surf: pygame.Surface, colour: tuple[int, int, int]) -> int:
    w, h = surf.get_size()
    return sum(1 for x in range(w) for y in range(h) if surf.get_at((x, y))[:3] == colour)


def _png(path: Path, colour: tuple[int, int, int] = MAGENTA, size: tuple[int, int] = (8, 6)
         ) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    img = pygame.Surface(size)
    img.fill(colour)
    pygame.image.save(img, str(path))
    return path


def _gate(art: str | None) -> Gate:
    cards = load(asset("packs", "kyoukai").resolve())[0]
    return cards["wandering_lion"].model_copy(update={"art": art})


# ---- shrink to fit --------------------------------------------------------------------------

def test_short_text_keeps_the_normal_size() -> None:
    _, fit = render_face_fit(_spec(), ZOOM)
    assert fit is not None and fit.size == fit.normal and not fit.more
    assert fit.drawn == fit.rows == 2  # the skill's head and its one line


def test_long_text_is_shrunk_and_every_line_drawn() -> None:
    text = "Return a Gate from your discard pile to your hand, then draw a card. " * 5
    spec = _spec(blocks=(Block("Second Wind", "Fast", (190, 60, 50), text),
                         Block("Bite", "Passive", (60, 90, 150), text)),
                 flavour="It oozes along the border. " * 3)
    _, fit = render_face_fit(spec, ZOOM)
    assert fit is not None
    assert fit.size < fit.normal and fit.size >= max(8, round(fit.normal * 0.6))
    assert fit.drawn == fit.rows and not fit.more


def test_text_too_long_even_at_the_floor_is_marked_more() -> None:
    spec = _spec(blocks=(Block("Endless", "Fast", (60, 90, 150), "Words words words. " * 400),))
    surf, fit = render_face_fit(spec, ZOOM)
    assert fit is not None and fit.more
    assert fit.size == max(least(), round(fit.normal * 0.6))  # shrunk as far as it goes first
    assert 0 < fit.drawn < fit.rows
    red = [surf.get_at((x, y)) for x in range(surf.get_width()) for y in range(surf.get_height())]
    assert any(c.r > 140 and c.g < 90 and c.b < 90 for c in red)  # the red "… more" marker


def test_a_word_wider_than_the_box_is_split_not_clipped() -> None:
    _, fit = render_face_fit(_spec(blocks=(Block("", "", (0, 0, 0), "x" * 120),)), ZOOM)
    assert fit is not None and fit.rows >= 2 and not fit.more


def test_the_small_board_face_has_no_text_box() -> None:
    assert render_face_fit(_spec(), BOARD)[1] is None


# ---- art -------------------------------------------------------------------------------------

def test_art_from_the_pack_fills_the_art_window(tmp_path: Path) -> None:
    folder = pack(tmp_path / "p", a__toml=SUMMON + "art = 'art/x.png'\n")
    _png(folder / "art" / "x.png")
    assert check_pack("kyoukai", folder, GAMES) == []
    spec = kyoukai_face(_gate("art/x.png"), folder)
    assert spec.art == str((folder / "art" / "x.png").resolve())
    zoom = render_face_fit(spec, ZOOM)[0]
    board = render_face_fit(spec, BOARD)[0]
    # The 8×6 image is scaled to fill the window (cropped to its shape): many pixels of it.
    assert _count(zoom, MAGENTA) > 230 * 50
    assert _count(board, MAGENTA) > 40 * 20
    plain = kyoukai_face(_gate(None), folder)
    assert plain.art is None and _count(render_face_fit(plain, ZOOM)[0], MAGENTA) == 0


def test_art_is_cropped_to_fill_not_stretched(tmp_path: Path) -> None:
    img = pygame.Surface((40, 10))  # a wide image: its middle fills the window
    img.fill((0, 0, 255))
    img.fill(MAGENTA, (15, 0, 10, 10))
    path = tmp_path / "wide.png"
    pygame.image.save(img, str(path))
    surf = render_face_fit(_spec(art=str(path)), ZOOM)[0]
    assert _count(surf, MAGENTA) > 0
    assert _count(surf, (0, 0, 255)) > 0


def test_art_is_read_once_per_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(_png(tmp_path / "x.png"))
    loads: list[str] = []
    real = pygame.image.load

    def counting(p: str) -> pygame.Surface:
        loads.append(p)
        return real(p)

    monkeypatch.setattr(pygame.image, "load", counting)
    faces = CardFaces()
    for size in (ZOOM, BOARD, (132, 185)):
        faces.face(_spec(art=path), size)
        faces.face(_spec(art=path, key="other"), size)
    assert art_image(path) is not None and loads == [path]


def test_an_art_change_renders_a_new_face(tmp_path: Path) -> None:
    a, b = str(_png(tmp_path / "a.png")), str(_png(tmp_path / "b.png", (0, 255, 0)))
    faces = CardFaces()
    first = faces.face(_spec(art=a), ZOOM)
    assert faces.face(_spec(art=a), ZOOM) is first  # cached
    second = faces.face(_spec(art=b), ZOOM)
    assert second is not first and face_key(_spec(art=a)) != face_key(_spec(art=b))
    assert _count(second, (0, 255, 0)) > 0 and _count(second, MAGENTA) == 0


@pytest.mark.parametrize("art", ["../outside.png", "/etc/passwd", "sub/../../outside.png"])
def test_art_escaping_the_pack_falls_back_to_the_plain_face(
        tmp_path: Path, art: str, caplog: pytest.LogCaptureFixture) -> None:
    _png(tmp_path / "outside.png")
    folder = pack(tmp_path / "p", a__toml=SUMMON + f"art = '{art}'\n")
    errors = check_pack("kyoukai", folder, GAMES)  # the pack check refuses it …
    assert len(errors) == 1 and ": art: art path " in errors[0]
    with caplog.at_level(logging.WARNING, logger="playtable.cards"):
        spec = kyoukai_face(_gate(art), folder)  # … and the table never reads it
    assert spec.art is None
    assert any("art path" in r.getMessage() for r in caplog.records)
    assert _count(render_face_fit(spec, ZOOM)[0], MAGENTA) == 0


def test_missing_or_unreadable_art_falls_back_with_one_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "broken.png").write_bytes(b"not a png")
    with caplog.at_level(logging.WARNING, logger="playtable.cards"):
        for name in ("missing.png", "broken.png"):
            path = art_file(tmp_path, f"art/{name}")
            assert path is not None
            faces = CardFaces()
            for size in (ZOOM, BOARD):
                surf = faces.face(_spec(art=path), size)
                assert surf.get_size() == size
            faces.face(_spec(art=path, key="again"), ZOOM)
    warned = [r.getMessage() for r in caplog.records]
    assert len(warned) == 2  # one line per image, however many faces use it
    assert all("cannot read it" in w and "\n" not in w for w in warned)


def test_layouts_resolve_art_in_the_games_pack_folder(tmp_path: Path) -> None:
    assert table_for("kyoukai").pack_folder() == asset("packs", "kyoukai")
    assert table_for("krosmaster", pack=tmp_path).pack_folder() == tmp_path


def test_krosmaster_cards_take_art_and_keep_their_hashes_without_it(tmp_path: Path) -> None:
    data = {"name": "Iron Brawler", "level": 4, "initiative": 3, "mp": 3, "hp": 12, "ap": 6,
            "spells": [{"name": "Smash", "ap": 3, "range": [1, 1], "damage": 3}]}
    plain = KrosmasterCard.model_validate(data)
    assert "art" not in plain.model_dump(mode="json")  # saved records' card hashes hold
    drawn = KrosmasterCard.model_validate({**data, "art": "art/brawler.png"})
    assert drawn.model_dump(mode="json")["art"] == "art/brawler.png"
    assert krosmaster_pack_face(drawn)["art"] == "art/brawler.png"
    _png(tmp_path / "art" / "brawler.png")
    spec = krosmaster_face(drawn, tmp_path)
    assert spec.art is not None and _count(render_face_fit(spec, ZOOM)[0], MAGENTA) > 1000


def test_the_shipped_sample_art_is_ours_and_small() -> None:
    folder = asset("packs", "kyoukai")
    art = folder / "art" / "wandering_lion.png"
    assert art.stat().st_size < 20_000
    assert "CC0" in (folder / "art" / "LICENCE.txt").read_text(encoding="utf-8")
    assert kyoukai_face(load(folder.resolve())[0]["wandering_lion"], folder).art == \
        str(art.resolve())


# ---- hot reload ------------------------------------------------------------------------------

def test_hot_reload_of_an_art_change_redraws_the_face(
        table: Callable[..., Driver], tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    _png(folder / "art" / "aki.png")
    d = table(seed=3, options={"pack": str(folder)})
    d.frames(3)
    view = d.scene.session.view(d.scene.viewer)
    aki = next(i for i, c in view.cards.items() if c == "ronin_aki")
    spec = d.scene.layout.face(aki)
    assert spec is not None and spec.art is None
    before = d.app.faces.face(spec, ZOOM)
    assert _count(before, MAGENTA) == 0

    cards = folder / "entrants.toml"
    text = cards.read_text(encoding="utf-8")
    marker = 'id = "ronin_aki"\n'
    assert marker in text
    cards.write_text(text.replace(marker, marker + 'art = "art/aki.png"\n', 1),
                     encoding="utf-8")
    end = time.monotonic() + 10
    while time.monotonic() < end:
        d.frames()
        spec = d.scene.layout.face(aki)
        if spec is not None and spec.art is not None:
            break
        time.sleep(0.005)
    assert spec is not None and spec.art == str((folder / "art" / "aki.png").resolve())
    after = d.app.faces.face(spec, ZOOM)
    assert after is not before and _count(after, MAGENTA) > 1000
    d.app.draw()


def _columns_of(surf: pygame.Surface, colour: tuple[int, int, int], rows: range) -> list[int]:
    w = surf.get_width()
    return [x for x in range(w) for y in rows if surf.get_at((x, y))[:3] == colour]


def test_the_cost_is_top_right_and_a_lone_stat_value_bottom_right_as_bos_rules_say() -> None:
    # BOS's seed: the vim cost "is found on the top-right of the spell", Strength "on the
    # bottom right of the summon"; the print and the board-sized face already had them there.
    surf, _ = render_face_fit(_spec(stats=(("S", 8),)), ZOOM)
    gem = _columns_of(surf, (150, 190, 255), range(0, ZOOM[1] // 6))  # the gem's rim
    assert gem and min(gem) > ZOOM[0] * 2 // 3
    bottom = range(ZOOM[1] - ZOOM[1] // 10, ZOOM[1])
    ink = _columns_of(surf, INK, bottom)
    assert ink and max(ink) > ZOOM[0] * 3 // 4  # the value's ink at the right end
