"""Issue 34 item 14: nothing drawn on a card or a panel covers another thing drawn there.
An upright card's pills (Nullshapers' "→ Crystal" and "ATK 4 · DEF 3", BOS's "Strength 11")
stack in rows inside the card's width above its stats row, and a long one ("face down ·
condition not met") wraps onto more lines rather than running past its card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.draw.card_states import CardLook, pill_rects, pill_texts
from game.draw.cards import FaceSpec, stats_top
from game.draw.scale import px, set_scale
from game.draw.text import TextRecorder, font, reset_fonts
from game.layouts.regions import RegionTable
from game.scenes.table import TableScene
from tests.game.test_top_bar import (
    SIZES,
    _table,
    scaled,  # noqa: F401 (a fixture)
)


@pytest.fixture(params=[1.0, 1.5])
def ui(request: pytest.FixtureRequest) -> Iterator[None]:
    pygame.init()
    reset_fonts()
    set_scale(request.param)
    yield
    set_scale(1.0)


def _agent() -> FaceSpec:
    return FaceSpec(key="t-brawler", name="Scrap Brawler", type_label="Agent",
                    colour=(40, 90, 160), cost=1, stats=(("A", 4), ("D", 3)), blocks=())


def _pills(box: pygame.Rect, look: CardLook) -> list[pygame.Rect]:
    return pill_rects(box, look, [t.get_size() for t in pill_texts(box, look)])


@pytest.mark.usefixtures("ui")
@pytest.mark.parametrize("size", [(46, 64), (60, 84), (80, 112)])  # staging cards, 1024..1920
def test_staging_pills_keep_apart_inside_the_card_above_its_stats(size: tuple[int, int]
                                                                  ) -> None:
    look = CardLook(1, _agent(), counters=(("→ Crystal", (90, 60, 160)),
                                           ("ATK 4 · DEF 3", (90, 60, 160))))
    box = pygame.Rect(300, 200, px(size[0]), px(size[1]))
    pills = _pills(box, look)
    for k, a in enumerate(pills):
        for b in pills[k + 1:]:
            assert not a.colliderect(b), (a, b)
    stats = box.top + stats_top(box.size)
    for p in pills:
        assert p.bottom <= stats, f"pill {p} covers the stats row from y={stats} of {box}"
    widest = max(t.get_width() for t in pill_texts(box, look))
    if widest + 8 <= box.w - 4:  # each fits across the card: none hangs past its edges
        assert all(box.left <= p.left and p.right <= box.right for p in pills), (box, pills)


@pytest.mark.usefixtures("ui")
def test_a_long_boss_pill_wraps_inside_its_card() -> None:
    boss = FaceSpec(key="t-boss", name="Leviathan", type_label="Boss", colour=(40, 90, 160),
                    cost=None, stats=(("S", 14),), blocks=())
    box = pygame.Rect(300, 200, px(72), px(100))  # a boss at 1024x600
    look = CardLook(2, boss, counters=(("face down · condition not met", (110, 110, 110)),))
    (pill,) = _pills(box, look)
    assert box.left <= pill.left and pill.right <= box.right, (box, pill)
    (text,) = pill_texts(box, look)
    assert text.get_height() > 1.5 * font(13, True).get_height()  # on more than one line


def _texts(app: App) -> list[tuple[str, pygame.Rect]]:
    """The texts of a frame drawn whole (the regions' kept layer is a picture, not texts)."""
    scene = app.scene
    assert isinstance(scene, TableScene) and isinstance(scene.layout, RegionTable)
    scene.layout._layer = None
    rec = TextRecorder(app.size)
    screen, app.screen = app.screen, rec
    try:
        app.draw()
    finally:
        app.screen = screen
    return rec.texts


@pytest.mark.parametrize("game", ["dreadnought", "nullshapers"])
def test_nothing_on_the_table_is_drawn_over_an_open_pile(game: str, tmp_path: Path) -> None:
    """The Log (Dreadnought) or the cache (Nullshapers) opened to browse: the banner, the
    "N of 3 size left" notes and the durability marks stay under its panel."""
    app = _table(game, (1280, 720), 1.0, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        layout = scene.layout
        assert isinstance(layout, RegionTable)
        book = next(p.id for p in layout.placed if p.region.kind == "book"
                    and not p.region.inline and p.owner == 0)
        layout.toggle_book(book)
        texts = _texts(app)
        title = next(k for k, (t, _) in enumerate(texts) if "click outside to close" in t)
        over = [(t, r) for t, r in texts[title + 1:] if r.colliderect(layout.browse)
                and not layout.side_rect().colliderect(r)]
        assert not over, f"drawn over the open pile's panel {layout.browse}: {over}"
    finally:
        app.close()


@pytest.mark.usefixtures("scaled")
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_a_battle_areas_room_note_keeps_off_its_label(size: tuple[int, int], ui: float,
                                                       tmp_path: Path) -> None:
    app = _table("dreadnought", size, ui, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        scene.layout._flash_until = 0  # type: ignore[attr-defined]  # the speed flash is over
        texts = _texts(app)
        labels = [r for t, r in texts if t.startswith(("Left Bat", "Right Bat"))]
        notes = [(t, r) for t, r in texts if t.endswith(" left") and t[0].isdigit()]
        assert len(labels) == 4 and len(notes) == 4, (labels, notes)
        for t, r in notes:
            apart = r.inflate(2 * px(5), 0)  # a word's gap at least between them
            assert not any(apart.colliderect(lab) for lab in labels), f"{t!r} at {r} on a label"
    finally:
        app.close()


def test_the_game_over_words_stand_on_their_own_card(tmp_path: Path) -> None:
    """Whatever the table shows under the game-over curtain (a Dreadnought banner), none of
    it shows through around the winner's name and the subtitle."""
    app = _table("dreadnought", (1280, 720), 1.0, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        shots = []
        for behind in ((255, 255, 255), (0, 0, 0)):
            surf = pygame.Surface(app.size)
            surf.fill(behind)
            scene._curtain(surf, "Player 1 wins!", "Play again with the next seed, or go to "
                           "the menu.")
            words = pygame.Rect(0, 0, px(420), px(60))  # from the title to the subtitle
            words.center = (app.size[0] // 2, app.size[1] // 2 - px(25))
            shots.append(pygame.image.tobytes(surf.subsurface(words), "RGB"))
        assert shots[0] == shots[1], "the table behind shows through the game-over words"
    finally:
        app.close()
