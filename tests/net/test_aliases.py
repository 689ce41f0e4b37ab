"""Each seat's own numbers for hidden cards: drawn on entering a hidden zone and on a shuffle,
kept otherwise, translated back on the host, never the host's."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import rules
from rules.net.aliases import ALIAS_LOW, Aliases, UnknownCard, hidden_cards, places
from tests.net.wiring import play_random, table

PLACES = ("players.*.hand", "players.*.deck")


def _doc(hand: list[int], deck: list[int], shown: tuple[int, ...] = ()) -> dict[str, Any]:
    cards = {str(i): ("card" if i in shown else "hidden") for i in [*hand, *deck, *shown]}
    return {"cards": cards, "players": [{"hand": hand, "deck": deck}]}


def _relabel(a: Aliases, doc: dict[str, Any]) -> dict[str, Any]:
    return a.relabel(copy.deepcopy(doc), hidden_cards(doc, "hidden"), PLACES)


def test_a_card_keeps_its_alias_while_it_stays_and_gets_a_new_one_on_entering() -> None:
    a = Aliases(random.Random(1))
    first = _relabel(a, _doc([1, 2], [3, 4, 5]))
    hand = first["players"][0]["hand"]
    assert all(x >= ALIAS_LOW for x in hand) and 1 not in a.to_real
    second = _relabel(a, _doc([1, 2, 3], [4, 5]))  # 3 drawn into the hand
    assert second["players"][0]["hand"][:2] == hand
    assert second["players"][0]["hand"][2] != first["players"][0]["deck"][0]
    assert second["players"][0]["deck"] == first["players"][0]["deck"][1:]


def test_a_seen_card_put_back_and_shuffled_cannot_be_followed() -> None:
    a = Aliases(random.Random(2))
    _relabel(a, _doc([1], [3, 4, 5], shown=(9,)))  # card 9 is on the table, seen
    back = _relabel(a, _doc([1], [3, 4, 9, 5]))  # 9 goes into the deck
    assert 9 not in back["players"][0]["deck"]
    before = back["players"][0]["deck"]
    shuffled = _relabel(a, _doc([1], [5, 9, 3, 4]))
    assert not set(shuffled["players"][0]["deck"]) & set(before)  # every alias drawn anew
    assert list(shuffled["cards"]) == sorted(shuffled["cards"], key=int)  # order tells nothing


def test_intents_translate_back_and_host_numbers_of_hidden_cards_are_unknown() -> None:
    a = Aliases(random.Random(3))
    doc = _relabel(a, _doc([1, 2], [3]))
    alias = doc["players"][0]["hand"][0]
    fields = frozenset({"card"})
    assert a.intent_in({"kind": "x", "card": alias, "zone": 5}, fields) == \
        {"kind": "x", "card": 1, "zone": 5}
    with pytest.raises(UnknownCard):
        a.intent_in({"kind": "x", "card": 2}, fields)  # a host number it was not given
    with pytest.raises(UnknownCard):
        a.intent_in({"kind": "x", "card": ALIAS_LOW + 7}, fields)
    assert a.intent_out({"kind": "x", "card": 1, "zone": 1}, fields) == \
        {"kind": "x", "card": alias, "zone": 1}


def unaliased(doc: dict[str, Any], a: Aliases, rs: Any) -> dict[str, Any]:
    """A seat's view as it was sent, in the host's numbers again."""
    out = copy.deepcopy(doc)
    for pattern in (*rs.hidden_places, *rs.hidden_mentions, *rs.card_mentions(doc),
                    *rs.hidden_keyed):
        for _, container, key in places(out, pattern):
            v = container[key]
            container[key] = a.to_real.get(v, v) if isinstance(v, int) else \
                {str(a.to_real.get(int(k), int(k))): x for k, x in v.items()} \
                if isinstance(v, dict) else [a.to_real.get(x, x) for x in v]
    for pattern in rs.hidden_sets:  # sorted by the seat's numbers, by the host's again
        for _, container, key in places(out, pattern):
            container[key] = sorted(a.to_real.get(x, x) for x in container[key])
    if "cards" in out:
        out["cards"] = {str(a.to_real.get(int(k), int(k))): v for k, v in out["cards"].items()}
    return out


@pytest.mark.parametrize("game", ["kyoukai", "dreadnought", "bos", "nullshapers"])
def test_every_seat_is_sent_its_view_with_no_host_number_of_a_hidden_card(game: str) -> None:
    t = table(game, seed=2, spectators=1)
    rs = t.host.rs
    rng = random.Random(2)
    for _ in range(12):
        play_random(t, 8, rng)
        for conn, viewer in ((0, 0), (1, 1), (2, None)):
            sent = json.loads(t.host._docs[viewer])
            want = json.loads(rs.dump(rs.view(t.host.state, viewer)))["state"]
            want.pop("catalog")
            back = unaliased(sent, t.host.aliases[viewer], rs)
            back["cards"] = dict(sorted(back["cards"].items(), key=lambda kv: int(kv[0])))
            assert back == want
            real_hidden = hidden_cards(want, "hidden")
            for pattern in (*rs.hidden_places, *rs.hidden_mentions, *rs.card_mentions(sent)):
                for _, container, key in places(sent, pattern):
                    v = container[key]
                    assert not real_hidden & (set(v) if isinstance(v, list) else {
                        int(k) for k in v} if isinstance(v, dict) else {v})
            for pattern in (*rs.hidden_keyed, *rs.hidden_sets):
                for _, container, key in places(sent, pattern):
                    assert not real_hidden & {int(k) for k in container[key]}
            client_view = t.clients[conn].s.view
            assert rs.dump(client_view) == rs.dump(rs.load(json.dumps(
                {"format": 1, "game": game, "state": {**sent, "catalog": json.loads(
                    t.host._catalog)}})))
        if t.host.to_act() is None:
            break


def test_krosmaster_has_no_hidden_cards_to_number() -> None:
    assert rules.get("krosmaster").hidden_places == ()


def test_a_saved_part_names_cards_only_in_the_arguments_its_game_declares() -> None:
    # BOS declares spell_done's arguments 0 and 2 and every one of checks'; an op it does not
    # declare names no card (as ``manual.unlinked`` reads the same table), so a number there
    # (an amount) is never renamed as if it were a card.
    rs = rules.get("bos")
    doc = {"manual": [{"card": 4, "then": [
        {"op": "spell_done", "args": [4, 2, 7]}, {"op": "checks", "args": [1, 2]},
        {"op": "not_declared", "args": [3, 5]}]}]}
    assert rs.card_mentions(doc) == (
        "manual.*.card", "manual.0.then.0.args.0", "manual.0.then.0.args.2",
        "manual.0.then.1.args.0", "manual.0.then.1.args.1")
