"""House rules of Krosmaster Arena on Playtable: the constants they name.

What each rule says (H1…H15, and where the seed wins over the spec) is in ``HOUSE_RULES.md``
beside this file; a designer changes the game here and the rest of ``rules/krosmaster`` reads
these names.
"""

from __future__ import annotations

FACES: tuple[str, ...] = ("critical", "armour", "dodge", "lock", "critical", "dofus")
WILD_FACE = "dofus"
FACE_NAMES: dict[str, str] = {
    "critical": "Critical Hit",
    "armour": "Armour",
    "dodge": "Dodge",
    "lock": "Lock",
    "dofus": "Dofus",
}

TEAM_LEVEL = 12
START_GG = 6
WILD_GG = 1
GG_PRICE = 12

TENSION_DICE = 2
REROLL_DICE = 1
REFUND_KAMAS: dict[int, int] = {2: 3, 1: 1}

TACKLE_LOCK_WINS = 3  # MP and AP lost when Lock beats Dodge
TACKLE_TIE = 1  # MP and AP lost on equal results

TURN_CAP = 60

TERRAIN_KINDS: tuple[str, ...] = (
    "floor", "tree", "bush", "crate", "kama", "demon", "start1", "start2",
)
MOVE_BLOCKING = frozenset({"tree", "bush", "crate"})
LOS_BLOCKING = frozenset({"tree"})
