"""Skill costs: the seed's "If using a Skill, do any written cost" — written in card data, paid
on declaration, checked for legality, shown by ``describe`` and validated by the pack format."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import IllegalIntent
from rules.core.errors import DataError
from rules.core.state import replaced
from rules.kyoukai.cards import SkillCost
from rules.kyoukai.intents import UseSkill
from rules.kyoukai.ruleset import load
from rules.kyoukai.state import State
from tests.kyoukai.helpers import at, do, iid_at, intent, pass_all, position, rs

CAT = {"card": "shadow_cat", "owner": 0, "zone": "C3"}  # Shadow Strike: 2 damage, range 2
FOX = {"card": "ember_fox", "owner": 1, "zone": "C1"}  # Defense 0


def _costing(s: State, card: str, ki: int = 0, **more: int) -> State:
    """The same position with ``card``'s first Skill costing ``ki`` (and ``more``)."""
    old = s.catalog[card]
    skill = old.skills[0].model_copy(update={"cost": SkillCost(ki=ki, **more)})
    new = old.model_copy(update={"skills": (skill, *old.skills[1:])})
    return replaced(s, catalog={**s.catalog, card: new})


def _refusal(s: State, i: UseSkill) -> str:
    with pytest.raises(IllegalIntent) as err:
        rs.apply(s, i)
    return str(err.value)


def _skills(s: State) -> list[UseSkill]:
    return [i for i in rs.legal_intents(s) if isinstance(i, UseSkill)]


def test_a_skill_you_cannot_pay_for_is_not_legal_and_says_why() -> None:
    s = _costing(position(field=[CAT, FOX], ki=[1, 0]), "shadow_cat", 2)
    assert _skills(s) == []
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    assert _refusal(s, strike) == "Shadow Strike costs 2 Ki, you have 1"


def test_the_cost_is_paid_on_declaration_and_shown_by_describe() -> None:
    s = _costing(position(field=[CAT, FOX], ki=[3, 0]), "shadow_cat", 2)
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    assert strike in _skills(s)
    assert rs.describe(s, strike) == \
        "Shadow Cat: Shadow Strike (2 Ki) → 2 damage to enemy Ember Fox (C1)"
    s = do(s, kind="skill", gate="C3", skill=0, zone="C1")
    assert s.players[0].ki == 1 and s.seq is not None  # paid before anyone answers
    s = pass_all(s)
    assert at(s, "C1") == "empty" and s.players[0].ki == 1


def test_a_free_skill_costs_nothing_and_describes_as_before() -> None:
    s = position(field=[CAT, FOX], ki=[0, 0])
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    assert strike in _skills(s)
    assert rs.describe(s, strike) == "Shadow Cat: Shadow Strike → 2 damage to enemy Ember Fox (C1)"


def test_a_fast_skill_answer_needs_its_cost_too() -> None:
    eagle = {"card": "hunting_eagle", "owner": 1, "zone": "C2"}  # Rapid Instinct, Fast
    boar = {"card": "iron_boar", "owner": 0, "zone": "C4"}
    s = _costing(position(field=[boar, eagle], ki=[0, 0]), "hunting_eagle", 1)
    s = do(s, kind="move", gate="C4", to="C3")
    assert [i for i in _skills(s) if i.gate == iid_at(s, "C2")] == []
    s = _costing(position(field=[boar, eagle], ki=[0, 1]), "hunting_eagle", 1)
    s = do(s, kind="move", gate="C4", to="C3")
    s = do(s, kind="skill", gate="C2", skill=0, zone="C4")
    assert s.players[1].ki == 0


def test_a_location_skill_from_the_discard_needs_its_cost() -> None:
    s = _costing(position(discard=[["transient_phoenix"], []], ki=[0, 0]), "transient_phoenix", 1)
    assert _skills(s) == []
    phoenix = s.players[0].discard[0]
    assert _refusal(s, UseSkill.of(phoenix, 0, 19)) == \
        "Ravenous Rebirth costs 1 Ki, you have 0"
    s = s.copy()
    s.player(0).ki = 1
    assert _skills(s)


BAD_COST = """
[[card]]
id = "greedy_cat"
name = "Greedy Cat"
type = "summon"
movement = 1
attack = 1
defense = 0

[[card.skills]]
name = "Pounce"
kind = "normal"
effect = "damage"
cost = { ki = -1, gold = 2 }
"""


def test_a_bad_cost_is_reported_with_file_line_card_and_field(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text(BAD_COST, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(tmp_path)
    f = tmp_path / "cards.toml"
    msgs = err.value.errors
    assert any(m.startswith(f"{f}:14: card 'Greedy Cat': skills[0].cost.ki: ") for m in msgs), msgs
    assert f"{f}:14: card 'Greedy Cat': skills[0].cost.gold: unknown field" in msgs, msgs


def test_a_cost_in_the_pack_loads_and_shows_on_the_card_face(tmp_path: Path) -> None:
    from rules.kyoukai.pack import face

    (tmp_path / "cards.toml").write_text(BAD_COST.replace("ki = -1, gold = 2", "ki = 2"),
                                         encoding="utf-8")
    cards, _ = load(tmp_path)
    assert cards["greedy_cat"].skills[0].cost.ki == 2
    assert face(cards["greedy_cat"])["blocks"][0]["tag"] == "Normal · 2 Ki"


# --- discard = N: which hand cards travel in the intent's ``pay`` ---------------------------


def _hand(s: State, p: int = 0) -> tuple[int, ...]:
    return s.players[p].hand


def test_a_discard_cost_lists_one_intent_per_hand_card_and_is_paid_on_declaration() -> None:
    s = _costing(position(field=[CAT, FOX], hand=[["stone_throw", "punch"], []]),
                 "shadow_cat", discard=1)
    cat, fox_zone = iid_at(s, "C3"), intent(s, kind="skill", gate="C3", skill=0, zone="C1").zone
    hand = sorted(_hand(s))
    assert _skills(s) == [UseSkill.of(cat, 0, fox_zone, (c,)) for c in hand]
    stone = next(c for c in hand if s.cards[c] == "stone_throw")
    pick = UseSkill.of(cat, 0, fox_zone, (stone,))
    assert rs.describe(s, pick) == \
        "Shadow Cat: Shadow Strike (discard Stone Throw) → 2 damage to enemy Ember Fox (C1)"
    s = rs.apply(s, pick).state
    assert stone not in _hand(s) and stone in s.players[0].discard and len(_hand(s)) == 1
    assert s.seq is not None  # paid before anyone answers


def test_a_discard_cost_with_an_empty_hand_is_not_legal_and_says_why() -> None:
    s = _costing(position(field=[CAT, FOX], hand=[[], []]), "shadow_cat", discard=1)
    assert _skills(s) == []
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    assert _refusal(s, strike) == "Shadow Strike costs discarding 1 card; your hand is empty"


def test_a_pay_that_names_a_card_not_in_hand_is_refused() -> None:
    s = _costing(position(field=[CAT, FOX], hand=[["punch"], ["block"]]), "shadow_cat",
                 discard=1)
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    theirs = UseSkill.of(strike.gate, 0, strike.zone, (_hand(s, 1)[0],))
    assert "paid with 1 card from your hand" in _refusal(s, theirs)
    assert "paid with 1 card from your hand" in _refusal(s, strike)  # pay left out


def test_a_discard_of_two_lists_sorted_combinations() -> None:
    s = _costing(position(field=[CAT, FOX], hand=[["punch", "block", "stone_throw"], []]),
                 "shadow_cat", discard=2)
    pays = [i.pay for i in _skills(s)]
    a, b, c = sorted(_hand(s))
    assert pays == [(a, b), (a, c), (b, c)]


def test_a_skill_record_with_pay_round_trips_and_an_old_record_still_parses() -> None:
    i = UseSkill.of(7, 0, 3, (12, 4))
    assert rs.parse_intent(i.to_json()) == i
    assert rs.parse_intent({"kind": "skill", "gate": 7, "skill": 0, "zone": 3}) == \
        UseSkill.of(7, 0, 3, ())


@pytest.mark.parametrize(("field", "value"), [("discard", "-1"), ("rest", "9"),
                                              ("discard", '"one"')])
def test_a_bad_discard_or_rest_cost_names_file_line_and_field(tmp_path: Path, field: str,
                                                             value: str) -> None:
    text = BAD_COST.replace("ki = -1, gold = 2", f"{field} = {value}")
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(tmp_path)
    f = tmp_path / "cards.toml"
    assert any(m.startswith(f"{f}:14: card 'Greedy Cat': skills[0].cost.{field}: ")
               for m in err.value.errors), err.value.errors


def test_discard_and_rest_costs_show_on_the_card_face(tmp_path: Path) -> None:
    from rules.kyoukai.pack import face

    text = BAD_COST.replace("ki = -1, gold = 2", "ki = 1, discard = 1, rest = 1")
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    cards, _ = load(tmp_path)
    assert face(cards["greedy_cat"])["blocks"][0]["tag"] == "Normal · 1 Ki, discard 1, Rest 1"


# --- rest = N: which other Ready Gates travel in the intent's ``pay`` -----------------------

BOAR = {"card": "iron_boar", "owner": 0, "zone": "C4"}
AKI = {"card": "ronin_aki", "owner": 0, "zone": "E5", "ready": False}  # the Entrant, Rested


def test_a_rest_cost_lists_other_ready_gates_and_rests_them_on_declaration() -> None:
    s = _costing(position(field=[CAT, FOX, BOAR, AKI]), "shadow_cat", rest=1)
    cat, boar = iid_at(s, "C3"), iid_at(s, "C4")
    strikes = [i for i in _skills(s) if i.gate == cat]
    assert strikes and all(i.pay == (boar,) for i in strikes)
    strike = next(i for i in strikes if i.zone == intent(s, kind="skill", gate="C3", skill=0,
                                                           zone="C1").zone)
    assert rs.describe(s, strike) == \
        "Shadow Cat: Shadow Strike (Rest Iron Boar) → 2 damage to enemy Ember Fox (C1)"
    s = rs.apply(s, strike).state
    assert not s.gates[boar].ready and not s.gates[cat].ready and s.seq is not None


def test_a_rest_cost_without_another_ready_gate_is_not_legal_and_says_why() -> None:
    s = _costing(position(field=[CAT, FOX, AKI]), "shadow_cat", rest=1)
    assert [i for i in _skills(s) if i.gate == iid_at(s, "C3")] == []
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    assert _refusal(s, strike) == \
        "Shadow Strike costs Resting 1 other Ready Gate; you have 0"


def test_a_skill_cannot_rest_its_own_gate_or_an_enemy_gate_as_its_cost() -> None:
    s = _costing(position(field=[CAT, FOX, BOAR, AKI]), "shadow_cat", rest=1)
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    for wrong in (strike.gate, iid_at(s, "C1")):
        bad = UseSkill.of(strike.gate, 0, strike.zone, (wrong,))
        assert "other Ready Gate(s) of yours" in _refusal(s, bad)


def test_discard_and_rest_together_pay_hand_cards_first_then_gates() -> None:
    s = _costing(position(field=[CAT, FOX, BOAR, AKI], hand=[["stone_throw"], []]), "shadow_cat",
                 discard=1, rest=1)
    cat, boar, stone = iid_at(s, "C3"), iid_at(s, "C4"), _hand(s)[0]
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    pick = UseSkill.of(cat, 0, strike.zone, (stone, boar))
    assert pick in _skills(s)
    assert rs.describe(s, pick).startswith(
        "Shadow Cat: Shadow Strike (discard Stone Throw, Rest Iron Boar) → ")
    s = rs.apply(s, pick).state
    assert _hand(s) == [] and not s.gates[boar].ready


def test_the_log_names_the_paid_cards() -> None:
    s = _costing(position(field=[CAT, FOX, BOAR, AKI], hand=[["stone_throw"], []]), "shadow_cat",
                 discard=1, rest=1)
    strike = intent(s, kind="skill", gate="C3", skill=0, zone="C1")
    pick = UseSkill.of(strike.gate, 0, strike.zone,
                       (_hand(s)[0], iid_at(s, "C4")))
    texts = [e.text for e in rs.apply(s, pick).events]
    assert "Player 1: Shadow Cat uses Shadow Strike on Ember Fox (cost discard Stone Throw, " \
        "Rest Iron Boar)." in texts, texts
