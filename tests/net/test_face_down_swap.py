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
# The state's and intents' fields holding numbers that are not cards (counts, positions,
# players, a biome, the random generator), by key: a swap leaves them alone, whatever card
# numbers they equal. Every other number is swapped, so a field naming a card that no
# ruleset declares is swapped too. A field added to a state must be listed here if it is
# not a card: else the swap changes the game and the test fails (it never passes blindly).
NOT_CARDS = frozenset({"active", "first", "turn", "owner", "player", "priority", "passes",
                       "seed", "counter", "winner", "at", "value", "roll", "amount",
                       "attack", "defense", "damage", "cost", "speed"})
GAME_NOT_CARDS = {
    "kyoukai": frozenset({"ki", "range", "skill", "zone", "to", "shield", "absorbed"}),
    "bos": frozenset({"life", "strength", "split", "turns", "vim", "defeated", "column",
                      "ability"}),
    "nullshapers": frozenset({"advance_biome", "advancer", "biome", "boost", "durability",
                              "must_lose", "shield", "spent"}),
}
# Fields holding a card or something else as another field says (Nullshapers' target: an
# agent, a queued card or a biome; a saved part's arguments): a card number found there is
# never one of the two swapped, as the test cannot tell which it is.
EITHER = frozenset({"target", "args"})


def _swapped(doc: Any, x: int, y: int, keep: frozenset[str], key: str = "") -> Any:
    """``doc`` with the card numbers ``x`` and ``y`` exchanged, as values and as dict keys,
    but for the values under the keys ``keep`` (numbers that are not cards)."""
    def one(v: int) -> int:
        return y if v == x else x if v == y else v

    if isinstance(doc, dict):
        return {(str(one(int(k))) if k.lstrip("-").isdigit() else k):
                v if k == "catalog" else
                _swapped(v, x, y, keep, key if k.lstrip("-").isdigit() else k)
                for k, v in doc.items()}
    if isinstance(doc, list):
        return [_swapped(v, x, y, keep, key) for v in doc]
    if key in keep:
        return doc
    return one(doc) if isinstance(doc, int) and not isinstance(doc, bool) else doc


def _under(doc: Any, keys: frozenset[str], key: str = "") -> set[int]:
    """The numbers held under ``keys`` in ``doc``."""
    if isinstance(doc, dict):
        return {n for k, v in doc.items()
                for n in _under(v, keys, key if k.lstrip("-").isdigit() else k)}
    if isinstance(doc, list):
        return {n for v in doc for n in _under(v, keys, key)}
    return {doc} if key in keys and isinstance(doc, int) and not isinstance(doc, bool) \
        else set()


def _face_down(state: Any, cards: list[int]) -> Any:
    """``state`` with ``cards`` turned face down too, kept sorted as the core keeps them (a
    list swapped in place would keep the host numbers' order: no order leak would show)."""
    return replaced(state, face_down=tuple(sorted({*state.face_down, *cards})))


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
    assert table is not None
    keep = NOT_CARDS | GAME_NOT_CARDS[game]
    rng = random.Random(5)
    host = Host(Session.new(game, 5, {}), CODE, rng=random.Random(1))
    state = host.state
    checked: list[tuple[int, int]] = []
    for _ in range(400):
        if rs.to_act(state) is None:
            break
        state = rs.apply(state, rng.choice(rs.legal_intents(state))).state
        if rng.random() > 0.15:
            continue
        unsure = _under(json.loads(rs.dump(state))["state"], EITHER)
        in_play = [pl for pl in table.places(state) if pl.zone in (BOARD, UNDER)
                   and pl.card not in unsure]
        for owner in (0, 1):
            mine = [pl.card for pl in in_play if pl.owner == owner]
            if len(mine) < 2:
                continue
            x, y = rng.sample(mine, 2)
            doc = json.loads(rs.dump(state))
            swapped = rs.load(json.dumps({**doc, "state": _swapped(doc["state"], x, y, keep)}))
            # turned face down after the swap, as the game would: the list sorted by number
            down, other = _face_down(state, mine), _face_down(swapped, mine)
            assert _sent(host, down, 1 - owner) == _sent(host, other, 1 - owner), \
                f"{game}: cards {x} and {y} face down, swapped"
            moves = [i for i in rs.legal_intents(down)
                     if not {x, y} & _under(i.to_json(), EITHER)]
            move = random.Random(len(checked)).choice(moves)
            again = rs.parse_intent(_swapped(move.to_json(), x, y, keep))
            assert _logged(rs, down, move) == _logged(rs, other, again), \
                f"{game}: cards {x} and {y} face down, swapped, then {move}"
            checked.append((x, y))
    assert len(checked) >= 5, f"{game}: only {len(checked)} positions checked"
    # the whole range a card in play may have: low numbers (a count's or a biome's too)
    assert min(min(pair) for pair in checked) < 30, f"{game}: no low number swapped"
