"""Kyoukai as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rules.core.model import Intent
from rules.core.newgame import Setup
from rules.core.packs import cached_pack
from rules.core.rng import Rng
from rules.core.ruleset import Ruleset
from rules.kyoukai import explain
from rules.kyoukai.actions import KINDS
from rules.kyoukai.cards import HIDDEN, PLACEHOLDER, Deck, Gate
from rules.kyoukai.determinize import determinize as determinize_hidden
from rules.kyoukai.flow import advance
from rules.kyoukai.foresight import (
    FRIENDLY_FIRE,
    friendly_fire,
    needs_settling,
    settle,
    settled,
    worths,
)
from rules.kyoukai.game import GAME
from rules.kyoukai.intents import Pass
from rules.kyoukai.legal import legal, may_respond, to_act
from rules.kyoukai.lookup import Facts, Table
from rules.kyoukai.manual import KyoukaiManual
from rules.kyoukai.migrate import with_declared
from rules.kyoukai.priors import add_follow_ups
from rules.kyoukai.state import EMPTY, GRID, OPENING_HAND, TURN_CAP, Player, State
from rules.kyoukai.threats import threat_balance

ENTRANT_ZONES = (GRID.cell(4, 4), GRID.cell(0, 0))  # the corner nearest each player


def load(folder: Path) -> tuple[dict[str, Gate], dict[str, Deck]]:
    """A pack folder's cards (TOML and CSV) and decks, through the shared pack loader; cached
    until a designer saves, adds or deletes a file of it."""
    from rules.kyoukai.pack import FORMAT

    pack = cached_pack(FORMAT, folder)
    return dict(pack.cards), dict(pack.decks)


_NO_RNG = Rng()  # what a view holds instead of the state's generator
_PASS = Pass.of()


class KyoukaiRules(Ruleset[State]):
    info = GAME
    state_type = State
    intent_kinds = KINDS
    scenario = "rules.kyoukai.scenario"
    played_kinds = {"open": "card"}  # a Gate opened from the hand or Spirit deck
    determinize = determinize_hidden  # hidden cards dealt for search (determinize.py)
    turn_cap = TURN_CAP
    manual_table = KyoukaiManual()
    # A Gate or Branch put face down by hand in a manual step gets each seat's numbers too.
    hidden_places = ("players.*.deck", "players.*.hand", "field", "gates.*.branches")
    hidden_mentions = ("gates.*.iid", "players.*.entrant", "seq.stack.*.source",
                       "seq.stack.*.target", "action.gate", "pending.options")
    hidden_keyed = ("gates", "absorbed", "shield")

    def __init__(self) -> None:
        super().__init__()
        # The last view's card ids and their facts, by seat (``_view_cards``).
        self._views: dict[int | None,
                          tuple[object, object, list[list[int]], dict[int, str], Table]] = {}
        # The last new game's card facts: the next game's table keeps those of the same cards.
        self._dealt: Table | None = None

    def _new_game(self, seed: int, setup: Setup) -> State:
        catalog: dict[str, Gate] = dict(setup.cards)
        decks: tuple[Deck, ...] = setup.decks
        first = setup.options.first
        rng = Rng(seed=seed)
        cards: dict[int, str] = {}
        players: list[Player] = []

        def new(cid: str) -> int:
            cards[len(cards)] = cid
            return len(cards) - 1

        for deck in decks:
            gates = [cid for cid, n in sorted(deck.gates.items()) for _ in range(n)]
            order, rng = rng.shuffled(gates)  # shuffle before numbering: ids leak no order
            entrant = new(deck.entrant)
            spirits = [new(c) for c, n in sorted(deck.spirits.items()) for _ in range(n)]
            players.append(Player(entrant=entrant, spirits=spirits, deck=[new(c) for c in order]))
        state = State(catalog=catalog, cards=cards, field=[EMPTY] * GRID.size, gates={},
                      players=(players[0], players[1]), active=first, first=first, rng=rng)
        self._dealt = state.new_table(Table(cards, catalog, self._dealt))
        for p in (0, 1):
            state.place(state.players[p].entrant, p, ENTRANT_ZONES[p], ready=True)
            state.draw(p, OPENING_HAND)
        advance(state)
        return state

    def hand(self, state: State, player: int) -> list[int] | tuple[int, ...]:
        return state.players[player].hand

    _to_act = staticmethod(to_act)
    _legal_intents = staticmethod(legal)
    _explain = staticmethod(explain.why_illegal)

    def _legal_from(self, state: State, source: Any) -> list[Intent]:
        return legal(state, source) if isinstance(source, int) else []

    def forced_steps(self, state: State) -> tuple[State, int]:
        if not _forced(state):
            return state, 0
        return self.push_forced(state.copy())

    def push_forced(self, state: State) -> tuple[State, int]:
        # The passes of a Sequence nobody can answer (most steps of a random game), played
        # in place: the only legal intent while the priority holder has nothing that could
        # answer.
        if self._cache[0] is state:
            self._cache = (None, [])
        if self._actor[0] is state:
            self._actor = (None, None)
        n = 0
        while _forced(state):
            self._play(state, _PASS)
            n += 1
        return state, n

    def _play(self, state: State, intent: Intent) -> None:
        p = to_act(state)
        assert p is not None
        KINDS[intent.kind].apply(state, p, intent)
        advance(state)

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int | None) -> State:
        view = state.copy()
        view.cards, table = self._view_cards(state, player)
        view.catalog = self._view_catalog(state.catalog)
        view.rng = _NO_RNG
        view.new_table(table)
        return view

    def _view_cards(self, state: State, player: int | None) -> tuple[dict[int, str], Table]:
        """The card ids ``player``'s view shows (``HIDDEN`` for both decks and the opponent's
        hand; a spectator's: both hands) and their card facts: made again only when those
        piles (compared: cheaper than hashing what they hide) or the state's card tables
        changed since this seat's last view (the greedy agent asks one every step). The tables
        are never changed in place (a hot reload, a dealt hand replace them), so the entry
        holds them and is checked by identity."""
        pls = state.players
        piles = [pls[0].deck, pls[1].deck] + [pls[p].hand for p in (0, 1) if p != player]
        hit = self._views.get(player)
        if hit is not None and hit[0] is state.cards and hit[1] is state.catalog \
                and hit[2] == piles:
            return hit[3], hit[4]
        hidden = set().union(*piles)
        cards = {i: (HIDDEN if i in hidden else c) for i, c in state.cards.items()}
        table = Table(cards, self._view_catalog(state.catalog), state.table)
        self._views[player] = (state.cards, state.catalog, [p.copy() for p in piles], cards, table)
        return cards, table

    def _view_catalog(self, catalog: dict[str, Gate]) -> dict[str, Gate]:
        """The catalog with the placeholder hidden cards show, made once per catalog (a
        catalog is never changed in place: a hot reload replaces it)."""
        hit = self._catalogs
        if hit[0] is not catalog:
            hit = self._catalogs = (catalog, {**catalog, HIDDEN: PLACEHOLDER})
        return hit[1]

    _catalogs: tuple[object, dict[str, Gate]] = (None, {})

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        from rules.kyoukai.highlights import highlights

        # Only the picked-up piece's intents: a drag does not list every legal intent.
        return highlights(state, int(source), self.legal_intents(state, int(source)))

    _loaded = staticmethod(with_declared)

    def pieces(self, state: State) -> list[Any]:
        p = to_act(state)
        if p is None:
            return []
        pl = state.players[p]
        field = [i for i, g in state.gates.items() if g.owner == p]
        return field + list(pl.hand) + list(pl.spirits) + list(pl.discard)

    def evaluate(self, state: State, player: int) -> float:
        # Score the position the declarations lead to, and charge harm aimed at one's own
        # Gates (legal, K-20, but a computer that does it for nothing looks broken).
        if not needs_settling(state):
            return _score(state, player, worths(state))
        return _score(state.copy(), player, worths(state), True)

    def lookahead(self, state: State, intent: Intent, player: int) -> float:
        # ``evaluate(apply(state, intent, quiet=True).state)`` on one copy: the intent is
        # applied, its Sequence settled and the result scored.
        p = to_act(state)
        assert p is not None
        return _after(state, p, intent, player, worths(state))

    def lookaheads(self, state: State, intents: Sequence[Intent],
                   player: int) -> list[float | None]:
        # ``lookahead`` of each intent, played out once for intents that score alike.
        alike: dict[object, float] = {}
        table = state.table.by_iid
        seq = state.seq
        aimed = None if seq is None else frozenset(item.target for item in seq.stack)
        p = to_act(state)
        if p is None:  # nobody acts: nothing to score (as ``lookahead`` refuses)
            return [None] * len(intents)
        known = worths(state)  # the copies' card tables are the position's
        out: list[float | None] = []
        for intent in intents:
            got: float | None
            try:
                # passes share nothing (a call less for each)
                key = _alike(state, table, p, intent, aimed) if intent.kind in _SHARED \
                    else None
                if key is None:
                    got = _after(state, p, intent, player, known)
                else:
                    got = alike.get(key)
                    if got is None:
                        got = alike[key] = _after(state, p, intent, player, known)
            except Exception:  # noqa: BLE001 - as ``Ruleset.lookaheads``: None, skipped
                got = None
            out.append(got)
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


# Effects whose target the score cannot see once the Sequence they open has resolved: a
# shield lasts that Sequence (K-11), neither being Ready nor a Gate's Branches are scored, nor
# the empty zone a Gate rises into (as a Summon opened). In a Sequence a Branch's bonus
# changes how the items under it resolve, and so may a zone; being Ready does not, nor a
# shield on a Gate no item aims at (``_unseen``).
_UNSEEN = frozenset({"shield", "ready", "branch_self", "graft", "rebirth"})
_UNSEEN_IN_SEQUENCE = frozenset({"ready"})
_SHARED = frozenset({"move", "attack", "open", "skill"})  # the kinds ``_alike`` may key


def _alike(s: State, table: Mapping[int, Facts], p: int, intent: Intent,
           aimed: frozenset[int] | None) -> object:
    """A key shared by the intents of one position that score alike (None: no other does;
    ``aimed``: the Gates the open Sequence's items aim at, None outside a Sequence).
    Outside a Sequence: every Move (a Sequence of Moves is scored as it stands) and opening
    one Summon or Spirit into any zone (the Gates' order is the same). One card (any copy of
    it from one pile: the rules read a card by its name, and which copy left the pile is not
    scored) opened at one zone, or at any zone if the score cannot see its effect's target
    (``_unseen``); one Skill paid for alike whose effect's target the score cannot see.
    Outside a Sequence, an Attack and a Skill paid with no card whose damage does alike to one
    Gate (``State.harm``: what Defense stops, damage past it to an Entrant, or the Gate
    discarded): the rest each changes (the Gate Rested, Ki, the Defense used up, restored as
    the Sequence ends) is not scored."""
    kind = intent.kind
    if kind == "move":
        return kind if aimed is None else None
    if kind == "open":
        card: int = intent.card  # type: ignore[attr-defined]
        f = table[card]
        zone: int = intent.zone  # type: ignore[attr-defined]
        anywhere = (aimed is None and f.type in ("summon", "spirit")) \
            or _unseen(s, f.card.effect, zone, aimed)
        return kind, s.cards[card], card in s.players[p].spirits, None if anywhere else zone
    if kind == "attack":
        return None if aimed is not None else _harm(
            s, intent.zone, s.attack_of(intent.gate))  # type: ignore[attr-defined]
    if kind == "skill":
        gate: int = intent.gate  # type: ignore[attr-defined]
        number: int = intent.skill  # type: ignore[attr-defined]
        pay: tuple[int, ...] = intent.pay  # type: ignore[attr-defined]
        does = table[gate].declares[number]
        if _unseen(s, does.effect, intent.zone, aimed):  # type: ignore[attr-defined]
            return kind, gate, number, pay
        if aimed is None and does.effect == "damage" and does.kind != "location" and not pay:
            return _harm(s, intent.zone, does.amount)  # type: ignore[attr-defined]
    return None


def _harm(s: State, zone: int, amount: int) -> tuple[str, int, int]:
    """``_alike``'s key of ``amount`` damage at ``zone``: what it does to the Gate there."""
    return "damage", zone, s.harm(s.field[zone], amount)[1]


def _unseen(s: State, effect: str | None, zone: int, aimed: frozenset[int] | None) -> bool:
    """Whether the score cannot see at which ``zone`` ``effect`` was aimed (``_UNSEEN``). In a
    Sequence also a shield on a Gate none of its items aims at: a shield is read only when its
    Gate is dealt damage, and an item deals damage only to the Gate it aims at."""
    if aimed is None:
        return effect in _UNSEEN
    return effect in _UNSEEN_IN_SEQUENCE or effect == "shield" and s.field[zone] not in aimed


def _after(state: State, p: int, intent: Intent, player: int,
           known: dict[int, float | None]) -> float:
    """``lookahead``: ``intent`` of player ``p`` (who acts in ``state``) played on a copy of
    ``state``, its Sequence settled, and the result scored for ``player`` (``known``: as in
    ``_score``, the same for the copy)."""
    s = state.copy()
    KINDS[intent.kind].apply(s, p, intent)  # as ``_play``, ``p`` known
    advance(s)
    return _score(s, player, known, True)


def _forced(s: State) -> bool:
    """Whether Pass is the only legal intent of ``s`` (``legal.legal``'s shortcut): an open
    Sequence whose priority holder cannot answer, outside the clean-up step and a pending
    choice, with no manual step open."""
    seq = s.seq
    return not (seq is None or s.over or s.pending is not None or s.step == "cleanup"
                or s.manual or s.face_down or may_respond(s, seq.priority))


def _score(s: State, player: int, known: dict[int, float | None],
           settling: bool = False) -> float:
    """``evaluate``'s score of ``s`` (``known``: its cards' ``worths``; with ``settling``, a
    state of the caller's own: its Sequence settled in place first)."""
    score = -FRIENDLY_FIRE * friendly_fire(s, player)
    if settling:
        settle(s)
    if s.over:
        won = s.winner
        return score + (0.0 if won is None else 1000.0 if won == player else -1000.0)
    # Each Gate adds its worth for its owner and takes it from the other (an Entrant: its
    # damage the other way); adding or taking a value is the same float operation as adding
    # it times +1.0 or -1.0.
    for g in s.gates.values():
        w = known[g.iid]
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
