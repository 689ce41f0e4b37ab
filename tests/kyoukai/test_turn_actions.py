"""Seed rules K-01 … K-07: Turn Actions, movement, attacks and Sequences."""

from __future__ import annotations

import pytest

from rules import IllegalIntent
from rules.kyoukai.intents import Attack, Move, Pass
from rules.kyoukai.scenario import parse_zone as Z
from tests.kyoukai.helpers import at, do, iid_at, intent, kinds, pass_all, position, rs

LION = {"card": "wandering_lion", "owner": 0, "zone": "C3", "ready": True}


def test_K01_only_a_ready_gate_acts_and_acting_rests_it() -> None:
    s = position(field=[LION, {"card": "iron_boar", "owner": 0, "zone": "B3", "ready": False}])
    lion, boar = iid_at(s, "C3"), iid_at(s, "B3")
    legal = rs.legal_intents(s)
    assert any(isinstance(i, Move) and i.gate == lion for i in legal)
    assert not any(isinstance(i, Move | Attack) and i.gate == boar for i in legal)
    with pytest.raises(IllegalIntent, match="Rested"):
        rs.apply(s, Move(gate=boar, to=Z("B2")))
    s2 = do(s, kind="move", gate="C3", to="C2")
    assert s2.gates[lion].ready is False


def test_K01_turn_actions_only_in_controllers_main_step() -> None:
    s = position(field=[LION, {"card": "iron_boar", "owner": 1, "zone": "C1", "ready": True}])
    enemy = iid_at(s, "C1")
    assert not any(getattr(i, "gate", None) == enemy for i in rs.legal_intents(s))
    s = do(s, kind="end_step")  # into the End step's Sequence: the opponent may only respond
    assert rs.to_act(s) == 1
    assert not any(isinstance(i, Move | Attack) for i in rs.legal_intents(s))


def test_K02_after_a_move_the_gate_may_attack_skill_or_stop() -> None:
    s = position(field=[LION, {"card": "iron_boar", "owner": 1, "zone": "C1"}])
    s = pass_all(do(s, kind="move", gate="C3", to="C2"))
    assert at(s, "C2") == "wandering_lion"
    assert kinds(s) == {"attack", "skill", "end_action"}
    s2 = pass_all(do(s, kind="attack", gate="C2", zone="C1"))
    assert s2.action is None
    lion = iid_at(s2, "C2")
    assert not any(getattr(i, "gate", None) == lion for i in rs.legal_intents(s2))


def test_K02_stopping_after_the_move_ends_the_turn_action() -> None:
    s = pass_all(do(position(field=[LION]), kind="move", gate="C3", to="C2"))
    s = do(s, kind="end_action")
    assert s.action is None
    assert "end_step" in kinds(s)


def test_K03_move_through_empty_bordering_zones_only() -> None:
    # The Lion (Movement 2) in C3 is walled in on three sides; only the way down is open.
    walls = [{"card": "moss_turtle", "owner": 1, "zone": z} for z in ("C2", "B3", "D3")]
    s = position(field=[LION, *walls])
    lion = iid_at(s, "C3")
    targets = {i.to for i in rs.legal_intents(s) if isinstance(i, Move) and i.gate == lion}
    assert targets == {Z("C4"), Z("C5"), Z("B4"), Z("D4")}
    with pytest.raises(IllegalIntent, match="moves at most 2 zones"):
        rs.apply(s, Move(gate=lion, to=Z("C1")))


def test_K04_attack_a_bordering_target_without_moving_ends_the_action() -> None:
    s = position(field=[LION, {"card": "iron_boar", "owner": 1, "zone": "C2"},
                        {"card": "iron_boar", "owner": 1, "zone": "A3"}])
    lion = iid_at(s, "C3")
    with pytest.raises(IllegalIntent, match="bordering"):
        rs.apply(s, Attack(gate=lion, zone=Z("A3")))
    s = do(s, kind="attack", gate="C3", zone="C2")
    assert s.gates[lion].ready is False
    s = pass_all(s)
    assert at(s, "C2") == "empty"
    assert s.action is None  # no Move after an Attack
    assert not any(isinstance(i, Move) and i.gate == lion for i in rs.legal_intents(s))


def test_K05_highlights_show_move_range_and_attack_range_from_reachable_zones() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3"}])  # Movement 1
    h = rs.highlights(s, iid_at(s, "C3"))
    assert sorted(h["move"]) == sorted(Z(z) for z in ("C2", "B3", "D3", "C4"))
    attack = {Z(z) for z in ("C1", "B2", "D2", "A3", "E3", "B4", "D4", "C5",
                             "C2", "B3", "D3", "C4")}
    assert set(h["attack"]) == attack


def test_K05_rested_gate_lights_nothing() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3", "ready": False}])
    h = rs.highlights(s, iid_at(s, "C3"))
    assert h["move"] == [] and h["attack"] == []


def test_K06_opponent_responds_first_and_the_sequence_resolves_last_in_first_out() -> None:
    # Iron Boar has Defense 2: the Lion's 3 would discard it, unless Block (+2) resolves first.
    s = position(field=[LION, {"card": "iron_boar", "owner": 1, "zone": "C2"}],
                 hand=[[], ["block"]], ki=[5, 5])
    s = do(s, kind="attack", gate="C3", zone="C2")
    assert rs.to_act(s) == 1  # the opponent answers first
    s = do(s, kind="open", card="block", zone="C2")
    assert rs.to_act(s) == 0  # then players alternate
    log: list = []
    s = do(s, log, kind="pass")
    assert s.seq is not None  # one pass is not enough: both must pass in a row
    s = pass_all(s, log)
    texts = [e.text for e in log]
    block = next(i for i, t in enumerate(texts) if "Block resolves" in t)
    hit = next(i for i, t in enumerate(texts) if "Wandering Lion deals" in t)
    assert block < hit  # the response (added last) resolved first
    assert at(s, "C2") == "iron_boar"


def test_K06_without_the_response_the_attack_lands() -> None:
    s = position(field=[LION, {"card": "iron_boar", "owner": 1, "zone": "C2"}])
    s = pass_all(do(s, kind="attack", gate="C3", zone="C2"))
    assert at(s, "C2") == "empty"


def test_K06_move_and_follow_up_attack_are_separate_sequences() -> None:
    s = position(field=[LION, {"card": "basic_slime", "owner": 1, "zone": "C1"}])
    s = do(s, kind="move", gate="C3", to="C2")
    assert s.seq is not None and len(s.seq.stack) == 1
    s = pass_all(s)
    assert s.seq is None
    s = do(s, kind="attack", gate="C2", zone="C1")
    assert s.seq is not None and [i.kind for i in s.seq.stack] == ["attack"]


def test_K07_costs_are_paid_on_declaration_before_responses() -> None:
    s = position(field=[LION, {"card": "basic_slime", "owner": 1, "zone": "C2"}],
                 hand=[["punch"], []], ki=[3, 0])
    punch = next(c for c in s.players[0].hand if s.cards[c] == "punch")
    s = do(s, kind="open", card="punch", zone="C2")
    assert rs.to_act(s) == 1  # nobody has responded yet …
    assert s.players[0].ki == 1  # … and the Ki is already spent
    assert punch not in s.players[0].hand
    s = position(field=[LION, {"card": "basic_slime", "owner": 1, "zone": "C2"}])
    s = do(s, kind="attack", gate="C3", zone="C2")
    assert s.gates[iid_at(s, "C3")].ready is False and rs.to_act(s) == 1


def test_pass_is_the_only_thing_left_without_fast_cards() -> None:
    s = do(position(field=[LION]), kind="move", gate="C3", to="C2")
    assert rs.legal_intents(s) == [Pass()]
    assert intent(s, kind="pass") == Pass()
