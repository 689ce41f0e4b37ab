"""The public rules contract over private per-game hooks (OpenSpiel style).

Each game subclasses ``Ruleset`` and fills the ``_hooks``; the public methods add what every
game needs the same way: legality checking with a reason, a one-entry cache of legal intents,
versioned JSON dumps and intent parsing.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from rules.core.errors import DataError, IllegalIntent
from rules.core.model import Event, Intent, Outcome

if TYPE_CHECKING:
    from rules.core.gameinfo import GameInfo
    from rules.core.newgame import Setup
    from rules.core.packs import PackFormat

S = TypeVar("S", bound=BaseModel)

DUMP_FORMAT = 1


class Ruleset(ABC, Generic[S]):
    info: GameInfo  # the game's declaration (``rules/<game>/game.py``); the registry sets it
    name: ClassVar[str]
    title: ClassVar[str]
    state_type: ClassVar[type[BaseModel]]
    intent_types: ClassVar[Sequence[type[Intent]]]
    turn_cap: ClassVar[int]

    def __init__(self) -> None:
        # One (state, legal intents) pair, replaced as a whole: a single attribute store is
        # atomic, so threads sharing a ruleset can only miss the cache, never read a wrong pair.
        self._cache: tuple[object, list[Intent]] = (None, [])

    # ---- the contract -------------------------------------------------------------------
    def new_game(self, seed: int = 0, options: Mapping[str, Any] | None = None) -> S:
        """A new game: the options checked (DataError naming a bad one), the pack and the two
        decks resolved once here for every game, then the game's ``_new_game``."""
        return self._new_game(seed, self.setup(options))

    def setup(self, options: Mapping[str, Any] | None = None) -> Setup:
        """What ``new_game`` starts from with these options (see ``rules.core.newgame``)."""
        from rules.core.newgame import resolve

        return resolve(self.info, self.pack_format(), options)

    def to_act(self, state: S) -> int | None:
        return self._to_act(state)

    def legal_intents(self, state: S) -> list[Intent]:
        cached_state, cached = self._cache
        if state is cached_state:
            return list(cached)
        legal = [] if self._to_act(state) is None else self._legal_intents(state)
        self._cache = (state, legal)
        return list(legal)

    def apply(self, state: S, intent: Intent) -> Outcome:
        if self._to_act(state) is None:
            raise IllegalIntent("the game is over")
        cached_state, legal = self._cache
        if state is not cached_state:
            legal = self._legal_intents(state)
            self._cache = (state, legal)
        if intent not in legal:
            raise IllegalIntent(self._explain(state, intent))
        new_state, events = self._apply(state, intent)
        return Outcome(state=new_state, events=events)

    def winner(self, state: S) -> int | None:
        return self._winner(state)

    def view(self, state: S, player: int) -> S:
        return self._view(state, player)

    def highlights(self, state: S, source: Any) -> dict[str, list[Any]]:
        return self._highlights(state, source)

    def dump(self, state: S) -> str:
        return json.dumps(
            {"format": DUMP_FORMAT, "game": self.name, "state": state.model_dump(mode="json")},
            separators=(",", ":"),
        )

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
        try:
            return self.state_type.model_validate(doc.get("state"))  # type: ignore[return-value]
        except ValidationError as e:
            raise DataError([f"state:1: {'.'.join(map(str, x['loc']))}: {x['msg']}"
                             for x in e.errors()]) from None

    # ---- intents as data ---------------------------------------------------------------
    @cached_property
    def _intent_adapter(self) -> TypeAdapter[Any]:
        types = tuple(self.intent_types)
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

    def replace_cards(self, state: S, cards: Mapping[str, Any]) -> tuple[S, list[Event]]:
        """Hot reload: cards already in this game take the new data (by stable id) from now
        on; the game state is otherwise untouched. Cards not in the game are ignored, and a
        card missing from ``cards`` keeps its old data. Returns the new state and one
        "card changed: …" event per changed card."""
        raise NotImplementedError(f"{self.name} does not support hot reload yet")

    def describe(self, state: S, intent: Intent) -> str:
        """A short sentence for menus and buttons ("Wandering Lion attacks C2")."""
        return intent.label()

    def pieces(self, state: S) -> list[Any]:
        """Sources the deciding player could pick up now (for ``highlights``): used by the
        benchmark and by keyboard navigation."""
        return []

    def scenario_position(self, position: dict[str, Any], seed: int) -> S:
        """Build a position from a scenario file's ``[position]`` table."""
        raise NotImplementedError(f"{self.name} has no scenario positions yet")

    def scenario_intent(self, state: S, spec: dict[str, Any]) -> Intent:
        """An intent from a scenario step, where the game may let names stand for ids."""
        return self.parse_intent(spec)

    def facts(self, state: S) -> dict[str, Any]:
        """Flat, human-named facts about a state that scenario expectations compare."""
        return {"to_act": self._to_act(state), "winner": self._winner(state)}

    def card_hashes(self, state: S) -> dict[str, str]:
        """A sha256 of each card's data as this game uses it, by card id (game records keep
        them to tell when a card changed since). Default: hash ``state.catalog`` if any."""
        return catalog_hashes(getattr(state, "catalog", None))

    def pack_format(self) -> PackFormat[Any, Any] | None:
        """How this game's card packs look (checker, CSV, printing, hot reload use it): the
        one its GameInfo names, None if the game has none."""
        return self.info.load_pack_format()

    def _explain(self, state: S, intent: Intent) -> str:
        return f"{intent.label()} is not legal now"

    # ---- per-game hooks ----------------------------------------------------------------
    @abstractmethod
    def _new_game(self, seed: int, setup: Setup) -> S:
        """The first state from the resolved options, cards and decks."""

    @abstractmethod
    def _to_act(self, state: S) -> int | None: ...

    @abstractmethod
    def _legal_intents(self, state: S) -> list[Intent]: ...

    @abstractmethod
    def _apply(self, state: S, intent: Intent) -> tuple[S, list[Event]]: ...

    @abstractmethod
    def _winner(self, state: S) -> int | None: ...

    @abstractmethod
    def _view(self, state: S, player: int) -> S: ...

    @abstractmethod
    def _highlights(self, state: S, source: Any) -> dict[str, list[Any]]: ...


def catalog_hashes(catalog: object) -> dict[str, str]:
    """sha256 of each card's canonical JSON. A mapping is keyed by its keys; a sequence by each
    card's ``id`` or ``name`` (its index if it has neither, ``#n`` added to repeated keys)."""
    if isinstance(catalog, Mapping):
        items = [(str(k), v) for k, v in catalog.items()]
    elif isinstance(catalog, Sequence) and not isinstance(catalog, str):
        items = [(str(getattr(c, "id", None) or getattr(c, "name", None) or i), c)
                 for i, c in enumerate(catalog)]
    else:
        return {}
    out: dict[str, str] = {}
    for i, (key, card) in enumerate(items):
        data = card.model_dump(mode="json") if isinstance(card, BaseModel) else card
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        out[key if key not in out else f"{key}#{i}"] = hashlib.sha256(text.encode()).hexdigest()
    return out
