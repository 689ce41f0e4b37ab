"""Seed rules K-12 … K-20: Fast Gates and Skills, Passives, Branches, special locations,
Primal Instinct, attacking your own Gates."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import IllegalIntent
from rules.core.errors import DataError
from rules.core.state import replaced
from rules.kyoukai.cards import Skill
from rules.kyoukai.intents import Attack, Move, OpenGate, UseSkill
from rules.kyoukai.scenario import parse_zone as Z
from tests.kyoukai.helpers import at, do, iid_at, kinds, pass_all, position, rs

EAGLE = {"card": "hunting_eagle", "owner": 1, "zone": "C2"}  # Fast Skill: Rapid Instinct
BOAR = {"card": "iron_boar", "owner": 0, "zone": "C4"}


def _skills(state, gate):  # type: ignore[no-untyped-def]
    return [i for i in rs.legal_intents(state) if isinstance(i, UseSkill) and i.gate == gate]


def test_K12_fast_skill_answers_by_resting_its_ready_gate() -> None:
    s = position(field=[BOAR, EAGLE])
    s = do(s, kind="move", gate="C4", to="C3")
    eagle = iid_at(s, "C2")
    assert _skills(s, eagle)  # the opponent's Ready Eagle may answer
    s = do(s, kind="skill", gate="C2", skill=0, zone="C4")
    assert s.gates[eagle].ready is False
    assert [i.kind for i in s.seq.stack] == ["move", "skill"]


def test_K12_a_gate_that_took_its_turn_action_cannot_answer_with_its_fast_skill() -> None:
    s = position(field=[{"card": "hunting_eagle", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 1, "zone": "A3"}],
                 hand=[[], ["punch"]], active=0)
    eagle = iid_at(s, "C3")
    s = pass_all(do(s, kind="move", gate="C3", to="B3"))
    s = do(s, kind="end_action")
    s = do(s, kind="end_step")  # End step Sequence: the opponent acts … nothing to answer
    assert not _skills(s, eagle)


def test_K12_normal_skills_are_turn_actions_only() -> None:
    s = position(field=[{"card": "shadow_cat", "owner": 1, "zone": "C2"}, BOAR])
    cat = iid_at(s, "C2")
    s = do(s, kind="move", gate="C4", to="C3")
    assert not _skills(s, cat)  # Shadow Strike is Normal: no answering with it
    with pytest.raises(IllegalIntent, match="Fast"):
        rs.apply(s, UseSkill(gate=cat, skill=0, zone=Z("C3")))


def test_K12_fast_skill_can_also_be_a_turn_action() -> None:
    s = position(field=[{"card": "hunting_eagle", "owner": 0, "zone": "C3"},
                        {"card": "hunting_eagle", "owner": 1, "zone": "C1"}])
    eagle = iid_at(s, "C3")
    assert _skills(s, eagle)
    s = pass_all(do(s, kind="skill", gate="C3", skill=0, zone="C1"))
    assert at(s, "C1") == "empty" and s.gates[eagle].ready is False


def test_K13_fast_gates_open_in_response_normal_gates_do_not() -> None:
    s = position(field=[BOAR, {"card": "iron_boar", "owner": 1, "zone": "B4"}],
                 hand=[[], ["counter_spark", "punch"]], ki=[3, 3])
    s = do(s, kind="move", gate="C4", to="C3")
    opens = {s.cards[i.card] for i in rs.legal_intents(s) if isinstance(i, OpenGate)}
    assert opens == {"counter_spark"}
    punch = next(c for c in s.players[1].hand if s.cards[c] == "punch")
    with pytest.raises(IllegalIntent, match="not Fast"):
        rs.apply(s, OpenGate(card=punch, zone=Z("C4")))
    s = do(s, kind="open", card="counter_spark", zone="C4")
    assert [i.kind for i in s.seq.stack] == ["move", "open"]


def test_K13_fast_gates_answer_any_sequence_including_the_end_step() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 1, "zone": "C2"}],
                 hand=[[], ["counter_spark"]], ki=[0, 1])
    s = do(s, kind="end_step")
    assert any(isinstance(i, OpenGate) for i in rs.legal_intents(s))


def test_K14_passive_skills_never_start_or_join_a_sequence() -> None:
    s = position(field=[{"card": "impeding_golem", "owner": 0, "zone": "C3"},
                        {"card": "basic_slime", "owner": 0, "zone": "C4"}])
    for gate in (iid_at(s, "C3"), iid_at(s, "C4")):
        assert not _skills(s, gate)
        with pytest.raises(IllegalIntent):
            rs.apply(s, UseSkill(gate=gate, skill=0, zone=-1))


def test_K15_a_passive_lets_impeding_golem_open_as_if_fast() -> None:
    s = position(field=[BOAR, {"card": "iron_boar", "owner": 1, "zone": "B1"}],
                 hand=[[], ["impeding_golem", "iron_boar"]], ki=[3, 5])
    s = do(s, kind="move", gate="C4", to="C3")
    opened = {s.cards[i.card] for i in rs.legal_intents(s) if isinstance(i, OpenGate)}
    assert opened == {"impeding_golem"}
    s = pass_all(do(s, kind="open", card="impeding_golem", zone="C1"))
    assert at(s, "C1") == "impeding_golem"


def test_K15_the_passive_works_on_a_normal_gate_too() -> None:
    # The seed: a Passive may let "a Gate" be opened as if it were a Fast Gate; a Normal
    # Gate (a spell) with it answers a Sequence like a Fast one, and explain agrees.
    s = position(field=[BOAR, {"card": "iron_boar", "owner": 1, "zone": "B4"}],
                 hand=[[], ["punch"]], ki=[3, 3])
    punch = s.catalog["punch"]
    stubborn = Skill(name="Stubborn", kind="passive", effect="open_as_fast")
    s = replaced(s, catalog={
        **s.catalog, "punch": punch.model_copy(update={"skills": (stubborn,)})})
    s = do(s, kind="move", gate="C4", to="C3")
    opens = [i for i in rs.legal_intents(s) if isinstance(i, OpenGate)]
    assert {s.cards[i.card] for i in opens} == {"punch"}
    s = pass_all(do(s, kind="open", card="punch", zone="C4"))
    assert at(s, "C4") == "empty"  # Punch (3) beat the Boar's Defense 2 before it moved
    assert "punch" in [s.cards[c] for c in s.players[1].discard]


def test_K16_basic_slime_readies_a_summon_of_whoever_discarded_it() -> None:
    # Player 0 punches the opponent's Slime: player 0 Readies one of *their* Summons.
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3", "ready": False},
                        {"card": "basic_slime", "owner": 1, "zone": "C2"},
                        {"card": "iron_boar", "owner": 1, "zone": "A3", "ready": False}],
                 hand=[["punch"], []], ki=[3, 0])
    s = pass_all(do(s, kind="open", card="punch", zone="C2"))
    assert at(s, "C2") == "empty"
    assert s.gates[iid_at(s, "C3")].ready is True
    assert s.gates[iid_at(s, "A3")].ready is False


def test_K16_own_slime_counts_and_a_choice_is_offered_between_several() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3"},
                        {"card": "basic_slime", "owner": 0, "zone": "C2"},
                        {"card": "moss_turtle", "owner": 0, "zone": "B4", "ready": False},
                        {"card": "moss_turtle", "owner": 0, "zone": "D4", "ready": False}])
    s = pass_all(do(s, kind="attack", gate="C3", zone="C2"))  # K-20: own Slime
    assert s.pending is not None and s.pending.player == 0
    assert kinds(s) == {"choose"}
    # Options: the Boar that just Rested and both Turtles.
    assert set(s.pending.options) == {iid_at(s, "C3"), iid_at(s, "B4"), iid_at(s, "D4")}
    s = do(s, kind="choose", gate="D4")
    assert s.gates[iid_at(s, "D4")].ready is True and s.pending is None


def test_K17_branch_skill_applies_moves_with_its_host_and_is_discarded_with_it() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3",
                         "branches": ["thorn_vine"]},
                        {"card": "iron_boar", "owner": 1, "zone": "C1"}])
    boar = iid_at(s, "C3")
    s = pass_all(do(s, kind="move", gate="C3", to="C2"))
    assert s.gates[boar].branches  # the Branch came along
    s = pass_all(do(s, kind="attack", gate="C2", zone="C1"))  # Attack 2 + 1 vs Defense 2
    assert at(s, "C1") == "empty"
    # Now the host leaves the field: its Branch goes to the Discard.
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3",
                         "branches": ["thorn_vine"]}], hand=[["recall"], []])
    s = pass_all(do(s, kind="open", card="recall", zone="C3"))
    assert rs.facts(s)["p0.discard"] == ["recall", "thorn_vine"]
    assert "iron_boar" in rs.facts(s)["p0.hand"]


def test_K17_opening_a_branch_gate_branches_it_and_a_skill_less_branch_gives_nothing() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 0, "zone": "C3"}],
                 hand=[["ward_sprite", "graft"], []], discard=[["moss_turtle"], []])
    s = pass_all(do(s, kind="open", card="ward_sprite", zone="C3"))
    boar = iid_at(s, "C3")
    assert [s.cards[b] for b in s.gates[boar].branches] == ["ward_sprite"]
    s = pass_all(do(s, kind="open", card="graft", zone="C3"))
    assert [s.cards[b] for b in s.gates[boar].branches] == ["ward_sprite", "moss_turtle"]
    assert s.defense_of(boar) == 2 + 1  # Warding +1; the Turtle adds nothing
    assert s.attack_of(boar) == 2


def test_K18_special_location_skill_is_used_only_from_the_discard() -> None:
    s = position(field=[{"card": "transient_phoenix", "owner": 0, "zone": "C3"}],
                 discard=[["transient_phoenix"], []])
    on_field = iid_at(s, "C3")
    in_discard = s.players[0].discard[0]
    legal = rs.legal_intents(s)
    assert not any(isinstance(i, UseSkill) and i.gate == on_field for i in legal)
    rebirth = {i.zone for i in legal if isinstance(i, UseSkill) and i.gate == in_discard}
    assert rebirth == {Z("D5"), Z("E4")}  # empty zones bordering the Entrant in E5
    s = pass_all(do(s, kind="skill", gate=in_discard, skill=0, zone="D5"))
    assert at(s, "D5") == "transient_phoenix" and s.players[0].discard == []
    assert s.gates[iid_at(s, "D5")].ready is False


def test_K18_location_skill_follows_normal_timing_not_in_response() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 1, "zone": "C2"}],
                 discard=[["transient_phoenix"], []], active=1)
    s = do(s, kind="move", gate="C2", to="C3")
    assert not any(isinstance(i, UseSkill) for i in rs.legal_intents(s))


def test_K19_primal_instinct_that_discards_a_summon_moves_and_attacks_again() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 1, "zone": "C2"},
                        {"card": "iron_boar", "owner": 1, "zone": "A2"}])
    lion = iid_at(s, "C3")
    s = pass_all(do(s, kind="skill", gate="C3", skill=0, zone="C2"))
    assert at(s, "C2") == "empty" and s.action is not None and s.action.stage == "bonus"
    assert any(isinstance(i, Move) and i.gate == lion for i in rs.legal_intents(s))
    s = pass_all(do(s, kind="move", gate="C3", to="B2"))
    assert {i.kind for i in rs.legal_intents(s)} == {"attack", "end_action"}
    s = pass_all(do(s, kind="attack", gate="B2", zone="A2"))
    assert s.action is None


def test_K19_primal_instinct_that_does_not_discard_gives_nothing_more() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "moss_turtle", "owner": 1, "zone": "C2"}])
    s = pass_all(do(s, kind="skill", gate="C3", skill=0, zone="C2"))
    assert at(s, "C2") == "moss_turtle" and s.action is None


def test_K20_you_may_attack_your_own_gates() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 0, "zone": "C2"}])
    lion = iid_at(s, "C3")
    assert Attack(gate=lion, zone=Z("C2")) in rs.legal_intents(s)
    s = pass_all(do(s, kind="attack", gate="C3", zone="C2"))
    assert at(s, "C2") == "empty"


SPELL_WITH_SKILL = """
[[card]]
id = "odd_spell"
name = "Odd Spell"
type = "fast"
cost = 1
effect = "draw"
amount = 1

[[card.skills]]
name = "Echo"
kind = "fast"
effect = "draw"
"""


def test_K12_only_summons_spirits_and_entrants_may_have_normal_or_fast_skills(
        tmp_path: Path) -> None:
    # The seed: Normal/Fast Gate Skills are used by Resting the Gate, "and only Summons,
    # Spirits, and Entrants can have them". On a Normal or Fast Gate such a Skill could never
    # be used, so the pack refuses it with its file and line instead of ignoring it.
    from rules.kyoukai.ruleset import load

    (tmp_path / "cards.toml").write_text(SPELL_WITH_SKILL, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(tmp_path)
    assert err.value.errors == [
        f"{tmp_path / 'cards.toml'}:2: card 'Odd Spell': (card): a fast Gate cannot have the "
        "fast Skill 'Echo': only Summons, Spirits and Entrants have Normal or Fast Skills"]
    passive = SPELL_WITH_SKILL.replace('kind = "fast"\neffect = "draw"',
                                       'kind = "passive"\neffect = "open_as_fast"')
    (tmp_path / "cards.toml").write_text(passive, encoding="utf-8")
    assert load(tmp_path)[0]["odd_spell"].skills[0].kind == "passive"  # other kinds are fine
