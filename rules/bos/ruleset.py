"""BOS as a Ruleset: the contract's hooks wired to the flow, legality and effects."""

from __future__ import annotations

import os
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from rules.bos import explain
from rules.bos.actions import KINDS
from rules.bos.cards import HIDDEN, PLACEHOLDER, Card, Deck
from rules.bos.determinize import determinize as determinize_hidden
from rules.bos.draft import Draft
from rules.bos.flow import start_turn
from rules.bos.game import GAME
from rules.bos.intents import INTENT_TYPES
from rules.bos.legal import GENERATE, legal, to_act
from rules.bos.manual import BosManual
from rules.bos.positions import position_key
from rules.bos.quick import QUIET
from rules.bos.state import Side, State
from rules.core.manual_intents import ManualStep
from rules.core.model import Event, Intent, Outcome
from rules.core.newgame import Setup, shipped_pack
from rules.core.reload import replace_in_catalog
from rules.core.ruleset import Ruleset

_SHARED: list[dict[str, Card]] = []  # the last catalog handed out (see ``shared_catalog``)
# Card numberings handed out, by the card ids in order (see ``new_state``)
_NUMBERINGS: dict[tuple[str, ...], dict[int, str]] = {}
# The first position of a game by (catalog, deck, deck, who starts), each kept to check identity
_STARTS: dict[tuple[int, int, int, int], tuple[object, object, object, State]] = {}


def shared_catalog(cards: Mapping[str, Card]) -> dict[str, Card]:
    """The same dict for every game of an unchanged pack: states never mutate their catalog
    (hot reload builds a new one), and the rules' per-catalog caches stay warm across games."""
    if _SHARED:
        last = _SHARED[0]
        if len(last) == len(cards) and all(last.get(k) is v for k, v in cards.items()):
            return last
    _SHARED[:] = [dict(cards)]
    return _SHARED[0]


def _stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """(name, mtime_ns, size) of every card, deck and manifest file a pack folder may hold:
    it changes whenever ``packs.snapshot`` (what ``cached_pack`` reloads on) does, read with
    one directory scan instead of a Path per file (a new game's largest cost otherwise)."""
    out = []
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if e.name.lower().endswith((".toml", ".csv")) and e.is_file():
                    st = e.stat()
                    out.append((e.name, st.st_mtime_ns, st.st_size))
    except OSError:
        return ()
    return tuple(sorted(out))


def new_state(catalog: Mapping[str, Card], decks: tuple[Deck, ...], first: int) -> State:
    """Both players' cards numbered (player 0's first: ``split``), before the first Startup.
    Nothing is shuffled: every zone is in its deck's written order."""
    cards: dict[int, str] = {}
    sides: list[Side] = []

    def new(cid: str) -> int:
        cards[len(cards)] = cid
        return len(cards) - 1

    split = 0
    for deck in decks:
        boss = new(deck.boss)
        wizards = tuple(new(w) for w in deck.wizards)
        castle = tuple(new(c) for c in deck.castle)
        spellbook = tuple(new(c) for c in deck.spellbook)
        # model_construct: every field here comes from checked pack data (new games are part
        # of every simulation, so they skip validating it again)
        sides.append(Side.model_construct(boss=boss, wizards=wizards, castle=castle,
                                          spellbook=spellbook))
        split = split or len(cards)
    # One dict per numbering, as for the catalog: the legal-intent caches are keyed by it
    ids = tuple(cards.values())
    shared = _NUMBERINGS.get(ids)
    if shared is None:
        if len(_NUMBERINGS) > 64:
            _NUMBERINGS.clear()
        shared = _NUMBERINGS[ids] = cards
    return State.model_construct(catalog=shared_catalog(catalog), cards=shared, split=split,
                                 sides=(sides[0], sides[1]), active=first, first=first)


class BosRules(Ruleset[State]):
    info = GAME
    name: ClassVar[str] = GAME.name
    title: ClassVar[str] = GAME.title
    state_type = State
    intent_types = INTENT_TYPES
    intent_kinds = KINDS
    played_kinds = {"summon": "card", "cast": "card"}  # summons and spells
    determinize = determinize_hidden  # hidden cards dealt for search (determinize.py)
    turn_cap: ClassVar[int] = 80
    manual_table = BosManual()

    def default_pack(self) -> Path:
        return shipped_pack(self.name)

    def setup(self, options: Mapping[str, Any] | None = None) -> Setup:
        """As ``Ruleset.setup``; the setup with no options (every simulated game's) is kept
        until a file of its pack is saved, added or deleted (as ``cached_pack`` keeps a pack)."""
        if options:
            return super().setup(options)
        fmt = self.pack_format()
        kept: tuple[Path, object, Setup] | None = self.__dict__.get("_default_setup")
        if kept is not None and fmt is not None and _stamp(kept[0]) == kept[1]:
            return kept[2]
        # The files' stamp, taken before the pack is read: a file saved in between makes the
        # next call read it again
        folder = shipped_pack(self.info)
        stamp = _stamp(folder)
        setup = super().setup(options)
        if fmt is not None and setup.folder == folder:
            self.__dict__["_default_setup"] = (folder, stamp, setup)
        return setup

    def _new_game(self, seed: int, setup: Setup) -> State:
        """Nothing in BOS is random, so the seed plays no part: a game of the same pack, decks
        and first player starts from the same position, built once (states never change)."""
        catalog = shared_catalog(setup.cards)
        first = setup.options.first
        d0, d1 = setup.decks
        key = (id(catalog), id(d0), id(d1), first)
        hit = _STARTS.get(key)
        if hit is not None and hit[0] is catalog and hit[1] is d0 and hit[2] is d1:
            return hit[3].model_copy()
        state = new_state(catalog, setup.decks, first)
        d = Draft(state)
        start_turn(d, state.first)
        start = d.freeze()
        if len(_STARTS) > 64:
            _STARTS.clear()
        _STARTS[key] = (catalog, d0, d1, start)
        return start.model_copy()

    # ---- the contract's hot calls, without the generic layers --------------------------------
    # A simulation step is ``to_act``, ``legal_intents`` and a quiet ``apply``, each a few
    # microseconds of work under two or three generic calls: BOS's own ``to_act`` is a few
    # field reads (cheaper than the base's remembered pair), and the plain calls go straight to
    # the stage's generator and the quiet table. A position with an open manual step (its
    # ``manual`` field, ``rules.core.manual``) and everything else go to the base methods.
    def to_act(self, state: State) -> int | None:
        actor = to_act(state)
        if actor is not None:
            manual: tuple[ManualStep, ...] = state.__dict__.get("manual", ())
            if manual:
                return manual[0].player  # as ``Ruleset.to_act``: the manual step's player
        return actor

    def legal_intents(self, state: State, source: Any = None) -> list[Intent]:
        if source is not None:
            return super().legal_intents(state, source)
        cached_state, cached = self._cache
        if state is not cached_state:
            if state.__dict__.get("manual"):
                return super().legal_intents(state)
            p = to_act(state)
            cached = [] if p is None else GENERATE[state.step](state, p, None)
            self._cache = (state, cached)
        return list(cached)

    def apply(self, state: State, intent: Intent, quiet: bool = False) -> Outcome:
        fast = QUIET.get(intent.kind) if quiet else None
        if fast is not None and not state.__dict__.get("manual") \
                and not state.__dict__.get("face_down"):
            p = to_act(state)
            assert p is not None
            new = fast(state, p, intent)
            if new is not None:
                return Outcome(new, [])
        return super().apply(state, intent, quiet)

    def _to_act(self, state: State) -> int | None:
        return to_act(state)

    def _legal_intents(self, state: State) -> list[Intent]:
        return legal(state)

    def _legal_from(self, state: State, source: Any) -> list[Intent]:
        return legal(state, source) if isinstance(source, int) else []

    def _winner(self, state: State) -> int | None:
        return state.winner

    def _explain(self, state: State, intent: Intent) -> str:
        return explain.why_illegal(state, intent)

    def _apply(self, state: State, intent: Intent,
               quiet: bool = False) -> tuple[State, list[Event]]:
        p = to_act(state)
        assert p is not None
        if quiet:
            fast = QUIET.get(intent.kind)
            if fast is not None:
                new = fast(state, p, intent)
                if new is not None:
                    return new, []
        d = Draft(state, quiet)
        KINDS[intent.kind].apply(d, p, intent)
        return d.freeze(), d.events

    # ---- what players see ---------------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        """The opponent's castle, spellbook, wizards and face-down boss are masked."""
        them = state.sides[1 - player]
        hidden = {*them.castle, *them.spellbook, *them.wizards}
        if them.boss_state == "down":
            hidden.add(them.boss)
        cards = {i: (HIDDEN if i in hidden else c) for i, c in state.cards.items()}
        return state.model_copy(update={"cards": cards,
                                        "catalog": {**state.catalog, HIDDEN: PLACEHOLDER}})

    def _highlights(self, state: State, source: Any) -> dict[str, list[Any]]:
        """Where the picked-up card may go, by intent kind: columns, cards, players, boss."""
        out: dict[str, list[Any]] = {}
        if not isinstance(source, int):
            return out
        for i in self.legal_intents(state, source):
            t = self.target_of(i)
            out.setdefault(i.kind, []).append(("self", source) if t is None else t)
        return out

    def unusable(self, state: State, iid: int) -> str:
        """Why the owner cannot use this castle/spellbook/boss card now ('' if they can)."""
        return explain.unusable(state, iid)

    def replace_cards(self, state: State, cards: Mapping[str, Any]) -> tuple[State, list[Event]]:
        catalog, events = replace_in_catalog(state.catalog, cards, Card)
        return (state if catalog is None else state.model_copy(update={"catalog": catalog})), events

    def pieces(self, state: State) -> list[Any]:
        p = to_act(state)
        if p is None:
            return []
        side = state.sides[p]
        mine = [i for i, u in state.units.items() if u.owner == p]
        return [*side.castle, *side.spellbook, *mine, side.boss]

    def position_key(self, state: State) -> Hashable | None:
        return position_key(state)

    def evaluate(self, state: State, player: int) -> float:
        if state.winner is not None or state.step == "over":
            return super().evaluate(state, player)
        me, them = state.sides[player], state.sides[1 - player]
        score = 2.0 * (me.life - them.life) + 0.05 * (min(me.vim, 40) - min(them.vim, 40))
        for u in state.units.values():
            worth = 1.0 + 0.5 * min(u.strength, 20)
            score += worth if u.owner == player else -worth
        return score

    # ---- scenario files ---------------------------------------------------------------------
    def scenario_position(self, position: dict[str, Any], seed: int) -> State:
        from rules.bos import scenario

        return scenario.build(self, position)

    def scenario_intent(self, state: State, spec: dict[str, Any]) -> Intent:
        from rules.bos import scenario

        return scenario.intent(self, state, spec)

    def facts(self, state: State) -> dict[str, Any]:
        from rules.bos import scenario

        return scenario.facts(state)
