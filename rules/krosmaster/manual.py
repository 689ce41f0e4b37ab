"""Krosmaster's table for manual steps (``rules.core.manual_table``): its cards are figures,
on the map (the board, by cell) or knocked out (a pile per player); HP, MP and AP of a figure,
GG and kamas of a player; a figure's activation done this turn. Face down (through the core):
a figure the other player sees as "Face-down figure" (nothing else on a Krosmaster table is
hidden).

Krosmaster records who has played this turn by the active Timeline's position (R-10: figures
play left to right), so "activation done" moves a figure in its Timeline: done, just before
the acting figure; not done, just after it (it plays next). It keeps that place later on."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rules.core.manual import Resumer, resume
from rules.core.manual_intents import ManualStep, Resume
from rules.core.manual_table import BOARD, CounterSpec, ManualTable, Place
from rules.krosmaster.combat import cast_rest, knock_out
from rules.krosmaster.flow import check_end, end_activation
from rules.krosmaster.state import KState, set_pair

OUT = "out"
MASKED = "Face-down figure"


class KrosmasterManual(ManualTable):
    piles = (OUT,)
    hidden = frozenset()
    deck = ""  # no deck to shuffle
    counters = (CounterSpec("hp", "card", 0, 40, "HP"), CounterSpec("mp", "card", 0, 20, "MP"),
                CounterSpec("ap", "card", 0, 20, "AP"),
                CounterSpec("gg", "player", 0, 99, "GG"),
                CounterSpec("kamas", "player", 0, 999, "Kamas"))
    flags = ("done",)
    flag_labels = {"done": "done this turn (its activation is over)"}
    hidden_card = MASKED

    def hide(self, view: KState, cards: Collection[int]) -> KState:
        """Each masked figure points at a copy of its card with no name, text, art, powers or
        spell names (its numbers are on the map for all to see anyway)."""
        view = view.copy()
        catalog = list(view.catalog)
        for fid in cards:
            card = catalog[view.figures[fid].card]
            if card.name == MASKED:  # a view of a view: masked already
                continue
            spells = tuple(sp.model_copy(update={"name": "Hidden spell", "text": ""})
                           for sp in card.spells)
            catalog.append(card.model_copy(update={"name": MASKED, "text": "", "art": None,
                                                   "powers": (), "spells": spells}))
            view.mut(fid).card = len(catalog) - 1
        view.catalog = tuple(catalog)
        view.moved()  # the names ``log_names`` kept
        return view

    def name(self, s: KState, card: int) -> str:
        return s.name(s.figures[card])

    def zone_label(self, zone: str) -> str:
        return "knocked out" if zone == OUT else zone.capitalize()

    def spot_label(self, at: int) -> str:
        return f"cell {at}"

    def places(self, s: KState) -> list[Place]:
        return [Place(f.id, f.owner, OUT) if f.cell is None else Place(f.id, f.owner, BOARD, f.cell)
                for f in s.figures]

    def pile(self, s: KState, owner: int, zone: str) -> tuple[int, ...]:
        return tuple(f.id for f in s.figures if f.owner == owner and f.cell is None)

    def with_pile(self, s: KState, owner: int, zone: str, cards: tuple[int, ...]) -> None:
        # A figure taken off the pile is put somewhere else next (its cell or owner is set
        # then); one added to it is knocked out, for ``owner``.
        for fid in cards:
            f = s.figures[fid]
            if f.cell is not None or f.owner != owner:
                _set_figure(s, f.id, cell=None, owner=owner, inspiration=())

    def board_spots(self, s: KState, owner: int) -> list[int]:
        taken = s.occupant()
        blocked = s.board.geo.move_block
        return [c for c in range(len(s.board.terrain)) if c not in taken and c not in blocked]

    def take_board(self, s: KState, card: int) -> None:
        """Nothing: the figure is moved by ``put_board`` or knocked out by ``with_pile``."""

    def put_board(self, s: KState, card: int, owner: int, at: int) -> None:
        _set_figure(s, card, cell=at, owner=owner)

    def counter(self, s: KState, spec: CounterSpec, owner: int, card: int) -> int | None:
        if spec.per == "player":
            return int((s.gg if spec.name == "gg" else s.kamas)[owner])
        f = s.figures[card] if 0 <= card < len(s.figures) else None
        return None if f is None or f.cell is None else int(getattr(f, spec.name))

    def set_counter(self, s: KState, spec: CounterSpec, owner: int, card: int,
                    value: int) -> None:
        if spec.per == "player":
            setattr(s, spec.name, set_pair(getattr(s, spec.name), owner, value))
        else:
            _set_figure(s, card, **{spec.name: value})

    def flag(self, s: KState, card: int, flag: str) -> bool | None:
        """Only a waiting figure of the active player during the activations: the acting one
        ends its activation by the game's own flow."""
        line = s.timelines[s.active]
        if s.phase != "activation" or card not in line or not s.figures[card].alive:
            return None
        at = line.index(card)
        return None if at == s.slot else at < s.slot

    def set_flag(self, s: KState, card: int, flag: str, value: bool) -> None:
        line = list(s.timelines[s.active])
        line.remove(card)
        slot = s.slot + 1 if value else s.slot - 1  # where the acting figure is now
        line.insert(slot - 1 if value else slot + 1, card)
        lines = (tuple(line), s.timelines[1]) if s.active == 0 else (s.timelines[0], tuple(line))
        s.timelines, s.slot = lines, slot

    def problems(self, s: KState) -> list[str]:
        cells = [f.cell for f in s.figures if f.cell is not None]
        out = [f"cell {c} holds {cells.count(c)} figures"
               for c in sorted({c for c in cells if cells.count(c) > 1})]
        for f in s.figures:
            if f.cell is not None and f.hp > s.card(f).hp:
                out.append(f"{s.name(f)} has {f.hp} HP; its card allows {s.card(f).hp}")
        return out

    def settle(self, s: KState, step: ManualStep) -> None:
        """A figure on the map with 0 HP is knocked out, as by a spell of the step's player
        (they take its GG; a freeform step takes none); then the rest of the spell, H3, and
        the Activation ends if its figure is gone."""
        by = -1 if step.freeform else step.player
        if resume(s, (Resume(op="knock_out", args=(by,)), *step.then), _RESUMES):
            check_end(s)
            acting = s.acting()
            if acting is not None and not acting.alive:
                end_activation(s)


def _knock_out_at_zero(s: KState, by: int) -> None:
    for f in s.figures:
        if f.cell is not None and f.hp <= 0:
            knock_out(s, f, f.owner if by < 0 else by)


_RESUMES: dict[str, Resumer] = {"knock_out": _knock_out_at_zero, "cast_rest": cast_rest}


def _set_figure(s: KState, fid: int, **update: Any) -> None:
    fig = s.mut(fid)
    for name, value in update.items():
        setattr(fig, name, value)
    s.moved()
