"""Issue 36 items 1, 3, 4 and 7 in the client: a game package's own How to play page, one
shared deck in the menu, its own options as menu controls built from its options model and
from ``playtable --option``; the designer-mode box says what it does for the game; Esc from
the replay viewer goes back to the game the menu was on."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from game.__main__ import config, parse
from game.scenes.howto import HowToScene, page_text
from game.scenes.menu import MenuScene, designer_tip
from game.scenes.replay import ReplayScene
from rules import registry
from rules.records import append, new_record, replay_full
from tests import fakegame
from tests.game.conftest import Driver
from tests.game.test_help import _texts

PAGE = "# Tiny\nTake a tile from your pile; the higher total wins.\n- Piles are dealt in turn.\n"


@pytest.fixture
def plug_in(tmp_path: Path) -> Iterator[Path]:
    """The tiny game as a package declares it: its own page, one shared pile, its options."""
    pack = fakegame.write_pack(tmp_path / "tinypack")
    page = tmp_path / "howto.txt"
    page.write_text(PAGE, encoding="utf-8")
    info = fakegame.info(pack, table="game.layouts.kyoukai:KyoukaiTable")
    registry.register(dataclasses.replace(info, shared_deck=True, howto=page))
    try:
        yield page
    finally:
        registry.unregister("tiny")


def _labels(m: MenuScene) -> list[str]:
    return [e.text for e in m.elements if isinstance(e, UILabel)]


def _on_tiny(d: Driver) -> MenuScene:
    m = d.app.scene
    assert isinstance(m, MenuScene)
    m.game.selected_option = ("Tiny", "#tiny")  # type: ignore[assignment]
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=m.game, text="Tiny")
    d.frames()
    m = d.app.scene
    assert isinstance(m, MenuScene) and m.config().game == "tiny"
    return m


def test_how_to_play_is_the_page_the_game_declares(plug_in: Path,
                                                   menu: Callable[[], Driver]) -> None:
    assert page_text("tiny") == PAGE
    d = menu()
    m = _on_tiny(d)
    d.click(m.howto.rect.center)
    assert isinstance(d.app.scene, HowToScene)
    shown = " ".join(_texts(d))
    assert "How to play Tiny" in shown and "the higher total wins" in shown


def test_a_declared_page_that_is_missing_or_too_big_says_so(plug_in: Path) -> None:
    plug_in.write_bytes(b"x" * 70_000)
    assert "cannot be read" in page_text("tiny") and str(plug_in) in page_text("tiny")
    plug_in.unlink()
    assert page_text("tiny") == "# Tiny\nThere is no how-to-play page for this game yet."


def test_a_shared_deck_game_shows_one_deck_in_the_menu(plug_in: Path,
                                                       menu: Callable[[], Driver]) -> None:
    d = menu()
    m = _on_tiny(d)
    assert len(m.deck) == 1 and "Pile (shared)" in _labels(m)
    assert m.config().options["decks"] == ["Alpha"]
    assert sum(isinstance(c, UIDropDownMenu) for c in m.controls()) == 1 + 4 + 1 + 1 + 1
    # (game, two seats and levels, the shared pile, the pack, the bonus_to choice)


def test_the_game_s_options_are_menu_controls_from_its_model(plug_in: Path,
                                                             menu: Callable[[], Driver]) -> None:
    d = menu()
    m = _on_tiny(d)
    rows = {r.spec.name: r for r in m.option_rows}
    assert list(rows) == ["bonus", "bonus_to", "double"]
    bonus, to, double = rows["bonus"], rows["bonus_to"], rows["double"]
    assert isinstance(bonus.entry, UITextEntryLine) and bonus.plus and bonus.minus
    assert isinstance(to.menu, UIDropDownMenu) and isinstance(double.check, UICheckBox)
    assert bonus.about is not None and bonus.about.tool_tip_text == "Added to one player's total"
    assert {"Bonus", "Bonus to", "Double", "0 to 9"} <= set(_labels(m))
    for _ in range(3):
        d.click(bonus.plus.rect.center)
    d.click(bonus.minus.rect.center)
    d.click(double.check.rect.center)
    to.menu.selected_option = ("2", "#2")  # type: ignore[assignment]
    opts = m.config().options
    assert (opts["bonus"], opts["bonus_to"], opts["double"]) == (2, 2, True)
    state = registry.get("tiny").new_game(seed=1, options=opts)
    assert state.totals == (0, 4)  # the rules read what the menu set
    bonus.entry.set_text("42")
    assert m.config().options["bonus"] == 9  # held to the option's range
    m.resize(d.app.size)  # the menu is rebuilt (a new window size): the choices stay
    again = {r.spec.name: r.value() for r in m.option_rows}
    assert again == {"bonus": 9, "bonus_to": 2, "double": True}


def test_playtable_option_is_checked_against_the_game(plug_in: Path) -> None:
    cfg = config(parse(["--game", "tiny", "--option", "bonus=3", "--option", "double=yes"]))
    assert cfg is not None and cfg.game == "tiny"
    assert cfg.options == {"bonus": 3, "double": True}
    with pytest.raises(SystemExit, match=r"--option bonus=x: bonus: expected a whole number, "
                                         r"got 'x'"):
        config(parse(["--game", "tiny", "--option", "bonus=x"]))
    with pytest.raises(SystemExit, match=r"Tiny has no option 'colour'"):
        config(parse(["--game", "tiny", "--option", "colour=red"]))


def test_designer_mode_says_what_it_does_for_the_game() -> None:
    assert designer_tip("Kyoukai", True) == ("Undo passes draws, shuffles and reveals; a "
                                             "freeform step carries out a card by hand")
    assert designer_tip("Tiny", False) == ("Undo passes draws, shuffles and reveals (Tiny has "
                                           "no manual effects: no freeform steps)")


def test_designer_box_tooltip_follows_the_game(plug_in: Path,
                                               menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene) and "freeform step" in str(m.designer.tool_tip_text)
    m = _on_tiny(d)
    assert "Tiny has no manual effects" in str(m.designer.tool_tip_text)


def test_esc_from_a_replay_goes_back_to_the_game_the_menu_was_on(
        menu: Callable[[], Driver]) -> None:
    d = menu()  # on Kyoukai
    m = d.app.scene
    assert isinstance(m, MenuScene)
    m.game.selected_option = ("BOS", "#bos")  # type: ignore[assignment]
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=m.game, text="BOS")
    d.frames()
    rs = registry.get("kyoukai")
    rec = new_record("kyoukai", 1, {}, ("human", "human"))
    rec = append(rec, rs.legal_intents(rs.new_game(seed=1))[0])
    d.app.start_replay(rec, replay_full(rec))  # a Kyoukai replay watched from the menu
    assert isinstance(d.app.scene, ReplayScene)
    d.key(pygame.K_ESCAPE)
    back = d.app.scene
    assert isinstance(back, MenuScene) and back.config().game == "bos"
