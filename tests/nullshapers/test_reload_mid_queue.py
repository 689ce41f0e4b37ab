"""Issue 33 item 1 (house rule, HOUSE_RULES.md "Speeds and the queue"): a card or a reactive
skill on the queue executes as it was played, whatever a hot reload does to its card before
it executes; the state dumps, loads and replays from its record with the entry as played,
and a dump from before entries kept their card loads with it filled in."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core.model import Intent
from rules.nullshapers.state import Entry, State
from rules.records import Session
from tests.stack_reload import finish, first_of, reload, restore

RS = rules.get("nullshapers")


def _queued(seed: int, wanted: Callable[[State, Entry], bool]) -> tuple[State, list[Intent]]:
    """A seeded random game played until the top of the queue is ``wanted``; the state and
    every intent played."""
    s = RS.new_game(seed=seed)
    r = random.Random(seed)
    played: list[Intent] = []
    for _ in range(600):
        if s.queue is not None and s.queue.stack and wanted(s, s.queue.stack[-1]):
            return s, played
        intent = r.choice(RS.legal_intents(s))
        s = RS.apply(s, intent).state
        played.append(intent)
    raise AssertionError(f"seed {seed}: no such entry came up")


def _damage(s: State, e: Entry) -> bool:
    return not e.skill and s.card(e.card).effect == "damage"


def _reaction(s: State, e: Entry) -> bool:
    return e.skill


def _executed(s: State) -> tuple[State, list[str]]:
    """Everyone declines until the queue's top entry has executed; the state and the log."""
    top = s.queue.stack[-1]  # type: ignore[union-attr]

    def step(x: State) -> Intent | None:
        waiting = x.queue is not None and any(e is top for e in x.queue.stack)
        return first_of(RS, x, "pass") if waiting and not x.manual else None

    done, events = finish(RS, s, step)
    return done, [e.text for e in events]


CHANGES: dict[str, tuple[Callable[[State, Entry], bool], dict[str, Any]]] = {
    "an event made to aim at a biome": (_damage, {"effect": "repair", "amount": 3}),
    "an event made an agent": (_damage, {"kind": "agent", "effect": None, "reach": "melee",
                                         "attack": 2, "defense": 2}),
    "a reactive skill taken off": (_reaction, {"reacts": None, "skill": None}),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_queued_entry_executes_as_played_after_a_reload(change: str) -> None:
    wanted, update = CHANGES[change]
    s, _ = _queued(3, wanted)
    top = s.queue.stack[-1]  # type: ignore[union-attr]
    card = s.card(top.card)
    plain, said = _executed(s)
    changed = reload(RS, s, card, **update)
    done, said_after = _executed(changed)  # before: KeyError, or the card as reloaded
    assert said_after == said
    assert any(line.startswith(f"{card.name} ") for line in said)
    assert RS.dump(restore(RS, done, s)) == RS.dump(plain)


def test_a_reload_mid_queue_dumps_loads_and_replays_from_its_record(tmp_path: Path) -> None:
    s, played = _queued(3, _reaction)
    top = s.queue.stack[-1]  # type: ignore[union-attr]
    path = tmp_path / "autosave.json"
    live = Session.new("nullshapers", 3, autosave=path)
    for intent in played:
        live.apply(intent)
    card = live.state.card(top.card)
    assert live.reload_cards({card.id: card.model_copy(update={"reacts": None, "skill": None})})
    assert RS.load(RS.dump(live.state)) == live.state
    again, _ = Session.resume(path)
    assert RS.dump(again.state) == RS.dump(live.state)
    assert again.state.queue.stack[-1].played == card
    assert RS.dump(_executed(again.state)[0]) == RS.dump(_executed(live.state)[0])


def test_a_dump_from_before_the_copies_loads_with_each_entry_filled_from_its_card() -> None:
    s, _ = _queued(3, _damage)
    doc = json.loads(RS.dump(s))
    for entry in doc["state"]["queue"]["stack"]:
        del entry["played"]
    assert RS.load(json.dumps(doc)) == s
