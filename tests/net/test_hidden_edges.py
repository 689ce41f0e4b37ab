"""Hidden cards at the edges of a game: a spectator after the end, and a seat's own hidden
cards named in its numbers (a manual step moving its deck's cards by hand)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules.net.client import Client
from rules.net.host import Host
from rules.records.session import Session
from tests.manual.helpers import manual_pack, reach_manual
from tests.net.wiring import CODE, Table, play_random, table


@pytest.mark.parametrize("game", ["bos", "dreadnought", "kyoukai", "nullshapers"])
def test_a_spectator_sees_no_hidden_card_after_the_game_ends(game: str) -> None:
    t = table(game, seed=5, spectators=1)
    play_random(t, 5000, random.Random(5))
    host, rs = t.host, t.host.rs
    assert host.to_act() is None, "the game did not end"
    hidden = rs.manual_table.hidden_card if rs.manual_table else None
    masked = {i for i, c in rs.view(host.state, None).cards.items() if c == hidden}
    assert masked, "nothing is hidden at this game's end: the test shows nothing"
    late = t.join(9, Client("late watcher", CODE, None))  # one who joins after the end too
    for conn in (2, 9):
        views = [json.loads(x) for x in t.sent[conn]]
        last = next(m for m in reversed(views) if m["type"] == "view")
        assert last["over"]
        cards = last["state"]["cards"]
        assert sum(1 for c in cards.values() if c == hidden) == len(masked)
        names = {host.state.cards[i] for i in masked}
        seen = {c for c in cards.values() if c != hidden}
        shown_elsewhere = {c for i, c in host.state.cards.items() if i not in masked}
        assert not (names - shown_elsewhere) & seen  # no card only a hand held is named
    assert late.s.over


def _manual_table(tmp_path: Path) -> Table:
    pack = manual_pack("kyoukai", tmp_path)
    _, opts, intents = reach_manual("kyoukai", pack)
    session = Session.new("kyoukai", opts["seed"], {"pack": opts["pack"]})
    for i in intents:
        session.apply(i)
    t = Table(Host(session, CODE, rng=random.Random(1)))
    t.join(0, Client("Ann", CODE, 0))
    t.join(1, Client("Bo", CODE, 1))
    return t


def test_a_seat_moves_its_own_hidden_deck_card_by_its_alias_in_a_manual_step(
        tmp_path: Path) -> None:
    t = _manual_table(tmp_path)
    host, rs = t.host, t.host.rs
    seat = host.to_act()
    assert seat is not None and rs.manual_pending(host.state) is not None
    c = t.clients[seat]
    deck = host.state.players[seat].deck
    real = next(i for i in deck if rs.legal_intents(host.state, i))
    alias = host.aliases[seat].to_alias[real]
    name = rs.describe(host.state, rs.legal_intents(host.state, real)[0]).split(" →")[0]
    seq, frame = c.ask("legal", alias)
    t.send(seat, frame)
    answer = c.answers[seq]
    assert answer, "the seat's own deck card, named by its alias, has no moves"
    assert all(e["intent"]["card"] == alias for e in answer)
    assert not any(name in e["text"] for e in answer), "the sentence names the hidden card"
    seq, frame = c.ask("legal", real)  # the host's number of a card hidden from the seat
    t.send(seat, frame)
    assert c.answers[seq] == []
    before = len(host.session.record.intents)
    seq, frame = c.intent(answer[0]["intent"])
    t.send(seat, frame)
    assert c.acked[seq], c.s.note
    assert host.session.record.intents[before]["card"] == real


def test_no_spectator_view_is_made_while_nobody_watches_and_a_late_one_sees_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    t = table("nullshapers", seed=3)
    rs = t.host.rs
    made: list[int | None] = []
    view = rs.view

    def counted(state: object, viewer: int | None) -> object:
        made.append(viewer)
        return view(state, viewer)

    monkeypatch.setattr(rs, "view", counted)
    play_random(t, 10, random.Random(3))
    assert made and None not in made  # each intent: the two seats' views only
    watcher = t.join(2, Client("late", CODE, None))
    monkeypatch.undo()
    assert watcher.s.version == t.host.version
    hidden = rs.manual_table.hidden_card if rs.manual_table else None
    want = rs.view(t.host.state, None)
    got = watcher.s.view
    assert sorted(c for c in got.cards.values()) == sorted(c for c in want.cards.values())
    assert sum(1 for c in got.cards.values() if c == hidden) > 0
    play_random(t, 4, random.Random(4))  # and it follows the game from then on
    assert watcher.s.version == t.host.version


def test_a_refusal_about_a_seats_own_hidden_card_does_not_name_it(tmp_path: Path) -> None:
    t = _manual_table(tmp_path)
    host, rs = t.host, t.host.rs
    seat = host.to_act()
    assert seat is not None
    c = t.clients[seat]
    real = host.state.players[seat].deck[0]
    alias = host.aliases[seat].to_alias[real]
    table = rs.manual_table
    assert table is not None
    name = table.name(host.state, real)
    flag = {"kind": "manual_flag", "flag": "face_down", "card": alias, "value": True}
    seq, frame = c.ask("why", intent=flag)
    t.send(seat, frame)
    why = c.answers[seq]
    assert isinstance(why, str) and "face down" in why  # still the rules' reason
    assert name not in why
    before = len(host.session.record.intents)
    seq, frame = c.intent(flag)
    t.send(seat, frame)
    assert c.acked[seq] is False and name not in c.s.note and "face down" in c.s.note
    assert len(host.session.record.intents) == before
