"""Scenario files: a position, a list of intents, expectations — checked against a ruleset.

```toml
game = "<game name>"
title = "K-11: two sources in one Sequence beat Defense"
seed = 1
[position]            # handed to the game's ``scenario_position``
...
[[step]]
intent = { kind = "attack", gate = "C3", zone = "C2" }   # game resolves names via scenario_intent
illegal = "bordering"  # optional: the step must be refused, with this text in the reason
[[expect]]
fact = "zone.C2"       # a key of the game's ``facts(state)``
equals = "empty"       # or: contains = "..." / at_least = N / at_most = N
[[expect]]
event = "discarded"    # some event so far contains this text
```
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.cards import read_toml
from rules.core.errors import DataError, IllegalIntent
from rules.core.model import Event
from rules.core.ruleset import Ruleset


@dataclass
class ScenarioResult:
    path: Path
    title: str
    failures: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures


def run_scenario(path: Path, games: Mapping[str, Ruleset[Any]]) -> ScenarioResult:
    """Run the scenario at ``path`` with its game's ruleset from ``games`` (``rules.GAMES``)."""
    data, index = read_toml(path)
    title = str(data.get("title", path.stem))
    game = data.get("game")
    if game not in games:
        raise DataError([f"{path}:{index.line_of(('game',))}: game: unknown game {game!r}"])
    rs = games[str(game)]
    state = rs.scenario_position(dict(data.get("position", {})), int(data.get("seed", 0)))
    events: list[Event] = []
    failures: list[str] = []
    for i, step in enumerate(data.get("step", [])):
        line = index.line_of(("step", i))
        try:
            intent = rs.scenario_intent(state, dict(step["intent"]))
        except (KeyError, ValueError) as e:
            raise DataError([f"{path}:{line}: step[{i}].intent: {e}"]) from None
        want_illegal = step.get("illegal")
        try:
            out = rs.apply(state, intent)
        except IllegalIntent as e:
            if want_illegal is None:
                failures.append(f"{path}:{line}: step {i + 1} ({intent.label()}) was refused: "
                                f"{e.reason}")
                return ScenarioResult(path, title, failures)
            if str(want_illegal).lower() not in e.reason.lower():
                failures.append(f"{path}:{line}: step {i + 1} refused with {e.reason!r}, "
                                f"expected a reason containing {want_illegal!r}")
            continue
        if want_illegal is not None:
            failures.append(f"{path}:{line}: step {i + 1} ({intent.label()}) should have been "
                            "refused but was applied")
            return ScenarioResult(path, title, failures)
        state, events = out.state, events + out.events
    facts = rs.facts(state)
    for i, exp in enumerate(data.get("expect", [])):
        line = index.line_of(("expect", i))
        msg = _check(exp, facts, events)
        if msg:
            failures.append(f"{path}:{line}: {msg}")
    return ScenarioResult(path, title, failures)


def _check(exp: dict[str, Any], facts: dict[str, Any], events: list[Event]) -> str | None:
    if "event" in exp:
        needle = str(exp["event"]).lower()
        seen = any(needle in e.text.lower() for e in events)
        return None if seen else f"no event mentions {exp['event']!r}"
    if "no_event" in exp:
        needle = str(exp["no_event"]).lower()
        hit = next((e.text for e in events if needle in e.text.lower()), None)
        return None if hit is None else f"unexpected event {hit!r}"
    key = exp.get("fact")
    if key not in facts:
        return f"unknown fact {key!r}; known: {', '.join(sorted(facts))}"
    value = facts[key]
    if "equals" in exp and value != exp["equals"]:
        return f"{key} is {value!r}, expected {exp['equals']!r}"
    if "contains" in exp and exp["contains"] not in value:
        return f"{key} is {value!r}, expected it to contain {exp['contains']!r}"
    if "at_least" in exp and value < exp["at_least"]:
        return f"{key} is {value!r}, expected at least {exp['at_least']!r}"
    if "at_most" in exp and value > exp["at_most"]:
        return f"{key} is {value!r}, expected at most {exp['at_most']!r}"
    return None
