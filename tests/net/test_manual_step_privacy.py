"""A manual step's card put where the other seat cannot see it (into a hand or a deck, face
down on the board) is not tied to the step in what that seat and a spectator are sent: the
opening log line named the card, so the step's card number (their alias for it) or a part of
the paused resolution naming it would tell which hidden card it is until Done."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core.manual_intents import ManualMove
from rules.core.model import Intent
from rules.net.client import Client
from rules.net.host import Host
from rules.records.session import Session
from tests.manual.helpers import manual_pack, reach_manual
from tests.net.wiring import CODE, Table


def _table(game: str, opts: dict[str, Any], intents: list[Intent]) -> Table:
    """Both seats and a spectator joined to a hosted game at its manual step."""
    session = Session.new(game, opts["seed"], {"pack": opts["pack"]})
    for i in intents:
        session.apply(i)
    t = Table(Host(session, CODE, rng=random.Random(1)))
    for conn, seat in enumerate((0, 1, None)):
        t.join(conn, Client(f"p{conn}", CODE, seat))
    return t


def _hiding_moves(rs: Any, s: Any, card: int) -> list[ManualMove]:
    """One move of ``card`` by the step's player into each place the other seat cannot see."""
    step = rs.manual_pending(s)
    hidden = rs.manual_table.hidden_card
    out: dict[tuple[str, bool], ManualMove] = {}
    for i in rs.legal_intents(s, card):
        if isinstance(i, ManualMove) and i.owner == step.player \
                and (i.zone, i.face_down) not in out \
                and rs.view(rs.apply(s, i).state, 1 - step.player).cards[card] == hidden:
            out[(i.zone, i.face_down)] = i
    return list(out.values())


def _numbers(doc: Any) -> set[int]:
    if isinstance(doc, dict):
        return {n for v in doc.values() for n in _numbers(v)}
    if isinstance(doc, list):
        return {n for v in doc for n in _numbers(v)}
    return {doc} if isinstance(doc, int) and not isinstance(doc, bool) else set()


@pytest.mark.parametrize("game", ["kyoukai", "dreadnought"])
def test_the_other_seat_is_sent_nothing_tying_a_hidden_step_card_to_the_step(
        game: str, tmp_path: Path) -> None:
    s, opts, intents = reach_manual(game, manual_pack(game, tmp_path))
    step = s.manual[0]
    moves = _hiding_moves(rules.get(game), s, step.card)
    assert moves and step.card >= 0
    masked = rules.get(game).manual_table.hidden_card  # type: ignore[union-attr]
    for move in moves:
        t = _table(game, opts, intents)
        t.send(step.player, t.clients[step.player].intent(move.to_json())[1])
        assert t.host.state.manual, move  # still open, the card out of the other's sight
        for conn in (1 - step.player, 2):
            view = [json.loads(f) for f in t.sent[conn] if '"type":"view"' in f][-1]["state"]
            hidden = {int(c) for c, name in view["cards"].items()
                      if name == masked}
            sent = view["manual"][0]
            assert sent["card"] not in hidden, (move, conn)
            assert not _numbers(sent["then"]) & hidden, (move, conn)
