"""Nullshapers intents: one small immutable move per decision a player can make."""

from __future__ import annotations

from typing import Literal

from rules.core.model import Intent


class Play(Intent):
    """Play ``card`` from hand onto the queue, paying its cost in energy. ``target``: an
    agent, a biome or a queued card, as its effect says (-1: none); ``biome``: where an agent
    played in the Attack step arrives (-1: the staging area)."""

    kind: Literal["play"] = "play"
    card: int
    target: int = -1
    biome: int = -1


class Convert(Intent):
    """Put a hand card face down as an energy source (once per turn, N-03)."""

    kind: Literal["convert"] = "convert"
    card: int


class Pass(Intent):
    """Decline to act or to answer now."""

    kind: Literal["pass"] = "pass"


class Advance(Intent):
    """Add an agent in staging to this advance, into ``biome`` (the first one picks it)."""

    kind: Literal["advance"] = "advance"
    agent: int
    biome: int


class Attach(Intent):
    """Attach unattached gear in staging to an advancing agent (N-04)."""

    kind: Literal["attach"] = "attach"
    gear: int
    agent: int


class AttackWith(Intent):
    """Choose one more attacker (N-05)."""

    kind: Literal["attack"] = "attack"
    agent: int


class Defend(Intent):
    """Choose one more defender and the attacker it defends (N-06)."""

    kind: Literal["defend"] = "defend"
    agent: int
    attacker: int


class Order(Intent):
    """Put this defender next in its attacker's damage order (N-06, N-07)."""

    kind: Literal["order"] = "order"
    agent: int


class Done(Intent):
    """Stop choosing (advancing agents, attackers or defenders)."""

    kind: Literal["done"] = "done"


class Discard(Intent):
    """Discard a card down to the hand limit at the end of the turn."""

    kind: Literal["discard"] = "discard"
    card: int


class LoseBiome(Intent):
    """Give up a biome after drawing from an empty deck."""

    kind: Literal["lose_biome"] = "lose_biome"
    biome: int

