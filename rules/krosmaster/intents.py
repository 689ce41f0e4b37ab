"""What a Krosmaster player can decide. Cells are ints ``row * width + col``."""

from __future__ import annotations

from typing import Literal

from rules.core.model import Intent


class Reroll(Intent):
    """Roll for Tension: reroll, with a single die (R-03)."""

    kind: Literal["reroll"] = "reroll"

    def label(self) -> str:
        return "Reroll (one die)"


class KeepTension(Intent):
    """Roll for Tension: keep the two dice (a double then costs each player a GG, R-04)."""

    kind: Literal["keep"] = "keep"

    def label(self) -> str:
        return "Keep the dice"


class SetDofus(Intent):
    """Turn the Dofus face of Tension die ``die`` into ``face``."""

    kind: Literal["dofus"] = "dofus"
    die: int
    face: Literal["critical", "armour", "dodge", "lock"]

    def label(self) -> str:
        return f"Dofus die {self.die + 1} → {self.face}"


class Inspire(Intent):
    """Place Inspiration die ``die`` on one of your figures (R-06)."""

    kind: Literal["inspire"] = "inspire"
    die: int
    figure: int

    def label(self) -> str:
        return f"Inspire figure {self.figure} with die {self.die + 1}"


class EndInspiration(Intent):
    """Stop placing dice; the rest are sold in the Refund (R-09)."""

    kind: Literal["end_inspiration"] = "end_inspiration"

    def label(self) -> str:
        return "Done inspiring (sell the rest)"


class Move(Intent):
    kind: Literal["move"] = "move"
    figure: int
    to: int

    def label(self) -> str:
        return f"Move figure {self.figure} to cell {self.to}"


class Cast(Intent):
    kind: Literal["cast"] = "cast"
    figure: int
    spell: int
    target: int  # a cell holding the target figure

    def label(self) -> str:
        return f"Figure {self.figure} casts spell {self.spell + 1} at cell {self.target}"


class BuyGG(Intent):
    """On a demon cell: pay kamas for one GG (house rule H9)."""

    kind: Literal["buy_gg"] = "buy_gg"
    figure: int

    def label(self) -> str:
        return "Buy a GG"


class EndActivation(Intent):
    kind: Literal["end_activation"] = "end_activation"
    figure: int

    def label(self) -> str:
        return "End this figure's turn"
