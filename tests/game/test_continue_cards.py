"""Issue 33 item 2 in the client: Continue and Open never silently replay another game. When
the pack files changed since the game was played, both say so: a record that keeps its cards
opens as played, and offers to bring today's cards in as a reload at this point; an old
record (hashes only) asks before replaying with today's cards, as Open always did."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame
from pygame_gui.windows import UIFileDialog

from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.userdata import autosave_path, data_dir, saves_dir
from rules.core.paths import asset
from rules.records import Session, save_atomic
from tests.game.conftest import Driver

BOAR = 'name = "Iron Boar"\ntype = "summon"\ncost = '


def _pack() -> Path:
    """A copy of the shipped pack in the user data folder (read without a question)."""
    folder = data_dir() / "packs" / "mine"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    return folder


def _set_boar(folder: Path, cost: int) -> None:
    path = folder / "summons.toml"
    text = path.read_text(encoding="utf-8")
    at = text.index(BOAR) + len(BOAR)
    path.write_text(text[:at] + str(cost) + text[text.index("\n", at):], encoding="utf-8")


def _played(folder: Path, autosave: Path | None) -> Session:
    s = Session.new("kyoukai", 2, {"pack": str(folder)}, autosave=autosave,
                    players=("human", "human"))
    r = random.Random(2)
    # Stopped where the person has a choice: with only Pass the table would pass by itself.
    while len(s.record.intents) < 8 or len(s.rs.legal_intents(s.state)) < 2:
        s.apply(r.choice(s.rs.legal_intents(s.state)))
    return s


def _boar(scene: object) -> int:
    assert isinstance(scene, TableScene)
    return int(scene.session.state.catalog["iron_boar"].cost)


def _continue(menu: Callable[[], Driver]) -> Driver:
    m = menu()
    assert isinstance(m.app.scene, MenuScene)
    m.click(m.app.scene.cont.rect.center)
    m.frames(2)
    return m


def test_continue_after_the_pack_changed_says_so_and_brings_todays_cards_in_when_asked(
        menu: Callable[[], Driver]) -> None:
    folder = _pack()
    s = _played(folder, autosave_path())
    _set_boar(folder, 9)
    m = _continue(menu)
    confirm = m.app.files.confirm
    assert confirm is not None and "iron_boar" in m.app.files.last_message
    assert isinstance(m.app.scene, MenuScene)  # nothing opened before the answer
    m.click(confirm.confirm_button.rect.center)
    m.frames(2)
    scene = m.app.scene
    assert isinstance(scene, TableScene) and scene.session.intents == s.record.intents
    assert _boar(scene) == 9
    (reload,) = scene.session.live.record.reloads
    assert reload.at == len(s.record.intents) and reload.before["iron_boar"]["cost"] == 2
    assert "Card changed: Iron Boar: cost 2 to 9" in scene.session.log
    again = Session.resume(autosave_path())[0]  # kept in the autosave
    assert again.record.reloads == (reload,) and again.state == scene.session.state


def test_continue_keeping_the_game_as_played(menu: Callable[[], Driver]) -> None:
    folder = _pack()
    s = _played(folder, autosave_path())
    _set_boar(folder, 9)
    m = _continue(menu)
    confirm = m.app.files.confirm
    assert confirm is not None and confirm.cancel_button.text == "Keep as played"
    m.click(confirm.cancel_button.rect.center)
    m.frames(2)
    scene = m.app.scene
    assert isinstance(scene, TableScene) and scene.session.state == s.state
    assert _boar(scene) == 2 and not scene.session.live.record.reloads


def test_continue_with_the_same_cards_asks_nothing(menu: Callable[[], Driver]) -> None:
    s = _played(_pack(), autosave_path())
    m = _continue(menu)
    assert m.app.files.confirm is None
    assert isinstance(m.app.scene, TableScene) and m.app.scene.session.state == s.state


def test_continue_of_an_old_record_asks_before_replaying_with_todays_cards(
        menu: Callable[[], Driver]) -> None:
    folder = _pack()
    s = _played(folder, None)
    save_atomic(autosave_path(), s.record.model_copy(
        update={"start_cards": {}, "start_sha256": None}))  # as made before format 5
    _set_boar(folder, 9)
    m = _continue(menu)
    confirm = m.app.files.confirm
    assert confirm is not None and "iron_boar" in m.app.files.last_message
    m.click(confirm.cancel_button.rect.center)  # Cancel: nothing is opened
    m.frames(2)
    assert isinstance(m.app.scene, MenuScene) and m.app.files.confirm is None
    m = _continue(menu)
    confirm = m.app.files.confirm
    assert confirm is not None
    m.click(confirm.confirm_button.rect.center)  # replayed with today's cards, as before
    m.frames(2)
    assert _boar(m.app.scene) == 9


def test_open_after_the_pack_changed_offers_todays_cards(menu: Callable[[], Driver]) -> None:
    folder = _pack()
    s = _played(folder, None)
    save_atomic(saves_dir() / "mine.json", s.record)
    _set_boar(folder, 9)
    m = menu()
    m.ctrl(pygame.K_o)
    dialog = m.app.files.dialog
    assert isinstance(dialog, UIFileDialog)
    m.frames(2)
    m.click(dialog.ok_button.rect.center)
    m.frames(2)
    confirm = m.app.files.confirm
    assert confirm is not None and "iron_boar" in m.app.files.last_message
    m.click(confirm.cancel_button.rect.center)  # Keep as played
    m.frames(2)
    assert _boar(m.app.scene) == 2
    assert isinstance(m.app.scene, TableScene) and m.app.scene.session.state == s.state
