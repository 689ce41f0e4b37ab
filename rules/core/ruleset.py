"""The public rules contract over private per-game hooks (OpenSpiel style).

Each game subclasses ``Ruleset`` and fills the ``_hooks``; the public methods add what every
game needs the same way: legality checking with a reason, a one-entry cache of legal intents,
versioned JSON dumps and intent parsing.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from rules.core import card_states, manual
from rules.core.errors import DataError, IllegalIntent
from rules.core.manual_intents import MANUAL_KINDS, MANUAL_TYPES, Freeform, ManualStep
from rules.core.model import Event, Intent, Outcome
from rules.core.played import Played, played_by_kind
from rules.core.reload import replace_in_catalog
from rules.core.state import GameState, replaced

if TYPE_CHECKING:
    from rules.core.gameinfo import GameInfo
    from rules.core.manual_table import ManualTable
    from rules.core.newgame import Setup
    from rules.core.packs import Kept, PackFormat

S = TypeVar("S")
T = TypeVar("T")

DUMP_FORMAT = 1


@dataclass(frozen=True)
class IntentKind:
    """One kind of intent of a game and everything keyed by it: the type, the handler that
    applies it (its signature is the game's own) and the optional helpers the contract uses:
    ``describe(state, intent)``, ``source(intent)`` (the piece that acts) and
    ``target(intent)`` (where or on what it acts)."""

    type: type[Intent]
    apply: Callable[..., Any]
    describe: Callable[[Any, Any], str] | None = None
    source: Callable[[Any], Any] | None = None
    target: Callable[[Any], Any] | None = None

    @property
    def kind(self) -> str:
        return self.type.kind_name()


def intent_table(*kinds: IntentKind) -> dict[str, IntentKind]:
    """A game's dispatch table, keyed by each intent type's ``kind``."""
    table = {k.kind: k for k in kinds}
    if len(table) != len(kinds):
        raise ValueError("two intent types share a kind")
    return table


class _made(Generic[T]):  # (lower case: used as a decorator, as ``cached_property`` is)
    """As ``functools.cached_property``, kept in the ruleset's ``_made`` dict: a write to its
    ``__dict__`` leaves every later read of a ruleset attribute a generic look-up (CPython
    3.11: about 2,000 instructions more a Krosmaster step once a state was dumped)."""

    def __init__(self, make: Callable[[Any], T]) -> None:
        self.make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        made = obj._made
        got: T | None = made.get(self.name)
        if got is None:
            got = made[self.name] = self.make(obj)
        return got


class Ruleset(ABC, Generic[S]):
    info: GameInfo  # the game's declaration (``rules/<game>/game.py``); the registry sets it
    name: ClassVar[str]
    title: ClassVar[str]
    state_type: ClassVar[type[Any]]  # a GameState dataclass (or a pydantic model)
    intent_types: ClassVar[Sequence[type[Intent]]]
    # kind -> type, handler, describe, source, target (``intent_table``): one dispatch table
    # (optional: without it the kinds come from ``intent_types``, with no helpers).
    intent_kinds: ClassVar[Mapping[str, IntentKind]]
    turn_cap: ClassVar[int]
    # How a manual step works this game's table (``rules.core.manual_table``); None: the game
    # has no manual effects, and its State no ``manual`` field.
    manual_table: ClassVar[ManualTable | None] = None
    # Intent kinds that play a card -> the field holding the card instance (``played_cards``,
    # the balance simulation's per-card counts); empty: the game names no played cards.
    played_kinds: ClassVar[Mapping[str, str]] = {}
    # Intent kinds that choose a subset one item at a time (attackers, defenders, payments):
    # the agents decide each candidate once, in order (``rules.agents.base.Picks``), so they
    # cannot undo and redo a choice the rules let a person toggle.
    pick_kinds: ClassVar[frozenset[str]] = frozenset()
    # Where a card this game's views mask can lie, as paths into the state's JSON (``*``: any
    # list item or dict value), the view's ``cards`` aside: the network edge gives each seat
    # its own numbers for the cards hidden there (``rules.net.aliases``), a Closed card on
    # the table too.
    hidden_places: ClassVar[tuple[str, ...]] = ()
    # Where else a hidden card's number is written (a unit's own id; renamed with the card,
    # never a zone of its own), and the dicts keyed by card number (their keys renamed).
    hidden_mentions: ClassVar[tuple[str, ...]] = ()
    hidden_keyed: ClassVar[tuple[str, ...]] = ()
    # Lists of card numbers whose order means nothing, sorted by the host's numbers (the
    # core's cards put face down by hand): sorted again by each seat's own.
    hidden_sets: ClassVar[tuple[str, ...]] = ("face_down",)
    # The parts of a paused resolution (``manual.*.then``) whose arguments name cards: the
    # op's name -> those arguments' indexes (None: all of them).
    resume_cards: ClassVar[Mapping[str, tuple[int, ...] | None]] = {}
    # Those parts whose arguments are a set of cards (order means nothing): sorted again by
    # each seat's own numbers, as ``hidden_sets``.
    resume_sets: ClassVar[frozenset[str]] = frozenset()
    # The highlights' keys whose lists are card numbers (a target unit), not slots or zones.
    highlight_cards: ClassVar[frozenset[str]] = frozenset()
    # Intent fields that hold a card instance number (translated at the network edge).
    instance_fields: ClassVar[frozenset[str]] = frozenset(
        {"card", "gate", "unit", "blocker", "agent", "attacker", "gear", "pay"})

    # The module of the game's scenario files (``rules.core.scenario``): its ``build(rs,
    # position, seed)``, ``intent(rs, state, spec)`` and ``facts(state)``; None: none.
    scenario: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's ``name`` and ``title`` come from its ``info``, its ``intent_types`` from
        its ``intent_kinds``, where it does not declare them itself."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "info" in own:
            cls.name = own.get("name", cls.info.name)
            cls.title = own.get("title", cls.info.title)
        if "intent_kinds" in own and "intent_types" not in own:
            cls.intent_types = tuple(k.type for k in cls.intent_kinds.values())

    def __init__(self) -> None:
        # One (state, legal intents) pair, replaced as a whole: a single attribute store is
        # atomic, so threads sharing a ruleset can only miss the cache, never read a wrong pair.
        self._cache: tuple[object, list[Intent]] = (None, [])
        # One (state, who acts) pair, apart from the legal list so asking who acts in another
        # state (an agent's view) never evicts it: a step asks it several times.
        self._actor: tuple[object, int | None] = (None, None)
        # One (state, why Done is refused) pair: the listing asks it, then apply again.
        self._done: tuple[object, str | None] = (None, None)
        # The setup with no options, kept while its pack files are unchanged (``setup``). (Set here:
        # an attribute first set later makes every attribute of the ruleset slower to read.)
        self._default_setup: Kept[Setup] | None = None
        self._made: dict[str, Any] = {}  # the ``_made`` properties' values
        # The hooks asked every step, read once: most games' are functions in a staticmethod,
        # which CPython 3.11 looks up generically every time it is read through the ruleset.
        self._hooks: tuple[Callable[[S], int | None], Callable[[S], list[Intent]]] = (
            self._to_act, self._legal_intents)
        self._plain = self.manual_table is None  # its states have no manual or face-down field

    # ---- the contract -------------------------------------------------------------------
    def new_game(self, seed: int = 0, options: Mapping[str, Any] | None = None) -> S:
        """A new game: the options checked (DataError naming a bad one), the pack and the two
        decks resolved once here for every game, then the game's ``_new_game``."""
        setup = self.setup(options)
        state = self._new_game(seed, setup)
        if getattr(setup.options, "designer", False):
            if self.manual_table is None:
                raise DataError([f"options:1: designer: {self.title} has no manual steps"])
            state = replaced(state, designer=True)
        return state

    def setup(self, options: Mapping[str, Any] | None = None) -> Setup:
        """What ``new_game`` starts from with these options (see ``rules.core.newgame``). The
        setup with no options (every simulated game's) is kept until a file of its pack is
        saved, added or deleted (as ``cached_pack`` keeps a pack)."""
        from rules.core import newgame, packs

        fmt = self.pack_format()
        if options or fmt is None:
            return newgame.resolve(self.info, fmt, options)
        kept = self._default_setup
        if kept is None or not kept.fresh():
            kept = self._default_setup = packs.Kept(
                fmt, newgame.shipped_pack(self.info), lambda: newgame.resolve(self.info, fmt, None))
        return kept.value

    def to_act(self, state: S) -> int | None:
        cached_state, actor = self._actor
        if state is cached_state:
            return actor
        actor = self._hooks[0](state)
        if actor is not None and not self._plain:
            was: Any = state  # (a state of a game with a manual table has the field)
            steps = was.manual  # ``manual.pending``, asked every step
            if steps:
                actor = steps[0].player
        self._actor = (state, actor)
        return actor

    def legal_intents(self, state: S, source: Any = None) -> list[Intent]:
        """Every legal intent now; with ``source`` (a piece id the rules use, as in
        ``source_of``) only that piece's, generated without listing every other one."""
        cached_state, cached = self._cache
        if source is not None:
            step = manual.pending(state)
            if step is not None and self.manual_table is not None:
                return [] if self.to_act(state) is None else \
                    manual.legal(self, self.manual_table, state, step, source)
            if state is cached_state:
                return [i for i in cached if self.source_of(i) == source]
            return [] if self.to_act(state) is None else self._legal_from(state, source)
        if state is cached_state:
            return list(cached)
        actor_state, actor = self._actor  # ``to_act``'s cache read here: asked every step
        if actor_state is not state:
            actor = self.to_act(state)
        if actor is None:
            legal = []
        else:
            was: Any = state  # (as in ``to_act``)
            table = self.manual_table
            legal = self._hooks[1](state) if table is None or not was.manual \
                else manual.legal(self, table, state, was.manual[0])
        self._cache = (state, legal)
        return list(legal)

    def apply(self, state: S, intent: Intent, quiet: bool = False) -> Outcome:
        """The outcome of ``intent``; ``IllegalIntent`` with a human reason if it is not legal
        (whatever it is). ``quiet=True`` is for simulation and search: no log text, no events
        and no legality check, so the intent must come from ``legal_intents`` of this state."""
        was: Any = state  # (a state of a game with a manual table has both fields)
        new_state: Any
        events: list[Event] = []
        if quiet and isinstance(state, GameState) and (self._plain or not was.manual):
            # A simulation's step, no manual one (a manual intent is legal only while one is
            # open): the copy's log is off; with no face-down card the outcome is made through
            # its slots.
            new_state = state.copy()
            self._play(new_state, intent)
            if self._plain or not was.face_down:
                out: Outcome = _new_outcome(Outcome)
                _set_outcome_state(out, new_state)
                _set_outcome_events(out, events)
                return out
        elif getattr(state, "manual", None) or getattr(intent, "kind", None) in MANUAL_KINDS:
            return self._apply_manual(state, intent, quiet)
        elif quiet:  # a game on immutable models, with its own ``_apply``
            new_state = self._apply(state, intent, True)[0]
        else:
            actor_state, actor = self._actor  # ``to_act``'s cache read here, as above
            if actor_state is not state:
                actor = self.to_act(state)
            if actor is None:
                raise IllegalIntent("the game is over")
            if not self._is_legal(state, intent):
                raise IllegalIntent(self._reason(state, intent))
            new_state, events = self._apply(state, intent)
        if getattr(state, "face_down", None) and self.manual_table is not None:
            # Face-down cards that left play are turned face up (``card_states.pruned``) and the
            # game's own log sentences do not name those still face down: only a state with
            # one pays for the look.
            new_state = card_states.pruned(self.manual_table, new_state)
            events = card_states.unnamed(self.manual_table, new_state, events)
        return Outcome(new_state, events)

    def push(self, state: S, intent: Intent) -> S:
        """``apply(state, intent, quiet=True).state`` for a caller that owns ``state`` and will
        not read it again as it was (a simulation, a search's rollout): a game whose state is a
        ``GameState`` changes it in place, without the copy, and returns it. ``intent`` must
        come from ``legal_intents`` of this state, as for a quiet ``apply``."""
        if not isinstance(state, GameState) or manual.pending(state) is not None \
                or getattr(intent, "kind", None) in MANUAL_KINDS \
                or getattr(state, "face_down", None):
            after: S = self.apply(state, intent, quiet=True).state
            return after
        # The one-entry caches are keyed by the state object, which now changes under them.
        if self._cache[0] is state:
            self._cache = (None, [])
        if self._actor[0] is state:
            self._actor = (None, None)
        if self._done[0] is state:
            self._done = (None, None)
        self._play(state, intent)  # a state between steps keeps no log: quiet as it is
        return state

    def manual_pending(self, state: S) -> ManualStep | None:
        """The open manual step (a card's effect carried out by hand), None if there is none:
        computer players have no move there, so a simulation stops at it."""
        return manual.pending(state)

    def why_idle(self, state: S, source: Any, tries: Sequence[Intent] = ()) -> str | None:
        """Why the piece ``source`` can do nothing now, in the rules' words (the table says it
        when a click on the piece finds no legal intent); None if it has a legal intent.
        The game's own answer for that piece (``_why_idle``: "Gear Change is once per turn")
        first; else the reason given most often for ``tries``, the intents the table would
        make of the piece (its drops), which is right when the cause is the piece's own (its
        cost) and the same on every zone."""
        if self.to_act(state) is None:
            return "the game is over"
        if self.legal_intents(state, source):
            return None
        if manual.pending(state) is None:
            try:
                own = self._why_idle(state, source)
            except (LookupError, ValueError, TypeError, AttributeError, AssertionError):
                own = None  # advice only: the fallback below still answers
            if own is not None:
                return own
        counts: Counter[str] = Counter()
        for intent in tries:
            try:
                self.apply(state, intent)
            except IllegalIntent as e:
                counts[e.reason] += 1
        return max(counts, key=counts.__getitem__, default="nothing to do with that now")

    def done_refusal(self, state: S) -> str | None:
        """Why "Done" of the open manual step would be refused now, in the rules' words (the
        table shows it beside a disabled Done); None if it would be accepted, or no step is
        open. Done is listed among the legal intents exactly when this is None."""
        table = self.manual_table
        if table is None or manual.pending(state) is None:
            return None
        cached_state, why = self._done
        if state is cached_state:
            return why
        why = manual.done_refusal(self, table, state)
        self._done = (state, why)
        return why

    def _apply_manual(self, state: S, intent: Intent, quiet: bool) -> Outcome:
        """A manual intent, or any intent while a manual step is open (``rules.core.manual``)."""
        table = self.manual_table
        if table is None:
            raise IllegalIntent(f"{self.title} has no manual effects")
        step = manual.pending(state)
        if self.to_act(state) is None:
            raise IllegalIntent("the game is over")
        if step is None:
            if not isinstance(intent, Freeform):
                raise IllegalIntent(f"{safe_label(intent)}: no manual step is open")
            if not self.designer(state):
                raise IllegalIntent("freeform play needs designer mode (the designer option)")
            if intent.player not in (0, 1):
                raise IllegalIntent(f"there is no player {intent.player}")
        elif not quiet:
            if getattr(intent, "kind", None) not in MANUAL_KINDS \
                    or self.kind_of(intent) is None:
                raise IllegalIntent(f"{safe_label(intent)} waits: Player {step.player + 1} is "
                                    f"carrying out {step.title} by hand (Done ends it)")
            if (bad := _malformed(intent)) is not None:
                raise IllegalIntent(f"{safe_label(intent)} is malformed: {bad}")
            why = manual.why_illegal(self, table, state, step, intent)
            if why is not None:
                raise IllegalIntent(why)
        new_state, events = manual.apply(self, table, state, intent, quiet)
        return Outcome(card_states.pruned(table, new_state), events)

    def designer(self, state: S) -> bool:
        """Whether this game was started in designer mode (the freeform switch is allowed)."""
        return bool(getattr(state, "designer", None))

    # ---- intents by kind ------------------------------------------------------------------
    @_made
    def _kinds(self) -> Mapping[str, IntentKind]:
        # A game that declares no table (one that dispatches in its own ``_apply``) still gets
        # its kinds checked, from ``intent_types``.
        table: Mapping[str, IntentKind] | None = getattr(self, "intent_kinds", None)
        if table is None:
            table = intent_table(*(IntentKind(t, _own_apply) for t in self.intent_types))
        if self.manual_table is None:
            return table
        return {**table, **_MANUAL_KINDS}

    def kind_of(self, intent: object) -> IntentKind | None:
        """This game's table entry for ``intent``, None if it is not one of this game's."""
        if not isinstance(intent, Intent):
            return None
        kind = intent.__dict__.get("kind")
        k = self._kinds.get(kind) if isinstance(kind, str) else None
        return k if k is not None and type(intent) is k.type else None

    def source_of(self, intent: Intent) -> Any:
        """The piece that acts (what ``legal_intents(state, source)`` filters by), or None."""
        k = self.kind_of(intent)
        return None if k is None or k.source is None else k.source(intent)

    def card_mentions(self, doc: Mapping[str, Any]) -> tuple[str, ...]:
        """Places in a view's JSON (paths, list items by index) naming a card in a field that
        holds a card or something else, as the doc says which (Nullshapers' queue target: an
        agent, a biome or a queued card): renamed at the network edge as ``hidden_mentions``.
        Here: the card of each open manual step, and the arguments ``resume_cards`` names of
        the parts of a resolution it saved."""
        out = ["manual.*.card"]
        for where, part in _saved_parts(doc):
            at = self.resume_cards.get(str(part.get("op")), ())  # not declared: names none
            args = part.get("args")
            if isinstance(args, list):
                out += [f"{where}.args.{n}" for n in range(len(args)) if at is None or n in at]
        return tuple(out)

    def card_sets(self, doc: Mapping[str, Any]) -> tuple[str, ...]:
        """The lists in a view's JSON whose order means nothing, sorted by the host's numbers
        (``hidden_sets``), and the arguments of each saved part ``resume_sets`` names."""
        return (*self.hidden_sets, *(f"{where}.args" for where, part in _saved_parts(doc)
                                     if part.get("op") in self.resume_sets))

    def intent_cards(self, state: S, data: Mapping[str, Any]) -> frozenset[str]:
        """The fields of an intent's JSON (its ``instance_fields`` in the host's numbers) that
        name a card in ``state``: ``instance_fields``, and a field holding a card or something
        else where the intent says it is a card (Nullshapers' Play.target)."""
        return self.instance_fields

    def highlight_card_keys(self, state: S, source: Any) -> frozenset[str]:
        """The keys of ``source``'s highlights whose lists are card numbers in ``state``:
        ``highlight_cards``, and a key holding cards or other places as ``source`` says."""
        return self.highlight_cards

    def target_of(self, intent: Intent) -> Any:
        """Where or on what the intent acts (a zone, cell or piece), or None."""
        k = self.kind_of(intent)
        return None if k is None or k.target is None else k.target(intent)

    def winner(self, state: S) -> int | None:
        return self._winner(state)

    def view(self, state: S, player: int | None) -> S:
        """What ``player`` may see of ``state``; ``None``: a spectator's view (no hand, no
        hidden card's identity: what both players' views show alike)."""
        view = self._view(state, player)
        if getattr(state, "face_down", None) and self.manual_table is not None:
            view = card_states.hide_face_down(self.manual_table, state, view, player)
        if getattr(view, "manual", None) and self.manual_table is not None:
            view = manual.unlinked(self.manual_table, view, self.resume_cards)
        return view

    def highlights(self, state: S, source: Any) -> dict[str, list[Any]]:
        if manual.pending(state) is not None:  # a manual step: cards go anywhere, by hand
            return {}
        return self._highlights(state, source)

    def dump(self, state: S) -> str:
        return json.dumps(
            {"format": DUMP_FORMAT, "game": self.name, "state": self._state_adapter.dump_python(
                state, mode="json")},
            separators=(",", ":"),
        )

    def dump_data(self, state: S, without: frozenset[str] = frozenset()) -> dict[str, Any]:
        """The state as ``dump`` holds it (JSON data), less the fields ``without`` (the network
        edge sends the catalog once, not with every view)."""
        data: dict[str, Any] = self._state_adapter.dump_python(state, mode="json",
                                                               exclude=set(without))
        return data

    def load(self, text: str) -> S:
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise DataError([f"state:{e.lineno}: json: {e.msg}"]) from None
        if not isinstance(doc, dict):
            raise DataError(["state:1: json: expected an object"])
        if doc.get("format") != DUMP_FORMAT:
            raise DataError([f"state:1: format: unknown format version {doc.get('format')!r}"])
        if doc.get("game") != self.name:
            raise DataError([f"state:1: game: this is a {doc.get('game')!r} state, "
                             f"not {self.name!r}"])
        return self.load_data(doc.get("state"))

    def load_data(self, data: Any) -> S:
        """A state from its JSON data (``dump_data``'s, or ``load``'s ``state``), validated:
        the network client reads each view from the frame it parsed, not from a second text."""
        try:
            state = self._state_adapter.validate_python(data)
        except ValidationError as e:
            raise DataError([f"state:1: {'.'.join(map(str, x['loc']))}: {x['msg']}"
                             for x in e.errors()]) from None
        state = self._loaded(state)
        if self.manual_table is not None:
            twice = manual.in_two_places(self.manual_table, state)
            if twice:
                raise DataError([f"state:1: {problem}" for problem in twice])
        return state

    def _loaded(self, state: S) -> S:
        """A state just read by ``load``, brought up to today's format: a game whose dump
        gained fields fills them in here (from the state's own card data) for dumps made
        before, or raises DataError saying what cannot be filled. Default: as it is."""
        return state

    @_made
    def _state_adapter(self) -> TypeAdapter[Any]:
        """Dumps and loads this game's state, a dataclass or a pydantic model alike."""
        return TypeAdapter(self.state_type)

    # ---- intents as data ---------------------------------------------------------------
    @_made
    def _intent_adapter(self) -> TypeAdapter[Any]:
        types = tuple(self.intent_types)
        if self.manual_table is not None:
            types += MANUAL_TYPES
        if len(types) == 1:
            return TypeAdapter(types[0])
        from typing import Annotated, Union

        union = Union[types]  # type: ignore[valid-type]  # noqa: UP007
        return TypeAdapter(Annotated[union, Field(discriminator="kind")])

    def parse_intent(self, data: Mapping[str, Any] | str) -> Intent:
        """An intent from its JSON text or dict; ValueError with the reason if malformed."""
        try:
            if isinstance(data, str):
                return self._intent_adapter.validate_json(data)  # type: ignore[no-any-return]
            return self._intent_adapter.validate_python(dict(data))  # type: ignore[no-any-return]
        except ValidationError as e:
            raise ValueError("; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}"
                                       for x in e.errors())) from None

    # ---- optional hooks ------------------------------------------------------------------
    def evaluate(self, state: S, player: int) -> float:
        """A heuristic value of ``state`` for ``player`` (greedy agents use it)."""
        w = self._winner(state)
        if w is None:
            return 0.0
        return 1000.0 if w == player else -1000.0

    def determinize(self, view: S, player: int, rng: random.Random,
                    options: Mapping[str, Any] | None = None) -> S:
        """A full state consistent with what ``player`` sees in ``view`` (search samples one
        per iteration): hidden cards dealt at random from what they could be (the decks of a
        game started with ``options``, minus what is seen) and a fresh random generator seeded
        from ``rng``, so dice and shuffles are sampled, never read. Default, for games whose
        only hidden part is the future: the view with a fresh generator."""
        from rules.core.hidden import reseeded

        return reseeded(view, rng)

    def lookahead(self, state: S, intent: Intent, player: int) -> float:
        """``evaluate`` of the state ``intent`` leads to, for ``player`` (the greedy agent's
        one-ply look-ahead): ``intent`` must be legal in ``state``, as for a quiet ``apply``.
        A game may compute it without building the state in between; same value."""
        return self.evaluate(self.apply(state, intent, quiet=True).state, player)

    def search_value(self, state: S, player: int) -> float:
        """The search's score of a position its rollout stopped in, for ``player``: ``evaluate``
        by default. A game may add what only matters a few decisions on (what each side's
        pieces threaten), which a one-ply score would chase for nothing."""
        return self.evaluate(state, player)

    def priors(self, state: S, intents: Sequence[Intent], player: int) -> list[float | None]:
        """What the search expects of each of ``intents`` for ``player`` before searching it:
        the order its widening tries them in and the value their statistics start from.
        Default: ``lookaheads``. A game may add what one ply cannot see (a Move whose worth
        is the Attack it makes possible), as long as it reads only ``state``."""
        return self.lookaheads(state, intents, player)

    def lookaheads(self, state: S, intents: Sequence[Intent], player: int) -> list[float | None]:
        """``lookahead`` of each of ``intents`` in order, None for one that raised (a guess a
        view cannot make). A game may share work between the intents of one position."""
        out: list[float | None] = []
        for intent in intents:
            try:
                out.append(self.lookahead(state, intent, player))
            except Exception:  # noqa: BLE001 - the caller skips what cannot be scored
                out.append(None)
        return out

    def replace_cards(self, state: S, cards: Mapping[str, Any]) -> tuple[S, list[Event]]:
        """Hot reload: cards already in this game take the new data (by stable id) from now
        on; the game state is otherwise untouched. Cards not in the game are ignored, and a
        card missing from ``cards`` keeps its old data. Returns the new state and one
        "Card changed: …" event per changed card. Default: the state's ``catalog``, a dict by
        card id of the pack format's ``card_model``."""
        fmt = self.pack_format()
        catalog = getattr(state, "catalog", None)
        if fmt is None or not isinstance(catalog, dict):
            raise NotImplementedError(f"{self.name} does not support hot reload yet")
        new, events = replace_in_catalog(catalog, cards, fmt.card_model)
        return (state if new is None else replaced(state, catalog=new)), events

    def describe(self, state: S, intent: Intent) -> str:
        """A short sentence for menus and buttons ("Wandering Lion attacks C2")."""
        k = self.kind_of(intent)
        if k is not None and k.kind in MANUAL_KINDS:
            return manual.describe(state, intent, self.manual_table)
        if k is None or k.describe is None:
            return intent.label()
        return k.describe(state, intent)

    def pieces(self, state: S) -> list[Any]:
        """Sources the deciding player could pick up now (for ``highlights``): used by the
        benchmark and by keyboard navigation."""
        return []

    def scenario_position(self, position: dict[str, Any], seed: int) -> S:
        """Build a position from a scenario file's ``[position]`` table."""
        if self.scenario is None:
            raise NotImplementedError(f"{self.name} has no scenario positions yet")
        return cast(S, import_module(self.scenario).build(self, position, seed))

    def scenario_intent(self, state: S, spec: dict[str, Any]) -> Intent:
        """An intent from a scenario step, where the game may let names stand for ids."""
        if self.scenario is None:
            return self.parse_intent(spec)
        return cast(Intent, import_module(self.scenario).intent(self, state, spec))

    def facts(self, state: S) -> dict[str, Any]:
        """Flat, human-named facts about a state that scenario expectations compare."""
        if self.scenario is None:
            return {"to_act": self._to_act(state), "winner": self._winner(state)}
        return cast(dict[str, Any], import_module(self.scenario).facts(state))

    def card_hashes(self, state: S) -> dict[str, str]:
        """A sha256 of each card's data as this game uses it, by card id (game records keep
        them to tell when a card changed since). Default: hash ``state.catalog`` if any."""
        return catalog_hashes(getattr(state, "catalog", None))

    def played_cards(self, state: S, intent: Intent) -> tuple[Played, ...]:
        """The cards ``intent`` plays in ``state`` (before it applies), for the balance
        simulation. Default: by ``played_kinds`` through ``state.cards`` and ``state.catalog``."""
        return played_by_kind(state, intent, self.played_kinds)

    def hand(self, state: S, player: int) -> Sequence[Hashable] | None:
        """The card instances in ``player``'s hand (the state's own list: read it, never
        change it), for the balance simulation's card figures (which cards were in the
        opening hand, which were drawn); None for a game without a hand (the default)."""
        return None

    def forced_steps(self, state: S) -> tuple[S, int]:
        """The state after the intents that are forced from ``state`` on, applied quietly, and
        how many: each the only legal intent of its step, playing no card, with no manual step
        open (as ``apply(s, legal_intents(s)[0], quiet=True)`` one after the other). The
        balance simulation plays them at once. Default: none (``(state, 0)``); a game whose
        steps are often forced gives its own."""
        return state, 0

    def push_forced(self, state: S) -> tuple[S, int]:
        """``forced_steps`` for a caller that owns ``state`` (as ``push`` is to a quiet
        ``apply``): a ``GameState`` game may play the forced steps on it in place. Default:
        ``forced_steps(state)``."""
        return self.forced_steps(state)

    def position_key(self, state: S) -> Hashable | None:
        """A key equal for two states that play on alike (the same position up to which
        instance of a card is which), None where the game gives none (the default). The search
        remembers by it how the rollouts it played to the game's end ended, so a rollout that
        reaches a position one of them passed through stops there (``Budget.horizon`` 0)."""
        return None

    def turns(self, state: S) -> int | None:
        """How many turns the game has reached (the report's game length), None if the game
        does not count turns. Default: ``state.turn``."""
        turn = getattr(state, "turn", None)
        return turn if isinstance(turn, int) else None

    def pack_format(self) -> PackFormat[Any, Any] | None:
        """How this game's card packs look (checker, CSV, printing, hot reload use it): the
        one its GameInfo names, None if the game has none."""
        return self.info.load_pack_format()

    def _why_idle(self, state: S, source: Any) -> str | None:
        """Hook: why piece ``source``, which has no legal intent now, can do nothing, for
        that piece and what it could do in this step (no manual step is open, the game is
        not over); None leaves it to ``why_idle``'s fallback. Default: None."""
        return None

    def _explain(self, state: S, intent: Intent, /) -> str:
        return f"{intent.label()} is not legal now"

    def _is_legal(self, state: S, intent: Intent) -> bool:
        """Whether ``intent`` is legal now (the game is not over). Default: found among the
        cached legal intents (by identity first), else among its source piece's only."""
        cached_state, cached = self._cache
        if state is cached_state:
            # By identity first, before anything else is asked of the intent: the table
            # passes the rules' own (interned) intents, and ``in`` would compare each one
            # before it field by field with the dataclass's ``__eq__``.
            for legal in cached:
                if legal is intent:
                    return True
        if self.kind_of(intent) is None:
            return False
        if state is cached_state:
            return intent in cached
        if _malformed(intent) is not None:
            return False
        return intent in self.legal_intents(state, self.source_of(intent))

    def _legal_from(self, state: S, source: Any) -> list[Intent]:
        """Hook: the legal intents of piece ``source`` (the game is not over). Games whose
        positions have many intents generate just these; the fallback filters them all."""
        return [i for i in self._legal_intents(state) if self.source_of(i) == source]

    def _reason(self, state: S, intent: object) -> str:
        """Why ``intent`` is refused, for any object at all."""
        if not isinstance(intent, Intent):
            return f"{type(intent).__name__} is not an intent"
        if self.kind_of(intent) is None:
            return f"{safe_label(intent)} is not a {self.title} intent"
        if (bad := _malformed(intent)) is not None:
            return f"{safe_label(intent)} is malformed: {bad}"
        try:
            return self._explain(state, intent)
        except (LookupError, ValueError, TypeError, AttributeError, AssertionError):
            # A reason is advice: a game's explanation that trips over an odd value still
            # must not turn a refused intent into a crash.
            return f"{safe_label(intent)} is not legal now"

    # ---- per-game hooks ----------------------------------------------------------------
    @abstractmethod
    def _new_game(self, seed: int, setup: Setup) -> S:
        """The first state from the resolved options, cards and decks."""

    @abstractmethod
    def _to_act(self, state: S, /) -> int | None: ...  # positional: a game may name a function

    @abstractmethod
    def _legal_intents(self, state: S, /) -> list[Intent]: ...

    def _apply(self, state: S, intent: Intent, quiet: bool = False) -> tuple[S, list[Event]]:
        """The new state and its events for a legal ``intent``; ``quiet``: build no events
        (return an empty list) and no log text. A ``GameState`` game plays the intent on a
        copy (``_play``); a game on immutable models overrides this."""
        if not isinstance(state, GameState):
            raise NotImplementedError(f"{self.name} has neither _apply nor a GameState")
        new = state.copy()
        new.begin(quiet)
        self._play(new, intent)
        return new, new.end()

    def _play(self, state: Any, intent: Intent) -> None:
        """Hook of a ``GameState`` game: carry out the legal ``intent`` on ``state`` in place,
        logging on ``state`` only when ``state.loud``."""
        raise NotImplementedError(f"{self.name} does not play intents in place")

    def _winner(self, state: S) -> int | None:
        """The winner of a finished game (None: a draw, or not over). Default: ``winner``."""
        return getattr(state, "winner", None)

    @abstractmethod
    def _view(self, state: S, player: int | None) -> S:
        """What ``player`` may see; ``None``: a spectator (hidden from both players)."""

    def _highlights(self, state: S, source: Any) -> dict[str, list[Any]]:
        """Default: by intent kind, the targets (``target_of``) of ``source``'s intents."""
        out: dict[str, list[Any]] = {}
        for i in self.legal_intents(state, source):
            out.setdefault(i.kind, []).append(self.target_of(i))
        return out


# ``Outcome(state, events)`` through the slots' own setters: a quiet ``apply`` makes one a step,
# and the frozen dataclass's __init__ (two ``object.__setattr__`` calls) costs twice as much.
_new_outcome = object.__new__
_set_outcome_state = Outcome.__dict__["state"].__set__
_set_outcome_events = Outcome.__dict__["events"].__set__


def _own_apply(*args: Any) -> Any:
    raise NotImplementedError("this game applies its intents in its own _apply")


# The manual intents' entries, added to the table of every game that has a manual table
# (the core applies them: ``Ruleset._apply_manual``).
_MANUAL_KINDS = {t.kind_name(): IntentKind(t, _own_apply, source=manual.source)
                 for t in MANUAL_TYPES}


def _saved_parts(doc: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each part of a resolution the open manual steps of a view's JSON saved (a dict), with
    its path (``manual.0.then.1``); whatever else a hand-edited doc holds there is skipped."""
    steps = doc.get("manual")
    for k, step in enumerate(steps if isinstance(steps, list) else []):
        then = step.get("then") if isinstance(step, dict) else None
        for j, part in enumerate(then if isinstance(then, list) else []):
            if isinstance(part, dict):
                yield f"manual.{k}.then.{j}", part


def safe_label(intent: Intent) -> str:
    """An intent's label for a message, whatever the intent holds (its kind if ``label`` fails)."""
    try:
        return intent.label()
    except Exception:  # noqa: BLE001 - a broken intent still gets a message, not a crash
        return repr(getattr(intent, "kind", type(intent).__name__))


def _malformed(intent: Intent) -> str | None:
    """What is wrong with ``intent``'s fields, None when every one is present with a value its
    type accepts unchanged (an intent built in Python is not validated, so a refused intent
    may hold anything)."""
    names = type(intent).field_names()
    if intent.__dict__.keys() != set(names):
        return "its fields do not match its type"
    try:
        valid = _adapter(type(intent)).validate_python({n: getattr(intent, n) for n in names})
    except ValidationError as e:
        return "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())
    return None if valid == intent else "its fields do not match its type"


_ADAPTERS: dict[type[Intent], TypeAdapter[Any]] = {}


def _adapter(intent_type: type[Intent]) -> TypeAdapter[Any]:
    """Validates one intent type's fields (at the edge, or checking a refused intent)."""
    got = _ADAPTERS.get(intent_type)
    if got is None:
        got = _ADAPTERS[intent_type] = TypeAdapter(intent_type)
    return got


def catalog_items(catalog: object) -> list[tuple[str, Any]]:
    """A game's cards with the keys records know them by: a mapping by its keys; a sequence by
    each card's ``id`` or ``name`` (its index if it has neither). Not a catalog: no cards."""
    if isinstance(catalog, Mapping):
        return [(str(k), v) for k, v in catalog.items()]
    if isinstance(catalog, Sequence) and not isinstance(catalog, str):
        return [(str(getattr(c, "id", None) or getattr(c, "name", None) or i), c)
                for i, c in enumerate(catalog)]
    return []


def catalog_hashes(catalog: object) -> dict[str, str]:
    """sha256 of each card's canonical JSON, keyed as ``catalog_items`` keys them (``#n`` added
    to repeated keys)."""
    out: dict[str, str] = {}
    for i, (key, card) in enumerate(catalog_items(catalog)):
        data = card.model_dump(mode="json") if isinstance(card, BaseModel) else card
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        out[key if key not in out else f"{key}#{i}"] = hashlib.sha256(text.encode()).hexdigest()
    return out
