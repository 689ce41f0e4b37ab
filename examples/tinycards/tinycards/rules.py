"""Tiny Cards' rules: Playtable's rules contract (``Ruleset``) over this game's state.

Each rule is written once, on the one mutable state: ``_play`` carries out a legal intent in
place (Playtable copies first when the caller needs the old state), logging only when the
state is loud. Legality lives in ``_legal_intents`` and its reasons in ``_explain``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from rules.core.hidden import dealt, groups_of, reseeded
from rules.core.model import Event, Intent
from rules.core.newgame import Setup
from rules.core.reload import replace_in_catalog
from rules.core.rng import Rng
from rules.core.ruleset import IntentKind, Ruleset, intent_table
from rules.core.state import replaced
from tinycards.cards import HIDDEN, PLACEHOLDER, Card, copies
from tinycards.game import GAME, TinyOptions
from tinycards.intents import Attack, EndTurn, Play
from tinycards.state import HAND, SLOTS, TURN_CAP, Side, State, Unit


# ---- what each intent does ------------------------------------------------------------------
def play(s: State, intent: Play) -> None:
    p = s.active
    me = s.sides[p]
    me.hand.remove(intent.card)
    old = me.row[intent.slot]
    under = () if old is None else (*old.under, old.card)
    me.row[intent.slot] = Unit(intent.card, under, old.damage if old else 0,
                               ready=s.card(intent.card).quick)
    s.played = True
    if s.loud:
        onto = f" onto {s.name(old.card)}" if old else ""
        s.log("play", f"Player {p + 1} plays {s.name(intent.card)} into slot "
                      f"{intent.slot + 1}{onto}.", p, data={"card": intent.card})


def attack(s: State, intent: Attack) -> None:
    p, q = s.active, 1 - s.active
    k = s.unit_at(p, intent.card)
    assert k is not None
    unit = s.sides[p].row[k]
    assert unit is not None
    s.sides[p].row[k] = Unit(unit.card, unit.under, unit.damage, ready=False)
    hit = s.card(unit.card).power
    foe = s.sides[q].row[k]
    name = s.name(unit.card)
    if foe is None:
        s.sides[q].life -= hit
        if s.loud:
            s.log("damage", f"{name} hits Player {q + 1} for {hit}.", p)
    elif foe.damage + hit >= s.health(foe):
        s.sides[q].row[k] = None
        s.sides[q].grave += [*foe.under, foe.card]
        if s.loud:
            s.log("destroy", f"{name} destroys {s.name(foe.card)}.", p)
    else:
        s.sides[q].row[k] = Unit(foe.card, foe.under, foe.damage + hit, foe.ready)
        if s.loud:
            s.log("damage", f"{name} deals {hit} to {s.name(foe.card)}.", p)


def end_turn(s: State, intent: EndTurn) -> None:
    p, q = s.active, 1 - s.active
    them = s.sides[q]
    them.row = [None if u is None else Unit(u.card, u.under, u.damage, ready=True)
                for u in them.row]
    drew = bool(s.deck)
    if drew:
        them.hand.append(s.deck.pop(0))
    s.active, s.turn, s.played = q, s.turn + 1, False
    if s.loud:
        # a draw is hidden information: undo may not take it back past here (random) and
        # only its drawer saw the card (reveals)
        draws = f" Player {q + 1} draws." if drew else ""
        s.log("end_turn", f"Player {p + 1} ends the turn.{draws}", p, random=drew,
              reveals=(q,) if drew else ())


def _play_text(s: State, i: Play) -> str:
    return f"Play {s.name(i.card)} into slot {i.slot + 1}"


# kind -> its type, what it does, its words, the piece it acts with, where it acts
KINDS = intent_table(
    IntentKind(Play, play, _play_text, lambda i: i.card, lambda i: i.slot),
    IntentKind(Attack, attack, lambda s, i: f"{s.name(i.card)} attacks", lambda i: i.card),
    IntentKind(EndTurn, end_turn, lambda s, i: "End turn"),
)


class TinyRules(Ruleset[State]):
    info = GAME
    name: ClassVar[str] = GAME.name
    title: ClassVar[str] = GAME.title
    state_type = State
    intent_types = (Play, Attack, EndTurn)
    intent_kinds = KINDS
    turn_cap: ClassVar[int] = TURN_CAP
    played_kinds = {"play": "card"}  # what simulate counts per card

    # ---- a new game ------------------------------------------------------------------------
    def _new_game(self, seed: int, setup: Setup) -> State:
        """The shared deck shuffled, then numbered in that order (so a card's number tells
        nothing of what it is), three cards dealt to each player."""
        options = setup.options
        assert isinstance(options, TinyOptions)
        (deck,) = setup.decks  # one shared deck (GameInfo.shared_deck)
        order, _ = Rng(seed=seed).shuffled(copies(deck))
        cards = dict(enumerate(order))
        numbers = list(cards)
        sides = [Side(options.life, numbers[p * HAND:(p + 1) * HAND]) for p in (0, 1)]
        return State(catalog=dict(setup.cards), cards=cards, deck=numbers[2 * HAND:],
                     sides=sides, active=options.first)

    # ---- who decides, what is legal --------------------------------------------------------
    def _to_act(self, state: State) -> int | None:
        return None if self._over(state) else state.active

    def _over(self, state: State) -> bool:
        return state.turn > TURN_CAP or any(s.life <= 0 for s in state.sides)

    def _winner(self, state: State) -> int | None:
        for p in (0, 1):
            if state.sides[1 - p].life <= 0 < state.sides[p].life:
                return p
        return None  # running, or a draw at the turn cap

    def _legal_intents(self, state: State) -> list[Intent]:
        me = state.sides[state.active]
        out: list[Intent] = []
        if not state.played:
            out += [Play.of(c, k) for c in me.hand for k in range(SLOTS)]
        out += [Attack.of(u.card) for u in me.row
                if u is not None and u.ready and state.card(u.card).power > 0]
        out.append(EndTurn.of())
        return out

    def _explain(self, state: State, intent: Intent) -> str:
        me = state.sides[state.active]
        if isinstance(intent, Play):
            if intent.card not in me.hand:
                return f"card {intent.card} is not in your hand"
            if state.played:
                return "you have already played a card this turn"
            return f"there is no slot {intent.slot + 1} in your row"
        if isinstance(intent, Attack):
            k = state.unit_at(state.active, intent.card)
            unit = None if k is None else me.row[k]
            if unit is None:
                return f"card {intent.card} is not a unit in your row"
            if not unit.ready:
                return f"{state.name(unit.card)} has acted: it readies on your next turn"
            return f"{state.name(unit.card)} has no power to attack with"
        return f"{intent.label()} is not legal now"

    def _play(self, state: State, intent: Intent) -> None:
        KINDS[intent.kind].apply(state, intent)

    # ---- what a player sees ----------------------------------------------------------------
    def _view(self, state: State, player: int | None) -> State:
        """The other player's hand and the deck's cards are hidden (their numbers stay: how
        many there are is seen); ``None``, a spectator (network play), sees neither hand."""
        hands = [side.hand for p, side in enumerate(state.sides) if p != player]
        hidden = {*(c for hand in hands for c in hand), *state.deck}
        view = state.copy()
        view.cards = {n: HIDDEN if n in hidden else c for n, c in state.cards.items()}
        view.catalog = {**state.catalog, HIDDEN: PLACEHOLDER}
        return view

    def determinize(self, view: State, player: int, rng: random.Random,
                    options: Mapping[str, Any] | None = None) -> State:
        """A whole state ``player`` could be in: each hidden card given a name from the shared
        deck's cards minus those seen (the search plays on such guesses, never on the truth)."""
        cards = dealt(view.cards, HIDDEN, groups_of(self, options, _one_deck), rng)
        return reseeded(replaced(view, cards=cards), rng)

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        for i in self.legal_intents(state, source):
            out.setdefault(i.kind, []).append(self.target_of(i))
        return out

    def pieces(self, state: State) -> list[Any]:
        me = state.sides[state.active]
        return [*me.hand, *(u.card for u in me.row if u is not None)]

    # ---- the computer's judgement ----------------------------------------------------------
    def evaluate(self, state: State, player: int) -> float:
        """How good ``state`` looks for ``player``, from what a view shows: life, the units in
        play, and the number of cards in each hand (not which cards: the other player's are
        hidden, and an agent scores its view)."""
        won = self._winner(state)
        if won is not None:
            return 1000.0 if won == player else -1000.0
        score = 0.0
        for p, side in enumerate(state.sides):
            sign = 1.0 if p == player else -1.0
            board = sum(self._worth(state, u) for u in side.row if u is not None)
            score += sign * (3.0 * side.life + board + 1.0 * len(side.hand))
        return score

    def _worth(self, state: State, unit: Unit) -> float:
        card = state.card(unit.card)
        return 1.0 + card.power + 0.5 * (state.health(unit) - unit.damage) \
            + (0.5 if unit.ready else 0.0)

    # ---- hot reload ------------------------------------------------------------------------
    def replace_cards(self, state: State, cards: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """Saved card files: every card in the game takes its new data by id."""
        catalog, events = replace_in_catalog(state.catalog, cards, Card)
        return (state if catalog is None else replaced(state, catalog=catalog)), events


def _one_deck(first: State) -> dict[int, Hashable]:
    """Every card number belongs to the one shared deck (``rules.core.hidden``'s groups)."""
    return dict.fromkeys(first.cards, 0)
