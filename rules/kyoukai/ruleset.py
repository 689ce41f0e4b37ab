"""Kyoukai as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from rules.core import zones
from rules.core.errors import IllegalIntent
from rules.core.model import Event, Intent
from rules.core.newgame import Setup, shipped_pack
from rules.core.packs import cached_pack
from rules.core.reload import describe_change
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.kyoukai import explain
from rules.kyoukai.cards import HIDDEN, PLACEHOLDER, Deck, Gate
from rules.kyoukai.draft import Draft
from rules.kyoukai.effects import zone_label
from rules.kyoukai.flow import advance, declare
from rules.kyoukai.game import GAME
from rules.kyoukai.intents import (
    INTENT_TYPES,
    Attack,
    Choose,
    Discard,
    EndAction,
    EndStep,
    Move,
    OpenGate,
    Pass,
    UseSkill,
)
from rules.kyoukai.legal import legal, to_act
from rules.kyoukai.state import (
    EMPTY,
    GRID,
    OPENING_HAND,
    TURN_CAP,
    Item,
    Player,
    State,
    TurnAction,
)

ENTRANT_ZONES = (GRID.cell(4, 4), GRID.cell(0, 0))  # the corner nearest each player


def load(folder: Path) -> tuple[dict[str, Gate], dict[str, Deck]]:
    """A pack folder's cards (TOML and CSV) and decks, through the shared pack loader; cached
    until a designer saves, adds or deletes a file of it."""
    from rules.kyoukai.pack import FORMAT

    pack = cached_pack(FORMAT, folder)
    return dict(pack.cards), dict(pack.decks)


class KyoukaiRules(Ruleset[State]):
    info = GAME
    name: ClassVar[str] = GAME.name
    title: ClassVar[str] = GAME.title
    state_type = State
    intent_types = INTENT_TYPES
    turn_cap: ClassVar[int] = TURN_CAP

    def default_pack(self) -> Path:
        return shipped_pack(self.name)

    def _new_game(self, seed: int, setup: Setup) -> State:
        catalog: dict[str, Gate] = dict(setup.cards)
        decks: tuple[Deck, ...] = setup.decks
        first = setup.options.first
        rng = Rng(seed=seed)
        cards: dict[int, str] = {}
        players: list[Player] = []
        next_iid = 0

        def new(cid: str) -> int:
            nonlocal next_iid
            cards[next_iid] = cid
            next_iid += 1
            return next_iid - 1

        for deck in decks:
            gates = [cid for cid, n in sorted(deck.gates.items()) for _ in range(n)]
            order, rng = rng.shuffled(gates)  # shuffle before numbering: ids leak no order
            entrant = new(deck.entrant)
            spirits = tuple(new(c) for c, n in sorted(deck.spirits.items()) for _ in range(n))
            players.append(Player(entrant=entrant, spirits=spirits,
                                  deck=tuple(new(c) for c in order)))
        field = [EMPTY] * GRID.size
        state = State(catalog=catalog, cards=cards, field=tuple(field), gates={},
                      players=(players[0], players[1]), active=first, first=first, rng=rng)
        d = Draft(state)
        for p in (0, 1):
            d.place(d.players[p].entrant, p, ENTRANT_ZONES[p], ready=True)
            d.draw(p, OPENING_HAND)
        d.log("turn", f"Turn 1: Player {first + 1}.", first)
        advance(d)
        return d.freeze()

    def _to_act(self, state: State) -> int | None:
        return to_act(state)

    def _legal_intents(self, state: State) -> list[Intent]:
        return legal(state)

    def _winner(self, state: State) -> int | None:
        return state.winner

    def _explain(self, state: State, intent: Intent) -> str:
        return explain.why_illegal(state, intent)

    def _apply(self, state: State, intent: Intent) -> tuple[State, list[Event]]:
        d = Draft(state)
        p = to_act(state)
        assert p is not None
        who = f"Player {p + 1}"
        if isinstance(intent, Pass):
            assert d.seq is not None
            d.seq = d.seq.pass_priority()
            d.log("pass", f"{who} passes.", p)
        elif isinstance(intent, EndStep):
            d.next_step()
            d.log("step", f"{who} ends the Main step.", p)
        elif isinstance(intent, EndAction):
            d.action = None
            d.log("action", f"{who} ends the Turn Action.", p)
        elif isinstance(intent, Choose):
            d.pending = None
            d.gate(intent.gate, ready=True)
            d.log("ready", f"{who} Readies {d.name(intent.gate)}.", p)
        elif isinstance(intent, Discard):
            pl = d.players[p]
            d.player(p, hand=zones.without(pl.hand, intent.card),
                     discard=zones.put_bottom(pl.discard, intent.card))
            d.log("discard", f"{who} discards {d.name(intent.card)} to the hand limit.", p,
                  reveals=(1 - p,))
        elif isinstance(intent, OpenGate):
            self._open(d, p, intent)
        elif isinstance(intent, Move):
            self._start_or_continue(d, intent.gate, "move")
            declare(d, Item(kind="move", player=p, source=intent.gate, zone=intent.to))
            d.log("declare", f"{who}: {d.name(intent.gate)} declares a Move to "
                  f"{zone_label(intent.to)}.", p)
        elif isinstance(intent, Attack):
            self._start_or_continue(d, intent.gate, "final")
            target = d.field[intent.zone]
            declare(d, Item(kind="attack", player=p, source=intent.gate, zone=intent.zone,
                            target=target))
            d.log("declare", f"{who}: {d.name(intent.gate)} attacks {d.name(target)} in "
                  f"{zone_label(intent.zone)}.", p)
        elif isinstance(intent, UseSkill):
            self._skill(d, p, intent)
        else:  # pragma: no cover - legality check makes this unreachable
            raise IllegalIntent(f"unknown intent {intent.kind!r}")
        advance(d)
        return d.freeze(), d.events

    @staticmethod
    def _start_or_continue(d: Draft, gate: int, what: str) -> None:
        """Resting the Gate is the Turn Action's cost (K-01, K-07); follow-ups don't rest."""
        a = d.action
        if a is None:
            d.gate(gate, ready=False)
            d.action = TurnAction(gate=gate, stage="move_declared" if what == "move" else "final")
        elif what == "move":
            d.action = a.model_copy(update={"stage": "bonus_move_declared"})
        else:
            d.action = a.model_copy(update={"stage": "final"})

    @staticmethod
    def _open(d: Draft, p: int, intent: OpenGate) -> None:
        pl = d.players[p]
        card = d.card(intent.card)
        if intent.card in pl.spirits:
            d.player(p, spirits=zones.without(pl.spirits, intent.card),
                     spirit_opened=True, ki=pl.ki - card.cost)
        else:
            d.player(p, hand=zones.without(pl.hand, intent.card), ki=pl.ki - card.cost)
        target = d.field[intent.zone] if intent.zone != EMPTY else EMPTY
        declare(d, Item(kind="open", player=p, source=intent.card, zone=intent.zone,
                        target=target))
        where = f" into {zone_label(intent.zone)}" if target == EMPTY and intent.zone != EMPTY \
            else (f" targeting {d.name(target)}" if target != EMPTY else "")
        d.log("declare", f"Player {p + 1} opens {card.name}{where} (cost {card.cost}).", p,
              reveals=(1 - p,), data={"card": intent.card})

    def _skill(self, d: Draft, p: int, intent: UseSkill) -> None:
        skill = d.card(intent.gate).skills[intent.skill]
        if skill.kind == "location":
            pl = d.players[p]
            d.player(p, discard=zones.without(pl.discard, intent.gate))
        elif d.seq is not None:
            d.gate(intent.gate, ready=False)  # a Fast Skill answers by Resting its Gate (K-12)
        else:
            self._start_or_continue(d, intent.gate, "final")
        target = d.field[intent.zone] if intent.zone != EMPTY else EMPTY
        declare(d, Item(kind="skill", player=p, source=intent.gate, skill=intent.skill,
                        zone=intent.zone, target=target))
        aim = f" on {d.name(target)}" if target != EMPTY else (
            f" at {zone_label(intent.zone)}" if intent.zone != EMPTY else "")
        d.log("declare", f"Player {p + 1}: {d.name(intent.gate)} uses {skill.name}{aim}.", p)

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        opp = state.players[1 - player]
        hidden = set(opp.hand)
        for pl in state.players:
            hidden.update(pl.deck)
        cards = {i: (HIDDEN if i in hidden else c) for i, c in state.cards.items()}
        catalog = {**state.catalog, HIDDEN: PLACEHOLDER}
        return state.model_copy(update={"cards": cards, "catalog": catalog, "rng": Rng()})

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        from rules.kyoukai.highlights import highlights

        return highlights(state, int(source), self.legal_intents(state))

    def replace_cards(self, state: State, cards: Mapping[str, Any]) -> tuple[State, list[Event]]:
        catalog = dict(state.catalog)
        events: list[Event] = []
        for cid, old in state.catalog.items():
            new = cards.get(cid)
            if isinstance(new, Gate) and (msg := describe_change(old.name, old, new)):
                catalog[cid] = new
                events.append(Event(kind="card_changed", text=msg, data={"card": cid}))
        if not events:
            return state, []
        return state.model_copy(update={"catalog": catalog}), events

    def describe(self, state: State, intent: Intent) -> str:
        from rules.kyoukai.explain import describe

        return describe(state, intent)

    def pieces(self, state: State) -> list[Any]:
        p = to_act(state)
        if p is None:
            return []
        pl = state.players[p]
        field = [i for i, g in state.gates.items() if g.owner == p]
        return field + list(pl.hand) + list(pl.spirits) + list(pl.discard)

    # ---- scenario files ---------------------------------------------------------------------
    def scenario_position(self, position: dict[str, Any], seed: int) -> State:
        from rules.kyoukai import scenario

        catalog, _ = load(Path(position.pop("pack", None) or self.default_pack()).resolve())
        return scenario.build(catalog, position, seed)

    def scenario_intent(self, state: State, spec: dict[str, Any]) -> Intent:
        from rules.kyoukai import scenario

        return scenario.intent(self, state, spec)

    def facts(self, state: State) -> dict[str, Any]:
        from rules.kyoukai import scenario

        return scenario.facts(state)

    def evaluate(self, state: State, player: int) -> float:
        if state.over:
            return super().evaluate(state, player)
        score = 0.0
        for i, g in state.gates.items():
            sign = 1.0 if g.owner == player else -1.0
            card = state.card(i)
            if card.type == "entrant":
                score -= sign * g.damage
            else:
                score += sign * (1.0 + 0.4 * ((card.attack or 0) + (card.defense or 0)))
        me, them = state.players[player], state.players[1 - player]
        score += 0.3 * (len(me.hand) - len(them.hand))
        return score
