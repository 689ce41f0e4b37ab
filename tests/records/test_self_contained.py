"""Issue 33 item 2: a record keeps the card data the game started with, so Continue, Open,
undo and replay reproduce the game as played whatever the pack files hold now; today's cards
come in only when asked, as a reload at the current point. Old records (hashes only) load
as before."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import rules
from rules.core.paths import asset
from rules.records import (
    Session,
    as_played,
    card_changes,
    from_text,
    load_autosave,
    load_record,
    replay_full,
    to_text,
)

BOAR = 'name = "Iron Boar"\ntype = "summon"\ncost = '


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    return folder


def _set_boar(folder: Path, cost: int) -> None:
    path = folder / "summons.toml"
    text = path.read_text(encoding="utf-8")
    at = text.index(BOAR) + len(BOAR)
    path.write_text(text[:at] + str(cost) + text[text.index("\n", at):], encoding="utf-8")


def _played(pack: Path, autosave: Path, n: int = 12) -> Session:
    s = Session.new("kyoukai", 2, {"pack": str(pack)}, autosave=autosave)
    r = random.Random(2)
    for _ in range(n):
        s.apply(r.choice(s.rs.legal_intents(s.state)))
    return s


def _boar(state: object) -> int:
    return int(state.catalog["iron_boar"].cost)  # type: ignore[attr-defined]


def test_a_new_record_keeps_its_cards_data_and_reads_back(tmp_path: Path) -> None:
    for game in sorted(rules.GAMES):
        rec = Session.new(game, 1).record
        assert rec.start_cards and set(rec.start_cards) == set(rec.cards)
        doc = json.loads(to_text(rec))
        assert doc["format"] == 5 and doc["start_cards"] == rec.start_cards
        assert from_text(to_text(rec)) == rec and as_played(rec), game


def test_continue_open_undo_and_replay_reproduce_the_game_after_the_pack_changed(
        pack: Path, tmp_path: Path) -> None:
    auto = tmp_path / "autosave.json"
    s = _played(pack, auto)
    states = list(s.replayed.states)
    _set_boar(pack, 9)  # edited while the game was closed
    assert card_changes(s.record).changed == ["iron_boar"]  # so the client says so
    assert as_played(s.record)
    resumed, _ = Session.resume(auto)  # Continue
    assert resumed.state == s.state and _boar(resumed.state) == 2
    assert Session(load_record(auto)).replayed.states == states  # Open
    assert replay_full(s.record).states == states  # the replay viewer
    p = resumed.rs.to_act(resumed.state)
    assert p is not None and resumed.undo(p, designer_mode=True) > 0  # undo replays too
    assert resumed.state == states[len(resumed.record.intents)]


def test_todays_cards_come_in_as_a_reload_at_the_current_point(
        pack: Path, tmp_path: Path) -> None:
    auto = tmp_path / "autosave.json"
    s = _played(pack, auto)
    _set_boar(pack, 9)
    resumed, _ = Session.resume(auto)
    events = resumed.bring_in_todays_cards()
    assert [e.text for e in events] == ["Card changed: Iron Boar: cost 2 → 9"]
    assert _boar(resumed.state) == 9 and not card_changes(resumed.record)
    (reload,) = resumed.record.reloads
    assert reload.at == len(s.record.intents) and reload.before["iron_boar"]["cost"] == 2
    again = load_autosave(auto)[0]  # saved with its card data, and replays exactly
    assert again == resumed.record and Session(again).state == resumed.state
    assert replay_full(again).states[:-1] == s.replayed.states[:-1]


def test_an_old_record_with_hashes_only_replays_with_the_current_cards_as_before(
        pack: Path, tmp_path: Path) -> None:
    s = _played(pack, tmp_path / "a.json")
    old = s.record.model_copy(update={"start_cards": {}, "start_sha256": None})
    old = from_text(to_text(old))
    assert json.loads(to_text(old))["format"] == 1
    _set_boar(pack, 1)
    assert card_changes(old).changed == ["iron_boar"] and not as_played(old)
    assert _boar(replay_full(old, upto=0).state) == 1  # today's card, as before


def test_a_pack_whose_decks_changed_is_not_taken_for_the_game_as_played(
        pack: Path, tmp_path: Path) -> None:
    """No card changed, but a deck did: the replay would be another game, and the record
    can tell (its first state's hash), so the client asks as for an old record."""
    s = _played(pack, tmp_path / "a.json")
    decks = pack / "decks.toml"
    text = decks.read_text(encoding="utf-8")
    assert "iron_boar = 2\n" in text
    decks.write_text(text.replace("iron_boar = 2\n", "iron_boar = 3\n", 1), encoding="utf-8")
    assert not card_changes(s.record)
    assert not as_played(s.record)
