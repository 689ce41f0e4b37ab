"""Nullshapers as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from rules.core.errors import DataError
from rules.core.model import Intent
from rules.core.newgame import Setup
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.nullshapers import flow
from rules.nullshapers.actions import KINDS
from rules.nullshapers.cards import Deck, NCard
from rules.nullshapers.determinize import determinize as determinize_hidden
from rules.nullshapers.effects import CARD_TARGETS, target_kind, target_kind_of
from rules.nullshapers.game import GAME
from rules.nullshapers.legal import legal, why_illegal
from rules.nullshapers.manual import NullshapersManual
from rules.nullshapers.state import (
    OPENING_HAND,
    STAGING,
    TURN_CAP,
    Side,
    State,
    attack_of,
    defense_of,
)


class NullshapersRules(Ruleset[State]):
    info = GAME
    state_type = State
    intent_kinds = KINDS
    scenario = "rules.nullshapers.scenario"
    played_kinds = {"play": "card"}
    pick_kinds = frozenset({"attack", "defend", "discard"})  # one at a time (agents: in order)
    determinize = determinize_hidden  # hidden cards dealt for search (determinize.py)
    turn_cap: ClassVar[int] = TURN_CAP
    manual_table = NullshapersManual()
    # An agent or its gear put face down by hand in a manual step gets each seat's numbers
    # too (``agents`` is keyed by the agents' numbers).
    hidden_places = ("sides.*.deck", "sides.*.hand", "sides.*.energy", "agents",
                     "agents.*.gear")
    hidden_mentions = ("attackers", "advancing", "ordered", "blocks.*", "queue.stack.*.card")
    resume_cards = {"to_cache": (1,)}

    def card_mentions(self, doc: Mapping[str, Any]) -> tuple[str, ...]:
        """A queue entry's ``target`` where its card's effect aims at an agent or a queued
        card (a biome's number is no card's)."""
        queue = doc.get("queue")
        mine = super().card_mentions(doc)
        stack = queue.get("stack", []) if isinstance(queue, dict) else []
        return mine + tuple(f"queue.stack.{k}.target" for k, e in enumerate(stack)
                     if isinstance(e, dict) and isinstance(played := e.get("played"), dict)
                     and target_kind_of(str(played.get("kind")), played.get("effect"))
                     in CARD_TARGETS)

    def intent_cards(self, state: State, data: Mapping[str, Any]) -> frozenset[str]:
        """A Play's ``target`` where its card's effect aims at an agent or a queued card."""
        if data.get("kind") == "play" and _aims_at_card(state, data.get("card")):
            return self.instance_fields | {"target"}
        return self.instance_fields

    def highlight_card_keys(self, state: State, source: Any) -> frozenset[str]:
        """A hand card's ``play`` highlights are its targets: agents or queued cards where
        its effect aims at one (biomes, or where an agent arrives, otherwise)."""
        if _aims_at_card(state, source):
            return self.highlight_cards | {"play"}
        return self.highlight_cards

    def _new_game(self, seed: int, setup: Setup) -> State:
        decks: tuple[Deck, ...] = setup.decks
        return new_state(dict(setup.cards), decks, setup.options.first, seed)

    def hand(self, state: State, player: int) -> list[int] | tuple[int, ...]:
        return state.sides[player].hand

    _to_act = staticmethod(flow.to_act)

    def _legal_intents(self, state: State) -> list[Intent]:
        p = self.to_act(state)  # the contract asked it first: a cached answer
        return [] if p is None else legal(state, p)

    _explain = staticmethod(why_illegal)

    def _play(self, state: State, intent: Intent) -> None:
        p = flow.to_act(state)
        assert p is not None
        KINDS[intent.kind].apply(state, p, intent)
        flow.run(state)

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int | None) -> State:
        hidden: set[int] = set()
        for p, side in enumerate(state.sides):  # both decks; the opponent's hand and energy
            hidden.update(side.deck)
            if p != player:
                hidden.update(side.hand, side.energy)
        view: State = self.manual_table.hide(state, hidden)  # named HIDDEN, as by hand
        view.rng = Rng()
        return view

    def _loaded(self, state: State) -> State:
        """A dump from before queue entries kept their card (``Entry.played``): each gets the
        state's own card data, as playing it would have copied it then."""
        q = state.queue
        if q is None:
            return state
        for k, e in enumerate(q.stack):
            if e.played is None:
                card = state.catalog.get(state.cards.get(e.card, ""))
                if card is None:
                    raise DataError([f"state:1: queue.stack.{k}: card {e.card} is not in the "
                                     "state"])
                q.stack[k] = replace(e, played=card)
        return state

    def pieces(self, state: State) -> list[Any]:
        p = flow.to_act(state)
        if p is None:
            return []
        side = state.sides[p]
        mine = [i for i, a in state.agents.items() if a.owner == p]
        return [*side.hand, *mine, *side.staging]

    def evaluate(self, state: State, player: int) -> float:
        # Score the position the queue leads to (a card just played counts for what it does).
        q = state.queue
        if q is not None and q.stack and not state.over:
            state = state.copy()
            settle(state)
        return self._score(state, player)

    def lookahead(self, state: State, intent: Intent, player: int) -> float:
        after = self.apply(state, intent, quiet=True).state  # a copy: settled in place
        settle(after)
        return self._score(after, player)

    def _score(self, state: State, player: int) -> float:
        """``evaluate`` of a state whose queue is settled."""
        if state.over:
            return super().evaluate(state, player)
        score = 0.0
        for p, side in enumerate(state.sides):
            sign = 1.0 if p == player else -1.0
            score += sign * (sum(_sector(d) for d in side.durability)
                             - 25.0 * side.biomes_lost)
            score += sign * (0.5 * len(side.hand) + 0.8 * len(side.energy)
                             + 0.6 * len(side.staging) + (0.8 if side.anomaly >= 0 else 0.0))
        attackers = set(state.attackers)
        blocked = {a for _, a in state.blocks}
        fronts = {_where(state, i) for i, a in state.agents.items() if a.owner == state.active}
        for iid, ag in state.agents.items():
            sign = 1.0 if ag.owner == player else -1.0
            atk = attack_of(state, iid)
            worth = 1.0 + 0.7 * atk + 0.5 * defense_of(state, iid) - 0.4 * ag.damage
            if ag.biome >= 0:
                worth += 0.3  # in a biome: it may attack or defend
            if ag.owner != state.active and not ag.locked and _where(state, iid) in fronts \
                    and _where(state, iid) >= 0:
                worth += 1.0  # facing the attacker's agents: it will be able to defend
            if iid in attackers and iid not in blocked:
                worth += 0.6 * atk  # the sector will take it
            score += sign * worth
        for x, _ in state.blocks:
            score += (1.0 if state.agents[x].owner == player else -1.0) * 0.5 \
                if x in state.agents else 0.0
        return score


def _sector(durability: int) -> float:
    """A sector's worth to its owner: each point counts more as the sector nears 0 (two lost
    biomes lose the game), so damage piled on one sector beats damage spread out."""
    d = max(durability, 0)
    return 10.0 - (10.0 - min(d, 10)) ** 2 / 10.0 + max(d - 10, 0)


def _where(state: State, iid: int) -> int:
    """The biome an agent stands in, or is advancing into; ``STAGING`` otherwise."""
    ag = state.agents[iid]
    if ag.biome == STAGING and iid in state.advancing:
        return state.advance_biome
    return ag.biome


def settle(state: State) -> None:
    """Execute ``state``'s queue top to bottom, nobody answering (for ``evaluate``)."""
    while (q := state.queue) is not None and q.stack and not state.over:
        top = q.pop()
        q.reopen(state.active)
        flow.resolve(state, top)


def _aims_at_card(state: State, card: Any) -> bool:
    """Whether ``card`` (a number) is one whose effect targets an agent or a queued card."""
    if isinstance(card, bool) or not isinstance(card, int):
        return False
    data = state.catalog.get(state.cards.get(card, ""))
    return data is not None and target_kind(data) in CARD_TARGETS


def new_state(catalog: dict[str, NCard], decks: tuple[Deck, ...], first: int,
              seed: int) -> State:
    """The first state: decks shuffled and numbered, opening hands, the first Start phase."""
    rng = Rng(seed=seed)
    cards: dict[int, str] = {}
    sides: list[Side] = []
    for deck in decks:
        copies = [cid for cid, n in sorted(deck.cards.items()) for _ in range(n)]
        order, rng = rng.shuffled(copies)  # shuffle before numbering: ids leak no order
        ids = list(range(len(cards), len(cards) + len(order)))
        cards.update(zip(ids, order, strict=True))
        sides.append(Side(deck=ids[OPENING_HAND:], hand=ids[:OPENING_HAND]))
    state = State(catalog=catalog, cards=cards, sides=(sides[0], sides[1]), active=first,
                  first=first, rng=rng)
    flow.start_turn(state, 1)  # N-01: the starting player draws one card on the first turn
    flow.run(state)
    return state
