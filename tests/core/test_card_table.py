"""rules/core/card_table.py and rules/core/memo.py's Interned: what the listings read of each card,
and their intents by field, are the catalog's and the intent type's own."""

from __future__ import annotations

from dataclasses import dataclass

from rules.bos.intents import Attack
from rules.core.card_table import CardTable
from rules.core.memo import Interned


@dataclass(frozen=True)
class _Card:
    cost: int


def _counting() -> tuple[CardTable[_Card, int], list[_Card]]:
    made: list[_Card] = []

    def make(card: _Card) -> int:
        made.append(card)
        return card.cost

    return CardTable(make), made


def test_each_card_is_read_once_per_catalog() -> None:
    table, made = _counting()
    catalog = {"a": _Card(1), "b": _Card(2)}
    assert table.of(catalog)["a"] == 1
    assert table.of(catalog)["a"] == 1
    assert table.of(catalog)["b"] == 2
    assert made == [catalog["a"], catalog["b"]]


def test_a_new_games_copy_of_the_same_cards_reads_nothing_again() -> None:
    table, made = _counting()
    catalog = {"a": _Card(1)}
    table.of(catalog)["a"]
    assert table.of(dict(catalog))["a"] == 1
    assert len(made) == 1


def test_a_changed_card_is_read_anew() -> None:
    # a hot reload: a new catalog with one card changed, then the old one again (a state from
    # before the reload, as undo or a view may hold)
    table, _ = _counting()
    old = {"a": _Card(1), "b": _Card(2)}
    new = {**old, "a": _Card(5)}
    assert table.of(old)["a"] == 1
    assert table.of(new)["a"] == 5
    assert table.of(new)["b"] == 2
    assert table.of(old)["a"] == 1


def test_an_interned_intent_is_the_one_of_makes() -> None:
    attacks = Interned(Attack)
    assert attacks[3, 7] is Attack.of(3, 7)
    assert attacks[3, 7] is attacks[3, 7]
    assert (attacks[3, 7].card, attacks[3, 7].target) == (3, 7)
