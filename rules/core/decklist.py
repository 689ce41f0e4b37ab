"""Deck lists as plain text, the way players move decks between Cockatrice, Forge, XMage and
Tabletop Simulator: one ``count name`` a line, and ``# Part`` headers for the parts a game's
decks have (Kyoukai: Entrant, Spirits, Gates; a game whose ``PackFormat`` names no parts has
no headers). Blank lines are ignored; a line ``// text`` is a comment.

::

    # Entrant
    1 Ronin Aki
    # Spirits
    2 Fox Spirit

Names match the pack's card names whatever their case, or a card's id. A name no card has, or
that several cards have (then its id says which), is reported with its line and kept as a
placeholder entry: it is written back out as it came in, so nothing is lost, and a deck
holding one is not a legal deck until it is fixed. Writing out a list read in gives the same
text as the list written out before (``text_of(read(text_of(x))) == text_of(x)``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.datawords import unknown
from rules.core.packs import PackFormat

_LINE = re.compile(r"^\s*(\d+)\s*[xX]?\s+(\S.*?)\s*$")
MAX_COUNT = 999  # copies of one card on one line


@dataclass(frozen=True)
class Entry:
    """One line of a list: ``count`` copies of card ``card`` (its id), in ``part``. A
    placeholder has no card and says why in ``problem``; ``written`` is the name as read."""

    count: int
    card: str | None
    written: str
    part: str = ""
    line: int = 0
    problem: str = ""


@dataclass(frozen=True)
class DeckList:
    entries: tuple[Entry, ...]
    problems: tuple[str, ...]  # "line 3: unknown card 'Ronin Akki'", in line order

    def copies(self) -> list[str]:
        """The card ids, one per copy, in the list's order (placeholders left out)."""
        return [e.card for e in self.entries if e.card is not None for _ in range(e.count)]

    @property
    def placeholders(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.card is None)


class Names:
    """The pack's cards as a list names them: by name (any case) or by id."""

    def __init__(self, fmt: PackFormat[Any, Any], cards: Mapping[str, Any]) -> None:
        self.fmt = fmt
        self.titles = {cid: fmt.face(card)["title"] for cid, card in cards.items()}
        self.by_name: dict[str, list[str]] = {}
        for cid, title in self.titles.items():
            self.by_name.setdefault(title.casefold(), []).append(cid)
        self.by_id = {cid.casefold(): cid for cid in cards}
        self.cards = cards

    def find(self, written: str) -> tuple[str | None, str]:
        """(card id, "") or (None, the problem)."""
        ids = self.by_name.get(written.casefold(), [])
        if len(ids) == 1:
            return ids[0], ""
        if len(ids) > 1:
            return None, (f"{len(ids)} cards are named {written!r} (ids {', '.join(ids)}); "
                          f"write the id of the one you mean")
        cid = self.by_id.get(written.casefold())
        if cid is not None:
            return cid, ""
        return None, unknown("card", written, self.known())

    def known(self) -> list[str]:
        """What a list may name a card with, to suggest the nearest of a misspelt one."""
        return [*(self.written(cid) for cid in self.titles), *self.titles]

    def written(self, cid: str) -> str:
        """How a list names the card: its name, or its id when another card has that name."""
        title = self.titles.get(cid, cid)
        return title if len(self.by_name.get(title.casefold(), [])) == 1 else cid

    def part(self, cid: str) -> str:
        card = self.cards.get(cid)
        if card is None or self.fmt.deck_part is None:
            return ""
        return self.fmt.deck_part(card)


def read(text: str, fmt: PackFormat[Any, Any], cards: Mapping[str, Any]) -> DeckList:
    """A list's entries; every line that is not one is a problem (kept as a placeholder when
    it names a card the pack lacks), never an exception."""
    names = Names(fmt, cards)
    part = ""
    entries: list[Entry] = []
    problems: list[str] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("#"):
            part = line.lstrip("#").strip()
            known = fmt.deck_parts
            if known and part.casefold() not in {p.casefold() for p in known}:
                problems.append(f"line {n}: unknown part {part!r} (this game's: "
                                f"{', '.join(known)}); its cards are read all the same")
            continue
        m = _LINE.match(line)
        if m is None or not 1 <= int(m.group(1)) <= MAX_COUNT:
            problems.append(f"line {n}: {line!r} is not 'count name' (a count of 1 to "
                            f"{MAX_COUNT}, then the card's name)")
            entries.append(Entry(1, None, line, part, n, "not 'count name'"))
            continue
        count, written = int(m.group(1)), m.group(2)
        cid, problem = names.find(written)
        if problem:
            problems.append(f"line {n}: {problem}")
        entries.append(Entry(count, cid, written, part, n, problem))
    return DeckList(tuple(entries), tuple(problems))


def text_of(fmt: PackFormat[Any, Any], cards: Mapping[str, Any], copies: Sequence[str],
            placeholders: Sequence[Entry] = ()) -> str:
    """The list of a deck's ``copies`` (card ids) and its ``placeholders``: a part header
    before each part in the game's order, each card once with its count in the order it first
    comes, placeholders in their part after the cards, as they were written."""
    names = Names(fmt, cards)
    counts = Counter((names.part(cid), cid) for cid in copies)  # in the order first seen
    order = list(fmt.deck_parts)
    for part, _ in [*counts, *((e.part, "") for e in placeholders)]:
        if part not in order:
            order.append(part)
    out: list[str] = []
    for part in order:
        lines = [f"{n} {names.written(cid)}" for (p, cid), n in counts.items() if p == part]
        lines += [f"{e.count} {e.written}" if e.problem != "not 'count name'" else e.written
                  for e in placeholders if e.part == part]
        if not lines:
            continue
        if part:
            out.append(f"# {part}")
        out += lines
    return "\n".join(out) + "\n" if out else ""
