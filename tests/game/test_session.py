"""GameSession without a window: a failing autosave keeps the move and says so."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules.records.autosave as record_autosave
from game.session import GameConfig, GameSession


def test_failed_autosave_keeps_the_applied_intent_and_shows_the_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = GameSession(GameConfig(game="kyoukai", seed=1, seats=("human", "human"),
                               record=tmp_path / "r.json", agent_delay=0.0))
    intent = next(i for i in s.legal() if i.kind == "open")
    before, version = s.state, s.version

    def disk_full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_autosave, "append_line", disk_full)
    monkeypatch.setattr(record_autosave, "write_atomic", disk_full)
    assert s.submit(intent) is None  # applied: the move is not lost
    assert s.state is not before and s.version == version + 1
    assert s.intents[-1] == intent.to_json()
    assert s.error is not None and "Could not save" in s.error
    assert "No space left" in s.error
    assert s.log and s.log[-1] == s.live.events[-1][-1].text
    monkeypatch.undo()  # the disk is back: the next intent saves the whole record
    nxt = s.legal()[0]
    assert s.submit(nxt) is None and s.error is None
    from rules.records import load_record

    assert len(load_record(tmp_path / "r.json").intents) == 2
