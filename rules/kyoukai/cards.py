"""Kyoukai card data: the Gate model a designer writes in TOML, and deck loading (the pack's
card files are read by ``rules.core.packs`` through ``rules.kyoukai.pack``)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from rules.core.cards import load_all
from rules.core.datawords import unknown
from rules.core.model import Frozen

GateType = Literal["entrant", "summon", "spirit", "normal", "fast"]
SkillKind = Literal["normal", "fast", "passive", "branch", "location"]
HIDDEN = "hidden"


class SkillCost(Frozen):
    """What a Skill's player pays when declaring it (the seed: "If using a Skill, do any written
    cost"), on top of Resting its Gate for a Turn Action or a Fast answer."""

    ki: int = Field(default=0, ge=0, le=10)
    # Cards discarded from hand, and other Ready Gates Rested; which ones travels in the intent.
    discard: int = Field(default=0, ge=0, le=3)
    rest: int = Field(default=0, ge=0, le=3)

    def label(self) -> str:
        """The cost as the table shows it ("2 Ki, discard 1"), or "" for a free Skill."""
        parts = [f"{self.ki} Ki"] if self.ki else []
        if self.discard:
            parts.append(f"discard {self.discard}")
        if self.rest:
            parts.append(f"Rest {self.rest}")
        return ", ".join(parts)


FREE = SkillCost()


class Skill(Frozen):
    name: str
    kind: SkillKind
    effect: str
    text: str = ""
    cost: SkillCost = FREE
    # Effect parameters, named in data; the effect registry says which it reads.
    amount: int = 0
    range: int = Field(default=1, ge=0, le=8)
    attack: int = 0
    defense: int = 0
    # Fast location skills may be used whenever a Fast Gate could be opened.
    speed: Literal["normal", "fast"] = "normal"

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, v: str, info: ValidationInfo) -> str:
        known = (info.context or {}).get("skill_effects")
        if known is not None and v not in known:
            raise ValueError(f"unknown effect {v!r}")
        return v


class Gate(Frozen):
    """One card's data. Stats (movement/attack/defense) are required for Gates that stand on
    the field (Entrant, Summon, Spirit)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    type: GateType
    cost: int = Field(default=0, ge=0, le=10)
    movement: int | None = Field(default=None, ge=0, le=6)
    attack: int | None = Field(default=None, ge=0, le=20)
    defense: int | None = Field(default=None, ge=0, le=20)
    text: str = ""
    art: str | None = None
    # What opening a Normal/Fast Gate does (none for field Gates).
    effect: str | None = None
    amount: int = 0
    range: int = Field(default=1, ge=0, le=8)
    skills: tuple[Skill, ...] = ()

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, v: str | None, info: ValidationInfo) -> str | None:
        known = (info.context or {}).get("open_effects")
        if v is not None and known is not None and v not in known:
            raise ValueError(f"unknown effect {v!r}")
        return v

    @model_validator(mode="after")
    def _stats_for_field_gates(self) -> Gate:
        on_field = self.type in ("entrant", "summon", "spirit")
        missing = [s for s in ("movement", "attack", "defense") if getattr(self, s) is None]
        if on_field and missing:
            raise ValueError(f"a {self.type} needs stats; missing: {', '.join(missing)}")
        if not on_field and self.effect is None and self.type != "entrant":
            raise ValueError(f"a {self.type} Gate needs an 'effect' for when it is opened")
        # The seed: Normal/Fast Skills are used by Resting their Gate on the field, "and only
        # Summons, Spirits, and Entrants can have them" (on a spell they could never be used).
        used = next((s for s in self.skills if s.kind in ("normal", "fast")), None)
        if not on_field and used is not None:
            raise ValueError(f"a {self.type} Gate cannot have the {used.kind} Skill "
                             f"'{used.name}': only Summons, Spirits and Entrants have Normal "
                             "or Fast Skills")
        return self

    @property
    def has_stats(self) -> bool:
        return self.movement is not None


PLACEHOLDER = Gate(id="hidden", name="Hidden card", type="normal", effect="nothing")


class Deck(Frozen):
    name: str
    entrant: str
    gates: dict[str, int]
    spirits: dict[str, int] = {}


DECK_MIN, DECK_MAX, MAX_COPIES = 20, 40, 3


def load_decks(folder: Path, files: list[Path], catalog: dict[str, Gate]) -> dict[str, Deck]:
    """The decks of ``files`` (the pack's deck files, as ``PackFormat`` hands them): [[deck]]
    tables naming cards of the pack; deck rules checked."""

    def check(d: Deck) -> list[tuple[tuple[str | int, ...], str]]:
        out: list[tuple[tuple[str | int, ...], str]] = []
        ent = catalog.get(d.entrant)
        if ent is None:
            out.append((("entrant",), unknown("card", d.entrant, catalog)))
        elif ent.type != "entrant":
            out.append((("entrant",), f"{ent.name} is a {ent.type}, not an entrant"))
        total = 0
        for cid, n in d.gates.items():
            g = catalog.get(cid)
            # Each problem at its entry's line, not the [deck.gates] header.
            if g is None:
                out.append((("gates", cid), unknown("card", cid, catalog)))
            elif g.type in ("entrant", "spirit"):
                out.append((("gates", cid),
                            f"{g.name} is a {g.type}; it cannot be in the Gate deck"))
            if n > MAX_COPIES:
                out.append((("gates", cid), f"{n} copies of {cid!r}; at most {MAX_COPIES}"))
            total += n
        if not DECK_MIN <= total <= DECK_MAX:
            out.append((("gates",), f"{total} cards; a Gate deck has {DECK_MIN}-{DECK_MAX}"))
        spirits = [k for k, c in catalog.items() if c.type == "spirit"]
        for cid in d.spirits:
            g = catalog.get(cid)
            if g is None or g.type != "spirit":
                out.append((("spirits", cid), unknown("card", cid, spirits) if g is None
                            else f"{g.name} is a {g.type}, not a spirit"))
        return out

    return {d.name: d for d in load_all(files, "deck", Deck, check)}
