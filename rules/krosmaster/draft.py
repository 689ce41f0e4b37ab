"""Krosmaster's working copy of a KState for one ``apply`` (``rules.core.draft``): the figures
change in place, every other field is assigned; ``freeze`` builds the new state once."""

from __future__ import annotations

from typing import Any

from rules.core.draft import Draft
from rules.core.rng import Rng
from rules.krosmaster.board import Board
from rules.krosmaster.cards import KrosmasterCard
from rules.krosmaster.state import Figure, KState, Phase


class KDraft(Draft[KState]):
    working = {"figures": list}

    catalog: tuple[KrosmasterCard, ...]
    board: Board
    faces: tuple[str, ...]
    team_names: tuple[str, str]
    figures: list[Figure]
    timelines: tuple[tuple[int, ...], tuple[int, ...]]
    first: int
    active: int
    turn: int
    phase: Phase
    dice: tuple[str, ...]
    rerolled: bool
    slot: int
    gg: tuple[int, int]
    wild_gg: int
    kamas: tuple[int, int]
    kama_cells: tuple[int, ...]
    rng: Rng
    winner: int | None

    # ---- reading (as KState's) ------------------------------------------------------
    def card(self, fig: Figure) -> KrosmasterCard:
        return self.catalog[fig.card]

    def name(self, fig: Figure) -> str:
        return self.catalog[fig.card].name

    def acting(self) -> Figure | None:
        if self.phase != "activation":
            return None
        return self.figures[self.timelines[self.active][self.slot]]

    def occupant(self) -> dict[int, int]:
        return {f.cell: f.id for f in self.figures if f.cell is not None}

    def power(self, fig: Figure, power: str) -> int:
        return self.catalog[fig.card].powers.count(power) + fig.inspiration.count(power)

    # ---- changing -------------------------------------------------------------------
    def figure(self, fid: int, **update: Any) -> Figure:
        """Update figure ``fid``'s fields; returns the new figure."""
        fig = self.figures[fid] = self.figures[fid].model_copy(update=update)
        return fig

    def say(self, kind: str, text: str, player: int | None, **data: object) -> None:
        """An event with ``data`` (callers build ``text`` only when ``self.loud``)."""
        self.log(kind, text, player, data=dict(data))
