"""Dreadnought's Closed cards on the table (a dummy, a Closed speed card) carry each seat's
own numbers at the network edge, as hand and deck cards do: in the slots, the Speed Area,
the ``units`` dict's keys and ids, legal intents and highlights."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from rules.dreadnought.state import EMPTY, State
from rules.net.aliases import ALIAS_LOW, Aliases
from rules.net.host import Host
from tests.net.wiring import Table, table

OWNER, VIEWER = 1, 0  # Player 2's Closed cards, as Player 1 is sent them


def _dummy(s: State) -> int | None:
    return next((i for i in s.players[OWNER].slots if i != EMPTY and s.units[i].dummy), None)


def _with_a_dummy(seed: int = 0) -> Table:
    """A Dreadnought game played at random until Player 2 has a dummy and a hand."""
    for tries in range(40):
        t = table("dreadnought", seed=seed + tries)
        rng = random.Random(seed + tries)
        for _ in range(400):
            s = t.host.state
            if _dummy(s) is not None and s.players[OWNER].hand and not s.manual:
                return t
            if t.host.rs.to_act(s) is None:
                break
            t.host.session.apply(rng.choice(t.host.rs.legal_intents(s)))
            t.host._bumped()
    raise AssertionError("no game reached a dummy")


def _renumbered(s: State, a: int, b: int) -> State:
    """``s`` with the card numbers ``a`` and ``b`` exchanged everywhere: which instance is
    which, all else alike."""
    def swap(i: int) -> int:
        return b if i == a else a if i == b else i

    out = s.copy()
    out.cards = {swap(i): c for i, c in s.cards.items()}
    for p in (0, 1):
        pl = out.own(p)
        pl.hand, pl.deck = tuple(map(swap, pl.hand)), tuple(map(swap, pl.deck))
        pl.slots = tuple(map(swap, pl.slots))  # type: ignore[assignment]
        pl.speed = swap(pl.speed)
        pl.hp = tuple(tuple(map(swap, h)) for h in pl.hp)  # type: ignore[assignment]
    out.units = {swap(i): _unit(u, swap(u.iid)) for i, u in s.units.items()}
    return out


def _unit(u: Any, iid: int) -> Any:
    v = copy.copy(u)
    v.iid = iid
    return v


def _numbers(doc: str) -> set[int]:
    """Every card number a view's JSON names in the slots, the Speed Area and ``units``."""
    d = json.loads(doc)
    out = {int(k) for k in d["units"]} | {u["iid"] for u in d["units"].values()}
    for pl in d["players"]:
        out |= set(pl["slots"]) | {pl["speed"]}
    return out


def test_swapping_which_card_a_dummy_and_a_hand_card_are_changes_no_byte_sent() -> None:
    t = _with_a_dummy()
    host: Host = t.host
    s = host.state
    dummy = _dummy(s)
    assert dummy is not None
    for other in (s.players[OWNER].hand[0], s.players[OWNER].deck[0]):
        swapped = _renumbered(s, dummy, other)
        # the same table of aliases on both sides (a seat's first view: what it was sent
        # before is the next test's)
        sent = [host.seat_doc(x, VIEWER, Aliases(random.Random(7))) for x in (s, swapped)]
        assert sent[0] == sent[1]
        assert dummy not in _numbers(sent[0])  # nor the host's number of the dummy


def test_a_card_seen_face_up_and_put_down_closed_again_gets_a_number_not_seen() -> None:
    t = _with_a_dummy(5)
    host: Host = t.host
    aliases = copy.deepcopy(host.aliases[VIEWER])
    s = host.state
    card = _dummy(s)
    assert card is not None
    up = s.copy()  # the card lies face up: its number is public
    up.units = {**s.units, card: _face_up(s.units[card])}
    seen = host.seat_doc(up, VIEWER, aliases)
    assert card in _numbers(seen)
    back = s.copy()  # taken back to its owner's hand
    pl = back.own(OWNER)
    pl.hand += (card,)
    pl.place(pl.slots.index(card), EMPTY)
    back.units = {i: u for i, u in s.units.items() if i != card}
    in_hand = host.seat_doc(back, VIEWER, aliases)
    down = host.seat_doc(s, VIEWER, aliases)  # and put down Closed again, where it was
    numbers = _numbers(down)
    assert card not in numbers
    closed = [i for i in numbers if i >= ALIAS_LOW]
    assert closed and not set(closed) & (_numbers(seen) | set(_hand(in_hand)))


def _face_up(u: Any) -> Any:
    v = copy.copy(u)
    v.dummy = False
    return v


def _hand(doc: str) -> list[int]:
    return list(json.loads(doc)["players"][OWNER]["hand"])


def test_legal_intents_and_highlights_name_an_opponents_dummy_by_its_alias() -> None:
    t = _with_a_dummy(11)
    host: Host = t.host
    rs = host.rs
    for _ in range(300):
        s = host.state
        acting = rs.to_act(s)
        if acting is None:
            break
        hidden = {i for p in (0, 1) for i in s.players[p].slots
                  if i != EMPTY and s.units[i].dummy and s.units[i].owner != acting}
        sent = json.dumps(host._legal)
        for i in hidden:
            assert f'"target":{i},' not in sent.replace(" ", "") and \
                f'"target":{i}}}' not in sent.replace(" ", "")
        for piece in rs.pieces(s):
            lit = host._answer(host.conns[acting], _ask(piece))
            assert not hidden & {v for vs in lit.values() for v in vs
                                 if isinstance(v, int)}, (piece, lit)
        host.session.apply(random.Random(len(host.session.record.intents)).choice(
            rs.legal_intents(s)))
        host._bumped()


def _ask(piece: Any) -> Any:
    from rules.net.messages import Ask

    return Ask(type="ask", seq=1, what="highlights",
               source=list(piece) if isinstance(piece, tuple) else piece)
