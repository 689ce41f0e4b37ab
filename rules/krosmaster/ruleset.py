"""Krosmaster Arena behind the Playtable rules contract.

Game turn (seed section 5, rules R-01 … R-11): Roll for Tension (``Reroll`` / ``KeepTension``,
then ``SetDofus`` for wild faces) → Inspiration (``Inspire`` / ``EndInspiration``) → Refund →
each figure's Preliminary / Activation (``Move``, ``Cast``, ``BuyGG``, ``EndActivation``) / End
of Activation, in Timeline order → End of Game Turn; then the opponent is active.

Only the active player ever decides. The game ends when a player has no GG or no figure left;
after ``house.TURN_CAP`` (60) game turns it is a draw (``winner`` None). House rules:
``rules.krosmaster.house``. Cells are ints ``row * width + col``.

``highlights(state, source)``:
- ``source`` = figure id → ``{"move": cells reachable with the MP it has (its MP left while
  it acts, its card's MP otherwise), "attack": cells it can cast a spell on now}``;
- ``source`` = ``(figure id, spell index)`` or ``{"figure": id, "spell": i}`` →
  ``{"target": cells in range and line of sight, "blocked": in range but sight blocked}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.model import Event, Intent
from rules.core.newgame import Setup
from rules.core.reload import replace_in_catalog
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.core.state import replaced
from rules.krosmaster import house
from rules.krosmaster.actions import KINDS, PLAY
from rules.krosmaster.cards import KrosmasterCard
from rules.krosmaster.game import GAME
from rules.krosmaster.legal import STAGES, explain, memo, spell_cells, targets
from rules.krosmaster.manual import KrosmasterManual
from rules.krosmaster.migrate import with_spell_copies
from rules.krosmaster.played import played_cards
from rules.krosmaster.setup import new_state
from rules.krosmaster.state import KState


class KrosmasterRules(Ruleset[KState]):
    info = GAME
    state_type = KState
    intent_kinds = KINDS
    scenario = "rules.krosmaster.scenario"  # python -m rules scenario
    turn_cap = house.TURN_CAP
    manual_table = KrosmasterManual()

    def _new_game(self, seed: int, setup: Setup) -> KState:
        return new_state(seed, setup)[0]

    _to_act = staticmethod(STAGES.to_act)  # asked every step: no frame of its own
    _legal_intents = staticmethod(STAGES.legal)  # asked every step: no frame of its own

    def _explain(self, state: KState, intent: Intent) -> str:
        return explain(state, state.board.geo, intent)

    def _view(self, state: KState, player: int | None) -> KState:
        # Nothing is hidden on the table but the future: mask the dice seed.
        return replaced(state, rng=Rng(seed=0, counter=0))

    def _play(self, state: KState, intent: Intent) -> None:
        PLAY[type(intent)](state, intent)

    _loaded = staticmethod(with_spell_copies)

    def replace_cards(self, state: KState, cards: Mapping[str, Any]) -> tuple[KState, list[Event]]:
        """Hot reload by card name (a figure's card is its index into the catalog)."""
        catalog, events = replace_in_catalog(dict(enumerate(state.catalog)), cards,
                                             KrosmasterCard, key=lambda _i, card: card.name)
        if catalog is None:
            return state, events
        return replaced(state, catalog=tuple(catalog.values())), events

    played_cards = staticmethod(played_cards)

    def pieces(self, state: KState) -> list[Any]:
        """Figures on the board, and each (figure, spell) of the deciding player's figures."""
        p = self._to_act(state)
        return [f.id for f in state.figures if f.alive] + [
            (f.id, k) for f in state.figures if f.alive and f.owner == p
            for k in range(len(state.card(f).spells))]

    def _highlights(self, state: KState, source: Any) -> dict[str, list[Any]]:
        fid, spell_no = _parse_source(source)
        if not 0 <= fid < len(state.figures):
            return {}
        fig = state.figures[fid]
        if fig.cell is None:
            return {}
        g = state.board.geo
        acting = state.acting()
        is_acting = acting is not None and acting.id == fid
        card = state.card(fig)
        if spell_no is not None:
            if not 0 <= spell_no < len(card.spells):
                return {}
            seen, hidden = spell_cells(state, g, fig, card.spells[spell_no])
            return {"target": seen, "blocked": hidden}
        mp = fig.mp if is_acting else card.mp
        out: dict[str, list[Any]] = {"move": sorted(g.reach(fig.cell, mp, state.where()[0]))}
        ap = fig.ap if is_acting else card.ap
        attack: set[int] = set()
        for spell in memo(state)[1][fig.card]:
            if spell[1] <= ap:
                attack.update(targets(g, state.where(), fig.owner, fig.cell, spell))
        out["attack"] = sorted(attack)
        return out

    def evaluate(self, state: KState, player: int) -> float:
        w = state.winner
        if state.phase == "over":
            return 0.0 if w is None else (1000.0 if w == player else -1000.0)
        score = 0.0
        for f in state.figures:
            if f.alive:
                sign = 1.0 if f.owner == player else -1.0
                score += sign * (f.hp + 3.0 * state.card(f).level)
        score += 10.0 * (state.gg[player] - state.gg[1 - player])
        score += 0.5 * (state.kamas[player] - state.kamas[1 - player])
        # A faint pull towards the enemy, so a one-ply agent walks into range to fight.
        grid = state.board.geo.grid
        foes = [f.cell for f in state.figures if f.cell is not None and f.owner != player]
        for f in state.figures:
            if f.cell is not None and f.owner == player and foes:
                score -= 0.05 * min(grid.manhattan(f.cell, c) for c in foes)
        return score


def _parse_source(source: Any) -> tuple[int, int | None]:
    if isinstance(source, Mapping):
        spell = source.get("spell")
        return int(source.get("figure", -1)), None if spell is None else int(spell)
    if isinstance(source, tuple | list):
        return int(source[0]), int(source[1]) if len(source) > 1 else None
    return int(source), None
