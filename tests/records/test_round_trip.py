"""Records round-trip for every registered game, and replay reaches the live game's state."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.records import (
    Session,
    card_changes,
    from_text,
    load_record,
    replay,
    save_atomic,
    to_text,
)
from tests.records.helpers import play_live

GAMES = sorted(rules.GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_mid_game_record_saves_loads_and_replays_to_the_live_state(game: str,
                                                                    tmp_path: Path) -> None:
    rs = rules.get(game)
    record, live, live_events, _ = play_live(game, seed=11, limit=60)
    assert rs.to_act(live) is not None, "the game should still be running"
    path = tmp_path / "mid.json"
    save_atomic(path, record)
    loaded = load_record(path)
    assert loaded == record
    assert from_text(to_text(loaded)) == loaded
    state, events = replay(loaded)
    assert rs.dump(state) == rs.dump(live)
    assert events == live_events
    assert rs.legal_intents(state) == rs.legal_intents(live)
    assert not card_changes(loaded)


@pytest.mark.parametrize("game", GAMES)
def test_full_game_replay_matches_the_live_game_and_upto_stops_early(game: str) -> None:
    rs = rules.get(game)
    record, live, _, _ = play_live(game, seed=4)
    assert rs.to_act(live) is None
    state, events = replay(record)
    assert state == live and len(events) == len(record.intents)
    early, early_events = replay(record, upto=10)
    assert len(early_events) == 10
    assert early == play_live(game, seed=4, limit=10)[1]


@pytest.mark.parametrize("game", GAMES)
def test_session_autosaves_every_intent_and_resumes(game: str, tmp_path: Path) -> None:
    rs = rules.get(game)
    path = tmp_path / "profile" / "saves" / "auto.json"  # folders made on the first save
    s = Session.new(game, seed=2, autosave=path)
    assert load_record(path).intents == ()
    for _ in range(15):
        s.apply(rs.legal_intents(s.state)[-1])
        assert len(load_record(path).intents) == len(s.record.intents)
    # One journal line each, no whole rewrite (which would keep the file before it as .bak).
    assert not path.with_name("auto.json.bak").exists()
    s.save_autosave()
    assert len(load_record(path.with_name("auto.json.bak")).intents) == 15
    again, note = Session.resume(path)
    assert note is None and again.state == s.state and again.record == s.record
