"""Kyoukai as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from rules.core.manual_intents import MANUAL_KINDS
from rules.core.model import Event, Intent, Outcome
from rules.core.newgame import Setup, shipped_pack
from rules.core.packs import cached_pack
from rules.core.playout import Playout
from rules.core.reload import replace_in_catalog
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.kyoukai import explain
from rules.kyoukai.actions import KINDS
from rules.kyoukai.cards import HIDDEN, PLACEHOLDER, Deck, Gate
from rules.kyoukai.determinize import determinize as determinize_hidden
from rules.kyoukai.draft import Draft
from rules.kyoukai.flow import advance
from rules.kyoukai.foresight import (
    FRIENDLY_FIRE,
    friendly_fire,
    needs_settling,
    settle,
    settled,
    worth,
    worths,
)
from rules.kyoukai.game import GAME
from rules.kyoukai.intents import INTENT_TYPES
from rules.kyoukai.legal import legal, to_act
from rules.kyoukai.manual import KyoukaiManual
from rules.kyoukai.plain.playout import KyoukaiPlayout
from rules.kyoukai.priors import add_follow_ups
from rules.kyoukai.quick import forced_passes, loud_apply, quiet_apply
from rules.kyoukai.quicklook import quick_lookahead, quick_score
from rules.kyoukai.quickpos import position
from rules.kyoukai.state import (
    EMPTY,
    GRID,
    OPENING_HAND,
    TURN_CAP,
    Player,
    State,
)
from rules.kyoukai.threats import threat_balance

ENTRANT_ZONES = (GRID.cell(4, 4), GRID.cell(0, 0))  # the corner nearest each player


def load(folder: Path) -> tuple[dict[str, Gate], dict[str, Deck]]:
    """A pack folder's cards (TOML and CSV) and decks, through the shared pack loader; cached
    until a designer saves, adds or deletes a file of it."""
    from rules.kyoukai.pack import FORMAT

    pack = cached_pack(FORMAT, folder)
    return dict(pack.cards), dict(pack.decks)


_NO_RNG = Rng()  # what a view holds instead of the state's generator


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """The same objects, one by one (the decks pair by its two tuples)."""
    return (a[0] is b[0] and a[1] is b[1] and a[2] is b[2] and a[3][0] is b[3][0]
            and a[3][1] is b[3][1])


class KyoukaiRules(Ruleset[State]):
    info = GAME
    name: ClassVar[str] = GAME.name
    title: ClassVar[str] = GAME.title
    state_type = State
    intent_types = INTENT_TYPES
    intent_kinds = KINDS
    played_kinds = {"open": "card"}  # a Gate opened from the hand or Spirit deck
    determinize = determinize_hidden  # hidden cards dealt for search (determinize.py)
    turn_cap: ClassVar[int] = TURN_CAP
    manual_table = KyoukaiManual()

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
        if d.loud:
            d.log("turn", f"Turn 1: Player {first + 1}.", first)
        advance(d)
        return d.freeze()

    def _to_act(self, state: State) -> int | None:
        return to_act(state)

    def to_act(self, state: State) -> int | None:
        cached_state, actor = self._actor
        if state is cached_state:
            return actor
        if state.manual:
            return super().to_act(state)  # a manual step's player, through the core
        actor = to_act(state)
        self._actor = (state, actor)
        return actor

    def _legal_intents(self, state: State) -> list[Intent]:
        return legal(state)

    def legal_intents(self, state: State, source: Any = None) -> list[Intent]:
        if source is not None or state.manual:
            return super().legal_intents(state, source)  # a manual step goes through the core
        # ``Ruleset.legal_intents`` without its manual-step look-ups: simulations and search
        # ask every step.
        cached_state, cached = self._cache
        if state is not cached_state:
            cached = legal(state)
            self._cache = (state, cached)
        return list(cached)

    def _winner(self, state: State) -> int | None:
        return state.winner

    def _explain(self, state: State, intent: Intent) -> str:
        return explain.why_illegal(state, intent)

    def _is_legal(self, state: State, intent: Intent) -> bool:
        # The rules' own intents are shared objects (``Intent.of``): one from this state's
        # legal list is found by identity without comparing it field by field with the others.
        cached_state, cached = self._cache
        if state is cached_state:
            for legal_intent in cached:
                if legal_intent is intent:
                    return True
        return super()._is_legal(state, intent)

    def _legal_from(self, state: State, source: Any) -> list[Intent]:
        return legal(state, source) if isinstance(source, int) else []

    def apply(self, state: State, intent: Intent, quiet: bool = False) -> Outcome:
        if not quiet or state.manual or state.face_down or intent.kind in MANUAL_KINDS:
            return super().apply(state, intent, quiet)  # a manual step goes through the core
        # ``Ruleset.apply(quiet=True)`` for a game known to apply quietly (``_quiet``, inline):
        # simulations and search call it every step.
        p = self.to_act(state)
        assert p is not None
        new = quiet_apply(state, p, intent)
        if new is None:
            d = Draft(state, True)
            KINDS[intent.kind].apply(d, p, intent)
            advance(d)
            new = d.freeze()
        return Outcome(new, [])

    def playout(self, state: State) -> Playout | None:
        return KyoukaiPlayout.of(state)

    def forced_steps(self, state: State) -> tuple[State, int]:
        # The passes of a Sequence nobody can answer (most steps of a random game), applied
        # without the contract's per-step look-ups; ``quick.forced_passes`` says which.
        if state.manual or state.face_down:
            return state, 0  # ``apply`` goes through the core for these
        return forced_passes(state, self._draft_pass)

    def _draft_pass(self, state: State, p: int, intent: Intent) -> State:
        """``apply(quiet=True)``'s Draft path for a pass ``quiet_apply`` leaves to it."""
        d = Draft(state, True)
        KINDS[intent.kind].apply(d, p, intent)
        advance(d)
        return d.freeze()

    def _apply(self, state: State, intent: Intent,
               quiet: bool = False) -> tuple[State, list[Event]]:
        if quiet:
            return self._quiet(state, intent), []
        p = self.to_act(state)
        assert p is not None
        fast = loud_apply(state, p, intent)
        if fast is not None:
            return fast
        d = Draft(state)
        KINDS[intent.kind].apply(d, p, intent)
        advance(d)
        return d.freeze(), d.events

    def _quiet(self, state: State, intent: Intent) -> State:
        p = self.to_act(state)
        assert p is not None
        # Most simulated steps are passes and declarations: each changes a few fields
        # (what the draft and ``advance`` would find, without building them).
        new = quiet_apply(state, p, intent)
        if new is not None:
            return new
        d = Draft(state, True)
        KINDS[intent.kind].apply(d, p, intent)
        advance(d)
        return d.freeze()

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        opp = state.players[1 - player]
        decks = (state.players[0].deck, state.players[1].deck)
        # The masked tables change only when a hand or deck does: kept per player with what
        # they were made from (a greedy agent asks a view every decision; its look-ahead
        # caches follow the tables' identity).
        key = (state.cards, state.catalog, opp.hand, decks)
        hit = self._views.get(player)
        if hit is not None and _same(hit[0], key):
            cards, catalog = hit[1], hit[2]
        else:
            hidden = set(opp.hand)
            for pl in state.players:
                hidden.update(pl.deck)
            cards = {i: (HIDDEN if i in hidden else c) for i, c in state.cards.items()}
            catalog = {**state.catalog, HIDDEN: PLACEHOLDER}
            self._views[player] = (key, cards, catalog)
        return state.model_copy(update={"cards": cards, "catalog": catalog, "rng": _NO_RNG})

    @cached_property
    def _views(self) -> dict[int, tuple[tuple[Any, ...], dict[int, str], dict[str, Gate]]]:
        return {}

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        from rules.kyoukai.highlights import highlights

        # Only the picked-up piece's intents: a drag does not list every legal intent.
        return highlights(state, int(source), self.legal_intents(state, int(source)))

    def replace_cards(self, state: State, cards: Mapping[str, Any]) -> tuple[State, list[Event]]:
        catalog, events = replace_in_catalog(state.catalog, cards, Gate)
        return (state if catalog is None else state.model_copy(update={"catalog": catalog})), events

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
        # Score the position the declarations lead to, and charge harm aimed at one's own
        # Gates (legal, K-20, but a computer that does it for nothing looks broken).
        if not needs_settling(state):
            return _score(state, player)
        d = Draft(state, True)
        return _score(d, player)

    def lookahead(self, state: State, intent: Intent, player: int) -> float:
        # ``evaluate(apply(state, intent, quiet=True).state)`` on one draft: the intent is
        # applied, its Sequence settled and the result scored without freezing in between.
        if intent.kind == "move" and state.seq is None:
            # A Move declared outside a Sequence opens one of Moves only, which is scored as
            # it stands: every Move from this position scores the same (only the mover's
            # Ready flag differs, which the score does not read), so it is computed once.
            hit = self._move_score
            if hit[0] is state and hit[1] == player:
                return hit[2]
            quick = quick_lookahead(state, intent, player)
            score = self._lookahead(state, intent, player) if quick is None else quick
            self._move_score = (state, player, score)
            return score
        quick = quick_lookahead(state, intent, player)
        if quick is not None:
            return quick
        return self._lookahead(state, intent, player)

    _move_score: tuple[object, int, float] = (None, -1, 0.0)

    def lookaheads(self, state: State, intents: Sequence[Intent],
                   player: int) -> list[float | None]:
        # ``lookahead`` of each intent, sharing what one position's look-aheads share
        # (``quickpos.Position``); every Move outside a Sequence scores alike.
        pos = position(state, player)
        moves_alike = state.seq is None
        move: float | None = None
        out: list[float | None] = []
        for intent in intents:
            try:
                kind = intent.kind
                if kind == "move" and moves_alike:
                    if move is None:
                        move = self.lookahead(state, intent, player)
                    out.append(move)
                    continue
                quick = quick_score(pos, intent, kind)
                out.append(self._lookahead(state, intent, player) if quick is None else quick)
            except Exception:  # noqa: BLE001 - as ``Ruleset.lookaheads``: None, skipped
                out.append(None)
        return out

    def search_value(self, state: State, player: int) -> float:
        # Material, plus what each side's Gates threaten (``threats``): a rollout mostly
        # stops inside the turn, before the other side could take what was left open.
        score = self.evaluate(state, player)
        after = settled(state)
        return score if after.over else score + threat_balance(after, player)

    def priors(self, state: State, intents: Sequence[Intent],
               player: int) -> list[float | None]:
        # Moves credited with the Attack they make possible (``priors.add_follow_ups``).
        return add_follow_ups(state, intents, self.lookaheads(state, intents, player), player)

    def _lookahead(self, state: State, intent: Intent, player: int) -> float:
        d = Draft(state, True)
        p = self.to_act(state)
        assert p is not None
        KINDS[intent.kind].apply(d, p, intent)
        advance(d)
        return _score(d, player)


def _score(s: State | Draft, player: int) -> float:
    """``evaluate``'s score of ``s`` (a draft is settled in place first)."""
    score = -FRIENDLY_FIRE * friendly_fire(s, player)
    if type(s) is Draft:
        settle(s)
    if s.over:
        won = s.winner
        return score + (0.0 if won is None else 1000.0 if won == player else -1000.0)
    known = worths(s)
    # Each Gate adds its worth for its owner and takes it from the other (an Entrant: its
    # damage the other way); adding or taking a value is the same float operation as adding
    # it times +1.0 or -1.0.
    for i, g in s.gates.items():
        if i in known:
            w = known[i]
        else:
            w = known[i] = worth(s, i)
        if w is None:
            if g.owner == player:
                score -= g.damage
            else:
                score += g.damage
        elif g.owner == player:
            score += w
        else:
            score -= w
    me, them = s.players[player], s.players[1 - player]
    score += 0.3 * (len(me.hand) - len(them.hand))
    return score

