"""Tiny Cards' card and deck files: the models a designer's TOML is checked against.

A card is a ``[[card]]`` table (``pack/cards.toml``); a deck is a ``[[deck]]`` table in a file
whose name starts with ``deck`` (``pack/decks.toml``) naming card ids and their copies. Every
mistake is reported by Playtable's loader as ``file:line: card 'Name': field: problem``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from rules.core.cards import load_table_array
from rules.core.errors import DataError

HIDDEN = "hidden"  # the card id a view shows for a card the player cannot see
DECK_MIN, DECK_MAX, MAX_COPIES = 12, 60, 6


class Card(BaseModel):
    """One card: a unit with a power and a health."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$")  # stable: decks, records and hot reload use it
    name: str = Field(min_length=1, max_length=30)
    power: int = Field(ge=0, le=9)
    health: int = Field(ge=1, le=9)
    quick: bool = False  # enters ready: it may attack the turn it is played
    text: str = ""
    art: str | None = None  # an image in the pack folder


# What a view shows in place of a card the player cannot see (the table draws its back).
PLACEHOLDER = Card(id=HIDDEN, name="Hidden card", power=0, health=1)


class Deck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    cards: dict[str, int]  # card id -> copies


def load_decks(folder: Path, files: list[Path], catalog: dict[str, Card]) -> dict[str, Deck]:
    """Every ``[[deck]]`` of ``files``, checked against the cards of the pack (``catalog``)
    and the deck rules; DataError listing every problem with its file and line."""

    def check(d: Deck) -> list[tuple[tuple[str | int, ...], str]]:
        out: list[tuple[tuple[str | int, ...], str]] = []
        for cid, n in d.cards.items():
            if cid not in catalog:
                out.append((("cards", cid), f"unknown card {cid!r}"))
            elif not 1 <= n <= MAX_COPIES:
                out.append((("cards", cid), f"{n} copies of {cid!r}; 1 to {MAX_COPIES}"))
        total = sum(d.cards.values())
        if not DECK_MIN <= total <= DECK_MAX:
            out.append((("cards",), f"{total} cards; a deck has {DECK_MIN} to {DECK_MAX}"))
        return out

    decks: dict[str, Deck] = {}
    errors: list[str] = []
    for path in files:
        try:
            decks.update((d.name, d) for d in load_table_array(path, "deck", Deck, check))
        except DataError as e:
            errors += e.errors
    if errors:
        raise DataError(errors)
    return decks


def copies(deck: Deck) -> list[str]:
    """The deck's card ids, one per copy, in a fixed order (the game shuffles them)."""
    return [cid for cid, n in sorted(deck.cards.items()) for _ in range(n)]
