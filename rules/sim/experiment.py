"""What a designer asks "what if" in, made into the arms of a paired experiment.

- ``--variant "wandering_lion.attack=2"``: fields of cards, one arm with all of them;
- ``--without wandering_lion --instead stone_throw`` (``--in DECK``: in that deck only);
- ``--compare OTHER_PACK``: a whole edited pack;
- ``--variants FILE``: a TOML file of ``[[variant]]`` tables, one arm each;
- ``--ablate DECK``: each distinct card of the deck in turn replaced by a stand-in (or the
  game's blank card), one arm per card.

Cards are named by id, by name ("Wandering Lion") or by the name written as an id
("wandering_lion"); an unknown one is refused with the closest names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.cards import read_toml
from rules.core.changes import CardChange, place
from rules.core.errors import DataError
from rules.core.packs import PackFormat
from rules.sim.plan import Arm

VARIANT_KEYS = {"name", "set", "without", "instead", "blank", "deck"}


@dataclass(frozen=True)
class Cards:
    """The pack's cards as an experiment names them."""

    fmt: PackFormat[Any, Any]
    cards: Mapping[str, Any]  # id -> card
    decks: tuple[str, str]  # deck A and deck B
    deck_cards: tuple[tuple[str, ...], tuple[str, ...]]  # their cards, one per copy

    def name(self, cid: str) -> str:
        return str(getattr(self.cards.get(cid), "name", cid))

    def names(self) -> dict[str, str]:
        return {cid: self.name(cid) for cid in self.cards}

    def find(self, text: str, what: str = "card") -> str:
        """The id of the card ``text`` names; ValueError with the closest names."""
        text = text.strip()
        if text in self.cards:
            return text
        wanted = _key(text)
        for cid in self.cards:
            if _key(self.name(cid)) == wanted or _key(cid) == wanted:
                return cid
        near = difflib.get_close_matches(text, [*self.cards, *(self.name(c) for c in
                                                                self.cards)], n=3)
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise ValueError(f"{what}: no card {text!r} in the pack{hint}")

    def slot(self, deck: str, what: str) -> int:
        """Which of the two decks (0: A, 1: B) ``deck`` names: "A", "B" or a deck's name."""
        t = deck.strip()
        if t.upper() in ("A", "B"):
            return "AB".index(t.upper())
        for k, name in enumerate(self.decks):
            if name and _key(name) == _key(t):
                return k
        raise ValueError(f"{what}: {deck!r} is not one of the two decks played: A "
                         f"({self.decks[0]}) or B ({self.decks[1]})")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def value(text: str) -> int | float | bool | str:
    """A value as typed on the command line: a whole number, a number, true/false, or text."""
    t = text.strip()
    if re.fullmatch(r"[+-]?\d+", t):
        return int(t)
    if re.fullmatch(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?", t):
        return float(t)
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    return t


def parse_variant(text: str, cards: Cards) -> list[dict[str, Any]]:
    """``"wandering_lion.attack=2, hunting_eagle.cost=1"`` as changes (one per card)."""
    fields: dict[str, dict[str, Any]] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        lhs, eq, rhs = part.partition("=")
        card, dot, path = lhs.strip().partition(".")
        if not eq or not dot or not path.strip() or not rhs.strip():
            raise ValueError(f"--variant: {part!r} is not CARD.FIELD=VALUE (e.g. "
                             "wandering_lion.attack=2)")
        cid = cards.find(card, "--variant")
        fields.setdefault(cid, {})[path.strip()] = value(rhs)
    if not fields:
        raise ValueError(f"--variant: {text!r} names no change (CARD.FIELD=VALUE)")
    return [{"card": cid, "set": f} for cid, f in fields.items()]


def label(changes: Sequence[Mapping[str, Any]], cards: Cards) -> str:
    """The changes in words, for the report."""
    parts = []
    for c in changes:
        slot = c.get("slot")
        words = CardChange(**{k: v for k, v in c.items() if k != "slot"}).describe(
            cards.names())
        parts.append(words if slot is None else f"{words} in deck {'AB'[slot]}")
    return "; ".join(parts)


def variant_arm(texts: Sequence[str], cards: Cards) -> Arm:
    changes = [c for t in texts for c in parse_variant(t, cards)]
    return Arm(label(changes, cards), tuple(changes))


def swap_arm(without: str, instead: str | None, within: str | None, cards: Cards) -> Arm:
    """``--without CARD --instead CARD`` (no --instead: the game's blank card)."""
    out = cards.find(without, "--without")
    change: dict[str, Any] = {"card": out}
    if instead is None:
        change["blank"] = True
    else:
        change["instead"] = cards.find(instead, "--instead")
    if within is not None:
        change["slot"] = cards.slot(within, "--in")
    return Arm(label([change], cards), (change,))


def compare_arm(pack: Path) -> Arm:
    return Arm(f"the pack {pack}", (), str(pack.resolve()))


def file_arms(path: Path, cards: Cards) -> list[Arm]:
    """The ``[[variant]]`` tables of a TOML file, one arm each; DataError naming the line of
    each problem."""
    data, index = read_toml(path)
    errors: list[str] = []
    unknown = [k for k in data if k != "variant"]
    errors += [f"{path}:{index.line_of((k,))}: {k}: unknown section (expected [[variant]])"
               for k in unknown]
    tables = data.get("variant", [])
    if not isinstance(tables, list) or not tables:
        errors.append(f"{path}:1: variant: no [[variant]] tables")
        raise DataError(errors)
    arms = []
    for i, t in enumerate(tables):
        def at(key: str, msg: str, i: int = i) -> str:
            return f"{path}:{index.line_of(('variant', i, key))}: variant #{i + 1}: {key}: {msg}"

        if not isinstance(t, dict):
            errors.append(at("variant", "must be a table"))
            continue
        errors += [at(k, f"unknown key (known: {', '.join(sorted(VARIANT_KEYS))})")
                   for k in t if k not in VARIANT_KEYS]
        try:
            arms.append(_table_arm(t, cards))
        except (ValueError, TypeError) as e:
            key = next((k for k in ("set", "without", "instead", "deck") if k in str(e)), "set")
            errors.append(at(key, str(e)))
    if errors:
        raise DataError(errors)
    return arms


def _table_arm(t: Mapping[str, Any], cards: Cards) -> Arm:
    if "set" in t:
        if "without" in t or "instead" in t or "blank" in t:
            raise ValueError("set: a variant sets fields or swaps a card, not both")
        fields = t["set"]
        if not isinstance(fields, dict) or not fields:
            raise ValueError('set: need a table of "card.field" = value')
        texts = []
        for k, v in fields.items():
            if isinstance(v, dict | list):
                raise TypeError(f"set: {k}: a value is a number, true/false or text")
            texts.append((k, v))
        changes: list[dict[str, Any]] = []
        for k, v in texts:
            card, dot, path = str(k).partition(".")
            if not dot or not path:
                raise ValueError(f"set: {k!r} is not \"card.field\"")
            cid = cards.find(card, "set")
            found = next((c for c in changes if c["card"] == cid), None)
            if found is None:
                changes.append({"card": cid, "set": {path: v}})
            else:
                found["set"][path] = v
    elif "without" in t:
        instead = t.get("instead")
        if instead is not None and not isinstance(instead, str):
            raise ValueError("instead: a card's name or id")
        if t.get("blank") not in (None, True) or (t.get("blank") and instead is not None):
            raise ValueError("instead: give a card 'instead' or blank = true, not both")
        arm = swap_arm(str(t["without"]), instead, None, cards)
        changes = [dict(c) for c in arm.changes]
    else:
        raise ValueError("set: a variant needs 'set' or 'without'")
    if "deck" in t:
        slot = cards.slot(str(t["deck"]), "deck")
        changes = [{**c, "slot": slot} for c in changes]
    name = t.get("name")
    return Arm(str(name) if isinstance(name, str) and name.strip() else label(changes, cards),
               tuple(changes))


def ablation_arms(deck: str, stand_in: str | None, cards: Cards) -> tuple[int, list[Arm],
                                                                          list[str]]:
    """``--ablate DECK``: the deck's slot, one arm per distinct card of it (in deck order)
    with the stand-in (or the blank card) in every one of its places in that deck only, and
    notes on cards the stand-in could not replace (the blank card does there)."""
    slot = cards.slot(deck, "--ablate")
    sub = None if stand_in is None else cards.find(stand_in, "--stand-in")
    arms, notes = [], []
    for cid in dict.fromkeys(cards.deck_cards[slot]):
        change: dict[str, Any] = {"card": cid, "slot": slot}
        if sub is not None and cid == sub:
            notes.append(f"{cards.name(cid)} is the stand-in itself: not taken out")
            continue
        if sub is not None and place(cards.fmt, cid, cards.cards) == \
                place(cards.fmt, sub, cards.cards):
            change["instead"] = sub
        else:
            if cards.fmt.blank is None:
                notes.append(f"{cards.name(cid)}: {cards.name(sub or '')} cannot take its "
                             "places and the game has no blank card: not taken out")
                continue
            if sub is not None:
                notes.append(f"{cards.name(cid)}: the blank card takes its places (the "
                             f"stand-in {cards.name(sub)} goes elsewhere in a deck)")
            change["blank"] = True
        arms.append(Arm(f"without {cards.name(cid)}", (change,)))
    if not arms:
        raise ValueError(f"--ablate: the deck {cards.decks[slot]!r} has no card to take out")
    return slot, arms, notes
