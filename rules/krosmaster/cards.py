"""Krosmaster cards and teams as data, loaded from TOML with ``file:line`` errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from rules.core.cards import load_all
from rules.core.datawords import unknown
from rules.core.model import Frozen
from rules.krosmaster import house
from rules.krosmaster.effects import EFFECTS

Power = Literal["critical", "armour", "dodge", "lock"]


class EffectSpec(Frozen):
    name: str
    amount: int = Field(1, ge=0, le=12)


class Spell(Frozen):
    name: str = Field(min_length=1, max_length=40)
    ap: int = Field(ge=0, le=12)
    range: tuple[int, int]
    los: bool = True
    line: bool = False
    damage: int = Field(0, ge=0, le=20)
    target: Literal["enemy", "ally", "any"] = "enemy"
    effects: tuple[EffectSpec, ...] = ()
    text: str = ""

    @model_validator(mode="after")
    def _range_order(self) -> Spell:
        lo, hi = self.range
        if not 0 <= lo <= hi <= 24:
            raise ValueError(f"range {lo}-{hi}: need 0 <= min <= max <= 24")
        return self


class KrosmasterCard(Frozen):
    name: str = Field(min_length=1, max_length=40)
    level: int = Field(ge=1, le=house.TEAM_LEVEL)
    initiative: int = Field(ge=0, le=99)
    mp: int = Field(ge=0, le=12)
    hp: int = Field(ge=1, le=40)
    ap: int = Field(ge=0, le=12)
    powers: tuple[Power, ...] = ()
    spells: tuple[Spell, ...] = Field(min_length=1, max_length=3)
    text: str = ""
    art: str | None = None  # image path inside the pack folder

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """No ``art`` key when there is none, so cards without art keep their record hashes
        (and saved games) from before the field existed."""
        data: dict[str, Any] = handler(self)
        if data.get("art") is None:
            data.pop("art", None)
        return data


class Team(Frozen):
    name: str = Field(min_length=1, max_length=40)
    members: tuple[str, ...] = Field(min_length=1, max_length=12)


def _check_card(card: KrosmasterCard) -> list[tuple[tuple[str | int, ...], str]]:
    known = ", ".join(sorted(EFFECTS))
    return [(("spells", i, "effects", j), f"unknown effect {eff.name!r} (known: {known})")
            for i, spell in enumerate(card.spells) for j, eff in enumerate(spell.effects)
            if eff.name not in EFFECTS]


def load_teams(folder: Path, files: list[Path], catalog: dict[str, KrosmasterCard]
               ) -> dict[str, Team]:
    """The [[team]] tables of ``files``, each member a Krosmaster of ``catalog`` and their
    levels adding up to ``house.TEAM_LEVEL``; DataError listing every problem otherwise."""
    def check(team: Team) -> list[tuple[tuple[str | int, ...], str]]:
        # One problem per unknown member, at its own line.
        missing: list[tuple[tuple[str | int, ...], str]] = [
            (("members", i), unknown("Krosmaster", m, catalog))
            for i, m in enumerate(team.members) if m not in catalog]
        if missing:
            return missing
        total = sum(catalog[m].level for m in team.members)
        if total != house.TEAM_LEVEL:
            return [(("members",), f"levels add up to {total}, a team needs exactly "
                                   f"{house.TEAM_LEVEL}")]
        return []

    return {t.name: t for t in load_all(files, "team", Team, check)}
