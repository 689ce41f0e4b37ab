"""The deck screen (issue 5): reached from the menu, filters by type and text, copies under the
game's deck rules (the next add refused with the rule's message), save, and the saved deck in
the menu and in the rules. Real posted events on a headless window."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

import pygame
from pygame_gui.elements import UIDropDownMenu

import rules
from game.packs import game_options, shipped_pack
from game.scenes.decks import DeckScene
from game.scenes.menu import MenuScene
from game.userdata import user_decks_dir
from rules.core.paths import asset
from tests.game.conftest import Driver


def _pick(d: Driver, dd: UIDropDownMenu, option: str) -> None:
    """Open a dropdown and click one of its options."""
    d.click(dd.rect.center)
    d.frames(2)
    items = dd.current_state.options_selection_list.item_list  # type: ignore[attr-defined]
    button = next(i["button_element"] for i in items if i["text"] == option)
    d.click(button.rect.center)
    d.frames(2)


def _type(d: Driver, entry: object, text: str) -> None:
    d.click(entry.rect.center)  # type: ignore[attr-defined]
    for ch in text:
        d.post(pygame.TEXTINPUT, text=ch)
        d.frames()
    d.frames(2)


def _decks(d: Driver) -> DeckScene:
    assert isinstance(d.app.scene, DeckScene)
    return d.app.scene


def _click_card(d: Driver, cid: str, button: int = 1) -> None:
    sc = _decks(d)
    sc._layout()
    pos = sc.card_rects[cid].center
    d.move(pos)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    d.frames()
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
    d.frames()


def test_filter_copies_save_and_play(menu: Callable[[], Driver]) -> None:
    d = menu()
    d.frames(2)
    assert isinstance(d.app.scene, MenuScene)
    d.click(d.app.scene.decks_button.rect.center)
    sc = _decks(d)
    assert len(sc.shown()) == 27

    _pick(d, sc.type_menu, "Summon")
    kinds = {sc.faces[c]["kind"] for c in sc.shown()}
    assert kinds == {"summon"} and len(sc.shown()) > 3
    _type(d, sc.filter, "lion")
    assert sc.shown() == ["wandering_lion"]
    d.app.draw()

    for _ in range(3):
        _click_card(d, "wandering_lion")
    assert sc.count("wandering_lion") == 3
    _click_card(d, "wandering_lion")  # a 4th copy breaks the copies rule
    assert sc.count("wandering_lion") == 3
    assert sc.status_error and "at most 3" in sc.status
    _click_card(d, "wandering_lion", button=3)  # right-click takes one out
    assert sc.count("wandering_lion") == 2

    # Fill a legal deck: an Entrant and 20 Gates, by clicks through the filters.
    sc.filter.set_text("")
    sc.text = ""
    _pick(d, sc.type_menu, "Entrant")
    _click_card(d, "ronin_aki")
    _pick(d, sc.type_menu, "All types")
    gates = [c for c, f in sc.faces.items() if f["kind"] in ("summon", "normal", "fast")]
    for cid in gates:
        while sc.count(cid) < 2 and len(sc.copies) < 21:
            sc.scroll = 0
            sc._layout()
            if cid not in sc.card_rects:  # below the fold: scroll down with the wheel
                while cid not in sc.card_rects:
                    d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                           precise_y=-1.0, touch=False)
                    d.frames()
                    sc._layout()
            _click_card(d, cid)
    assert not sc.problems, sc.problems
    assert "Legal deck: 21 cards" in sc.status

    sc.name_entry.set_text("")
    _type(d, sc.name_entry, "Test Deck")
    d.click(sc.save_button.rect.center)
    saved = user_decks_dir("kyoukai") / "deck-test-deck.toml"
    assert saved.is_file(), sc.status
    table = tomllib.loads(saved.read_text(encoding="utf-8"))["deck"][0]
    assert table["name"] == "Test Deck" and table["entrant"] == "ronin_aki"
    assert sum(table["gates"].values()) == 20
    d.app.draw()

    # Back in the menu the deck can be chosen, and a game starts with it.
    d.click(sc.back_button.rect.center)
    m = d.app.scene
    assert isinstance(m, MenuScene)
    _pick(d, m.deck[0], "Test Deck")
    cfg = m.config()
    assert cfg.options["decks"][0] == "Test Deck" and "deck_folder" in cfg.options
    state = rules.get("kyoukai").new_game(seed=1, options=cfg.options)
    assert state.cards[state.players[0].entrant] == "ronin_aki"
    d.click(m.start.rect.center)
    d.frames(3)
    assert d.app.scene.session.cfg.options["decks"][0] == "Test Deck"  # type: ignore[attr-defined]


def test_deck_saved_into_a_pack_folder_loads_in_the_rules(menu: Callable[[], Driver],
                                                          tmp_path: Path) -> None:
    pack = tmp_path / "mypack"
    shutil.copytree(asset("packs", "krosmaster"), pack)
    d = menu()
    d.app.to_decks("krosmaster", pack, None)
    sc = _decks(d)
    for name in ("Iron Brawler", "Storm Mage", "Shadow Rogue"):
        _click_card(d, name)
    sc.name_entry.set_text("")
    _type(d, sc.name_entry, "Four Friends")
    d.click(sc.save_button.rect.center)  # levels add up to 9: the team rule says no
    assert sc.status == "Not saved: members: levels add up to 9, a team needs exactly 12"
    assert not (pack / "team-four-friends.toml").exists()
    _click_card(d, "Storm Mage")
    levels = sum(sc.cards[c].level for c in sc.copies)
    assert levels == 12, levels
    d.click(sc.save_button.rect.center)
    saved = pack / "team-four-friends.toml"
    assert saved.is_file(), sc.status
    opts = game_options("krosmaster", pack, ["Four Friends", "Ashen Pact"], set())
    assert opts["pack"] == str(pack)
    state = rules.get("krosmaster").new_game(seed=1, options=opts)
    assert state.team_names[0] == "Four Friends"


def test_menu_pack_folder_choice(menu: Callable[[], Driver], tmp_path: Path) -> None:
    pack = tmp_path / "kyoukai-test"
    shutil.copytree(shipped_pack("kyoukai"), pack)
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    _pick(d, m.pack_menu, "Choose folder…")
    dialog = m.folder_dialog
    assert dialog is not None
    dialog.file_path_text_line.set_text(str(pack))
    d.frames(2)
    dialog.current_file_path = pack
    dialog.ok_button.enable()
    d.click(dialog.ok_button.rect.center)
    d.frames(2)
    m = d.app.scene
    assert isinstance(m, MenuScene) and m.pack == pack
    assert m.config().options["pack"] == str(pack)
    d.click(m.start.rect.center)
    d.frames(3)
    assert d.app.scene.reload.folder == pack  # type: ignore[attr-defined]


def test_an_empty_deck_says_what_to_choose_and_the_menu_keeps_the_shipped_pack(
        menu: Callable[[], Driver]) -> None:
    m = menu()
    scene = m.app.scene
    assert isinstance(scene, MenuScene)
    assert scene.pack_menu.selected_option[0] == "Shipped pack"  # type: ignore[index]
    m.click(scene.decks_button.rect.center)
    sc = _decks(m)
    assert sc.copies == []
    assert sc.status == "Not a legal deck yet: choose an Entrant"
    m.click(sc.back_button.rect.center)
    back = m.app.scene
    assert isinstance(back, MenuScene)
    assert back.pack is None
    assert back.pack_menu.selected_option[0] == "Shipped pack"  # type: ignore[index]
    assert "pack" not in back.config().options


def test_deck_rule_messages_in_the_players_words() -> None:
    from game.scenes.decks import in_words

    assert in_words("entrant: unknown card ''") == "choose an Entrant"
    assert in_words("leader: unknown card ''") == "choose a Leader"
    assert in_words("members: Tuple should have at least 1 item after validation, not 0") \
        == "add members"
    assert in_words("gates: 0 cards; a Gate deck has 20-40") == \
        "gates: 0 cards; a Gate deck has 20-40"
