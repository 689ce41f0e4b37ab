"""The Krosmaster game state: self-contained (cards and map inside), frozen, cheap to copy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from rules.core.manual_intents import ManualStep
from rules.core.model import Frozen
from rules.core.rng import Rng
from rules.krosmaster import house
from rules.krosmaster.board import Board
from rules.krosmaster.cards import KrosmasterCard

Phase = Literal["tension", "dofus", "inspiration", "activation", "over"]


class Figure(Frozen):
    id: int
    card: int  # index into KState.catalog
    owner: int
    cell: int | None  # None once knocked out
    hp: int
    mp: int  # left in the current (or last) Activation
    ap: int
    inspiration: tuple[str, ...] = ()  # faces of the Inspiration dice on its card

    @property
    def alive(self) -> bool:
        return self.cell is not None


class _Fields(Protocol):
    """Read-only, so both a frozen model and a working copy fit."""

    @property
    def catalog(self) -> tuple[KrosmasterCard, ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def active(self) -> int: ...
    @property
    def slot(self) -> int: ...
    @property
    def timelines(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def figures(self) -> Sequence[Figure]: ...


class FigureReading:
    """What the rules read of a Krosmaster position, shared by the frozen ``KState`` and its
    working copy ``KDraft`` (which holds the figures as a list)."""

    def card(self: _Fields, fig: Figure) -> KrosmasterCard:
        return self.catalog[fig.card]

    def name(self: _Fields, fig: Figure) -> str:
        return self.catalog[fig.card].name

    def acting(self: _Fields) -> Figure | None:
        """The figure in its Activation, if any."""
        if self.phase != "activation":
            return None
        return self.figures[self.timelines[self.active][self.slot]]

    def occupant(self: _Fields) -> dict[int, int]:
        return {f.cell: f.id for f in self.figures if f.cell is not None}

    def power(self: _Fields, fig: Figure, power: str) -> int:
        """How many times ``fig`` has a power: printed on its card or given by Inspiration."""
        return self.catalog[fig.card].powers.count(power) + fig.inspiration.count(power)


class KState(FigureReading, Frozen):
    catalog: tuple[KrosmasterCard, ...]
    board: Board
    faces: tuple[str, ...] = house.FACES
    team_names: tuple[str, str]
    figures: tuple[Figure, ...]  # figure id == its index
    timelines: tuple[tuple[int, ...], tuple[int, ...]]
    first: int
    active: int
    turn: int = 1  # game turns started (one per player turn)
    phase: Phase
    dice: tuple[str, ...] = ()  # Tension / Inspiration dice not yet placed
    rerolled: bool = False
    slot: int = 0  # index in the active Timeline of the figure whose turn it is
    gg: tuple[int, int] = (house.START_GG, house.START_GG)
    wild_gg: int = house.WILD_GG
    kamas: tuple[int, int] = (0, 0)
    kama_cells: tuple[int, ...] = ()  # cells still holding a kama
    rng: Rng
    winner: int | None = None
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    # ---- writing (copies only the changed path) ---------------------------------------
    def with_figure(self, fig: Figure, **update: Any) -> KState:
        """This state with ``fig`` in its place (and any other ``update``d fields)."""
        figs = self.figures
        return self.model_copy(update={"figures": figs[:fig.id] + (fig,) + figs[fig.id + 1:],
                                       **update})


def set_pair(pair: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    """``pair`` with the entry of ``player`` replaced (GG, kamas)."""
    return (value, pair[1]) if player == 0 else (pair[0], value)
