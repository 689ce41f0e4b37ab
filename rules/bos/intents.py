"""BOS intents: one per decision a player can make. ``target`` is a card instance on the
battlefield (-1: none), ``player`` a player index (-1: none)."""

from __future__ import annotations

from typing import Literal

from rules.core.model import Intent


class Summon(Intent):
    """Put a summon from your castle in front of the available wizard of ``column``."""

    kind: Literal["summon"] = "summon"
    card: int
    column: int


class EndSummoning(Intent):
    kind: Literal["end_summoning"] = "end_summoning"


class Cast(Intent):
    """Cast a spell from your spellbook (B-01), at a card or a player if it needs one."""

    kind: Literal["cast"] = "cast"
    card: int
    target: int = -1
    player: int = -1


class Attack(Intent):
    """A ready summon or boss attacks another one, anywhere, its owner's included (B-05)."""

    kind: Literal["attack"] = "attack"
    card: int
    target: int


class PlayerAttack(Intent):
    """A ready summon or boss attacks a player (B-08, B-12, B-16)."""

    kind: Literal["player_attack"] = "player_attack"
    card: int
    player: int


class UseAbility(Intent):
    kind: Literal["ability"] = "ability"
    card: int
    ability: int
    target: int = -1
    player: int = -1


class RevealBoss(Intent):
    """Turn your boss face up (B-13)."""

    kind: Literal["reveal_boss"] = "reveal_boss"
    card: int


class EndTurn(Intent):
    kind: Literal["end_turn"] = "end_turn"


class Block(Intent):
    """The defender blocks a player attack with this summon (moved in, B-09) or boss (B-15)."""

    kind: Literal["block"] = "block"
    card: int


class TakeIt(Intent):
    """The defender does not block: they lose life equal to the attacker's Strength (B-10)."""

    kind: Literal["take_it"] = "take_it"
