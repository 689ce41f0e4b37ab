"""The public rules contract over private per-game hooks (OpenSpiel style).

Each game subclasses ``Ruleset`` and fills the ``_hooks``; the public methods add what every
game needs the same way: legality checking with a reason, a one-entry cache of legal intents,
versioned JSON dumps and intent parsing.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from rules.core.errors import DataError, IllegalIntent
from rules.core.model import Event, Intent, Outcome

S = TypeVar("S", bound=BaseModel)

DUMP_FORMAT = 1


class Ruleset(ABC, Generic[S]):
    name: ClassVar[str]
    title: ClassVar[str]
    state_type: ClassVar[type[BaseModel]]
    intent_types: ClassVar[Sequence[type[Intent]]]
    turn_cap: ClassVar[int]

    def __init__(self) -> None:
        self._cache_state: object = None
        self._cache_legal: list[Intent] = []

    # ---- the contract -------------------------------------------------------------------
    def new_game(self, seed: int = 0, options: Mapping[str, Any] | None = None) -> S:
        return self._new_game(seed, dict(options or {}))

    def to_act(self, state: S) -> int | None:
        return self._to_act(state)

    def legal_intents(self, state: S) -> list[Intent]:
        if state is self._cache_state:
            return list(self._cache_legal)
        legal = [] if self._to_act(state) is None else self._legal_intents(state)
        self._cache_state, self._cache_legal = state, legal
        return list(legal)

    def apply(self, state: S, intent: Intent) -> Outcome:
        if self._to_act(state) is None:
            raise IllegalIntent("the game is over")
        if state is self._cache_state:
            legal = self._cache_legal
        else:
            legal = self._legal_intents(state)
            self._cache_state, self._cache_legal = state, legal
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

    def _explain(self, state: S, intent: Intent) -> str:
        return f"{intent.label()} is not legal now"

    # ---- per-game hooks ----------------------------------------------------------------
    @abstractmethod
    def _new_game(self, seed: int, options: dict[str, Any]) -> S: ...

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
