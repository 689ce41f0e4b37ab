"""A fixed cycle of named steps (a turn's phases), shared by the rulesets."""

from __future__ import annotations

from collections.abc import Sequence


class PhaseCycle:
    """The ordered steps of one turn. ``after(step)`` gives the next step and whether that
    wrapped round into a new turn."""

    def __init__(self, steps: Sequence[str]) -> None:
        if not steps or len(set(steps)) != len(steps):
            raise ValueError("steps must be non-empty and distinct")
        self.steps = tuple(steps)
        self._index = {s: i for i, s in enumerate(self.steps)}

    @property
    def first(self) -> str:
        return self.steps[0]

    def after(self, step: str) -> tuple[str, bool]:
        i = self._index[step] + 1
        if i == len(self.steps):
            return self.steps[0], True
        return self.steps[i], False

    def __contains__(self, step: object) -> bool:
        return step in self._index
