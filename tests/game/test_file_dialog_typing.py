"""Issue 34 item 22: in a file dialog, clicking into the path field, typing a path and pressing
Enter opens it (a saved game; a pack folder in the menu's folder dialog). Before, the click took
the keyboard ring off the field, so Enter pressed the dialog's OK, disabled: nothing happened."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pygame
from pygame_gui.elements import UITextEntryLine

from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from rules.core.newgame import shipped_pack
from rules.records import save_atomic
from tests.game.conftest import Driver
from tests.game.test_deck_screen import _pick
from tests.game.test_records_ui import _record


def _type_path(d: Driver, field: UITextEntryLine, path: Path) -> None:
    d.click(field.rect.center)  # into the field with the mouse, as a person does
    d.ctrl(pygame.K_a)  # select what is there; typing replaces it
    for ch in str(path):
        d.post(pygame.TEXTINPUT, text=ch)
    d.frames(2)
    assert field.get_text() == str(path)
    d.key(pygame.K_RETURN)
    d.frames(3)


def test_typing_a_saved_games_path_and_enter_opens_it(menu: Callable[[], Driver],
                                                      tmp_path: Path) -> None:
    rec = _record(6)
    path = tmp_path / "typed.json"
    save_atomic(path, rec)  # type: ignore[arg-type]
    d = menu()
    d.app.files.ask_open()
    d.frames(2)
    dialog = d.app.files.dialog
    assert dialog is not None
    _type_path(d, dialog.file_path_text_line, path)
    scene = d.app.scene
    assert isinstance(scene, TableScene), d.app.files.last_message
    assert scene.session.intents == rec.intents  # type: ignore[attr-defined]
    assert d.app.files.dialog is None


def test_typing_a_folder_only_shows_it_in_the_dialog(menu: Callable[[], Driver],
                                                     tmp_path: Path) -> None:
    folder = tmp_path / "saves elsewhere"
    folder.mkdir()
    save_atomic(folder / "inside.json", _record(2))  # type: ignore[arg-type]
    d = menu()
    d.app.files.ask_open()
    d.frames(2)
    dialog = d.app.files.dialog
    assert dialog is not None
    _type_path(d, dialog.file_path_text_line, folder)
    assert d.app.files.dialog is dialog and dialog.alive()  # still choosing, inside it
    assert Path(dialog.current_directory_path) == folder
    listed = [i["text"] for i in dialog.file_selection_list.item_list]
    assert "inside.json" in listed, listed  # the folder's files, to pick from
    assert isinstance(d.app.scene, MenuScene)


def test_typing_a_pack_folder_and_enter_picks_it(menu: Callable[[], Driver],
                                                 tmp_path: Path) -> None:
    pack = tmp_path / "kyoukai-typed"
    shutil.copytree(shipped_pack("kyoukai"), pack)
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    _pick(d, m.pack_menu, "Choose folder…")
    dialog = m.folder_dialog
    assert dialog is not None
    _type_path(d, dialog.file_path_text_line, pack)
    m = d.app.scene
    assert isinstance(m, MenuScene) and m.pack == pack
    assert m.folder_dialog is None
