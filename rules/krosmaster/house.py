"""House rules of Krosmaster Arena on Playtable: every choice the seed and spec leave open.

A designer changes the game here; the rest of ``rules/krosmaster`` reads these names.

Seed over spec: the seed (002_0543376060278b8d, section 5) is followed where it and the spec
differ. They agree on R-01 … R-11; the one reading we add is for a Tension double that takes the
last GG of *both* players (the seed only says "his opponent wins"): that game is a draw.
The seed's game runs "until one player wins"; the turn cap (H15) is ours, so random and AI
games always end.

House rules
-----------
H1  Dice have the faces in ``FACES``. On a Tension die the active player turns a Dofus into the
    side of their choice (a ``SetDofus`` intent, after deciding to keep the roll). On a combat or
    tackle die a Dofus counts as the side the roller is looking for (the owner's obvious choice).
H2  GG are conserved: each player starts with ``START_GG`` and ``WILD_GG`` lie beside the board.
    GG lost to a Tension double go to the wild pool. A knock-out gives the attacker's player GG
    equal to the figure's level, from the wild pool first, then from the figure's owner. Buying
    a GG takes it from the wild pool first, then from the opponent.
H3  A player with no GG, or with no figure left on the board, loses. Both at once → draw.
H4  Figures deploy automatically on their player's start cells, in Timeline order, in the
    order the map lists those cells (reading order).
H5  The team with the higher total Initiative plays first; a tie is broken by a roll of the
    state's RNG. Within a Timeline, equal Initiatives keep the team file's order.
H6  Inspiration dice go on the active player's own figures (any number of dice on one figure).
H7  Terrain: see ``MOVE_BLOCKING`` and ``LOS_BLOCKING``. Trees block both, bushes and crates
    block movement only; every figure blocks movement and line of sight. Kama, demon and start
    cells are open floor.
H8  Each kama cell holds one kama at the start; a figure that enters it picks the kama up for
    its player (only by its own movement, not when pushed).
H9  A figure standing on a demon cell may, during its Activation, buy 1 GG for ``GG_PRICE``
    kamas; it costs no AP and may be repeated while kamas last.
H10 A ``Move`` goes to any cell reachable with the MP left; the rules take the route with the
    fewest tackles, then the shortest. Leaving each cell next to an enemy is a tackle; MP lost
    may stop the figure early. Moves may be split: MP are spent as the figure goes.
H11 Spells: no limit per turn beyond AP. Range is Manhattan distance; a straight-line spell needs
    the same row or column; line of sight is checked centre to centre (``rules.core.grid``).
    A spell targets a cell holding a figure of the kind it names (enemy, ally, any).
    Damage = spell damage + Critical results − Armour results, never below 0. Spells without
    damage (heals, pure pushes) roll no dice.
H12 Push and pull move the target along the caster→target line (the target must be in line);
    movement stops at blocking terrain, figures and the board edge, without extra damage.
H13 A knocked-out figure leaves the board and the Timeline; its Inspiration dice are lost.
H14 MP and AP refill in the Preliminary phase; what is left is lost at End of Activation.
H15 Turn cap: after ``TURN_CAP`` game turns (one per player turn) the game is a draw.
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
