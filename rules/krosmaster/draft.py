"""Krosmaster's working copy of a KState for one ``apply`` (``rules.core.draft``): the figures
change in place, every other field is assigned; ``freeze`` builds the new state once."""

from __future__ import annotations

from typing import Any

from rules.core.draft import Draft
from rules.core.rng import Rng
from rules.krosmaster.board import Board
from rules.krosmaster.cards import KrosmasterCard
from rules.krosmaster.state import Figure, FigureReading, KState, Phase


class KDraft(FigureReading, Draft[KState]):
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

    # ---- changing -------------------------------------------------------------------
    def figure(self, fid: int, **update: Any) -> Figure:
        """Update figure ``fid``'s fields; returns the new figure."""
        fig = self.figures[fid] = self.figures[fid].model_copy(update=update)
        return fig

    def say(self, kind: str, text: str, player: int | None, **data: object) -> None:
        """An event with ``data`` (callers build ``text`` only when ``self.loud``)."""
        self.log(kind, text, player, data=dict(data))
