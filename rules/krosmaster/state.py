"""The Krosmaster game state: self-contained (cards and map inside), mutable, cheap to copy.

The rules change a state in place (``rules.core.state``). What a step changes inside a field
is the figures (each a mutable ``Figure``); every other field is replaced whole when it
changes (a tuple, an int, the ``Rng``), so ``copy`` shares it. A copy shares the figures too,
until one is changed: the rules change a figure only through ``KState.mut``, which copies it
first when the state does not own it yet (a step changes one or two of eight).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Self

from pydantic import Field

from rules.core.manual_intents import ManualStep
from rules.core.naming import whose
from rules.core.rng import Rng
from rules.core.state import GameState
from rules.krosmaster import house
from rules.krosmaster.board import Board
from rules.krosmaster.cards import KrosmasterCard

Where = tuple[tuple[int | None, ...], tuple[int, int]]  # ``KState.where``
_new = object.__new__
Phase = Literal["tension", "dofus", "inspiration", "activation", "over"]


@dataclass(slots=True)
class Figure:
    # ``cell`` and ``owner`` change through ``KState.place`` (or ``moved``), which keeps what
    # the listing reads of them.
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

    def copy(self) -> Figure:
        new = _new(Figure)  # (without ``__init__``: a step copies one or two)
        new.id = self.id
        new.card = self.card
        new.owner = self.owner
        new.cell = self.cell
        new.hp = self.hp
        new.mp = self.mp
        new.ap = self.ap
        new.inspiration = self.inspiration
        return new


class _Figures(GameState):
    """Which figures a state may change in place, in a slot that is not a field (neither
    dumped nor compared): a bit per figure id, all set (-1) while no copy was made from or
    to this state; else the bits of those it copied for itself since. (Slots written here,
    not in the dataclass: mypy sees only the dataclass's own.)"""

    __slots__ = ("_owned", "memo", "_where", "_names", "_zones")

    _owned: int
    # What ``where`` and ``log_names`` read off the figures, kept until a figure moves
    # (``place``, ``moved``): most steps move none, and the listing asks every step.
    _where: Where | None
    _names: tuple[str, ...] | None
    # Each side's ``zone``, None until asked since one of that side's figures last moved.
    _zones: tuple[int | None, int | None]
    # What the rules worked out once from the catalog and the map (``legal.memo``),
    # shared by copies, forgotten when either is replaced (``fields_set``, ``moved``).
    memo: tuple[Any, ...] | None
    catalog: tuple[KrosmasterCard, ...]  # the dataclass's fields
    figures: list[Figure]

    def __post_init__(self) -> None:  # the dataclass's __init__ and pydantic's both call it
        GameState.__post_init__(self)
        self._owned = -1
        self.memo = None
        self._where = self._names = None
        self._zones = (None, None)

    def remember(self, memo: tuple[Any, ...]) -> None:
        self.memo = memo

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # Pickled (a view sent to the computer player's process) without the memo, which
        # holds the map's geometry: the other side makes its own (as ``Board`` does).
        slots = {k: getattr(self, k) for cls in type(self).__mro__
                 for k in getattr(cls, "__slots__", ()) if hasattr(self, k)}
        slots["memo"] = None
        return None, slots

    def mut(self, fid: int) -> Figure:
        """Figure ``fid``, to change in place: this state's own (copied first if shared)."""
        fig = self.figures[fid]
        if not self._owned >> fid & 1:
            fig = self.figures[fid] = fig.copy()
            self._owned |= 1 << fid
        return fig

    def place(self, fid: int, cell: int | None) -> Figure:
        """Figure ``fid`` (this state's own) put on ``cell``, None: knocked out. A figure's
        cell changes only here (or after ``moved``)."""
        fig = self.mut(fid)
        old, fig.cell = fig.cell, cell
        got = self._where
        if got is not None:  # changed here rather than found again: most steps move one
            cells, (mask0, mask1) = got
            bits = (0 if old is None else 1 << old) ^ (0 if cell is None else 1 << cell)
            if fig.owner:
                mask1 ^= bits
            else:
                mask0 ^= bits
            self._where = (cells[:fid] + (cell,) + cells[fid + 1:], (mask0, mask1))
        zones = self._zones
        self._zones = (zones[0], None) if fig.owner else (None, zones[1])
        if old is None or cell is None:
            self._names = None
        return fig

    def moved(self) -> None:
        """A figure's cell, owner or card changed (or the catalog): what ``where``, ``zone``,
        ``log_names`` and the memo kept is stale."""
        self._where = self._names = self.memo = None
        self._zones = (None, None)

    def fields_set(self, names: Collection[str]) -> None:
        # Other figures, cards or map: what ``where``, ``zone``, ``log_names`` and the memo
        # kept is stale.
        if "figures" in names or "catalog" in names or "board" in names:
            self.moved()

    def log_names(self) -> tuple[str, ...]:
        """How a log line names each figure: "Player 2's Iop" while both players have a
        figure of that name on the board (``rules.core.naming.whose``), else its name."""
        got = self._names
        if got is None:
            cat = self.catalog
            in_play = [(f.owner, cat[f.card].name) for f in self.figures if f.cell is not None]
            got = self._names = tuple([whose(cat[f.card].name, f.owner, in_play)
                                       for f in self.figures])
        return got

    def zone(self, side: int, near: tuple[int, ...]) -> int:
        """The cells next to ``side``'s standing figures (and theirs), as bits (``near``: each
        cell's with its neighbours, ``Geo.near_masks``): kept until one of them moves (a
        side's figures stand still through most of the other's moves)."""
        zones = self._zones
        got = zones[side]
        if got is None:
            got = 0
            for f in self.figures:
                if f.owner == side and f.cell is not None:
                    got |= near[f.cell]
            self._zones = (got, zones[1]) if side == 0 else (zones[0], got)
        return got

    def where(self) -> Where:
        """Each figure's cell (None once knocked out) in figure order, and the cells of each
        player's standing figures as bits."""
        got = self._where
        if got is None:
            masks = [0, 0]
            for f in self.figures:
                if f.cell is not None:
                    masks[f.owner] |= 1 << f.cell
            got = self._where = (tuple([f.cell for f in self.figures]), (masks[0], masks[1]))
        return got


@dataclass(slots=True)
class KState(_Figures):
    # A field with a default before one without keeps it in ``Field(default=...)``: pydantic
    # fills it in when a state is loaded, and code that builds a state gives every field.
    # The fields keep their order (the dump's), and ``__init__`` takes them by position
    # (``GameState.shallow``).
    catalog: tuple[KrosmasterCard, ...]
    board: Board
    faces: Annotated[tuple[str, ...], Field(default=house.FACES)]
    team_names: tuple[str, str]
    figures: list[Figure]  # figure id == its index
    timelines: tuple[tuple[int, ...], tuple[int, ...]]
    first: int
    active: int
    turn: Annotated[int, Field(default=1)]  # game turns started (one per player turn)
    phase: Phase
    # Tension / Inspiration dice not yet placed
    dice: Annotated[tuple[str, ...], Field(default=())]
    rerolled: Annotated[bool, Field(default=False)]
    # index in the active Timeline of the figure whose turn it is
    slot: Annotated[int, Field(default=0)]
    gg: Annotated[tuple[int, int], Field(default=(house.START_GG, house.START_GG))]
    wild_gg: Annotated[int, Field(default=house.WILD_GG)]
    kamas: Annotated[tuple[int, int], Field(default=(0, 0))]
    kama_cells: Annotated[tuple[int, ...], Field(default=())]  # cells still holding a kama
    rng: Rng
    winner: int | None = None
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def copy(self) -> Self:
        # Every field spelt out, in order (as python-chess's copy does), set on a new object
        # without calling ``__init__`` (a step copies once; the constructor and its
        # ``__post_init__`` cost more than the copying). test_kept_on_state checks that no
        # field is left out. The copy holds the same figures: each copies one before it
        # first changes it.
        new = _new(type(self))
        new.catalog = self.catalog
        new.board = self.board
        new.faces = self.faces
        new.team_names = self.team_names
        new.figures = list(self.figures)
        new.timelines = self.timelines
        new.first = self.first
        new.active = self.active
        new.turn = self.turn
        new.phase = self.phase
        new.dice = self.dice
        new.rerolled = self.rerolled
        new.slot = self.slot
        new.gg = self.gg
        new.wild_gg = self.wild_gg
        new.kamas = self.kamas
        new.kama_cells = self.kama_cells
        new.rng = self.rng
        new.winner = self.winner
        new.manual = self.manual
        new.designer = self.designer
        new.face_down = self.face_down
        base: _Figures = new  # (its slots set through the base, where mypy sees them)
        own: _Figures = self
        base.loud = False
        base.events = []
        base.memo = self.memo
        base._where = self._where
        base._names = self._names
        base._zones = self._zones
        base._owned = own._owned = 0
        return new

    # ---- reading ----------------------------------------------------------------------
    def card(self, fig: Figure) -> KrosmasterCard:
        return self.catalog[fig.card]

    def name(self, fig: Figure) -> str:
        return self.catalog[fig.card].name

    def named(self, fig: Figure) -> str:
        return self.log_names()[fig.id]

    def acting(self) -> Figure | None:
        """The figure in its Activation, if any."""
        if self.phase != "activation":
            return None
        return self.figures[self.timelines[self.active][self.slot]]

    def occupant(self) -> dict[int, int]:
        return {c: fid for fid, c in enumerate(self.where()[0]) if c is not None}

    def power(self, fig: Figure, power: str) -> int:
        """How many times ``fig`` has a power: printed on its card or given by Inspiration."""
        return self.catalog[fig.card].powers.count(power) + fig.inspiration.count(power)


def set_pair(pair: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    """``pair`` with the entry of ``player`` replaced (GG, kamas)."""
    return (value, pair[1]) if player == 0 else (pair[0], value)
