"""Card changes a game is started with (the ``changes`` option): what a paired experiment of
the balance simulation plays in its second arm, and what a record of such a game replays.

A change names one card of the pack by id and does one of three things:

- ``set``: fields of the card get new values (``{"attack": 2}``, ``{"skills.0.amount": 3}``),
  checked by the card's own model like a card file (its legal ranges);
- ``instead``: another card of the pack takes this card's places;
- ``blank``: the game's blank card of the same type and cost (``PackFormat.blank``) takes them.

``deck`` limits a change to one of the two decks (0 or 1, in the order of the ``decks``
option); without it every deck is changed. A card that takes another's places (and a card
changed in one deck only) becomes a new card of the catalog whose id sorts where the replaced
card's did, written into the deck in its places: games that sort a deck's cards by id before
shuffling (most do) then deal the same positions, so a paired game stays paired.

Changed decks are not checked against the deck-building rules (copy counts, team levels): an
experiment may break them on purpose. ``broken_rules`` says which rules an experiment breaks,
for the report.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, model_validator

from rules.core.cards import toml_table
from rules.core.errors import DataError
from rules.core.model import Frozen
from rules.core.packs import Pack, PackFormat

Scalar = int | float | bool | str


class CardChange(Frozen):
    card: str = Field(min_length=1, max_length=200)  # the card's id in the pack
    set: dict[str, Scalar] = Field(default_factory=dict, max_length=50)
    instead: str | None = Field(default=None, min_length=1, max_length=200)
    blank: bool = False
    deck: int | None = Field(default=None, ge=0, le=1)

    @model_validator(mode="after")
    def _one_thing(self) -> CardChange:
        done = [bool(self.set), self.instead is not None, self.blank]
        if sum(done) != 1:
            raise ValueError("a change does one thing: set fields, put a card 'instead', "
                             "or put a 'blank' card in its places")
        return self

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """In words: "Wandering Lion: attack = 2", "Stone Throw instead of Wandering Lion"."""
        names = names or {}
        card = names.get(self.card, self.card)
        if self.set:
            what = f"{card}: " + ", ".join(f"{k} = {v}" for k, v in self.set.items())
        elif self.instead is not None:
            what = f"{names.get(self.instead, self.instead)} instead of {card}"
        else:
            what = f"a blank card instead of {card}"
        return what if self.deck is None else f"{what} (in deck {self.deck + 1} only)"


def data_of(card: BaseModel) -> dict[str, Any]:
    """A card's data as its card file would hold it (JSON types)."""
    return card.model_dump(mode="json")


def validate(fmt: PackFormat[Any, Any], data: Mapping[str, Any], label: str) -> Any:
    """``data`` as a card of ``fmt`` (its model and its ``card_check``); DataError naming
    ``label`` and each field that breaks a rule."""
    try:
        card = fmt.card_model.model_validate(dict(data), context=dict(fmt.context))
    except ValidationError as e:
        raise DataError([f"{label}: {'.'.join(map(str, x['loc'])) or '(card)'}: {x['msg']}"
                         for x in e.errors()]) from None
    if fmt.card_check is not None and (found := fmt.card_check(card)):
        raise DataError([f"{label}: {'.'.join(map(str, loc))}: {msg}" for loc, msg in found])
    return card


def with_fields(data: Mapping[str, Any], fields: Mapping[str, Scalar], label: str
                ) -> dict[str, Any]:
    """A copy of ``data`` with each dotted path of ``fields`` set (``skills.0.amount``: the
    first skill's amount); DataError for a path the card does not have."""
    out: dict[str, Any] = copy.deepcopy(dict(data))
    for path, value in fields.items():
        parts = path.split(".")
        at: Any = out
        for i, part in enumerate(parts):
            key: str | int
            if isinstance(at, dict) and part in at:
                key = part
            elif isinstance(at, list) and part.isdigit() and int(part) < len(at):
                key = int(part)
            else:
                have = ", ".join(sorted(at)) if isinstance(at, dict) else \
                    f"0 to {len(at) - 1}" if isinstance(at, list) else "none"
                raise DataError([f"{label}: {path}: the card has no "
                                 f"{'.'.join(parts[:i + 1])!r} (it has: {have})"])
            if i == len(parts) - 1:
                at[key] = value
            else:
                at = at[key]
    return out


def fresh_id(cid: str, taken: Mapping[str, Any]) -> str:
    """A new card id that sorts right after ``cid``: ``cid`` followed by zeros (no id made
    of letters, digits and ``_`` lies between the two, as '0' sorts before them all)."""
    new = f"{cid}0"
    while new in taken:
        new += "0"
    return new


def renamed(value: Any, old: str, new: str) -> Any:
    """A deck's data with every copy of card ``old`` named ``new`` in its place (order kept):
    string values and the keys of count tables; the deck's ``name`` is left alone."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, Mapping):
        return {(new if k == old else k): (x if k == "name" else renamed(x, old, new))
                for k, x in value.items()}
    if isinstance(value, list | tuple):
        return [renamed(x, old, new) for x in value]
    return value


def place(fmt: PackFormat[Any, Any], cid: str, cards: Mapping[str, Any]) -> str | None:
    """Which part of a deck the card goes in ("Entrant", "Gates", "Spirits"): the format's
    ``deck_part``, else the key of its ``deck_data`` that holds the card; None if the format
    says neither (a deck is then one list)."""
    if fmt.deck_part is not None:
        return fmt.deck_part(cards[cid])
    if fmt.deck_data is None:
        return None
    table = fmt.deck_data("", [cid], cards)
    for key, v in table.items():
        if key != "name" and cid in (v if isinstance(v, Mapping | list | tuple) else [v]):
            return str(key)
    return None


def apply_changes(fmt: PackFormat[Any, Any], cards: Mapping[str, Any], decks: Sequence[Any],
                  changes: Sequence[CardChange]
                  ) -> tuple[dict[str, Any], tuple[Any, ...], dict[str, str]]:
    """The catalog and the two decks with ``changes`` made, in order, and which pack card each
    new card copies (new id -> that id); DataError naming each change that cannot be made (an
    unknown card or field, a value out of its legal range, a card put where it cannot go)."""
    out = dict(cards)
    held = list(decks)
    copies: dict[str, str] = {}
    for i, ch in enumerate(changes):
        label = f"options:1: changes.{i} ({ch.describe()})"
        if ch.card not in out:
            raise DataError([f"{label}: card: no card {ch.card!r} in the pack"])
        if ch.set:
            data = with_fields(data_of(out[ch.card]), ch.set, label)
            if ch.deck is None:  # the card itself changes, in both decks
                out[ch.card] = validate(fmt, data, label)
                continue
        elif ch.instead is not None:
            if ch.instead not in out:
                raise DataError([f"{label}: instead: no card {ch.instead!r} in the pack"])
            there, here = place(fmt, ch.card, out), place(fmt, ch.instead, out)
            if there != here:
                raise DataError([f"{label}: instead: {ch.instead} goes in a deck's {here}, "
                                 f"{ch.card} in its {there}: a card takes the places of one "
                                 "that goes in the same part of a deck"])
            data = data_of(out[ch.instead])
        else:
            if fmt.blank is None:
                raise DataError([f"{label}: blank: {fmt.game} has no blank card; name a "
                                 "stand-in card instead"])
            data = fmt.blank(out[ch.card])
        new = fresh_id(ch.card, out)
        data[fmt.id_field] = new
        out[new] = validate(fmt, data, label)
        if ch.instead is not None:
            copies[new] = copies.get(ch.instead, ch.instead)
        for k in range(len(held)) if ch.deck is None else [ch.deck]:
            deck = held[k]
            held[k] = type(deck).model_validate(renamed(data_of(deck), ch.card, new))
    return out, tuple(held), copies


def broken_rules(fmt: PackFormat[Any, Any], cards: Mapping[str, Any], decks: Sequence[Any],
                 changes: Sequence[CardChange], scratch: Path) -> list[str]:
    """The deck-building rules the changed decks break, as the game's deck loader words
    them, each card that took another's places counted as the card it copies (a deck with 3
    Stone Throws and 2 in place of its Lions holds 5): the decks are written to ``scratch``,
    a folder of the caller's. [] where the format cannot write decks."""
    if fmt.deck_data is None or fmt.deck_cards is None:
        return []
    out_cards, held, copies = apply_changes(fmt, cards, decks, changes)
    scratch.mkdir(parents=True, exist_ok=True)
    out: list[str] = []
    for k, deck in enumerate(held):
        name = str(getattr(deck, "name", f"deck {k + 1}"))
        kept = [copies.get(c, c) for c in fmt.deck_cards(deck)]
        path = scratch / f"{fmt.deck_key}s-{k}.toml"
        path.write_text(toml_table(fmt.deck_key, fmt.deck_data(name, kept, out_cards)),
                        encoding="utf-8")
        try:
            fmt.load_decks(scratch, [path], out_cards)
        except DataError as e:
            out += [m.split(": ", 1)[1] if ": " in m else m for m in e.errors]
        finally:
            path.unlink()
    return out


_KEPT: dict[tuple[str, str, str], tuple[Pack[Any, Any], tuple[Any, ...], Any]] = {}


def changed_setup(fmt: PackFormat[Any, Any], pack: Pack[Any, Any], cards: Mapping[str, Any],
                  decks: tuple[Any, ...], changes: Sequence[CardChange]
                  ) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """``apply_changes``, kept while ``pack`` is the one loaded (every game of an experiment
    starts from the same changes: the cards are validated once per process, and the changed
    card objects stay the same ones, which the games' per-card caches key on)."""
    key = (fmt.game, repr([c.model_dump(mode="json") for c in changes]),
           repr([getattr(d, "name", "") for d in decks]))
    hit = _KEPT.get(key)
    if hit is not None and hit[0] is pack and hit[1] == decks:
        return hit[2]  # type: ignore[no-any-return]
    result = apply_changes(fmt, cards, decks, changes)[:2]
    if len(_KEPT) >= 64:
        _KEPT.clear()
    _KEPT[key] = (pack, decks, result)
    return result
