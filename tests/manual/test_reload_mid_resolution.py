"""Issue 33 item 1 (house rule): a resolution paused by a manual step keeps its own copy of
the effects still to come, so a hot reload while the step is open changes nothing of them:
Krosmaster's spell after its manual effect (Spark Step's 2 MP), BOS's on-defeat abilities after
a manual one (Thunder Golem's Afterglow). The state dumps and loads with the copy, and a dump
from before the copies loads with it filled in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.bos.state import EMPTY as BOS_EMPTY
from rules.core.errors import DataError
from rules.core.manual_intents import ManualCounter, ManualDone, ManualMove
from rules.core.model import Intent
from tests.manual.helpers import reach_manual
from tests.stack_reload import finish, reload, restore

Reached = tuple[Any, dict[str, Any], list[Intent]]


def _done(game: str, state: Any, before: list[Intent] | None = None) -> Any:
    """``before`` applied, then Done on every manual step until none is open."""
    rs = rules.get(game)
    todo = list(before or [])

    def step(s: Any) -> Intent | None:
        if todo:
            return todo.pop(0)
        return ManualDone() if rs.manual_pending(s) is not None else None

    return finish(rs, state, step)[0]


@pytest.fixture(scope="module")
def spark(manual_packs: dict[str, Path]) -> Reached:
    """Krosmaster: Thunder Brawler's Spark Step paused at its manual effect, 2 MP to come."""
    return reach_manual("krosmaster", manual_packs["krosmaster"], words=("Spark Step",))


def _brawler(state: Any) -> Any:
    return next(c for c in state.catalog if c.name == "Thunder Brawler")


KROSMASTER_CHANGES = {
    "the spell taken off": lambda card: {"spells": card.spells[:1]},
    "its effects changed": lambda card: {"spells": (card.spells[0], card.spells[1].model_copy(
        update={"effects": (card.spells[1].effects[1].model_copy(update={"amount": 5}),)}))},
}


@pytest.mark.parametrize("change", sorted(KROSMASTER_CHANGES))
def test_krosmaster_a_paused_spell_carries_on_as_cast_after_a_reload(
        spark: Reached, change: str) -> None:
    rs = rules.get("krosmaster")
    state = spark[0]
    card = _brawler(state)
    plain = _done("krosmaster", state)
    changed = reload(rs, state, card, **KROSMASTER_CHANGES[change](card))
    assert rs.load(rs.dump(changed)) == changed
    done = _done("krosmaster", changed)  # before: IndexError, or 5 MP
    assert rs.dump(restore(rs, done, state)) == rs.dump(plain)


def test_krosmaster_a_dump_from_before_the_copies_loads_filled_from_the_card(
        spark: Reached) -> None:
    rs = rules.get("krosmaster")
    state = spark[0]
    step = rs.manual_pending(state)
    assert step is not None and [r.op for r in step.then] == ["cast_rest"]
    caster, target, dealt = step.then[0].args[:3]
    doc = json.loads(rs.dump(state))
    doc["state"]["manual"][0]["then"][0]["args"] = [caster, target, dealt, 1, 1]  # Spark Step
    assert rs.load(json.dumps(doc)) == state
    doc["state"]["manual"][0]["then"][0]["args"] = [caster, target, dealt, 7, 1]
    with pytest.raises(DataError, match=r"manual\.0\.then\.0: Thunder Brawler has no spell "
                                        r"number 7"):
        rs.load(json.dumps(doc))


@pytest.fixture(scope="module")
def burst(manual_packs: dict[str, Path]) -> Any:
    """BOS: Thunder Golem put on the board at 0 Strength by hand and defeated on Done: its
    first on-defeat ability (Static Burst) is a manual step, Afterglow (3 vim) to come."""
    rs = rules.get("bos")
    state = reach_manual("bos", manual_packs["bos"])[0]
    golem = next(i for i, c in state.cards.items() if c == "thunder_golem")
    owner = state.owner(golem)
    slot = state.sides[owner].slots.index(BOS_EMPTY)
    mid = state
    for intent in (ManualMove(card=golem, owner=owner, zone="board", at=slot),
                   ManualCounter(counter="strength", card=golem, value=0), ManualDone()):
        mid = rs.apply(mid, intent).state
    step = rs.manual_pending(mid)
    assert step is not None and step.title == "Thunder Golem's Static Burst"
    return mid


BOS_CHANGES = {
    "the abilities taken off": lambda card: {"abilities": ()},
    "Afterglow made stronger": lambda card: {"abilities": (card.abilities[0], card.abilities[
        1].model_copy(update={"amount": 9}))},
}


@pytest.mark.parametrize("change", sorted(BOS_CHANGES))
def test_bos_on_defeat_abilities_after_a_manual_one_happen_as_declared_after_a_reload(
        burst: Any, change: str) -> None:
    rs = rules.get("bos")
    card = burst.catalog["thunder_golem"]
    plain = _done("bos", burst)
    changed = reload(rs, burst, card, **BOS_CHANGES[change](card))
    assert rs.load(rs.dump(changed)) == changed
    done = _done("bos", changed)  # before: no Afterglow, or 9 vim
    assert rs.dump(restore(rs, done, burst)) == rs.dump(plain)


def test_bos_a_dump_from_before_the_copies_loads_filled_from_the_card(burst: Any) -> None:
    rs = rules.get("bos")
    step = rs.manual_pending(burst)
    assert step is not None
    ops = [r.op for r in step.then]
    k = ops.index("defeat_rest")
    golem = step.then[k].args[0]
    doc = json.loads(rs.dump(burst))
    doc["state"]["manual"][0]["then"][k] = {"op": "defeat", "args": [golem, 1]}  # Afterglow's
    assert rs.load(json.dumps(doc)) == burst
