"""Hand-made Krosmaster positions for tests: small maps, chosen figures, loaded dice.

A state's ``faces`` are its dice: ``faces=("lock",)`` makes every die show Lock, which is how
tests fix the outcome of a roll without guessing seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.model import Event, Intent
from rules.core.rng import Rng
from rules.krosmaster.board import board_from_rows
from rules.krosmaster.cards import KrosmasterCard, Spell
from rules.krosmaster.intents import Cast, EndActivation, Move
from rules.krosmaster.ruleset import KrosmasterRules
from rules.krosmaster.state import Figure, KState

RS = KrosmasterRules()

HIT = Spell(name="Hit", ap=3, range=(1, 1), damage=3)
SHOT = Spell(name="Shot", ap=3, range=(2, 6), damage=2)
BOLT = Spell(name="Bolt", ap=2, range=(1, 6), line=True, damage=2)
LOB = Spell(name="Lob", ap=2, range=(1, 6), los=False, damage=2)

FIGHTER = KrosmasterCard(name="Fighter", level=4, initiative=5, mp=3, hp=10, ap=6,
                         spells=(HIT, SHOT))
ARCHER = KrosmasterCard(name="Archer", level=4, initiative=4, mp=3, hp=10, ap=6,
                        spells=(SHOT, BOLT, LOB))
DUMMY = KrosmasterCard(name="Dummy", level=4, initiative=1, mp=3, hp=10, ap=6,
                       spells=(HIT,))

OPEN = [".........."] * 10


def rc(row: int, col: int, width: int = 10) -> int:
    return row * width + col


def make(
    rows: Sequence[str] = OPEN,
    figures: Sequence[tuple[KrosmasterCard, int, tuple[int, int]]] = (),
    *,
    faces: tuple[str, ...] = ("critical", "armour", "dodge", "lock", "critical", "dofus"),
    acting: int = 0,
    active: int | None = None,
    gg: tuple[int, int] = (6, 6),
    wild_gg: int = 1,
    kamas: tuple[int, int] = (0, 0),
) -> KState:
    """A state in the Activation of figure ``acting`` (ids follow the ``figures`` order).
    Each player's Timeline is their figures in the given order."""
    board = board_from_rows(list(rows))
    cards: list[KrosmasterCard] = []
    figs: list[Figure] = []
    for i, (card, owner, (r, c)) in enumerate(figures):
        if card not in cards:
            cards.append(card)
        figs.append(Figure(id=i, card=cards.index(card), owner=owner,
                           cell=r * board.width + c, hp=card.hp, mp=card.mp, ap=card.ap))
    lines = tuple(tuple(f.id for f in figs if f.owner == p) for p in (0, 1))
    owner = figs[acting].owner if figs else 0
    active = owner if active is None else active
    return KState(
        catalog=tuple(cards), board=board, faces=faces, team_names=("A", "B"),
        figures=figs, timelines=(lines[0], lines[1]), first=0, active=active, turn=3,
        phase="activation", dice=(), rerolled=False,
        slot=lines[active].index(acting) if acting in lines[active] else 0,
        gg=gg, wild_gg=wild_gg, kamas=kamas, rng=Rng(seed=7, counter=0),
        kama_cells=tuple(i for i, k in enumerate(board.terrain) if k == "kama"),
    )


def with_fig(s: KState, fid: int, update: dict[str, Any]) -> KState:
    """A copy of ``s`` with figure ``fid``'s fields ``update``d."""
    s = s.copy()
    for name, value in update.items():
        setattr(s.mut(fid), name, value)
    s.moved()  # its cell may have changed: what the state kept of the cells is stale
    return s


def play(state: KState, *intents: Intent) -> tuple[KState, list[Event]]:
    events: list[Event] = []
    for intent in intents:
        out = RS.apply(state, intent)
        state = out.state
        events += out.events
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


__all__ = ["ARCHER", "DUMMY", "FIGHTER", "RS", "Cast", "EndActivation", "Move", "make", "play",
           "rc", "kinds", "with_fig"]
