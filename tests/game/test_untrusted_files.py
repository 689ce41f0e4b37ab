"""Issue 12 in the client: records that cannot be replayed, records naming folders outside,
and packs that cannot be loaded are messages over the menu, never a traceback."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.__main__ import config, parse
from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.session import GameConfig
from game.userdata import autosave_path
from rules.core.paths import asset
from rules.records import new_record, save_atomic
from tests.badfiles.corpus import out_of_range_record, write
from tests.game.conftest import Driver

replay_module = sys.modules["rules.records.replay"]


def test_continue_with_an_out_of_range_first_intent_is_a_message(
        menu: Callable[[], Driver]) -> None:
    write(autosave_path().parent, autosave_path().name, out_of_range_record(25))
    m = menu()
    m.click(m.app.scene.cont.rect.center)  # type: ignore[attr-defined]
    m.frames(3)
    assert isinstance(m.app.scene, MenuScene) and m.app.running
    assert m.app.files.last_message.startswith(f"{autosave_path()}: intent 1 (")


def test_playtable_continue_and_open_keep_running(tmp_path: Path) -> None:
    write(autosave_path().parent, autosave_path().name, out_of_range_record(2 ** 63))
    app = App((1280, 720), resume=True)
    try:
        assert isinstance(app.scene, MenuScene)
        assert "intent 1" in app.files.last_message
        bad = write(tmp_path, "bad.json", out_of_range_record(-26))
        app.files.open_path(bad, "play")
        assert isinstance(app.scene, MenuScene)
        assert app.files.last_message.startswith(f"{bad}: intent 1 (")
        app.frame(0.016)
    finally:
        app.close()


def _outside_record(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "someone-elses" / "pack"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    path = tmp_path / "theirs.json"
    save_atomic(path, new_record("kyoukai", 1, {"pack": str(folder)}))
    return path, folder


@pytest.mark.parametrize("answer", ["cancel", "confirm"])
def test_a_record_naming_a_folder_outside_asks_first_and_reads_nothing_before(
        menu: Callable[[], Driver], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        answer: str) -> None:
    path, folder = _outside_record(tmp_path)
    real_start = replay_module.start
    started: list[object] = []
    monkeypatch.setattr(replay_module, "start",
                        lambda rs, rec: started.append(rec) or real_start(rs, rec))
    m = menu()
    m.app.files.open_path(path, "play")
    m.frames(2)
    confirm = m.app.files.confirm
    assert confirm is not None and confirm.alive()
    assert str(folder) in m.app.files.last_message
    assert started == []  # nothing set up, so nothing in the folder read
    if answer == "cancel":
        m.click(confirm.close_window_button.rect.center)  # type: ignore[union-attr]
        m.frames(2)
        assert isinstance(m.app.scene, MenuScene) and started == []
    else:
        m.click(confirm.confirm_button.rect.center)
        m.frames(2)
        assert started and isinstance(m.app.scene, TableScene)


def test_pack_option_with_a_missing_folder_keeps_the_menu(tmp_path: Path) -> None:
    cfg = config(parse(["--pack", str(tmp_path / "nowhere")]))
    assert cfg is not None
    app = App((1280, 720), game=GameConfig(**{**cfg.__dict__, "record": None}))
    try:
        assert isinstance(app.scene, MenuScene)
        assert "nowhere:1: pack: no such file or folder" in app.files.last_message
        app.frame(0.016)
        assert app.running
    finally:
        app.close()


def test_start_with_a_half_written_pack_file_shows_the_problems(
        menu: Callable[[], Driver], tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    gates = folder / "gates.toml"
    gates.write_text(gates.read_text()[: len(gates.read_text()) // 2] + '\nname = "Ha')
    m = menu()
    m.app.start_game(GameConfig(game="kyoukai", seed=1, options={"pack": str(folder)},
                                agent_delay=0.0))
    m.frames(2)
    assert isinstance(m.app.scene, MenuScene) and m.app.running
    assert f"{gates}:" in m.app.files.last_message
    assert m.app.files.window is not None and m.app.files.window.alive()
