"""Each seat's own numbers for the card instances it cannot see (the network edge).

Views number card instances as the host's state does, so a card seen before it goes into a
hidden zone could be followed through a shuffle, and a game that numbers its cards in deck-list
order would name every hidden card by its number. Before a view leaves the host, every card
its seat cannot see gets an alias drawn for that seat: kept while the card stays in its zone,
drawn again when it enters a hidden zone or that zone is shuffled (its hidden cards' order
changed). The seat's intents come back with its aliases and are translated to the host's
numbers; a host number of a card hidden from the seat is refused as unknown, so a client
cannot probe what a number is.

Where hidden cards can lie is the game's ``Ruleset.hidden_places`` (paths into the state's
JSON), a Closed card on the table too (Dreadnought's slots and Speed Area) and a card put face
down by hand in a manual step (the board and the cards under one; a dict there is keyed by the
cards it holds, Nullshapers' agents); where else such a
card's number is written its ``hidden_mentions`` (a unit's own id) and ``hidden_keyed``
(dicts keyed by card number); which intent fields hold a card number its
``Ruleset.instance_fields``, which highlights its ``highlight_cards``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

ALIAS_LOW = 1_000_000  # aliases never collide with a game's own numbers (a few hundred cards)
ALIAS_HIGH = 1_000_000_000


class UnknownCard(ValueError):
    """An intent names a card number the seat was not given."""


def hidden_cards(doc: Mapping[str, Any], hidden_name: str | None) -> set[int]:
    """The instance numbers a view's JSON masks (its ``cards`` naming them ``hidden_name``)."""
    cards = doc.get("cards")
    if hidden_name is None or not isinstance(cards, dict):
        return set()
    return {int(k) for k, v in cards.items() if v == hidden_name}


def places(doc: Any, pattern: str) -> Iterator[tuple[str, Any, Any]]:
    """The concrete places ``pattern`` matches in ``doc``: (path, container, key). ``*`` is
    every item of a list or value of a dict."""
    parts = pattern.split(".")

    def walk(node: Any, i: int, path: str) -> Iterator[tuple[str, Any, Any]]:
        part = parts[i]
        if part == "*":
            keys: list[Any] = list(range(len(node))) if isinstance(node, list) else \
                list(node) if isinstance(node, dict) else []
        elif isinstance(node, dict) and part in node:
            keys = [part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            keys = [int(part)]  # one item of a list (a path a ruleset found, not a pattern)
        else:
            return
        for k in keys:
            here = f"{path}.{k}" if path else str(k)
            if i == len(parts) - 1:
                yield here, node, k
            else:
                yield from walk(node[k], i + 1, here)

    yield from walk(doc, 0, "")


def _kept_order(before: list[int], after: list[int]) -> bool:
    """Whether the cards in both lists are in the same order in each (no shuffle between)."""
    common = set(before) & set(after)
    return [i for i in before if i in common] == [i for i in after if i in common]


class Aliases:
    """One seat's table of aliases, updated with each view it is sent."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.to_alias: dict[int, int] = {}
        self.to_real: dict[int, int] = {}
        self._zones: dict[str, list[int]] = {}  # place -> its hidden cards at the last view

    def _draw(self, taken: set[int]) -> int:
        while True:
            alias = self._rng.randrange(ALIAS_LOW, ALIAS_HIGH)
            if alias not in taken:
                return alias

    def relabel(self, doc: dict[str, Any], hidden: set[int], hidden_places: tuple[str, ...],
                mentions: tuple[str, ...] = (), keyed: tuple[str, ...] = (),
                sets: tuple[str, ...] = ()) -> dict[str, Any]:
        """``doc`` (a view's state JSON, changed in place and returned) with this seat's
        aliases for the ``hidden`` cards at ``hidden_places``, at ``mentions``, as the keys
        of the dicts at ``keyed`` and in ``cards``; the lists at ``sets`` (whose order means
        nothing) sorted again after, as the host sorts them by its numbers."""
        zones: dict[str, list[int]] = {}
        spots: list[tuple[Any, Any]] = []
        tables: list[tuple[Any, Any]] = [(c, k) for pattern in keyed
                                         for _, c, k in places(doc, pattern)]
        for pattern in hidden_places:
            for path, container, key in places(doc, pattern):
                value = container[key]
                if isinstance(value, dict):  # cards in play keyed by number (an agent)
                    members = [int(k) for k in value if k.lstrip("-").isdigit()]
                    tables.append((container, key))
                else:
                    members = [value] if isinstance(value, int) else \
                        [v for v in value if isinstance(v, int)] \
                        if isinstance(value, list) else []
                    spots.append((container, key))
                zones[path] = [i for i in members if i in hidden]
        old: dict[int, int] = self.to_alias
        new: dict[int, int] = {}
        for path, now in zones.items():
            before = self._zones.get(path, [])
            keep = set(before) if _kept_order(before, now) else set()
            for i in now:
                if i in new:
                    continue
                new[i] = old[i] if i in keep and i in old else -1
        # Fresh aliases are drawn in the order the places list the cards, after the kept ones
        # are known, so the same view with two hidden cards swapped draws the same numbers.
        taken = {a for a in new.values() if a >= 0}
        for i, a in new.items():
            if a < 0:
                new[i] = self._draw(taken)
                taken.add(new[i])
        self.to_alias = new
        self.to_real = {a: i for i, a in new.items()}
        self._zones = zones
        spots += [(c, k) for pattern in mentions for _, c, k in places(doc, pattern)]
        for container, key in spots:
            value = container[key]
            if isinstance(value, int):
                container[key] = new.get(value, value)
            elif isinstance(value, list):
                container[key] = [new.get(v, v) if isinstance(v, int) else v for v in value]
        for pattern in sets:
            for _, container, key in places(doc, pattern):
                if isinstance(container[key], list):
                    container[key] = sorted(_map(container[key], new))
        for container, key in tables:
            table = container[key]
            if isinstance(table, dict):  # in its own order: the order things came in
                container[key] = {str(new.get(int(k), int(k))) if k.lstrip("-").isdigit()
                                  else k: v for k, v in table.items()}
        cards = doc.get("cards")
        if isinstance(cards, dict):
            # sorted by the numbers the seat sees: the keys' order must not tell the host's
            renamed = {(new.get(int(k), int(k))): v for k, v in cards.items()}
            doc["cards"] = {str(k): renamed[k] for k in sorted(renamed)}
        return doc

    def intent_out(self, data: dict[str, Any], fields: frozenset[str]) -> dict[str, Any]:
        """An intent's JSON as this seat may see it (its card fields in aliases)."""
        return {k: _map(v, self.to_alias) if k in fields else v for k, v in data.items()}

    def intent_in(self, data: Mapping[str, Any], fields: frozenset[str]) -> dict[str, Any]:
        """An intent's JSON from this seat in the host's numbers (UnknownCard for a number
        the seat was not given: an old alias, or a host number of a card hidden from it)."""
        out: dict[str, Any] = {}
        for k, v in data.items():
            out[k] = self._in(v) if k in fields else v
        return out

    def _in(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | list):
            return value
        if isinstance(value, list):
            return [self._in(v) for v in value]
        if value >= ALIAS_LOW:
            real = self.to_real.get(value)
            if real is None:
                raise UnknownCard(f"card {value} is not on the table")
            return real
        if value in self.to_alias:
            raise UnknownCard(f"card {value} is not on the table")
        return value

    def source_in(self, source: Any) -> Any:
        """A piece as the seat named it (a number, a list of them, a name) in the host's
        numbers: a hidden card by the alias it was given (its own deck's cards in a manual
        step); a host number of a card hidden from it, or an old alias, is unknown."""
        return self._in(source)

    def highlights_out(self, found: Mapping[str, Any], keys: frozenset[str]) -> dict[str, Any]:
        """A piece's highlights as this seat may see them: card numbers under ``keys`` in its
        aliases (a Closed unit it may target), the rest (slots, zones) as they are."""
        return {k: _map(v, self.to_alias) if k in keys else v for k, v in found.items()}

    def hides(self, data: Mapping[str, Any], fields: frozenset[str]) -> bool:
        """Whether an intent's JSON (host numbers) names a card hidden from this seat."""
        def hidden(v: Any) -> bool:
            if isinstance(v, list):
                return any(hidden(x) for x in v)
            return isinstance(v, int) and not isinstance(v, bool) and v in self.to_alias
        return any(hidden(v) for k, v in data.items() if k in fields)


def _map(value: Any, table: Mapping[int, int]) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return table.get(value, value)
    if isinstance(value, list | tuple):
        return [_map(v, table) for v in value]
    return value
