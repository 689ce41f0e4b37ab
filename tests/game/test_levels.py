"""Computer levels at the table: chosen per seat in the menu and remembered in the settings,
shown while the computer thinks, played by the level's agent (a search in a worker process)
and named in the game's record."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import settings as user_settings
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from game.session import GameConfig, GameSession, config_for
from game.thinking import Thinker
from rules.agents import GreedyAgent, SearchAgent
from rules.records import Session, load_record
from tests.game.conftest import Driver


def load_record_session(path: Path) -> Session:
    return Session.open(path)


def _option(dd: Any) -> str:
    o = dd.selected_option
    return str(o[0] if isinstance(o, tuple) else o)


def test_old_settings_files_load_and_levels_default_to_normal(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"width": 1366, "height": 768, "sound": False}))
    s, note = user_settings.load(path)
    assert note is None and s.levels == ("normal", "normal") and s.width == 1366
    path.write_text(json.dumps({"width": 1366, "levels": ["hard", "genius"]}))
    s, note = user_settings.load(path)
    assert s.levels == ("normal", "normal") and s.width == 1366
    assert note is not None and "levels" in note


def test_the_menu_level_starts_the_game_and_is_remembered(
        menu: Callable[[], Driver]) -> None:
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    assert [_option(lv) for lv in m.level] == ["Normal", "Normal"]  # a new player's default
    m.level[1].selected_option = ("Hard", "Hard")
    m.start_game()
    d.frames(2)
    t = d.app.scene
    assert isinstance(t, TableScene)
    assert t.cfg.levels == ("normal", "hard")
    assert d.app.settings.levels == ("normal", "hard")
    assert user_settings.load()[0].levels == ("normal", "hard")  # kept on disk too
    t.session.close()


def test_a_normal_computer_searches_in_a_worker_and_the_record_says_so(tmp_path: Path) -> None:
    cfg = GameConfig(game="dreadnought", seed=3, seats=("computer", "human"),
                     levels=("normal", "easy"), agent_delay=0.0, record=tmp_path / "r.json")
    s = GameSession(cfg)
    try:
        thinker = s._agents[0]
        assert isinstance(thinker, Thinker) and thinker.in_process
        assert isinstance(thinker.agent, SearchAgent)
        moved = False
        deadline = time.monotonic() + 120
        while not moved and time.monotonic() < deadline:
            if s.to_act() == 0 and len(s.legal()) > 1 and not s.thinking:
                n = len(s.intents)
                while len(s.intents) == n and time.monotonic() < deadline:
                    s.tick()
                    time.sleep(0.01)
                moved = len(s.intents) > n
            elif s.to_act() == 1:
                s.submit(s.legal()[0])
            else:
                s.tick()
                time.sleep(0.01)
        assert moved and s.error is None
    finally:
        s.close()
    rec = load_record(tmp_path / "r.json")
    assert rec.agents == ("search:normal", "")
    # Format 4 names the agents; 5 (the cards' data kept) holds it.
    assert json.loads((tmp_path / "r.json").read_text())["format"] == 5
    again = config_for(s.live)
    assert again.seats == ("computer", "human") and again.levels[0] == "normal"


def test_easy_is_the_greedy_computer_on_a_thread_and_its_records_stay_as_before(
        tmp_path: Path) -> None:
    s = GameSession(GameConfig(game="kyoukai", seed=1, seats=("human", "computer"),
                               levels=("hard", "easy"), record=tmp_path / "a.json"))
    assert isinstance(s._agents[1].agent, GreedyAgent) and not s._agents[1].in_process
    s.close()
    doc = json.loads((tmp_path / "a.json").read_text())
    # No agents written (as before); format 5 for the cards' data the record keeps.
    assert "agents" not in doc and doc["format"] == 5
    assert config_for(load_record_session(tmp_path / "a.json")).levels == ("easy", "easy")
    s = GameSession(GameConfig(game="kyoukai", seed=1, seats=("human", "human"),
                               record=tmp_path / "b.json"))
    s.close()
    assert "agents" not in json.loads((tmp_path / "b.json").read_text())


def test_the_table_says_the_level_while_the_computer_thinks(
        menu: Callable[[], Driver]) -> None:
    d = menu()
    d.app.start_game(GameConfig(game="kyoukai", seed=2, seats=("computer", "computer"),
                                levels=("easy", "hard"), agent_delay=5.0, autosave=False))
    t = d.app.scene
    assert isinstance(t, TableScene)
    p = t.session.to_act()
    assert p is not None
    text, _ = t._who()
    assert text == f"Player {p + 1} (computer) is thinking… ({('Easy', 'Hard')[p]})"
    pygame.event.pump()
    t.session.close()


def test_the_worker_keeps_each_seats_agent_and_drops_the_least_recently_asked(
        monkeypatch: Any) -> None:
    from game import thinking

    monkeypatch.setattr(thinking, "_WORKER_AGENTS", {})
    import rules

    rs = rules.get("bos")
    state = rs.new_game(seed=1)
    p = rs.to_act(state)
    assert p is not None
    view, legal = rs.view(state, p), rs.legal_intents(state)

    def ask(key: str) -> None:
        thinking._worker_choose(key, "easy", 1, {}, "bos", view, legal)

    ask("first")
    first = thinking._WORKER_AGENTS["first"]
    for i in range(thinking.WORKER_SEATS - 1):
        ask(f"seat {i}")
    ask("first")  # asked again: kept, the same agent, now the most recent
    assert thinking._WORKER_AGENTS["first"] is first
    ask("one more")
    assert len(thinking._WORKER_AGENTS) == thinking.WORKER_SEATS
    assert "seat 0" not in thinking._WORKER_AGENTS and "first" in thinking._WORKER_AGENTS
