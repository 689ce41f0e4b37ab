"""Keyboard only, off the table too (issue 7): the menu (Tab through its controls, arrows change
a choice, typing edits the seed, Enter starts), the game-over choice, the hand-over screen,
message dialogs and the deck screen. Real posted key events on a headless window."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.app import App
from game.input.focus import FocusRing
from game.scenes.decks import DeckScene
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.session import GameConfig
from game.userdata import user_decks_dir
from tests.game.conftest import Driver


@pytest.fixture
def menu() -> Iterator[Callable[[], Driver]]:
    apps: list[App] = []

    def make() -> Driver:
        app = App((1280, 720), defaults=GameConfig(game="kyoukai"))  # the menu opens on it
        apps.append(app)
        d = Driver(app)
        d.frames(2)
        return d

    yield make
    for app in apps:
        app.close()


def _tab_to(d: Driver, ring: FocusRing, target: Any, limit: int = 30) -> None:
    """Tab until ``target`` has the focus (the ring is drawn there)."""
    for _ in range(limit):
        if ring.current is target:
            return
        d.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {target}")


def _typed(d: Driver, text: str) -> None:
    """Keys as SDL sends them: a key down, its character, a key up."""
    for ch in text:
        key = pygame.key.key_code(ch)
        d.post(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0)
        d.post(pygame.TEXTINPUT, text=ch)
        d.post(pygame.KEYUP, key=key, mod=0, unicode=ch, scancode=0)
        d.frames()


def _option(dd: Any) -> str:
    o = dd.selected_option
    return str(o[0] if isinstance(o, tuple) else o)


@pytest.mark.parametrize("seat", ["Computer", "Person"])
def test_menu_by_keyboard_starts_krosmaster_with_the_chosen_settings(
        menu: Callable[[], Driver], seat: str) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    assert m.focus.current is None  # no ring until the keyboard is used
    d.key(pygame.K_TAB)
    assert m.focus.current is m.game
    d.app.draw()  # the ring is drawn over the widgets
    for _ in range(4):
        if _option(m.game) == "Krosmaster Arena":
            break
        d.key(pygame.K_RIGHT)  # the next game, without opening the drop-down
    m = d.app.scene
    assert isinstance(m, MenuScene) and _option(m.game) == "Krosmaster Arena"
    assert m.focus.current is m.game  # the rebuilt menu keeps the focus in place
    for p in (0, 1):
        _tab_to(d, m.focus, m.seat[p])
        while _option(m.seat[p]) != seat:
            d.key(pygame.K_DOWN)
    _tab_to(d, m.focus, m.seed)
    _typed(d, "4321")  # Tab into the field selects its text: typing replaces it
    assert m.seed.get_text() == "4321"
    d.key(pygame.K_TAB, pygame.KMOD_LSHIFT)  # back and forth over the field keeps the text
    d.key(pygame.K_TAB)
    assert m.focus.current is m.seed and m.seed.get_text() == "4321"
    _tab_to(d, m.focus, m.start)
    d.key(pygame.K_RETURN)
    d.frames(2)
    t = d.app.scene
    assert isinstance(t, TableScene)
    want = {"Computer": "computer", "Person": "human"}[seat]
    assert t.cfg.game == "krosmaster" and t.cfg.seed == 4321
    assert t.cfg.seats == (want, want)


def test_menu_check_box_and_shift_tab(menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    d.key(pygame.K_TAB, pygame.KMOD_LSHIFT)  # Shift+Tab first: the last control, Start
    assert m.focus.current is m.start
    was = d.app.designer_mode
    _tab_to(d, m.focus, m.designer)
    d.key(pygame.K_SPACE)
    assert d.app.designer_mode is (not was)
    assert m.cont not in m.focus.stops()  # a disabled button is no stop


def test_game_over_play_again_by_enter(game_over: Callable[[], Driver]) -> None:
    d = game_over()
    assert d.scene.over_focus.current is d.scene._over_ui[1]  # the ring is on Play again
    d.app.draw()
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.scene.session.cfg.seed == 4 and not d.scene.session.over


def test_game_over_main_menu_by_tab_and_enter(game_over: Callable[[], Driver]) -> None:
    d = game_over()
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert isinstance(d.app.scene, MenuScene)


def test_hand_over_continues_on_enter(table: Callable[..., Driver]) -> None:
    d = table(seed=1, seats=("human", "human"), auto_pass=False)
    s = d.scene.session
    first = d.scene.viewer
    opening = next(i for i in d.scene.legal() if i.kind == "open" and i.zone >= 0)  # type: ignore[attr-defined]
    d.scene.apply(opening)
    d.frames(2)
    assert d.scene.handler.name == "handover"
    d.key(pygame.K_RETURN)
    assert d.scene.handler.name != "handover"
    assert d.scene.viewer != first and d.scene.viewer == s.to_act()
    assert d.scene.legal()


def test_message_dialog_closes_on_esc_and_enter(menu: Callable[[], Driver]) -> None:
    d = menu()
    for close in (pygame.K_ESCAPE, pygame.K_RETURN):
        d.app.files.show("Something to read", "A message")
        d.frames(2)
        w = d.app.files.window
        assert w is not None and w.alive()
        d.app.draw()  # the ring sits on the dialog's button
        d.key(close)
        d.frames(2)
        assert not w.alive()
        assert isinstance(d.app.scene, MenuScene)  # Enter closed the message, not Start


def test_file_dialog_esc_cancels(menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    _tab_to(d, m.focus, m.load)
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.app.files.busy
    d.key(pygame.K_ESCAPE)
    d.frames(2)
    assert not d.app.files.busy and isinstance(d.app.scene, MenuScene)


def test_deck_screen_add_remove_save_by_keys(menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    _tab_to(d, m.focus, m.decks_button)
    d.key(pygame.K_RETURN)
    d.frames(2)
    sc = d.app.scene
    assert isinstance(sc, DeckScene)
    _tab_to(d, sc.focus, sc.filter)
    _typed(d, "lion")
    assert sc.shown() == ["wandering_lion"]
    _tab_to(d, sc.focus, sc.grid)
    d.app.draw()
    for _ in range(2):
        d.key(pygame.K_RETURN)
    assert sc.count("wandering_lion") == 2
    d.key(pygame.K_DELETE)
    assert sc.count("wandering_lion") == 1
    d.key(pygame.K_BACKSPACE)
    assert sc.count("wandering_lion") == 0

    # A legal deck by keys alone: an Entrant, then two of each Gate (arrows walk the grid).
    _tab_to(d, sc.focus, sc.filter)
    for _ in range(4):
        d.key(pygame.K_BACKSPACE)
    assert sc.text == ""
    _tab_to(d, sc.focus, sc.type_menu)
    while sc.kind != "entrant":
        d.key(pygame.K_RIGHT)
    _tab_to(d, sc.focus, sc.grid)
    d.key(pygame.K_RETURN)
    _tab_to(d, sc.focus, sc.type_menu)
    while sc.kind != "summon":
        d.key(pygame.K_LEFT)
    for kind in ("summon", "normal", "fast"):
        while sc.kind != kind:
            _tab_to(d, sc.focus, sc.type_menu)
            d.key(pygame.K_RIGHT)
        _tab_to(d, sc.focus, sc.grid)
        sc.grid.at = 0
        for _card in sc.shown():
            for _ in range(2):
                if len(sc.copies) < 21:
                    d.key(pygame.K_RETURN)
            d.key(pygame.K_RIGHT)
    assert not sc.problems, sc.problems
    _tab_to(d, sc.focus, sc.name_entry)
    _typed(d, "Keys")
    d.key(pygame.K_s, pygame.KMOD_LCTRL)  # Ctrl+S saves, even from the name field
    assert (user_decks_dir("kyoukai") / "deck-keys.toml").is_file(), sc.status
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)


def test_an_arrow_on_a_drop_down_shows_the_new_choice_in_its_closed_box(
        menu: Callable[[], Driver]) -> None:
    # (public pygame-gui calls only: the closed box is made again with the new text)
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    m.focus.focus(m.seat[1])
    d.key(pygame.K_RIGHT)
    shown = m.seat[1].current_state.selected_option_button  # type: ignore[union-attr]
    assert m.seat[1].selected_option[0] == shown.text == "Person"
