"""Tiny Cards: play one card a turn from your hand into a slot of your row (onto one of your own
units, it stacks: the old one goes under and adds its health); ready units attack the slot
across (the unit there takes damage, or you if it is empty); first to 0 life loses.

Card ``c`` has power ``1 + c % 4`` and health ``power + 1``. Player 0 owns cards 0..11,
player 1 cards 12..23. A unit enters sideways (acted) and readies at its owner's next turn.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from rules.core.model import Event, Frozen, Intent
from rules.core.newgame import Setup
from rules.core.ruleset import Ruleset
from tests.tinygame.game import GAME

CARDS, HAND, LIFE, SLOTS, TURN_CAP = 12, 3, 8, 3, 60
NAMES = ("Spark", "Ember", "Flare", "Blaze")
HIDDEN = -1


def power(card: int) -> int:
    return 1 + card % 4


def health(card: int) -> int:
    return power(card) + 1


class Unit(Frozen):
    card: int
    under: tuple[int, ...] = ()  # stacked beneath (attached): each adds its health
    damage: int = 0
    ready: bool = False

    @property
    def health(self) -> int:
        return health(self.card) + sum(health(c) for c in self.under)


class Side(Frozen):
    life: int = LIFE
    deck: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    row: tuple[Unit | None, ...] = (None,) * SLOTS
    grave: tuple[int, ...] = ()


class State(Frozen):
    sides: tuple[Side, Side]
    active: int = 0
    turn: int = 1
    played: bool = False  # the active player has played their card this turn


class Play(Intent):
    kind: Literal["play"] = "play"
    card: int
    slot: int


class Attack(Intent):
    kind: Literal["attack"] = "attack"
    card: int


class EndTurn(Intent):
    kind: Literal["end_turn"] = "end_turn"


def _side(state: State, p: int, **update: Any) -> tuple[Side, Side]:
    sides = list(state.sides)
    sides[p] = sides[p].model_copy(update=update)
    return (sides[0], sides[1])


class TinyRules(Ruleset[State]):
    info = GAME
    name = GAME.name
    title = GAME.title
    state_type = State
    intent_types = (Play, Attack, EndTurn)
    turn_cap = TURN_CAP

    def _new_game(self, seed: int, setup: Setup) -> State:  # no pack: the cards are numbers
        rng = random.Random(seed)
        sides = []
        for p in (0, 1):
            deck = list(range(p * CARDS, (p + 1) * CARDS))
            rng.shuffle(deck)
            sides.append(Side(deck=tuple(deck[HAND:]), hand=tuple(deck[:HAND])))
        return State(sides=(sides[0], sides[1]))

    def _to_act(self, state: State) -> int | None:
        return None if self._over(state) else state.active

    def _over(self, state: State) -> bool:
        return state.turn > TURN_CAP or any(s.life <= 0 for s in state.sides)

    def _winner(self, state: State) -> int | None:
        for p in (0, 1):
            if state.sides[1 - p].life <= 0:
                return p
        return None

    def _legal_intents(self, state: State) -> list[Intent]:
        me = state.sides[state.active]
        out: list[Intent] = []
        if not state.played:
            out += [Play(card=c, slot=k) for c in me.hand for k in range(SLOTS)]
        out += [Attack(card=u.card) for u in me.row if u is not None and u.ready]
        out.append(EndTurn())
        return out

    def _explain(self, state: State, intent: Intent) -> str:
        me = state.sides[state.active]
        if isinstance(intent, Play):
            if intent.card not in me.hand:
                return f"card {intent.card} is not in your hand"
            if state.played:
                return "you have already played a card this turn"
            if not 0 <= intent.slot < SLOTS:
                return f"there is no slot {intent.slot + 1} in your row"
        if isinstance(intent, Attack):
            unit = next((u for u in me.row if u is not None and u.card == intent.card), None)
            if unit is None:
                return f"card {intent.card} is not a unit in your row"
            if not unit.ready:
                return f"{NAMES[intent.card % 4]} has acted: it readies on your next turn"
        return f"{intent.label()} is not legal now"

    def _apply(self, state: State, intent: Intent) -> tuple[State, list[Event]]:
        p = state.active
        me = state.sides[p]
        if isinstance(intent, Play):
            row = list(me.row)
            old = row[intent.slot]
            under = () if old is None else (*old.under, old.card)
            row[intent.slot] = Unit(card=intent.card, under=under,
                                    damage=old.damage if old else 0)
            hand = tuple(c for c in me.hand if c != intent.card)
            st = state.model_copy(update={"sides": _side(state, p, hand=hand, row=tuple(row)),
                                          "played": True})
            return st, [Event(kind="play", player=p, text=self.describe(state, intent))]
        if isinstance(intent, Attack):
            return self._attack(state, intent)
        return self._end_turn(state)

    def _attack(self, state: State, intent: Attack) -> tuple[State, list[Event]]:
        p, q = state.active, 1 - state.active
        k = next(i for i, u in enumerate(state.sides[p].row)
                 if u is not None and u.card == intent.card)
        mine = list(state.sides[p].row)
        unit = mine[k]
        assert unit is not None
        mine[k] = unit.model_copy(update={"ready": False})
        sides = _side(state, p, row=tuple(mine))
        st = state.model_copy(update={"sides": sides})
        hit = power(unit.card)
        foe = st.sides[q].row[k]
        name = NAMES[unit.card % 4]
        if foe is None:
            st = st.model_copy(update={"sides": _side(st, q, life=st.sides[q].life - hit)})
            return st, [Event(kind="damage", player=p, text=f"{name} hits for {hit}.")]
        theirs = list(st.sides[q].row)
        grave = st.sides[q].grave
        if foe.damage + hit >= foe.health:
            theirs[k] = None
            grave = (*grave, *foe.under, foe.card)
            text = f"{name} destroys {NAMES[foe.card % 4]}."
        else:
            theirs[k] = foe.model_copy(update={"damage": foe.damage + hit})
            text = f"{name} deals {hit} to {NAMES[foe.card % 4]}."
        st = st.model_copy(update={"sides": _side(st, q, row=tuple(theirs), grave=grave)})
        return st, [Event(kind="damage", player=p, text=text)]

    def _end_turn(self, state: State) -> tuple[State, list[Event]]:
        q = 1 - state.active
        them = state.sides[q]
        row = tuple(None if u is None else u.model_copy(update={"ready": True})
                    for u in them.row)
        deck, hand = them.deck, them.hand
        if deck:
            deck, hand = deck[1:], (*hand, deck[0])
        st = state.model_copy(update={"sides": _side(state, q, row=row, deck=deck, hand=hand),
                                      "active": q, "turn": state.turn + 1, "played": False})
        return st, [Event(kind="end_turn", player=state.active, text="Turn ends.",
                          random=bool(them.deck), reveals=(q,) if them.deck else ())]

    def _view(self, state: State, player: int) -> State:
        sides = list(state.sides)
        for p in (0, 1):
            hide = {"deck": (HIDDEN,) * len(sides[p].deck)}
            if p != player:
                hide["hand"] = (HIDDEN,) * len(sides[p].hand)
            sides[p] = sides[p].model_copy(update=hide)
        return state.model_copy(update={"sides": (sides[0], sides[1])})

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        return {}

    def evaluate(self, state: State, player: int) -> float:
        w = self._winner(state)
        if w is not None:
            return 1000.0 if w == player else -1000.0
        me, them = state.sides[player], state.sides[1 - player]
        board = sum(power(u.card) for u in me.row if u) - sum(power(u.card) for u in them.row
                                                                if u)
        return 3.0 * (me.life - them.life) + board

    def describe(self, state: State, intent: Intent) -> str:
        if isinstance(intent, Play):
            return f"Play {NAMES[intent.card % 4]} into slot {intent.slot + 1}"
        if isinstance(intent, Attack):
            return f"{NAMES[intent.card % 4]} attacks"
        return "End turn"

    def pieces(self, state: State) -> list[Any]:
        me = state.sides[state.active]
        return [*me.hand, *(u.card for u in me.row if u is not None)]

