"""Kyoukai game state: immutable, self-contained (it carries its card catalog), JSON-ready."""

from __future__ import annotations

from typing import Literal

from rules.core.grid import SquareGrid
from rules.core.manual_intents import ManualStep
from rules.core.model import Frozen
from rules.core.phases import PhaseCycle
from rules.core.rng import Rng
from rules.core.window import Window
from rules.kyoukai.cards import Gate

GRID = SquareGrid(5, 5)
EMPTY = -1
ENTRANT_LIFE = 20
HAND_LIMIT = 6
OPENING_HAND = 5
TURN_CAP = 80  # game turns (both players' turns counted); reaching it is a draw

Step = Literal["draw", "ready", "main", "end", "cleanup"]
STEPS = PhaseCycle(("draw", "ready", "main", "end", "cleanup"))
Stage = Literal["move_declared", "after_move", "final", "bonus", "bonus_move_declared",
                "after_bonus_move"]


class FieldGate(Frozen):
    """A Gate standing in a zone. ``damage`` only accumulates on Entrants (others have 1 Life)."""

    iid: int
    owner: int
    ready: bool = False
    damage: int = 0
    branches: tuple[int, ...] = ()


class Player(Frozen):
    entrant: int
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    spirits: tuple[int, ...] = ()
    ki: int = 0
    spirit_opened: bool = False


class Item(Frozen):
    """One entry of a Sequence: a declared Move, Attack, Skill, Gate opening or the End step."""

    kind: Literal["move", "attack", "skill", "open", "end"]
    player: int
    source: int = EMPTY
    skill: int = -1
    zone: int = EMPTY  # the target zone (or destination)
    target: int = EMPTY  # the Gate that stood in ``zone`` when declared


_ITEMS: dict[tuple[str, int, int, int, int, int], Item] = {}


def seq_item(kind: Literal["move", "attack", "skill", "open", "end"], player: int,
         source: int = EMPTY, skill: int = -1, zone: int = EMPTY, target: int = EMPTY) -> Item:
    """The Sequence item with these fields: validated once, then shared (items are values)."""
    key = (kind, player, source, skill, zone, target)
    got = _ITEMS.get(key)
    if got is None:
        if len(_ITEMS) >= 100_000:
            _ITEMS.clear()
        got = _ITEMS[key] = Item(kind=kind, player=player, source=source, skill=skill,
                                 zone=zone, target=target)
    return got


class TurnAction(Frozen):
    gate: int
    stage: Stage


_ACTIONS: dict[tuple[int, str], TurnAction] = {}


def turn_action(gate: int, stage: Stage) -> TurnAction:
    """The Turn Action of ``gate`` at ``stage``: validated once, then shared (values)."""
    got = _ACTIONS.get((gate, stage))
    if got is None:
        if len(_ACTIONS) >= 100_000:
            _ACTIONS.clear()
        got = _ACTIONS[gate, stage] = TurnAction(gate=gate, stage=stage)
    return got


_PLACED: dict[tuple[int, int, bool], FieldGate] = {}


def placed(iid: int, owner: int, ready: bool) -> FieldGate:
    """A Gate just put on the field (no damage, no Branches): validated once, then shared."""
    key = (iid, owner, ready)
    got = _PLACED.get(key)
    if got is None:
        if len(_PLACED) >= 100_000:
            _PLACED.clear()
        got = _PLACED[key] = FieldGate(iid=iid, owner=owner, ready=ready)
    return got


class Pending(Frozen):
    """A choice a player must make in the middle of resolving (e.g. Basic Slime's Ready)."""

    kind: Literal["ready_own"]
    player: int
    options: tuple[int, ...]
    reason: str


class State(Frozen):
    catalog: dict[str, Gate]
    cards: dict[int, str]
    field: tuple[int, ...]
    gates: dict[int, FieldGate]
    players: tuple[Player, Player]
    active: int = 0
    first: int = 0
    turn: int = 1
    step: Step = "draw"
    seq: Window[Item] | None = None
    action: TurnAction | None = None
    pending: Pending | None = None
    absorbed: dict[int, int] = {}
    shield: dict[int, int] = {}
    rng: Rng = Rng()
    winner: int | None = None
    over: bool = False
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def card(self, iid: int) -> Gate:
        return self.catalog[self.cards[iid]]

    def zone_of(self, iid: int) -> int:
        try:
            return self.field.index(iid)
        except ValueError:
            return EMPTY

    def name(self, iid: int) -> str:
        return self.card(iid).name
