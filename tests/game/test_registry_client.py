"""The client follows the registered GameInfos: the menu's game list and deck word, the tables
by import string, hot-seat hands hidden only in games with hidden information."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.layouts import decks_for, playable, table_for
from game.layouts.kyoukai import KyoukaiTable
from game.scenes.menu import MenuScene
from rules import registry
from tests import fakegame
from tests.game.conftest import Driver

# The tiny game has no table of its own; for the menu any layout class will do.
STAND_IN_TABLE = "game.layouts.kyoukai:KyoukaiTable"


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[Path]:
    pack = fakegame.write_pack(tmp_path / "tinypack")
    registry.register(fakegame.info(pack, table=STAND_IN_TABLE))
    try:
        yield pack
    finally:
        registry.unregister("tiny")


def _labels(dropdown: object) -> list[str]:
    return [o[0] if isinstance(o, tuple) else o for o in dropdown.options_list]  # type: ignore


def _choose_game(d: Driver, label: str) -> MenuScene:
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    menu.game.selected_option = (label, f"#{label.lower()}")
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.game, text=label)
    d.frames()
    assert isinstance(d.app.scene, MenuScene)
    return d.app.scene


def _deck_label(menu: MenuScene) -> str:
    texts = [e.text for e in menu.panel.get_container().elements
             if isinstance(e, pygame_gui.elements.UILabel)]
    return next(t.strip() for t in texts if t.startswith("   "))


def test_a_game_registered_at_run_time_is_in_the_menu(tiny: Path,
                                                      menu: Callable[[], Driver]) -> None:
    assert "tiny" in playable()
    assert decks_for("tiny") == ["Alpha", "Zed"]  # by name, as new_game picks them
    d = menu()
    first = d.app.scene
    assert isinstance(first, MenuScene) and "Tiny" in _labels(first.game)
    m = _choose_game(d, "Tiny")
    cfg = m.config()
    # the decks new_game would take (by name), listed in pack order
    assert cfg.game == "tiny" and cfg.options["decks"] == ["Alpha", "Zed"]
    assert _labels(m.deck[0]) == ["Zed", "Alpha"]
    assert _deck_label(m) == "pile"  # the GameInfo's deck word


def test_a_game_without_a_table_is_not_offered(tmp_path: Path,
                                               menu: Callable[[], Driver]) -> None:
    registry.register(fakegame.info(fakegame.write_pack(tmp_path / "p"), table=None))
    try:
        assert "tiny" not in playable()
        with pytest.raises(KeyError, match="no table layout for 'tiny'"):
            table_for("tiny")
        scene = menu().app.scene
        assert isinstance(scene, MenuScene) and "Tiny" not in _labels(scene.game)
    finally:
        registry.unregister("tiny")


def test_tables_come_from_the_info_import_string(tmp_path: Path) -> None:
    layout = table_for("kyoukai", None, tmp_path)
    assert isinstance(layout, KyoukaiTable) and layout.pack == tmp_path


def test_the_menu_says_team_for_a_game_whose_word_is_team(menu: Callable[[], Driver]) -> None:
    d = menu()
    assert _deck_label(_choose_game(d, "Kyoukai")) == "deck"
    m = _choose_game(d, "Krosmaster Arena")
    assert _deck_label(m) == "team" and m.decks_button.text == "Teams…"


def test_hot_seat_without_hidden_information_hands_over_but_hides_nothing(
        table: Callable[..., Driver]) -> None:
    assert not registry.info("krosmaster").hidden_information
    d = table(game="krosmaster", seed=1, seats=("human", "human"), options={})
    s = d.scene.session
    start = s.state.active
    assert d.scene.viewer == start
    for _ in range(40):  # end every activation of the first player with Space
        if s.state.active != start:
            break
        d.key(pygame.K_SPACE)
    assert s.state.active == 1 - start
    assert d.scene.handler.name == "handover" and not d.scene.hide_hands
    d.click((640, 400))
    assert d.scene.viewer == 1 - start and d.scene.legal()


def test_hot_seat_with_hidden_information_hides_hands_during_the_hand_over(
        table: Callable[..., Driver]) -> None:
    assert registry.info("kyoukai").hidden_information
    d = table(game="kyoukai", seed=1, seats=("human", "human"), options={})
    s = d.scene.session
    start = s.to_act()
    for _ in range(60):  # Space ends steps and passes until the other player decides
        if s.to_act() != start:
            break
        d.key(pygame.K_SPACE)
    assert s.to_act() == 1 - start
    assert d.scene.handler.name == "handover" and d.scene.hide_hands
