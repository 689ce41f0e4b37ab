"""Issue 33 item 1 (house rule, HOUSE_RULES.md "Sequences"): a Skill or a Gate opening on the
open Sequence resolves as it was declared, whatever a hot reload does to its card before it
resolves; the state dumps, loads and replays from its record with the item as declared, and a
dump from before items kept their copy loads with it filled in."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core.errors import DataError
from rules.core.model import Intent
from rules.kyoukai.state import State
from rules.records import Session
from tests.stack_reload import finish, first_of, reload, restore

RS = rules.get("kyoukai")


def _declare(kind: str, seed: int, wanted: Any = None) -> tuple[State, list[Intent]]:
    """A seeded random game played until a ``kind`` intent (``wanted`` picks which) is legal,
    then that one: the state with it on top of the Sequence, and every intent played."""
    s = RS.new_game(seed=seed)
    r = random.Random(seed)
    played: list[Intent] = []
    for _ in range(400):
        legal = RS.legal_intents(s)
        mine = [i for i in legal if i.kind == kind and (wanted is None or wanted(s, i))]
        intent = mine[0] if mine else r.choice(legal)
        s = RS.apply(s, intent).state
        played.append(intent)
        if mine:
            assert s.seq is not None and s.seq.stack[-1].kind == kind
            return s, played
    raise AssertionError(f"seed {seed}: no {kind} intent came up")


def _resolved(s: State) -> tuple[State, list[str]]:
    """Everyone passes until the Sequence is over; the state and the log's lines."""
    done, events = finish(RS, s, lambda x: None if x.seq is None or x.manual or x.pending
                          else first_of(RS, x, "pass"))
    return done, [e.text for e in events]


def _spell(s: State, i: Any) -> bool:
    card = s.card(i.card)
    return card.type in ("normal", "fast") and card.effect == "damage"


SKILL_CHANGES = {
    "Skill taken off": {"skills": ()},
    "Skill renamed, stronger": "stronger",
}


@pytest.mark.parametrize("change", sorted(SKILL_CHANGES))
def test_a_skill_on_the_sequence_resolves_as_declared_after_a_reload(change: str) -> None:
    s, _ = _declare("skill", seed=4)
    item = s.seq.stack[-1]  # type: ignore[union-attr]
    card = s.card(item.source)
    skill = card.skills[item.skill]
    update = SKILL_CHANGES[change]
    if update == "stronger":
        update = {"skills": (skill.model_copy(update={"name": "Changed", "amount": 9}),
                             *card.skills[1:])}
    assert isinstance(update, dict)
    plain, said = _resolved(s)
    changed = reload(RS, s, card, **update)
    assert changed.seq is not None and changed.seq.stack[-1] is item  # the item as declared
    done, said_after = _resolved(changed)  # before: IndexError, or the Skill as reloaded
    assert f"{card.name}'s {skill.name} resolves." in said_after
    assert said_after == said
    assert RS.dump(restore(RS, done, s)) == RS.dump(plain)


def test_a_gate_opening_on_the_sequence_resolves_as_opened_after_a_reload() -> None:
    s, _ = _declare("open", seed=3, wanted=_spell)
    item = s.seq.stack[-1]  # type: ignore[union-attr]
    card = s.card(item.source)
    plain, said = _resolved(s)
    changed = reload(RS, s, card, name="Changed", effect="draw", amount=card.amount + 3,
                     text="Draw cards.")
    done, said_after = _resolved(changed)
    # Its declared name and effect (the damage is dealt by the card, named as it is now).
    assert f"{card.name} resolves." in said and f"{card.name} resolves." in said_after
    assert RS.dump(restore(RS, done, s)) == RS.dump(plain)


def test_a_reload_mid_sequence_dumps_loads_and_replays_from_its_record(tmp_path: Path) -> None:
    """Continue: the autosave replays the intents and the reload at its point; the Sequence
    then resolves the Skill as declared, the same as the game that was played."""
    s, played = _declare("skill", seed=4)
    item = s.seq.stack[-1]  # type: ignore[union-attr]
    path = tmp_path / "autosave.json"
    live = Session.new("kyoukai", 4, autosave=path)
    for intent in played:
        live.apply(intent)
    card = live.state.card(item.source)
    assert live.reload_cards({card.id: card.model_copy(update={"skills": ()})})
    assert RS.load(RS.dump(live.state)) == live.state
    again, _ = Session.resume(path)
    assert RS.dump(again.state) == RS.dump(live.state)
    assert again.state.seq.stack[-1].does == item.does
    assert RS.dump(_resolved(again.state)[0]) == RS.dump(_resolved(live.state)[0])


def _without_copies(text: str) -> str:
    """A dump as made before Sequence items kept their own copy (no ``does``)."""
    doc = json.loads(text)
    for item in doc["state"]["seq"]["stack"]:
        del item["does"]
    return json.dumps(doc)


def test_a_dump_from_before_the_copies_loads_with_each_item_filled_from_its_card() -> None:
    s, _ = _declare("skill", seed=4)
    s = RS.apply(s, first_of(RS, s, "pass")).state  # more on the Sequence: answer, pass …
    old = _without_copies(RS.dump(s))
    assert '"does"' not in old
    assert RS.load(old) == s


def test_a_dump_from_before_the_copies_whose_skill_is_gone_is_refused_by_name() -> None:
    s, _ = _declare("skill", seed=4)
    item = s.seq.stack[-1]  # type: ignore[union-attr]
    gone = reload(RS, s, s.card(item.source), skills=())
    with pytest.raises(DataError, match=r"seq\.stack\.0: .* has no Skill number 0"):
        RS.load(_without_copies(RS.dump(gone)))
