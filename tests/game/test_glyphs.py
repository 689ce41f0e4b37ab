"""Every character the client draws is in the font it is drawn with: no empty boxes ("→" was
one, in labels, menus and the log)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game import gallery
from game.app import App
from game.draw import glyphs
from game.draw.text import TEXT
from game.scenes.table import TableScene
from game.session import GameConfig
from rules.agents import GreedyAgent
from rules.core.paths import asset
from tests.badfiles.corpus import HAZARDS


def _table_lacks(text: str) -> set[str]:
    """What the table's text drawing cannot show (its font and the fallback both lack)."""
    fb = glyphs.fallback_path()
    return {ch for ch in glyphs.missing(text) if fb is None or not glyphs.has_glyph(str(fb), ch)}


def _ui_lacks(text: str) -> set[str]:
    return glyphs.missing(text, str(glyphs.ui_font_path()))


def _widget_texts(app: App) -> list[str]:
    """The texts of the widgets up now; pygame-gui's own drop-down arrows (which it draws
    itself, not from the font) left out."""
    return [e.text for e in app.manager.get_sprite_group().sprites()
            if isinstance(getattr(e, "text", None), str)
            and not e.most_specific_combined_id.endswith(("expand_button", "close_button"))]


def test_the_fonts_lack_the_arrow_so_the_check_can_fail() -> None:
    pygame.init()
    assert glyphs.missing("a → b") == {"→"}
    assert _ui_lacks("a → b") == {"→"}
    assert not _ui_lacks(glyphs.ui_text("a → b"))
    assert not _table_lacks("Counter Spark → Ronin Aki (D4)")


def test_the_table_draws_the_arrow_not_a_box() -> None:
    app = App((640, 400))
    try:
        main = pygame.font.Font(None, 40)
        box = pygame.image.tobytes(main.render("\ue000", True, (255, 255, 255)), "RGBA")
        arrow = TEXT.get("→", 40, (255, 255, 255))
        assert arrow.get_width() > 4
        assert pygame.image.tobytes(arrow, "RGBA") != box
        plain = pygame.image.tobytes(main.render("→", True, (255, 255, 255)), "RGBA")
        assert pygame.image.tobytes(arrow, "RGBA") != plain
    finally:
        app.close()


@pytest.mark.parametrize(("game", "seed"), [("kyoukai", 6087), ("krosmaster", 2)])
def test_every_string_of_a_played_game_has_its_glyphs(game: str, seed: int) -> None:
    app = App((1280, 720), game=GameConfig(game=game, seed=seed, agent_delay=0.0,
                                           autosave=False, seats=("human", "human")))
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        s = scene.session
        agents = (GreedyAgent(seed), GreedyAgent(seed + 1))
        labels: set[str] = set()
        widgets: set[str] = set()
        for _ in range(400):
            p = s.to_act()
            if p is None:
                break
            legal = s.legal()
            labels |= {scene.layout.describe(i) for i in legal}
            s.submit(agents[p].choose(s.rs, s.view(p), legal))
            app.frame(0.016)
            widgets |= set(_widget_texts(app))
        drawn = set(TEXT.drawn()) | set(s.log) | labels
        assert any("→" in t for t in drawn)  # the arrow is really used
        table = {t: _table_lacks(t) for t in drawn}
        assert not {t: m for t, m in table.items() if m}
        # menu entries and hover labels are pygame-gui buttons: their text goes by ui_text
        ui = {t: _ui_lacks(t) for t in widgets | {glyphs.ui_text(x) for x in labels}}
        assert not {t: m for t, m in ui.items() if m}
    finally:
        app.close()


def test_every_widget_on_every_screen_has_its_glyphs() -> None:
    app = App((1280, 720))
    try:
        bad = {}
        for name in gallery.screens(app):
            for t in [*_widget_texts(app), *TEXT.drawn()]:
                lacks = _ui_lacks(t) if t in _widget_texts(app) else _table_lacks(t)
                if lacks:
                    bad[(name, t)] = lacks
        assert not bad
    finally:
        app.close()


# Issue 33 item 3: a card name holding one of these crashed the BOS and Nullshapers tables
# ("A null character", "Text has zero width" from drawing the character alone).
UNDRAWN = ["\x00", "\u200b", "\u202e", "\u00ad", "\ufeff", "\x01", "\U000e0001", "\ud800"]


@pytest.mark.parametrize("ch", UNDRAWN)
def test_no_character_makes_the_text_drawing_raise(ch: str) -> None:
    pygame.init()
    main = pygame.font.Font(None, 30)
    fb = glyphs.fallback_path()
    for text in (ch, ch * 3, f"Cinder{ch}Imp", f"→{ch}", f"{ch}→ Imp"):
        assert not glyphs.has_glyph(None, ch)
        assert fb is None or not glyphs.has_glyph(str(fb), ch)
        assert ch in glyphs.missing(text)
        surf = glyphs.render(main, text, (255, 255, 255))
        assert surf.get_width() == glyphs.render(main, text.replace(ch, ""),
                                                 (255, 255, 255)).get_width()
        assert ch not in glyphs.ui_text(text)


@pytest.mark.parametrize("game", ["bos", "nullshapers"])
def test_a_table_draws_card_names_holding_undrawn_characters(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """The same names on the table, as from a pack read before ``check`` refused them."""
    monkeypatch.setattr("rules.core.packs.text_problems", lambda data: [], raising=False)
    folder = tmp_path / game
    shutil.copytree(asset("packs", game), folder)
    for n, path in enumerate(sorted(folder.glob("*.toml"))):
        escape = HAZARDS[list(HAZARDS)[n % len(HAZARDS)]]
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('\nname = "', f'\nname = "{escape}'), encoding="utf-8")
    app = App((1280, 720), game=GameConfig(game=game, seed=1, agent_delay=0.0, autosave=False,
                                           seats=("human", "human"),
                                           options={"pack": str(folder)}))
    try:
        assert isinstance(app.scene, TableScene)
        for _ in range(3):
            app.frame(0.016)
        drawn = TEXT.drawn()
        assert any(any(c in t for c in "\x00\u200b\u202e\u00ad\ufeff") for t in drawn)
    finally:
        app.close()
