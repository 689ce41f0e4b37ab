"""Who may act now, in which priority mode, with which intents: a game's timing as a table.

As boardgame.io declares stages, a game lists its stages once; each names who decides in it,
the priority mode of its window (``rules.core.window_state``) if it has one, and the intent
kinds allowed there, and its generator of them, so ``legal`` is "the current stage's intents
for the deciding player", and the reason an intent is refused ("not in the Cleanup step", "it
is Player 2's decision") comes from the same table instead of hand-written checks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.core.model import Intent
from rules.core.window_state import PriorityMode

S = TypeVar("S")

# A stage's generator: (state, deciding player, only this source or None) -> intents.
StageMoves = Callable[[S, int, Hashable | None], list[Intent]]


@dataclass(frozen=True, slots=True)
class Stage(Generic[S]):
    """One stage: ``actor`` tells who decides (None: nobody, the game is over or resolving),
    ``moves`` the intent kinds allowed, in the order legal intents are listed."""

    name: str
    actor: Callable[[S], int | None]
    moves: tuple[str, ...]
    mode: PriorityMode | None = None
    title: str = ""  # how the phase bar and reasons name it ("the Cleanup step")
    generate: StageMoves[S] | None = None  # its moves (None: a stage where nobody acts)


class Stages(Generic[S]):
    """A game's stages and how to tell which one a state is in."""

    def __init__(self, stages: Sequence[Stage[S]], current: Callable[[S], str]) -> None:
        names = [st.name for st in stages]
        if not stages or len(set(names)) != len(names):
            raise ValueError("stages must be non-empty with distinct names")
        self._by_name = {st.name: st for st in stages}
        self._current = current

    def __iter__(self) -> Iterator[Stage[S]]:
        return iter(self._by_name.values())

    def stage(self, state: S) -> Stage[S]:
        name = self._current(state)
        try:
            return self._by_name[name]
        except KeyError:
            raise ValueError(f"state is in an undeclared stage {name!r}") from None

    def to_act(self, state: S) -> int | None:
        # (the stage looked up here, not by ``stage``: asked every step, once by the contract
        # and once by ``legal``; each callable read into a name first, where CPython 3.11
        # reads it in one specialised step, not called where it is read, a generic look-up)
        current = self._current
        actor = (self._by_name.get(current(state)) or self.stage(state)).actor
        return actor(state)

    def legal(self, state: S, only: Hashable | None = None,
              actor: int | None = None) -> list[Intent]:
        """Every legal intent for the deciding player: the stage's ``generate`` (given ``only``,
        a source piece, it lists just that piece's intents). ``actor``: the deciding player
        when the caller has it already (the contract asks ``to_act`` first, every step), so
        the stage's actor is not asked again."""
        current = self._current  # (as in ``to_act``)
        st = self._by_name.get(current(state)) or self.stage(state)
        who, generate = st.actor, st.generate
        p = who(state) if actor is None else actor
        if p is None:
            return []
        if generate is None:
            raise ValueError(f"stage {st.name!r} has no generate")
        return generate(state, p, only)

    def why_not(self, state: S, kind: str, names: Mapping[str, str] | None = None) -> str | None:
        """Why no intent of ``kind`` can be made now, or None when the stage allows it.
        ``names`` gives the words for intent kinds ("open" -> "opening a Gate")."""
        st = self.stage(state)
        if st.actor(state) is None:
            return "nobody may act now"
        if kind in st.moves:
            return None
        words = (names or {}).get(kind, kind.replace("_", " "))
        allowed = ", ".join((names or {}).get(k, k.replace("_", " ")) for k in st.moves)
        where = st.title or f"the {st.name.replace('_', ' ')} stage"
        return f"{words} is not allowed in {where} (allowed: {allowed})"

