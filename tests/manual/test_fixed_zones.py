"""Fixed zones moved by hand in a manual step: BOS's boss and wizards, Dreadnought's Speed
Area (and Nullshapers' anomaly in play). A card is taken out of one into any zone and put into
a free one; the game's rules read the result (a column without its wizard summons nothing)."""

from __future__ import annotations

from typing import Any

import rules
from rules.agents import RandomAgent
from rules.bos.intents import Summon
from rules.core import manual
from rules.core.manual_intents import ManualDone, ManualFlag, ManualMove
from rules.core.model import Intent

Reached = dict[str, tuple[Any, dict[str, Any], list[Intent]]]


def _moves(rs: Any, s: Any, card: int, zone: str) -> list[ManualMove]:
    return [i for i in rs.legal_intents(s, card) if isinstance(i, ManualMove) and i.zone == zone]


def _both(rs: Any, s: Any, intent: Intent) -> Any:
    """The loud outcome, checked equal to the quiet one."""
    loud = rs.apply(s, intent)
    assert rs.dump(loud.state) == rs.dump(rs.apply(s, intent, quiet=True).state), intent
    return loud


def test_a_bos_boss_is_taken_away_and_another_card_becomes_the_boss(reached: Reached) -> None:
    rs = rules.get("bos")
    state = reached["bos"][0]
    p = rs.to_act(state)
    assert p is not None
    side = state.sides[p]
    boss = side.boss
    assert side.boss_state == "down" and not _moves(rs, state, side.castle[0], "boss")
    out = _both(rs, state, ManualMove(card=boss, owner=p, zone="graveyard"))
    after = out.state.sides[p]
    assert after.boss_state == "gone" and after.graveyard[-1] == boss
    assert f"puts {state.name(boss)} into the Graveyard" in out.events[0].text
    assert not manual.consistency(rs.manual_table, out.state)  # type: ignore[arg-type]
    # The boss place is free: a castle card goes there face down, unnamed for the opponent.
    card = after.castle[0]
    into = ManualMove(card=card, owner=p, zone="boss", at=0)
    assert into in _moves(rs, out.state, card, "boss")
    put = _both(rs, out.state, into)
    now = put.state.sides[p]
    assert (now.boss, now.boss_state) == (card, "down") and card not in now.castle
    assert "puts a card into the boss place" in put.events[0].text
    assert put.state.name(card) not in put.events[0].text
    assert rs.view(put.state, 1 - p).cards[card] != put.state.cards[card]  # BOS's own mask
    # Turned face up by hand it is a unit on the battlefield, and named.
    up = _both(rs, put.state, ManualFlag(card=card, flag="boss_up", value=True))
    assert up.state.sides[p].boss_state == "up" and card in up.state.units
    assert put.state.name(card) in up.events[0].text and 1 - p in up.events[0].reveals
    down = _both(rs, up.state, ManualFlag(card=card, flag="boss_up", value=False))
    assert down.state.sides[p].boss_state == "down" and card not in down.state.units


def test_a_bos_column_without_its_wizard_summons_nothing_until_one_is_put_back(
        reached: Reached) -> None:
    rs = rules.get("bos")
    state = reached["bos"][0]
    p = rs.to_act(state)
    assert p is not None
    wizard = state.sides[p].wizards[2]
    out = _both(rs, state, ManualMove(card=wizard, owner=p, zone="graveyard")).state
    side = out.sides[p]
    assert side.wizards[2] == -1 and side.wizard_down[2] and side.graveyard[-1] == wizard
    assert _moves(rs, out, side.castle[0], "wizards") == [
        ManualMove(card=side.castle[0], owner=p, zone="wizards", at=2)]
    # Play on (loud and quiet) to this player's next Startups: column 3 stays down.
    for quiet in (False, True):
        s = rs.apply(out, ManualDone()).state
        agent = RandomAgent(4)
        turns = s.sides[p].turns
        for _ in range(3000):
            if rs.to_act(s) is None or s.sides[p].turns >= turns + 2:
                break
            if rs.manual_pending(s) is not None:
                s = rs.apply(s, ManualDone(), quiet=quiet).state
                continue
            legal = rs.legal_intents(s)
            assert not any(isinstance(i, Summon) and i.column == 2 and s.active == p
                           for i in legal)
            s = rs.apply(s, agent.choose(rs, s, legal), quiet=quiet).state
        assert s.sides[p].turns > turns or rs.to_act(s) is None
        assert s.sides[p].wizards[2] == -1 and s.sides[p].wizard_down[2]
    # A card put into the empty wizard place is a wizard standing up.
    card = side.castle[0]
    back = _both(rs, out, ManualMove(card=card, owner=p, zone="wizards", at=2)).state
    assert back.sides[p].wizards[2] == card and not back.sides[p].wizard_down[2]
    flag = ManualFlag(card=card, flag="wizard_down", value=True)
    assert flag in rs.legal_intents(back, card)
    assert _both(rs, back, flag).state.sides[p].wizard_down[2]


def test_the_dreadnought_speed_area_is_emptied_and_filled_by_hand(reached: Reached) -> None:
    rs = rules.get("dreadnought")
    state = reached["dreadnought"][0]
    owner = next(p for p in (0, 1) if state.players[p].speed != -1)
    speed = state.players[owner].speed
    # Closed, its card is masked for the other player (Dreadnought's own Closed mask).
    closed = _both(rs, state, ManualFlag(card=speed, flag="closed", value=True))
    assert closed.state.players[owner].closed
    assert rs.view(closed.state, 1 - owner).cards[speed] != state.cards[speed]
    assert state.name(speed) not in closed.events[0].text  # turned face down: not named
    # Taken out while Closed into the hand: not named either; the area is empty and open.
    out = _both(rs, closed.state, ManualMove(card=speed, owner=owner, zone="hand"))
    assert state.name(speed) not in out.events[0].text
    pl = out.state.players[owner]
    assert pl.speed == -1 and not pl.closed and pl.hand[0] == speed
    # Any card may be put into the empty Speed Area, Open.
    card = pl.hand[-1]
    into = ManualMove(card=card, owner=owner, zone="speed", at=0)
    assert into in _moves(rs, out.state, card, "speed")
    put = _both(rs, out.state, into)
    assert put.state.players[owner].speed == card and not put.state.players[owner].closed
    whose = "the" if rs.to_act(state) == owner else f"Player {owner + 1}'s"
    assert f"puts {state.name(card)} into {whose} Speed Area." in put.events[0].text
    assert not _moves(rs, put.state, pl.hand[0], "speed")  # full again


def test_the_nullshapers_anomaly_in_play_is_a_fixed_zone(reached: Reached) -> None:
    rs = rules.get("nullshapers")
    state = reached["nullshapers"][0]
    p = rs.to_act(state)
    assert p is not None and state.sides[p].anomaly == -1
    card = state.sides[p].hand[0]
    into = ManualMove(card=card, owner=p, zone="anomaly", at=0)
    assert into in _moves(rs, state, card, "anomaly")
    s = _both(rs, state, into).state
    assert s.sides[p].anomaly == card
    out = _both(rs, s, ManualMove(card=card, owner=p, zone="cache")).state
    assert out.sides[p].anomaly == -1 and out.sides[p].cache[0] == card  # its top
