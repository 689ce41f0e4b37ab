"""BOS card data: the card model a designer writes in TOML, and deck loading with its rules."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from rules.bos.effects import CONDITIONS, EFFECTS, TRIGGER_TARGETS
from rules.core.cards import load_all
from rules.core.datawords import unknown
from rules.core.model import Frozen

CardType = Literal["boss", "wizard", "summon", "spell"]
Colour = Literal["red", "blue", "green", "grey"]
HIDDEN = "hidden"
WIZARDS = 3  # one per column
CASTLE_MIN, CASTLE_MAX, SPELLBOOK_MIN, SPELLBOOK_MAX, MAX_COPIES = 5, 15, 5, 15, 2


def _known(v: str, info: ValidationInfo, key: str, registry: object) -> str:
    known = (info.context or {}).get(key, registry)
    if v not in known:
        raise ValueError(f"unknown {key[:-1]} {v!r}; known: {', '.join(sorted(known))}")
    return v


class Ability(Frozen):
    """A summon's or boss's ability: ``act`` ones cost acting (B-04) in your Main phase,
    ``defeat`` ones happen when it is defeated, before it goes to the graveyard (B-07)."""

    name: str
    trigger: Literal["act", "defeat"] = "act"
    effect: str
    amount: int = Field(default=0, ge=0, le=999)
    text: str = ""

    @field_validator("effect")
    @classmethod
    def _effect(cls, v: str, info: ValidationInfo) -> str:
        return _known(v, info, "effects", EFFECTS)

    @model_validator(mode="after")
    def _usable(self) -> Ability:
        e = EFFECTS.get(self.effect)
        if e is None:
            return self
        if e.spell_only:
            raise ValueError(f"effect {self.effect!r} is for spells only, not abilities")
        if e.enchant:
            raise ValueError(f"effect {self.effect!r} enchants: only a spell can go under a card")
        if self.trigger == "defeat" and e.target not in TRIGGER_TARGETS:
            fits = sorted(k for k, x in EFFECTS.items() if x.target in TRIGGER_TARGETS)
            raise ValueError(f"an on-defeat ability cannot choose a target; effect "
                             f"{self.effect!r} needs one (use one of: {', '.join(fits)})")
        return self


class Card(Frozen):
    """One card. Summons and bosses need a Strength; spells an effect and a vim cost."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    type: CardType
    colour: Colour = "grey"
    cost: int = Field(default=0, ge=0, le=999)
    strength: int | None = Field(default=None, ge=1, le=9999)
    # The summoning condition (summon, boss) or the italic condition of a spell (B-02).
    condition: str = "always"
    condition_n: int = Field(default=0, ge=0, le=999)
    effect: str | None = None  # a spell's ability
    amount: int = Field(default=0, ge=0, le=999)
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    art: str | None = None

    @field_validator("condition")
    @classmethod
    def _condition(cls, v: str, info: ValidationInfo) -> str:
        return _known(v, info, "conditions", CONDITIONS)

    @field_validator("effect")
    @classmethod
    def _effect(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else _known(v, info, "effects", EFFECTS)

    @model_validator(mode="after")
    def _fits_type(self) -> Card:
        unit = self.type in ("summon", "boss")
        if unit and self.strength is None:
            raise ValueError(f"a {self.type} needs a strength")
        if not unit and self.strength is not None:
            raise ValueError(f"a {self.type} has no strength")
        if not unit and self.abilities:
            raise ValueError(f"a {self.type} has no abilities (only summons and bosses)")
        if self.type == "spell" and self.effect is None:
            raise ValueError("a spell needs an 'effect'")
        if self.type != "spell" and self.effect is not None:
            raise ValueError(f"a {self.type} has no 'effect' (abilities go in [[card.abilities]])")
        if self.type == "wizard" and self.condition != "always":
            raise ValueError("a wizard has no condition")
        return self

    @property
    def is_enchant(self) -> bool:
        return self.effect is not None and EFFECTS[self.effect].enchant


PLACEHOLDER = Card(id=HIDDEN, name="Hidden card", type="wizard")


class Deck(Frozen):
    name: str
    boss: str
    wizards: tuple[str, ...]
    castle: tuple[str, ...]
    spellbook: tuple[str, ...]


def _deck_problems(d: Deck, catalog: dict[str, Card]) -> list[tuple[tuple[str | int, ...], str]]:
    out: list[tuple[tuple[str | int, ...], str]] = []

    def want(loc: tuple[str | int, ...], cid: str, kind: str) -> None:
        c = catalog.get(cid)
        if c is None:
            out.append((loc, unknown("card", cid, catalog)))
        elif c.type != kind:
            out.append((loc, f"{c.name} is a {c.type}, not a {kind}"))

    want(("boss",), d.boss, "boss")
    if len(d.wizards) != WIZARDS:
        out.append((("wizards",), f"{len(d.wizards)} wizards; a deck has {WIZARDS}, "
                                  "one per column"))
    for i, cid in enumerate(d.wizards):
        want(("wizards", i), cid, "wizard")
    for zone, kind, lo, hi in (("castle", "summon", CASTLE_MIN, CASTLE_MAX),
                               ("spellbook", "spell", SPELLBOOK_MIN, SPELLBOOK_MAX)):
        ids: tuple[str, ...] = getattr(d, zone)
        if not lo <= len(ids) <= hi:
            out.append(((zone,), f"{len(ids)} cards; a {zone} holds {lo}-{hi}"))
        for i, cid in enumerate(ids):
            want((zone, i), cid, kind)
            if ids.count(cid) > MAX_COPIES and ids.index(cid) == i:
                out.append(((zone, i), f"{ids.count(cid)} copies of {cid!r}; at most "
                                       f"{MAX_COPIES}"))
    return out


def load_decks(folder: Path, files: list[Path], catalog: dict[str, Card]) -> dict[str, Deck]:
    """``deck*.toml`` files: [[deck]] tables naming cards of the pack; deck rules checked."""
    return {d.name: d for d in load_all(files, "deck", Deck,
                                         lambda d: _deck_problems(d, catalog))}
