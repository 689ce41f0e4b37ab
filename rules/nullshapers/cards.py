"""Nullshapers card data: the card model a designer writes in TOML, and deck loading."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, model_validator

from rules.core.cards import load_all
from rules.core.datawords import unknown
from rules.core.model import Frozen

Kind = Literal["agent", "event", "software", "hardware", "anomaly"]
Reach = Literal["melee", "ranged"]
# "start"/"end": the owner's own turn ("Start of your turn"); "each_start"/"each_end": every
# turn, whoever is active (the seed's "Any 'Start of the turn' reactive skills react").
Trigger = Literal["start", "end", "each_start", "each_end"]
HIDDEN = "hidden"


class NCard(Frozen):
    """One card. Agents have Attack, Defense and a reach; hardware (gear) adds its Attack and
    Defense to the agent it is attached to; events, anomalies and reactive skills name their
    effect, looked up in ``rules.nullshapers.effects``."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=40)
    kind: Kind
    cost: int = Field(default=0, ge=0, le=10)
    speed: int = Field(default=1, ge=1, le=3)
    attack: int = Field(default=0, ge=0, le=20)
    defense: int = Field(default=0, ge=0, le=20)
    reach: Reach | None = None
    effect: str | None = None  # an event's or anomaly's effect
    amount: int = Field(default=0, ge=0, le=10)
    reacts: Trigger | None = None  # a reactive skill: when it reacts ...
    skill: str | None = None  # ... and what it does
    text: str = ""
    art: str | None = None

    @model_validator(mode="after")
    def _fits_its_kind(self, info: ValidationInfo) -> NCard:
        ctx = info.context or {}
        if self.kind == "agent" and self.reach is None:
            raise ValueError("an agent needs a 'reach' (melee or ranged)")
        if self.kind == "agent" and self.defense < 1:
            raise ValueError("an agent needs a Defense of at least 1")
        if self.kind != "agent" and self.reach is not None:
            raise ValueError(f"only agents have a reach, not a {self.kind}")
        if self.kind in ("event", "anomaly") and self.effect is None:
            raise ValueError(f"an {self.kind} needs an 'effect'")
        if self.kind == "hardware" and not (self.attack or self.defense):
            raise ValueError("hardware (gear) needs an attack or defense bonus")
        known = ctx.get("anomaly_effects" if self.kind == "anomaly" else "event_effects")
        if self.effect is not None and known is not None and self.effect not in known:
            raise ValueError(f"unknown effect {self.effect!r}; known: {', '.join(sorted(known))}")
        if (self.reacts is None) != (self.skill is None):
            raise ValueError("a reactive skill needs both 'reacts' (start or end) and 'skill'")
        if self.reacts is not None and self.kind not in ("agent", "software"):
            raise ValueError(f"only agents and software have reactive skills, not a {self.kind}")
        skills = ctx.get("reactive_effects")
        if self.skill is not None and skills is not None and self.skill not in skills:
            raise ValueError(f"unknown skill {self.skill!r}; known: {', '.join(sorted(skills))}")
        return self

    @property
    def ranged(self) -> bool:
        return self.reach == "ranged"


PLACEHOLDER = NCard(id=HIDDEN, name="Hidden card", kind="event", effect="draw")


class Deck(Frozen):
    name: str
    cards: dict[str, int]


DECK_MIN, DECK_MAX, MAX_COPIES = 20, 45, 3


def load_decks(folder: Path, files: list[Path], catalog: dict[str, NCard]) -> dict[str, Deck]:
    """``deck*.toml`` files: [[deck]] tables naming cards of the pack; deck rules checked."""

    def check(d: Deck) -> list[tuple[tuple[str | int, ...], str]]:
        out: list[tuple[tuple[str | int, ...], str]] = []
        for cid, n in d.cards.items():
            if cid not in catalog:
                out.append((("cards", cid), unknown("card", cid, catalog)))
            if not 1 <= n <= MAX_COPIES:
                out.append((("cards", cid), f"{n} copies of {cid!r}; 1 to {MAX_COPIES}"))
        total = sum(d.cards.values())
        if not DECK_MIN <= total <= DECK_MAX:
            out.append((("cards",), f"{total} cards; a deck has {DECK_MIN}-{DECK_MAX}"))
        return out

    return {d.name: d for d in load_all(files, "deck", Deck, check)}
