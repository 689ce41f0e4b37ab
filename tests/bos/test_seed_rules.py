"""One test per seed rule of BOS (B-01…B-16), each asserting the rule's effect."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules
from rules.bos.intents import (
    Attack,
    Block,
    Cast,
    EndTurn,
    PlayerAttack,
    RevealBoss,
    TakeIt,
)
from tests.bos.helpers import RS, iid, play, position, summon


def test_B01_a_spell_is_paid_revealed_resolved_then_put_in_the_graveyard() -> None:
    st = position(vim=[5, 2], summon=[summon("reef_crab", 1, 0)])
    fire = iid(st, "fireball")  # 2 vim: deal 3 damage to a summon
    out = RS.apply(st, Cast(card=fire, target=iid(st, "reef_crab")))
    after = out.state
    assert after.sides[0].vim == 3
    assert fire not in after.sides[0].spellbook and after.sides[0].graveyard[-1] == fire
    assert after.sides[1].slots[0] == -1  # the crab (3) took 3 and was defeated
    cast = next(e for e in out.events if e.kind == "cast")
    assert "Fireball" in cast.text and 1 in cast.reveals  # revealed to the opponent


def test_B01_a_spell_costing_more_vim_than_you_have_is_refused() -> None:
    st = position(vim=[1, 2], summon=[summon("reef_crab", 1, 0)])
    with pytest.raises(rules.IllegalIntent, match="costs 2 vim; you have 1"):
        RS.apply(st, Cast(card=iid(st, "fireball"), target=iid(st, "reef_crab")))


def test_B02_a_conditional_spell_is_cast_only_while_its_condition_holds() -> None:
    st = position(vim=[8, 2])
    vengeance = iid(st, "vengeance")  # Your life is 15 or less: 6 damage to your opponent
    with pytest.raises(rules.IllegalIntent, match="Your life is 15 or less"):
        RS.apply(st, Cast(card=vengeance))
    st = position(vim=[8, 2], life=[15, 30])
    after = play(st, Cast(card=iid(st, "vengeance")))
    assert after.sides[1].life == 24


def test_B03_an_enchant_goes_under_any_card_and_to_its_casters_graveyard_when_it_leaves() -> None:
    st = position(vim=[8, 2], summon=[summon("reef_crab", 1, 0), summon("ember_hound", 0, 1)])
    crab, fury = iid(st, "reef_crab"), iid(st, "battle_fury")  # +2 Strength
    st = play(st, Cast(card=fury, target=crab))  # the opponent's card
    assert st.units[crab].under == (fury,) and st.units[crab].strength == 5
    assert fury not in st.sides[0].graveyard
    st = play(st, Cast(card=iid(st, "fireball"), target=crab))  # 3 of 5
    st = play(st, Attack(card=iid(st, "ember_hound"), target=crab))  # 3 vs 2: defeated
    assert crab in st.sides[1].graveyard
    assert fury in st.sides[0].graveyard and fury not in st.sides[1].graveyard


def test_B04_attacking_turns_the_summon_sideways_and_it_cannot_act_until_ready() -> None:
    st = position(summon=[summon("magma_brute", 0, 0), summon("reef_crab", 1, 1),
                          summon("storm_gull", 1, 2)])
    brute = iid(st, "magma_brute")
    st = play(st, Attack(card=brute, target=iid(st, "storm_gull")))
    assert st.units[brute].acted
    with pytest.raises(rules.IllegalIntent, match="has acted"):
        RS.apply(st, Attack(card=brute, target=iid(st, "reef_crab")))
    st = play(st, EndTurn())
    while st.active != 0:
        st = play(st, RS.legal_intents(st)[-1])  # the opponent ends its turn
    assert not st.units[brute].acted  # ready again at its owner's Startup


def test_B05_a_summon_may_attack_any_summon_anywhere_its_own_included() -> None:
    st = position(summon=[summon("magma_brute", 0, 0), summon("ember_hound", 0, 2),
                          summon("reef_crab", 1, 2)])
    brute, hound, crab = iid(st, "magma_brute"), iid(st, "ember_hound"), iid(st, "reef_crab")
    legal = RS.legal_intents(st)
    assert Attack(card=brute, target=crab) in legal  # another column
    assert Attack(card=brute, target=hound) in legal  # its own side
    after = play(st, Attack(card=brute, target=hound))
    assert after.units[brute].strength == 4 and hound in after.sides[0].graveyard


def test_B06_both_take_damage_only_up_to_their_own_strength_and_it_stays_reduced() -> None:
    st = position(summon=[summon("ember_hound", 0, 0, strength=500),
                          summon("storm_gull", 1, 1)])
    hound = iid(st, "ember_hound")
    st = play(st, Attack(card=hound, target=iid(st, "storm_gull")))  # 500 vs 2
    assert st.units[hound].strength == 498
    assert iid(st, "storm_gull") in st.sides[1].graveyard
    st = play(st, EndTurn())
    assert st.units[hound].strength == 498  # Strength is health: it does not come back


def test_B07_a_defeated_summon_uses_its_on_defeat_ability_then_goes_to_the_graveyard() -> None:
    st = position(summon=[summon("cinder_imp", 0, 0), summon("reef_crab", 1, 1)])
    imp = iid(st, "cinder_imp")  # Last Spark: when defeated, 2 damage to your opponent
    out = RS.apply(st, Attack(card=imp, target=iid(st, "reef_crab")))
    kinds = [e.kind for e in out.events]
    assert out.state.sides[1].life == 28 and imp in out.state.sides[0].graveyard
    assert kinds.index("defeat") < kinds.index("life")
    assert out.state.defeated == (1, 0)


def test_B08_a_player_attack_needs_no_opposing_summon_in_the_column_wizards_ignored() -> None:
    st = position(summon=[summon("ember_hound", 0, 0), summon("furnace_guard", 0, 1),
                          summon("reef_crab", 1, 0)])
    hound, guard = iid(st, "ember_hound"), iid(st, "furnace_guard")
    with pytest.raises(rules.IllegalIntent, match="Reef Crab stands in front of Ember Hound"):
        RS.apply(st, PlayerAttack(card=hound, player=1))
    assert PlayerAttack(card=guard, player=1) in RS.legal_intents(st)  # column 2 is open
    st = play(st, PlayerAttack(card=guard, player=1))  # the crab is adjacent: a block choice
    assert st.step == "block" and RS.to_act(st) == 1


def test_B09_the_defender_may_block_with_an_adjacent_summon_moved_in_at_no_cost() -> None:
    st = position(summon=[summon("furnace_guard", 0, 1), summon("reef_crab", 1, 0),
                          summon("storm_gull", 1, 2)], vim=[2, 3])
    guard, crab = iid(st, "furnace_guard"), iid(st, "reef_crab")
    st = play(st, PlayerAttack(card=guard, player=1))
    assert set(RS.legal_intents(st)) == {Block(card=crab), Block(card=iid(st, "storm_gull")),
                                         TakeIt()}
    st = play(st, Block(card=crab))
    assert st.sides[1].slots == (-1, -1, iid(st, "storm_gull"))  # moved in, then defeated
    assert st.sides[1].vim == 3 and st.sides[1].life == 30  # no cost, no life lost
    assert st.units[guard].strength == 1  # a normal battle: 4 vs 3
    assert crab in st.sides[1].graveyard


def test_B09_a_summon_two_columns_away_cannot_block() -> None:
    st = position(summon=[summon("furnace_guard", 0, 0), summon("storm_gull", 1, 2)])
    gull = iid(st, "storm_gull")
    st = play(st, PlayerAttack(card=iid(st, "furnace_guard"), player=1))
    # No adjacent summon, no boss: nobody can block, so the attack lands at once.
    assert st.step == "main" and st.sides[1].life == 26
    assert RS.legal_intents(st, gull) == []


def test_B09_a_blocker_moves_into_the_attacked_column() -> None:
    st = position(summon=[summon("ember_hound", 0, 1, strength=1),
                          summon("shell_knight", 1, 2)])
    knight = iid(st, "shell_knight")
    st = play(st, PlayerAttack(card=iid(st, "ember_hound"), player=1), Block(card=knight))
    assert st.sides[1].slots == (-1, knight, -1)


def test_B10_unblocked_the_defender_loses_life_equal_to_strength_the_attacker_takes_none() -> None:
    st = position(summon=[summon("magma_brute", 0, 1), summon("reef_crab", 1, 0)])
    brute = iid(st, "magma_brute")
    st = play(st, PlayerAttack(card=brute, player=1), TakeIt())
    assert st.sides[1].life == 23 and st.units[brute].strength == 7


def test_B11_a_player_who_has_not_started_cannot_be_attacked_or_affected() -> None:
    st = RS.new_game(seed=0)  # Player 1's first turn: Player 2 has not arrived
    assert st.sides[1].turns == 0
    st = play(st, *[i for i in RS.legal_intents(st) if i.kind == "summon"][:1])
    while st.step != "main":
        st = play(st, RS.legal_intents(st)[-1])
    spells = [i for i in RS.legal_intents(st) if i.kind == "cast"]
    assert not any(i.player == 1 for i in spells)  # no spell reaches Player 2
    hound = next(iter(st.units))
    st = st.copy()
    st.side(0).vim = 9
    st.units = {hound: replace(st.units[hound], acted=False)}
    with pytest.raises(rules.IllegalIntent, match="has not started their first turn"):
        RS.apply(st, PlayerAttack(card=hound, player=1))
    with pytest.raises(rules.IllegalIntent, match="B-11"):
        RS.apply(st, Cast(card=iid(st, "flame_burst"), player=1))


def test_B12_you_may_attack_yourself() -> None:
    st = position(summon=[summon("ember_hound", 0, 0), summon("reef_crab", 1, 0)])
    hound = iid(st, "ember_hound")
    assert PlayerAttack(card=hound, player=0) in RS.legal_intents(st)
    st = play(st, PlayerAttack(card=hound, player=0))
    assert st.sides[0].life == 27 and st.sides[1].life == 30


def test_B13_a_boss_turns_face_up_once_its_condition_holds_then_acts_like_a_summon() -> None:
    st = position(decks=["Grove Wardens", "Tide Circle"], summon=[summon("reef_crab", 1, 0)])
    treant = iid(st, "elder_treant")  # Your life is 15 or less
    with pytest.raises(rules.IllegalIntent, match="Your life is 15 or less"):
        RS.apply(st, RevealBoss(card=treant))
    st = position(decks=["Grove Wardens", "Tide Circle"], life=[15, 30],
                  summon=[summon("reef_crab", 1, 0)])
    st = play(st, RevealBoss(card=treant))
    assert st.sides[0].boss_state == "up" and st.units[treant].strength == 16
    crab = iid(st, "reef_crab")
    st = play(st, Attack(card=treant, target=crab))  # it attacks like a summon
    assert st.units[treant].strength == 13 and st.units[treant].acted


def test_B14_summon_effects_skip_bosses_and_boss_effects_skip_summons() -> None:
    st = position(decks=["Ember Court", "Grove Wardens"], life=[30, 15], vim=[8, 2],
                  boss_up=[False, True], summon=[summon("thorn_boar", 1, 0)])
    treant, boar = iid(st, "elder_treant"), iid(st, "thorn_boar")
    fire, slayer = iid(st, "fireball"), iid(st, "tyrant_slayer")
    with pytest.raises(rules.IllegalIntent, match="B-14"):
        RS.apply(st, Cast(card=fire, target=treant))
    with pytest.raises(rules.IllegalIntent, match="B-14"):
        RS.apply(st, Cast(card=slayer, target=boar))
    st = play(st, Cast(card=slayer, target=treant))
    assert st.units[treant].strength == 10


def test_B15_a_boss_blocks_a_player_attack_in_any_column_without_moving() -> None:
    st = position(decks=["Ember Court", "Grove Wardens"], life=[30, 15], boss_up=[False, True],
                  summon=[summon("ember_hound", 0, 0), summon("wild_stag", 1, 2)])
    treant, hound = iid(st, "elder_treant"), iid(st, "ember_hound")
    st = play(st, PlayerAttack(card=hound, player=1))
    assert Block(card=treant) in RS.legal_intents(st)  # column 1: no adjacent summon
    st = play(st, Block(card=treant))
    assert st.sides[1].slots == (-1, -1, iid(st, "wild_stag"))
    assert st.units[treant].strength == 13 and hound in st.sides[0].graveyard


def test_B16_a_boss_attacks_the_opponent_only_into_a_completely_open_battlefield() -> None:
    st = position(decks=["Grove Wardens", "Tide Circle"], life=[15, 30], boss_up=[True, False],
                  summon=[summon("reef_crab", 1, 2)])
    treant = iid(st, "elder_treant")
    with pytest.raises(rules.IllegalIntent, match="B-16"):
        RS.apply(st, PlayerAttack(card=treant, player=1))
    st = position(decks=["Grove Wardens", "Tide Circle"], life=[15, 30], boss_up=[True, False])
    st = play(st, PlayerAttack(card=treant, player=1))
    assert st.sides[1].life == 14


def test_B11_an_opponent_spell_before_they_arrive_is_cast_but_does_not_affect_them() -> None:
    # The seed: "any ability that would effect them does not" (it is not forbidden).
    st = position(vim=[8, 2], life=[15, 30], turns=[1, 0])
    vengeance = iid(st, "vengeance")  # Your life is 15 or less: 6 damage to your opponent
    assert Cast(card=vengeance) in RS.legal_intents(st)
    out = RS.apply(st, Cast(card=vengeance))
    assert out.state.sides[1].life == 30 and out.state.sides[0].vim == 4
    assert vengeance in out.state.sides[0].graveyard
    assert any("has not arrived" in e.text for e in out.events)


def test_B07_a_card_put_on_the_other_side_by_hand_goes_to_its_owners_graveyard() -> None:
    # The seed: "Send it to the owner's graveyard" (and a Banish returns a summon "to its
    # owner's castle"), whoever had it on their side.
    for quiet in (False, True):
        st = position(vim=[8, 2], summon=[summon("ember_hound", 0, 0), summon("reef_crab", 1, 2)])
        hound, crab = iid(st, "ember_hound"), iid(st, "reef_crab")
        # Player 1's crab moved to Player 2's column 2... and Player 2's to Player 1's side:
        st = st.copy()
        st.units[hound] = replace(st.units[hound], owner=1)
        st.side(0).slots = (-1, -1, -1)
        st.side(1).slots = (hound, -1, crab)
        fire = iid(st, "fireball")  # 3 damage: the hound (3) is defeated
        after = RS.apply(st, Cast(card=fire, target=hound), quiet=quiet).state
        assert hound in after.sides[0].graveyard and hound not in after.sides[1].graveyard
        assert after.sides[1].slots == (-1, -1, crab)
        banish = iid(st, "banish")
        after = RS.apply(st, Cast(card=banish, target=hound), quiet=quiet).state
        assert hound in after.sides[0].castle and hound not in after.sides[1].castle
