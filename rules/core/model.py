"""Base models shared by every ruleset: intents, events and the outcome of applying one."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """Immutable model. State updates go through ``model_copy(update=...)``, never mutation."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Intent(Frozen):
    """What a player wants to do. Each game subclasses it with ``kind: Literal[...]``."""

    kind: str

    def label(self) -> str:
        """A short text for menus and logs; games override where a nicer one exists."""
        fields = ", ".join(f"{k}={v}" for k, v in self.__dict__.items() if k != "kind")
        return f"{self.kind}({fields})"


class Event(Frozen):
    """Something that happened, with a sentence for the log.

    ``random`` marks a die roll, shuffle or draw; ``reveals`` lists the players to whom hidden
    information was shown. Together they tell undo where its information barrier is.
    """

    kind: str
    text: str
    player: int | None = None
    random: bool = False
    reveals: tuple[int, ...] = ()
    data: dict[str, Any] = {}


class Outcome(Frozen):
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    state: Any
    events: list[Event]
