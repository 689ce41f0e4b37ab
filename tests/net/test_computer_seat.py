"""A seat that owes a decision and has been away longer than the host's set time: the host
player may hand it to a computer level; its player takes it back by token (sans IO)."""

from __future__ import annotations

import json

from rules.net.client import Client
from rules.net.host import Host
from tests.net.wiring import CODE, Table, table


def _away(t: Table) -> int:
    """The seat to act, dropped at ``t.now``: the game waits for it."""
    acting = t.host.to_act()
    assert acting is not None
    t.drop(acting)
    assert t.host.presence()["paused"] is True
    return acting


def _offered(t: Table, conn: int) -> list[int]:
    last = [json.loads(x) for x in t.sent[conn] if json.loads(x)["type"] == "presence"][-1]
    return list(last["offer"])


def test_an_away_seat_is_offered_to_the_computer_after_the_set_time_only() -> None:
    t = table("bos", seed=3, offer_after=60.0)
    away = _away(t)
    here = 1 - away
    start = t.now
    t.deliver(t.host.tick(start + 30))
    assert _offered(t, here) == []
    assert t.host.let_computer_play(away, "easy", start + 30) == []  # not yet
    assert t.host.seats[away].computer is None
    t.deliver(t.host.tick(start + 61))
    assert _offered(t, here) == [away]  # the host's table shows its button now
    assert t.host.let_computer_play(away, "impossible", start + 61) == []  # no such level
    assert t.host.let_computer_play(here, "easy", start + 61) == []  # a seat not away
    n = len(t.host.session.record.intents)
    t.deliver(t.host.let_computer_play(away, "easy", start + 61))
    assert t.host.seats[away].computer is not None
    assert len(t.host.session.record.intents) > n  # the computer decided for the seat
    assert t.host.to_act() != away or t.host.to_act() is None
    assert _offered(t, here) == [] and t.host.presence()["paused"] is False


def test_no_offer_without_a_set_time_and_the_player_rejoins_their_seat() -> None:
    t = table("bos", seed=3)
    away = _away(t)
    t.deliver(t.host.tick(t.now + 10_000))
    assert _offered(t, 1 - away) == [] and t.host.seats[away].computer is None
    t.host.offer_after = 5.0
    token = t.host.seats[away].token
    t.deliver(t.host.tick(t.now + 10))
    t.deliver(t.host.let_computer_play(away, "easy", t.now + 10))
    assert t.host.seats[away].computer is not None
    back = t.join(7, Client("Bo again", CODE, None, token))
    assert back.s.seat == away and t.host.seats[away].computer is None
    # the seat is the player's again: when it is to act nobody decides for it
    while t.host.to_act() == 1 - away:
        c = t.clients[1 - away]
        t.send(1 - away, c.intent(c.s.legal[0])[1])
    if t.host.to_act() == away:
        n = len(t.host.session.record.intents)
        t.deliver(t.host.tick(t.now + 1))
        assert len(t.host.session.record.intents) == n and back.my_turn()


def test_a_decision_made_off_the_host_is_dropped_once_the_player_is_back() -> None:
    t = table("kyoukai", seed=2, offer_after=1.0)
    host: Host = t.host
    host.inline_computers = False  # the transport decides on a thread of its own
    away = _away(t)
    token = host.seats[away].token
    t.deliver(host.tick(t.now + 2))
    t.deliver(host.let_computer_play(away, "easy", t.now + 2))
    turn = host.computer_turn()
    assert turn is not None and turn.seat == away
    assert len(host.session.record.intents) == 0  # nothing decided on the host's loop
    intent = turn.agent.choose(host.rs, turn.view, turn.legal)
    t.join(8, Client("Ann again", CODE, None, token))
    assert host.computer_played(turn, intent) == []  # the player is back: not played
    assert len(host.session.record.intents) == 0 and host.computer_turn() is None


def test_a_computer_that_cannot_decide_gives_the_seat_back_to_waiting() -> None:
    t = table("bos", seed=4, offer_after=1.0)
    t.host.inline_computers = False
    away = _away(t)
    t.deliver(t.host.tick(t.now + 2))
    t.deliver(t.host.let_computer_play(away, "easy", t.now + 2))
    turn = t.host.computer_turn()
    assert turn is not None
    t.deliver(t.host.computer_failed(turn, "RuntimeError"))
    assert t.host.seats[away].computer is None and t.host.computer_turn() is None
    assert t.host.presence()["paused"] is True and _offered(t, 1 - away) == [away]
    assert "could not decide" in t.clients[1 - away].s.chat[-1]["text"]
