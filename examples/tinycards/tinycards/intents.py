"""What a player can decide: one small frozen value per decision (Playtable's ``Intent``). A
record stores them as JSON (``to_json``); Playtable reads them back checked by their fields."""

from __future__ import annotations

from typing import Literal

from rules.core.model import Intent


class Play(Intent):
    """Play ``card`` from hand into ``slot`` of your row (onto your own unit: it stacks)."""

    kind: Literal["play"] = "play"
    card: int
    slot: int


class Attack(Intent):
    """Ready unit ``card`` attacks the slot across."""

    kind: Literal["attack"] = "attack"
    card: int


class EndTurn(Intent):
    kind: Literal["end_turn"] = "end_turn"
