"""Issue 34 item 18: every screen names a game by its declared ``GameInfo.title`` ("BOS",
"Krosmaster Arena"), never its id capitalised ("Bos", "Krosmaster"); a plug-in's title too."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame_gui
import pytest

from game.layouts import playable
from game.scenes.decks import DeckScene
from game.scenes.howto import HowToScene, page_text
from game.scenes.menu import MenuScene
from rules import registry
from rules.core.newgame import shipped_pack
from tests import fakegame
from tests.game.conftest import Driver
from tests.game.test_help import _texts

PLUG_IN_TITLE = "Tiny Tiles"  # not "Tiny", what capitalising its id would say


@pytest.fixture
def plug_in(tmp_path: Path) -> Iterator[Path]:
    pack = fakegame.write_pack(tmp_path / "tinypack")
    info = fakegame.info(pack, table="game.layouts.kyoukai:KyoukaiTable")
    registry.register(dataclasses.replace(info, title=PLUG_IN_TITLE))
    try:
        yield pack
    finally:
        registry.unregister("tiny")


def _labels(dropdown: object) -> list[str]:
    return [o[0] if isinstance(o, tuple) else o for o in dropdown.options_list]  # type: ignore


def test_shipped_titles_differ_from_capitalised_ids() -> None:
    # the test below would prove nothing if every title were the id capitalised
    assert registry.info("bos").title == "BOS"
    assert registry.info("krosmaster").title == "Krosmaster Arena"


def test_the_menu_lists_each_game_by_its_title(plug_in: Path,
                                                menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    assert _labels(m.game) == [registry.info(g).title for g in playable()]
    assert PLUG_IN_TITLE in _labels(m.game)
    m.game.selected_option = (PLUG_IN_TITLE, "#tiny")  # type: ignore[assignment]
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=m.game, text=PLUG_IN_TITLE)
    d.frames()
    m = d.app.scene
    assert isinstance(m, MenuScene) and m.config().game == "tiny"


def test_how_to_play_is_headed_by_the_title(plug_in: Path,
                                            menu: Callable[[], Driver]) -> None:
    assert page_text("tiny").startswith(f"# {PLUG_IN_TITLE}\n")  # no page of its own
    d = menu()
    back = d.app.scene
    assert isinstance(back, MenuScene)
    d.app.scene = HowToScene(d.app, back, "krosmaster")
    assert "How to play Krosmaster Arena" in _texts(d)


def test_the_deck_screen_is_headed_by_the_title(menu: Callable[[], Driver]) -> None:
    d = menu()
    d.app.scene = DeckScene(d.app, "bos", shipped_pack(registry.info("bos")))
    shown = _texts(d)
    assert "Decks · BOS" in shown and "Decks · Bos" not in shown


@pytest.mark.parametrize("game", ["bos", "krosmaster"])
def test_the_table_log_opens_with_the_title(table: Callable[..., Driver], game: str) -> None:
    d = table(game=game, seed=1, seats=("human", "computer"))
    assert f"New game: {registry.info(game).title}, seed 1." == d.scene.log.entries[0]
