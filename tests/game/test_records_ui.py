"""Issue 6 in the client: save and open with the dialogs, autosave and Continue, undo/redo
with the information barrier, the replay viewer and bad files, all by real posted events."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from pygame_gui.windows import UIFileDialog

import rules
from game.layouts import playable
from game.scenes.menu import MenuScene
from game.scenes.replay import ReplayScene
from game.scenes.table import TableScene
from game.userdata import autosave_path, data_dir, saves_dir
from rules.agents import GreedyAgent
from rules.kyoukai.intents import Pass
from rules.records import load_record, new_record, replay, save_atomic
from rules.records.model import append
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _until(d: Driver, done: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        d.frames()
    assert done()


def _pick_in_dialog(d: Driver) -> None:
    """Press the open dialog's OK button with the mouse (the file it shows is chosen)."""
    dialog = d.app.files.dialog
    assert isinstance(dialog, UIFileDialog)
    d.frames(2)
    d.click(dialog.ok_button.rect.center)
    d.frames(2)


def _record(n: int, seed: int = 3) -> object:
    """A Kyoukai record of ``n`` intents played by agents (no window)."""
    rs = rules.get("kyoukai")
    rec = new_record("kyoukai", seed, {}, ("human", "computer"))
    state = rs.new_game(seed=seed)
    agents = (GreedyAgent(seed), GreedyAgent(seed + 1))
    for _ in range(n):
        p = rs.to_act(state)
        if p is None:
            break
        intent = agents[p].choose(rs, rs.view(state, p), rs.legal_intents(state))
        state = rs.apply(state, intent).state
        rec = append(rec, intent)
    return rec


def test_user_data_folder_per_platform() -> None:
    assert data_dir({"PLAYTABLE_DATA": "/x"}, "linux") == Path("/x")
    assert data_dir({"HOME": "/h"}, "linux") == Path("/h/.local/share/playtable")
    assert data_dir({"HOME": "/h", "XDG_DATA_HOME": "/d"}, "linux") == Path("/d/playtable")
    assert data_dir({"HOME": "/h"}, "darwin") == Path(
        "/h/Library/Application Support/playtable")
    assert data_dir({"APPDATA": "C:/A", "HOME": "/h"}, "win32") == Path("C:/A/playtable")


def test_autosave_after_every_intent_and_ctrl_s_writes_a_file_that_loads(
        table: Make, data_dir: Path) -> None:
    d = table(seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.key(pygame.K_SPACE)  # end the Main step; the computer plays on
    # (with Stone Throw, a Fast Gate, in hand Player 1 is asked to answer the End step)
    _until(d, lambda: len(s.intents) >= 2 and s.to_act() == 0 and not s.thinking)
    assert load_record(autosave_path()).intents == s.intents
    assert autosave_path().parent == data_dir
    d.ctrl(pygame.K_s)
    dialog = d.app.files.dialog
    assert isinstance(dialog, UIFileDialog)
    d.frames(10)  # the game waits while the dialog is up
    at_save, state = s.intents, s.state
    _pick_in_dialog(d)
    saved = d.app.files.last_saved
    assert saved is not None and saved.parent == saves_dir()
    rec = load_record(saved)
    assert rec.intents == at_save and rec.seed == 1
    assert replay(rec)[0] == state
    assert json.loads(saved.read_text())["format"] == 5  # readable JSON with its version
    assert "Saved" in d.scene.message


@pytest.mark.parametrize("game", playable())
def test_continue_last_game_resumes_the_autosave_with_every_intent(
        table: Make, menu: Callable[[], Driver], game: str) -> None:
    d = table(game=game, seed=3, seats=("computer", "computer"))
    s = d.scene.session
    _until(d, lambda: len(s.intents) >= 25)
    d.app.close()
    played, state = s.intents, s.state
    m = menu()
    assert isinstance(m.app.scene, MenuScene)
    assert m.app.scene.cont.is_enabled
    m.click(m.app.scene.cont.rect.center)
    scene = m.app.scene
    assert isinstance(scene, TableScene)
    assert scene.session.intents == played  # every intent, exactly
    assert scene.session.state == state
    assert scene.cfg.seats == ("computer", "computer") and scene.cfg.seed == 3
    assert scene.cfg.game == game
    assert len(scene.log.entries) > len(played)  # the log is rebuilt from the record


def _to_turn_3_decision(d: Driver) -> None:
    s = d.scene.session
    d.key(pygame.K_SPACE)  # Player 1 ends the Main step of turn 1

    def turn_3() -> bool:
        # Player 1 passes whenever asked to answer a Sequence (a Fast Gate in hand asks).
        if s.to_act() == 0 and not s.thinking and s.state.seq is not None \
                and s.state.turn < 3:
            assert s.submit(Pass.of()) is None
        return s.state.turn >= 3 and s.to_act() == 0 and not s.thinking \
            and d.scene.legal() != []

    _until(d, turn_3)


def test_undo_stops_at_a_draw_designer_mode_passes_it_and_ctrl_y_redoes(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    s = d.scene.session
    _to_turn_3_decision(d)
    n = len(s.intents)
    d.ctrl(pygame.K_z)  # Player 1 drew at the start of turn 3: nothing before it comes back
    assert len(s.intents) == n
    assert "draw" in d.scene.message
    d.app.set_designer_mode(True)
    d.ctrl(pygame.K_z)
    back = len(s.intents)
    assert back < n
    assert s.to_act() == 0 and s.live.record.marks[-1].designer
    assert any(e.startswith("Undo: Player 1 takes back") and "designer" in e
               for e in d.scene.log.entries)
    assert load_record(autosave_path()).intents == s.intents  # the undo is autosaved too
    d.ctrl(pygame.K_y)
    assert len(s.intents) == n
    assert any(e.startswith("Redo:") for e in d.scene.log.entries)
    d.app.set_designer_mode(False)


def test_undo_takes_back_an_open_and_the_computer_answer(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    s = d.scene.session
    info = d.info()
    hand = info["pieces"]["hand"]
    x = next(x for x in info["legal"] if x["intent"]["kind"] == "open"
             and str(x["intent"]["card"]) in hand and x["intent"]["zone"] >= 0)
    d.drag(tuple(hand[str(x["intent"]["card"])]), tuple(info["zones"][str(x["zone"])]))
    _until(d, lambda: s.to_act() == 0 and not s.thinking and len(s.intents) >= 2
           and d.scene.legal() != [])
    start = s.initial_state
    d.ctrl(pygame.K_z)
    assert s.intents == () and s.state == start
    d.ctrl(pygame.K_y)
    assert len(s.intents) >= 1


def test_replay_viewer_steps_to_the_final_state(menu: Callable[[], Driver]) -> None:
    rec = _record(80)
    path = saves_dir() / "game.json"
    save_atomic(path, rec)  # type: ignore[arg-type]
    final, events = replay(rec)  # type: ignore[arg-type]
    m = menu()
    m.click(m.app.scene.replay.rect.center)  # type: ignore[attr-defined]
    _pick_in_dialog(m)
    v = m.app.scene
    assert isinstance(v, ReplayScene) and v.k == 0
    for _ in range(5):
        m.key(pygame.K_RIGHT)
    assert v.k == 5
    m.key(pygame.K_LEFT)
    assert v.k == 4
    assert v.log.entries[-1] == events[3][-1].text  # the log is in step with the board
    m.key(pygame.K_END)
    assert v.k == v.n == 80
    assert v.r.states[v.k] == final
    assert v.log.entries[-1] == events[-1][-1].text
    m.click(v.controls["first"].rect.center)
    assert v.k == 0
    v.speed = 20.0
    m.click(v.controls["play"].rect.center)
    _until(m, lambda: v.k == v.n, seconds=30)
    assert not v.playing and v.layout.view == final


def test_opening_a_record_whose_cards_changed_asks_first(menu: Callable[[], Driver]) -> None:
    rec = _record(10)
    cards = dict(rec.cards)  # type: ignore[attr-defined]
    first = sorted(cards)[0]
    cards[first] = "0" * 64
    path = saves_dir() / "old.json"
    save_atomic(path, rec.model_copy(update={"cards": cards}))  # type: ignore[attr-defined]
    m = menu()
    m.ctrl(pygame.K_o)
    _pick_in_dialog(m)
    confirm = m.app.files.confirm
    assert confirm is not None and first in m.app.files.last_message
    assert isinstance(m.app.scene, MenuScene)
    m.click(confirm.confirm_button.rect.center)
    m.frames(2)
    scene = m.app.scene
    assert isinstance(scene, TableScene) and len(scene.session.intents) == 10


BAD = {
    "truncated": ('{\n "playtable": "record",\n "format": 1,\n "game": "kyo', "truncated"),
    "not json": ("hello, this is not a record", "not a JSON file"),
    "version": ('{"playtable": "record", "format": 99, "game": "kyoukai", "seed": 1}',
                "unknown record format version 99"),
    "game": ('{"playtable": "record", "format": 1, "game": "chess", "seed": 1}',
             "unknown game 'chess'"),
}


@pytest.mark.parametrize("kind", [*BAD, "illegal"])
def test_a_bad_file_shows_its_message_and_the_client_keeps_running(
        table: Make, kind: str) -> None:
    path = saves_dir() / f"bad-{kind.replace(' ', '-')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "illegal":
        rec = _record(12)
        intents = list(rec.intents)  # type: ignore[attr-defined]
        intents[6] = {"kind": "move", "gate": 0, "to": 24}
        save_atomic(path, rec.model_copy(update={"intents": tuple(intents)}))  # type: ignore
        expected = "intent 7"
    else:
        path.write_text(BAD[kind][0])
        expected = BAD[kind][1]
    d = table(seed=2, seats=("human", "computer"))
    before = d.scene.session.state
    d.ctrl(pygame.K_o)
    _pick_in_dialog(d)
    assert expected in d.app.files.last_message
    assert d.app.files.window is not None and d.app.files.window.alive()
    assert isinstance(d.app.scene, TableScene) and d.scene.session.state is before
    d.frames(5)
    assert d.app.running
    d.key(pygame.K_SPACE)  # the table still plays
    assert d.scene.session.intents[0] == {"kind": "end_step"}
