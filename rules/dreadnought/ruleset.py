"""Dreadnought as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core.model import Intent
from rules.core.newgame import Setup
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.dreadnought import explain, idle, reading
from rules.dreadnought.actions import KINDS
from rules.dreadnought.cards import Card, Deck
from rules.dreadnought.determinize import determinize as determinize_hidden
from rules.dreadnought.flow import advance, start_turn
from rules.dreadnought.game import GAME
from rules.dreadnought.legal import legal, to_act
from rules.dreadnought.manual import DreadnoughtManual
from rules.dreadnought.state import EMPTY, HP_CARDS, OPENING_HAND, TURN_CAP, Player, State

# what one slot movement costs in ``evaluate``: more than the lookahead's tie-break against
# passing (1e-3), so moving units back and forth is never the computer's best choice, and
# large enough to stand out of the search's sampling noise (at 0.01 a search agent moved
# units around for hundreds of intents: a move gaining nothing must look like a loss)
MOVE_COST = 0.25
# The table's highlight key of each intent kind that lights something up
HIGHLIGHT_KEYS = {"cast": "cast", "dummy": "dummy", "choose_speed": "speed",
                  "gear_change": "speed", "pay": "pay", "move": "move", "discard": "discard",
                  "ability": "ability", "check": "check", "block": "block"}


def new_state(catalog: dict[str, Card], decks: tuple[Deck, ...], seed: int,
              first: int = 0) -> State:
    """Both decks shuffled, three HP cards per caster from the deck top, opening hands."""
    rng = Rng(seed=seed)
    cards: dict[int, str] = {}
    players: list[Player] = []

    def new(cid: str) -> int:
        cards[len(cards)] = cid
        return len(cards) - 1

    for deck in decks:
        units = [cid for cid, n in sorted(deck.cards.items()) for _ in range(n)]
        order, rng = rng.shuffled(units)  # shuffle before numbering: ids leak no order
        casters = (new(deck.casters[0]), new(deck.casters[1]))
        pile = [new(c) for c in order]
        hp = (tuple(pile[:HP_CARDS]), tuple(pile[HP_CARDS:2 * HP_CARDS]))
        rest = pile[2 * HP_CARDS:]
        players.append(Player(casters=casters, hp=hp, hand=tuple(rest[:OPENING_HAND]),
                              deck=tuple(rest[OPENING_HAND:])))
    # ``first`` is last turn's first player: a tie nobody can re-reveal goes to the other.
    state = State(catalog=catalog, cards=cards, players=(players[0], players[1]),
                  first=1 - first, rng=rng)
    start_turn(state)
    return state


class DreadnoughtRules(Ruleset[State]):
    info = GAME
    state_type = State
    intent_kinds = KINDS
    scenario = "rules.dreadnought.scenario"
    played_kinds = {"cast": "card"}  # a unit cast face up (a dummy is no card)
    pick_kinds = frozenset({"check", "pay"})  # one at a time (agents: in order)
    determinize = determinize_hidden  # hidden cards dealt for search (determinize.py)
    turn_cap: ClassVar[int] = TURN_CAP
    manual_table = DreadnoughtManual()
    # Closed cards on the table (dummies, a Closed speed card) get each seat's numbers too:
    # a card seen face up, taken back to hand and put down Closed is not recognised by it.
    hidden_places = ("players.*.deck", "players.*.hand", "players.*.hp.*", "players.*.slots",
                     "players.*.speed")
    hidden_mentions = ("units.*.iid", "attackers")
    hidden_keyed = ("units",)
    highlight_cards = frozenset({"ability", "pay", "discard", "check", "block"})
    instance_fields = Ruleset.instance_fields | {"target", "source"}

    def _new_game(self, seed: int, setup: Setup) -> State:
        return new_state(dict(setup.cards), setup.decks, seed, setup.options.first)

    def hand(self, state: State, player: int) -> list[int] | tuple[int, ...]:
        return state.players[player].hand

    _to_act = staticmethod(to_act)
    _legal_intents = staticmethod(legal)

    def _legal_from(self, state: State, source: Any) -> list[Intent]:
        return legal(state, source) if isinstance(source, int) else []

    _explain = staticmethod(explain.why_illegal)

    def _why_idle(self, state: State, source: Any) -> str | None:
        return idle.why_idle(state, source) if isinstance(source, int) else None

    def _play(self, state: State, intent: Intent) -> None:
        p = to_act(state)
        assert p is not None
        KINDS[intent.kind].apply(state, p, intent)
        advance(state)

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int | None) -> State:
        """Hidden: the opponent's hand and Closed cards (dummies, a Closed speed card: the
        first speed choice too), both decks and every HP card; a spectator's: both hands and
        both players' Closed cards."""
        hidden: set[int] = set()
        for opp in (state.players if player is None else (state.players[1 - player],)):
            hidden.update(opp.hand)
            if opp.closed and opp.speed != EMPTY:
                hidden.add(opp.speed)
            hidden.update(i for i in opp.slots if i != EMPTY and state.units[i].dummy)
        for pl in state.players:
            hidden.update(pl.deck, pl.hp[0], pl.hp[1])
        view: State = self.manual_table.hide(state, hidden)  # named HIDDEN, as by hand
        view.rng = Rng()
        return view

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        """By key: ``cast``/``dummy``/``move`` slots (0-3 of the owner), ``speed`` [0] when
        the card may go to the Speed Area, ``ability`` target unit ids (-1: no target), and
        [source] for ``pay``, ``discard``, ``check`` and ``block`` (the piece is the choice)."""
        if not isinstance(source, int):
            return {}
        out: dict[str, set[int]] = {k: set() for k in HIGHLIGHT_KEYS.values()}
        for i in self.legal_intents(state, source):
            key = HIGHLIGHT_KEYS.get(i.kind)
            if key is not None:
                at = self.target_of(i)
                out[key].add(0 if key == "speed" else source if at is None else at)
        return {k: sorted(v) for k, v in out.items()}

    def pieces(self, state: State) -> list[Any]:
        p = to_act(state)
        if p is None:
            return []
        pl = state.players[p]
        own = [i for i in pl.slots if i != EMPTY]
        speed = [pl.speed] if pl.speed != EMPTY else []
        return [*pl.hand, *speed, *own, *pl.casters]

    def evaluate(self, state: State, player: int) -> float:
        if state.over:
            return super().evaluate(state, player)
        score = 0.0
        for p in (0, 1):
            sign = 1.0 if p == player else -1.0
            pl = state.players[p]
            board = sum(reading.bp_of(state, i) / 60.0 for i in pl.slots
                        if i != EMPTY and not state.units[i].dummy)
            dummies = sum(0.3 for i in pl.slots if i != EMPTY and state.units[i].dummy)
            score += sign * (8.0 * pl.hp_total + board + dummies
                             + 0.35 * len(pl.hand) - MOVE_COST * pl.moves)
        return score
