"""For every game that lets a card be put face down by hand, a random game with cards turned
face down at random points: swapping which instances two face-down cards are (their numbers,
everywhere the state holds them) changes no byte sent to the other seat or a spectator: the
view, the legal moves when the seat acts, the log of the next move. A field naming a card
that its ruleset does not declare to the network edge (``hidden_mentions``,
``card_mentions``…) would still carry the host's number."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rules
from rules.core.manual_table import BOARD, UNDER
from rules.core.state import replaced
from rules.net.aliases import Aliases
from rules.net.host import Host, _redacted
from rules.records.session import Session
from tests.net.wiring import CODE

GAMES = ("kyoukai", "bos", "nullshapers")
# Card numbers below this may equal a biome, a position or a count the state holds: a swap
# of raw numbers would change those too (a different game, not a renumbered one).
LOW = 30


def _swapped(doc: Any, x: int, y: int) -> Any:
    """``doc`` with the numbers ``x`` and ``y`` exchanged, as values and as dict keys."""
    def one(v: int) -> int:
        return y if v == x else x if v == y else v

    if isinstance(doc, dict):
        return {(str(one(int(k))) if k.lstrip("-").isdigit() else k):
                v if k == "catalog" else _swapped(v, x, y) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_swapped(v, x, y) for v in doc]
    return one(doc) if isinstance(doc, int) and not isinstance(doc, bool) else doc


def _sent(host: Host, state: Any, seat: int) -> list[str]:
    """What ``seat`` and a spectator are sent of ``state`` with fresh tables of aliases: the
    views, the seat's legal moves when it acts."""
    aliases = Aliases(random.Random(7))
    out = [host.seat_doc(state, seat, aliases),
           host.seat_doc(state, None, Aliases(random.Random(7)))]
    if host.rs.to_act(state) == seat:
        out.append(json.dumps(host.legal_entries(state, seat, aliases)))
    return out


def _logged(rs: Any, state: Any, intent: Any) -> str:
    """The log lines everyone is sent of ``intent`` played in ``state``."""
    return json.dumps(_redacted(rs.apply(state, intent).events))


@pytest.mark.parametrize("game", GAMES)
def test_swapping_two_face_down_instances_changes_nothing_the_other_seat_is_sent(
        game: str) -> None:
    rs = rules.get(game)
    table = rs.manual_table
    rng = random.Random(5)
    host = Host(Session.new(game, 5, {}), CODE, rng=random.Random(1))
    state = host.state
    checked = 0
    for _ in range(400):
        if rs.to_act(state) is None:
            break
        state = rs.apply(state, rng.choice(rs.legal_intents(state))).state
        if rng.random() > 0.15:
            continue
        in_play = [pl for pl in table.places(state) if pl.zone in (BOARD, UNDER)
                   and pl.card >= LOW]
        for owner in (0, 1):
            mine = [pl.card for pl in in_play if pl.owner == owner]
            if len(mine) < 2:
                continue
            down = replaced(state, face_down=tuple(sorted({*state.face_down, *mine})))
            x, y = rng.sample(mine, 2)
            doc = json.loads(rs.dump(down))
            other = rs.load(json.dumps({**doc, "state": _swapped(doc["state"], x, y)}))
            assert _sent(host, down, 1 - owner) == _sent(host, other, 1 - owner), \
                f"{game}: cards {x} and {y} face down, swapped"
            move = random.Random(checked).choice(rs.legal_intents(down))
            again = rs.parse_intent(_swapped(move.to_json(), x, y))
            assert _logged(rs, down, move) == _logged(rs, other, again), \
                f"{game}: cards {x} and {y} face down, swapped, then {move}"
            checked += 1
    assert checked >= 5, f"{game}: only {checked} positions checked"
