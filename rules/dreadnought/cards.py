"""Dreadnought card data: the units and casters a designer writes in TOML, and deck loading."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from rules.core.cards import load_all
from rules.core.datawords import unknown
from rules.core.model import Frozen

CardType = Literal["unit", "caster"]
Size = Literal["S", "M", "L"]
Grade = Literal["A", "B", "C", "D", "E"]
Timing = Literal["speed", "fast", "action"]
HIDDEN = "hidden"
GRADES = ("A", "B", "C", "D", "E")  # A is fastest
SIZE = {"S": 1, "M": 2, "L": 3}
DUMMY_BP = 50  # D-07


class Ability(Frozen):
    """A speed, fast or action ability; ``effect`` names an entry of the effect registry
    (``rules.dreadnought.effects``), ``amount`` its number."""

    name: str
    timing: Timing
    effect: str
    amount: int = Field(default=0, ge=0, le=200)
    text: str = ""

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, v: str, info: ValidationInfo) -> str:
        known = (info.context or {}).get("effects")
        if known is not None and v not in known:
            raise ValueError(f"unknown effect {v!r} (known: {', '.join(sorted(known))})")
        return v


class Card(Frozen):
    """One card's data. A unit has a size, a speed grade, a log-cost and BP; a caster has
    only its abilities (its HP are cards from the deck)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    type: CardType
    size: Size | None = None
    grade: Grade | None = None
    cost: int = Field(default=0, ge=0, le=3)
    bp: int | None = Field(default=None, ge=0, le=500)
    text: str = ""
    art: str | None = None
    abilities: tuple[Ability, ...] = ()

    @model_validator(mode="after")
    def _unit_stats(self) -> Card:
        if self.type == "unit":
            missing = [f for f in ("size", "grade", "bp") if getattr(self, f) is None]
            if missing:
                raise ValueError(f"a unit needs {', '.join(missing)}")
        elif any(getattr(self, f) is not None for f in ("size", "grade", "bp")):
            raise ValueError("a caster has no size, grade or bp")
        return self


PLACEHOLDER = Card(id=HIDDEN, name="Closed card", type="caster")


class Deck(Frozen):
    name: str
    casters: tuple[str, str]
    cards: dict[str, int]


DECK_MIN, DECK_MAX, MAX_COPIES = 30, 50, 4


def load_decks(folder: Path, files: list[Path], catalog: dict[str, Card]) -> dict[str, Deck]:
    """``deck*.toml`` files: [[deck]] tables naming two casters and the unit cards of the
    pack; deck rules checked (30-50 cards, at most 4 copies, two different casters)."""

    def check(d: Deck) -> list[tuple[tuple[str | int, ...], str]]:
        out: list[tuple[tuple[str | int, ...], str]] = []
        for i, cid in enumerate(d.casters):
            c = catalog.get(cid)
            if c is None:
                out.append((("casters", i), unknown("card", cid, catalog)))
            elif c.type != "caster":
                out.append((("casters", i), f"{c.name} is a {c.type}, not a caster"))
        if d.casters[0] == d.casters[1]:
            out.append((("casters",), "the two casters must be different cards"))
        for cid, n in d.cards.items():
            c = catalog.get(cid)
            if c is None:
                out.append((("cards", cid), unknown("card", cid, catalog)))
            elif c.type != "unit":
                out.append((("cards", cid), f"{c.name} is a caster; it cannot be in the deck"))
            if not 1 <= n <= MAX_COPIES:
                out.append((("cards", cid), f"{n} copies of {cid!r}; 1 to {MAX_COPIES}"))
        total = sum(d.cards.values())
        if not DECK_MIN <= total <= DECK_MAX:
            out.append((("cards",), f"{total} cards; a deck has {DECK_MIN}-{DECK_MAX}"))
        return out

    return {d.name: d for d in load_all(files, "deck", Deck, check)}
