"""BOS as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rules.bos import explain
from rules.bos.actions import KINDS
from rules.bos.cards import Card, Deck
from rules.bos.determinize import determinize as determinize_hidden
from rules.bos.flow import start_turn
from rules.bos.game import GAME
from rules.bos.legal import legal, to_act
from rules.bos.manual import BosManual
from rules.bos.migrate import with_ability_copies
from rules.bos.pack import deck_cards
from rules.bos.positions import position_key
from rules.bos.state import Side, State
from rules.core.model import Intent
from rules.core.newgame import Setup
from rules.core.ruleset import Ruleset


def new_state(catalog: Mapping[str, Card], decks: tuple[Deck, ...], first: int) -> State:
    """Both players' cards numbered (player 0's first: ``split``), before the first Startup.
    Nothing is shuffled: every zone is in its deck's written order."""
    ids: list[str] = []
    sides: list[Side] = []
    for deck in decks:
        boss = len(ids)
        ids += deck_cards(deck)
        castle = boss + 1 + len(deck.wizards)
        spellbook = castle + len(deck.castle)
        sides.append(Side(boss=boss, wizards=tuple(range(boss + 1, castle)),
                          castle=tuple(range(castle, spellbook)),
                          spellbook=tuple(range(spellbook, len(ids)))))
    return State(catalog=dict(catalog), cards=dict(enumerate(ids)), split=sides[1].boss,
                 sides=(sides[0], sides[1]), active=first, first=first)


class BosRules(Ruleset[State]):
    info = GAME
    state_type = State
    intent_kinds = KINDS
    scenario = "rules.bos.scenario"
    played_kinds = {"summon": "card", "cast": "card"}  # summons and spells
    determinize = determinize_hidden  # hidden cards dealt for search (determinize.py)
    turn_cap: ClassVar[int] = 80
    manual_table = BosManual()
    # A summon or a card under one put face down by hand in a manual step gets each seat's
    # numbers too.
    hidden_places = ("sides.*.castle", "sides.*.spellbook", "sides.*.wizards",
                     "sides.*.boss", "sides.*.slots", "units.*.under")
    hidden_mentions = ("units.*.iid", "attack.attacker")
    hidden_keyed = ("units",)
    # A unit attacked, or a spell's or an ability's target, is a card (-1: none; a player is
    # ``player``).
    instance_fields = Ruleset.instance_fields | {"target"}
    resume_cards = {"spell_done": (0, 2), "battle_rest": (0,), "defeat_rest": (0,),
                    "checks": None}
    resume_sets = frozenset({"checks"})  # the cards whose defeat is carried on elsewhere

    def _new_game(self, seed: int, setup: Setup) -> State:
        """Nothing in BOS is random, so the seed plays no part."""
        state = new_state(setup.cards, setup.decks, setup.options.first)
        start_turn(state, state.first)
        return state

    # Each step asks both: no frame of their own
    _to_act = staticmethod(to_act)
    _legal_intents = staticmethod(legal)

    def _legal_from(self, state: State, source: Any) -> list[Intent]:
        return legal(state, source) if isinstance(source, int) else []

    _explain = staticmethod(explain.why_illegal)

    def _play(self, state: State, intent: Intent) -> None:
        p = to_act(state)
        assert p is not None
        KINDS[intent.kind].apply(state, p, intent)

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int | None) -> State:
        """The opponent's castle, spellbook, wizards and face-down boss are masked (a
        spectator's: both sides')."""
        hidden: set[int] = set()
        for them in (state.sides if player is None else (state.sides[1 - player],)):
            hidden.update(them.castle, them.spellbook, them.wizards)
            if them.boss_state == "down":
                hidden.add(them.boss)
        view: State = self.manual_table.hide(state, hidden)  # named HIDDEN, as by hand
        return view

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        """Where the picked-up card may go, by intent kind: columns, cards, players, boss."""
        out: dict[str, list[Any]] = {}
        if not isinstance(source, int):
            return out
        for i in self.legal_intents(state, source):
            t = self.target_of(i)
            out.setdefault(i.kind, []).append(("self", source) if t is None else t)
        return out

    unusable = staticmethod(explain.unusable)  # why a castle/spellbook/boss card is dimmed
    _loaded = staticmethod(with_ability_copies)

    def pieces(self, state: State) -> list[Any]:
        p = to_act(state)
        if p is None:
            return []
        side = state.sides[p]
        mine = [i for i, u in state.units.items() if u.owner == p]
        return [*side.castle, *side.spellbook, *mine, side.boss]

    position_key = staticmethod(position_key)

    def lookaheads(self, state: State, intents: Sequence[Intent],
                   player: int) -> list[float | None]:
        """As the base's (``evaluate`` after a quiet ``apply`` of each), each intent played on
        a copy of ``state`` without the contract's checks around it: the greedy agent and the
        search's rollouts score every legal intent of every position they pass through. A
        position with a manual step open or a card face down goes through the base's."""
        p = to_act(state)
        if p is None or state.manual or state.face_down:
            return super().lookaheads(state, intents, player)
        out: list[float | None] = []
        for intent in intents:
            kind = KINDS.get(intent.kind)
            if kind is None:  # a manual intent: the contract's own path
                out.append(super().lookaheads(state, [intent], player)[0])
                continue
            after = state.copy()
            try:
                kind.apply(after, p, intent)  # as ``_play``
            except Exception:  # noqa: BLE001 - as the base's: what cannot be scored is None
                out.append(None)
                continue
            out.append(self.evaluate(after, player))
        return out

    def evaluate(self, state: State, player: int) -> float:
        if state.winner is not None or state.step == "over":
            return super().evaluate(state, player)
        me, them = state.sides[player], state.sides[1 - player]
        # min(x, cap) written out: the look-ahead scores every legal intent this way
        mine, theirs = me.vim, them.vim
        score = 2.0 * (me.life - them.life) + 0.05 * ((mine if mine < 40 else 40)
                                                     - (theirs if theirs < 40 else 40))
        for u in state.units.values():
            strength = u.strength
            worth = 1.0 + 0.5 * (strength if strength < 20 else 20)
            if u.owner == player:
                score += worth
            else:
                score -= worth
        return score
