"""Undo stops at an information barrier (a roll, a draw, a card revealed to the undoing
player); designer mode passes it; redo puts the undone intents back."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.core.model import Event
from rules.records import Record, Session, is_barrier, load_record, redo, replay, undo, undo_point
from tests.records.helpers import play_live


def _cut(record: Record, n: int) -> Record:
    return record.model_copy(update={"intents": record.intents[:n]})


def _barrier_case(game: str, pred: str) -> tuple[Record, int, int, list[int]]:
    """A record ending with intent ``i`` whose events match ``pred`` ("random" or "reveal"),
    and a player who decided before it. Returns (record, i, player, actors)."""
    for seed in range(20):
        record, _, events, actors = play_live(game, seed=seed, limit=400)
        for i, evs in enumerate(events):
            for p in (0, 1):
                if _matches(evs, pred, p) and p in actors[:i]:
                    return _cut(record, i + 1), i, p, actors
    raise AssertionError(f"no {pred} event found in {game}")


def _matches(evs: list[Event], pred: str, p: int) -> bool:
    if pred == "random":
        return any(e.random for e in evs)
    return any(p in e.reveals for e in evs) and not any(e.random for e in evs)


def _latest_decision(actors: list[int], player: int, before: int) -> int:
    return max(j for j in range(before) if actors[j] == player)


def _check_barrier(record: Record, i: int, p: int, actors: list[int]) -> None:
    n = len(record.intents)
    assert is_barrier(replay(record)[1][i], p)
    assert undo_point(record, p) == n, "undo went back past the barrier"
    assert undo(record, p) == record
    assert undo_point(record, p, designer_mode=True) == _latest_decision(actors, p, n)
    taken = undo(record, p, designer_mode=True)
    assert taken.marks[-1].designer and taken.marks[-1].count == n - len(taken.intents)
    assert redo(taken).intents == record.intents


def test_undo_stops_at_a_draw_in_kyoukai() -> None:
    record, i, p, actors = _barrier_case("kyoukai", "random")
    assert any(e.kind == "draw" for e in replay(record)[1][i])
    _check_barrier(record, i, p, actors)


def test_undo_stops_at_a_die_roll_in_krosmaster() -> None:
    if "krosmaster" not in rules.GAMES:
        pytest.skip("krosmaster is not registered")
    record, i, p, actors = _barrier_case("krosmaster", "random")
    assert any(e.kind == "roll" for e in replay(record)[1][i])
    _check_barrier(record, i, p, actors)


def test_a_reveal_is_a_barrier_only_for_the_player_it_was_shown_to() -> None:
    record, i, q, actors = _barrier_case("kyoukai", "reveal")
    _check_barrier(record, i, q, actors)
    # The one who revealed (the actor of intent i) may take it back.
    p = actors[i]
    assert p != q
    assert undo_point(record, p) == i


def test_undo_goes_back_to_the_players_latest_decision_and_redo_returns() -> None:
    record, _, events, actors = play_live("kyoukai", seed=1, limit=300)
    # The last intent that is not a barrier for its actor, then undo right after it.
    n = max(i for i in range(len(events)) if not is_barrier(events[i], actors[i])) + 1
    rec = _cut(record, n)
    p = actors[n - 1]
    assert undo_point(rec, p) == n - 1
    back = undo(rec, p)
    assert len(back.intents) == n - 1 and back.redo == (rec.intents[n - 1:],)
    assert back.marks[-1].kind == "undo" and back.marks[-1].player == p
    forward = redo(back)
    assert forward.intents == rec.intents and forward.redo == ()
    assert forward.marks[-1].kind == "redo"
    assert redo(forward) == forward


def test_session_undo_redo_autosaves_and_a_new_intent_clears_redo(tmp_path: Path) -> None:
    record, _, events, actors = play_live("kyoukai", seed=1, limit=300)
    n = max(i for i in range(len(events)) if not is_barrier(events[i], actors[i])) + 1
    path = tmp_path / "auto.json"
    s = Session(_cut(record, n), autosave=path)
    p = actors[n - 1]
    before = s.state
    assert s.can_undo(p) and not s.can_redo()
    assert s.undo(p) == 1 and len(load_record(path).intents) == n - 1
    assert s.state == replay(_cut(record, n - 1))[0]
    assert s.redo() == 1 and s.state == before and load_record(path).intents == record.intents[:n]
    s.undo(p)
    s.apply(s.rs.legal_intents(s.state)[0])
    assert not s.can_redo() and load_record(path).redo == ()
