"""Kyoukai intents: small immutable moves (one per decision a player can make)."""

from __future__ import annotations

from typing import Literal

from rules.core.model import Intent


class OpenGate(Intent):
    """Open a Gate from the hand or the Spirit deck; ``zone`` is where it goes or what it
    targets (-1 when it needs none)."""

    kind: Literal["open"] = "open"
    card: int
    zone: int = -1


class Move(Intent):
    kind: Literal["move"] = "move"
    gate: int
    to: int


class Attack(Intent):
    kind: Literal["attack"] = "attack"
    gate: int
    zone: int


class UseSkill(Intent):
    """Use skill number ``skill`` of ``gate`` (a Gate on the field, or a card in the Discard
    for special-location skills). ``pay`` names what the Skill's written cost takes: first the
    hand cards it discards, then the other Ready Gates it Rests (each group sorted)."""

    kind: Literal["skill"] = "skill"
    gate: int
    skill: int
    zone: int = -1
    pay: tuple[int, ...] = ()


class EndAction(Intent):
    """Stop a Turn Action after its Move instead of Attacking or using a Skill."""

    kind: Literal["end_action"] = "end_action"


class Pass(Intent):
    """Decline to respond in an open Sequence."""

    kind: Literal["pass"] = "pass"


class EndStep(Intent):
    """End your Main step."""

    kind: Literal["end_step"] = "end_step"


class Choose(Intent):
    """Pick a Gate for a pending choice (e.g. which Summon to Ready)."""

    kind: Literal["choose"] = "choose"
    gate: int


class Discard(Intent):
    """Discard a card from hand down to the hand limit at the end of the turn."""

    kind: Literal["discard"] = "discard"
    card: int
