"""One test per seed rule (D-01 ... D-12), named after it, plus the house rules the spec adds
(HP cards, attacks, the hidden speed choice)."""

from __future__ import annotations

import pytest

import rules
from rules.agents.greedy import GreedyAgent
from rules.dreadnought.intents import (
    Attack,
    Block,
    CastDummy,
    CastUnit,
    Check,
    ChooseSpeed,
    DiscardUnit,
    GearChange,
    MoveUnit,
    Pass,
    PayLog,
    SwapAreas,
    UseAbility,
)
from rules.dreadnought.state import EMPTY, HP_CARDS
from tests.dreadnought.helpers import RS, iid, legal_kinds, play, position


# ---- D-01 ------------------------------------------------------------------------------
def test_D01_speed_cards_are_revealed_together_and_the_faster_takes_speed_actions_first() -> None:
    s = position(phase="choose", hand=[["stone_pup", "quick_fox"], ["ember_imp", "mist_courier"]])
    assert s.phase == "choose" and RS.to_act(s) == 0
    s = play(s, ChooseSpeed(card=iid(s, "stone_pup", 0)))  # grade E
    # The first choice is a hidden commitment: Closed, and masked for the other player.
    assert s.players[0].closed and RS.to_act(s) == 1
    assert RS.view(s, 1).cards[s.players[0].speed] == "hidden"
    assert RS.view(s, 0).cards[s.players[0].speed] == "stone_pup"
    s = play(s, ChooseSpeed(card=iid(s, "ember_imp", 1)))  # grade C
    assert not s.players[0].closed and not s.players[1].closed  # both open together
    assert s.phase == "speed" and s.faster == 1 and RS.to_act(s) == 1
    # The faster player acts any number of times, then passes; then the slower player.
    s = play(s, GearChange(card=iid(s, "mist_courier", 1)))
    assert RS.to_act(s) == 1
    s = play(s, Pass())
    assert RS.to_act(s) == 0 and s.phase == "speed"


def test_D01_a_tie_discards_both_speed_cards_and_reveals_again() -> None:
    s = position(phase="choose", hand=[["ember_imp", "quick_fox"], ["storm_hound", "stone_pup"]])
    s = play(s, ChooseSpeed(card=iid(s, "ember_imp", 0)),
             ChooseSpeed(card=iid(s, "storm_hound", 1)))  # C and C
    assert s.phase == "choose" and s.ties == 1
    assert s.cards[s.players[0].log[-1]] == "ember_imp"
    assert s.cards[s.players[1].log[-1]] == "storm_hound"
    s = play(s, ChooseSpeed(card=iid(s, "quick_fox", 0)), ChooseSpeed(card=iid(s, "stone_pup", 1)))
    assert s.phase == "speed" and s.faster == 0



def test_D01_after_the_faster_passes_the_slower_acts_and_the_faster_gets_no_priority_back(
) -> None:
    # Seed: "After the faster player has declared 'pass', then the priority is moved to the
    # slower player"; the second comparison comes "after all players have finished".
    s = position(phase="speed", first=0, speed=["quick_fox", "stone_pup"],
                 hand=[["scout_drone"], ["gale_lancer", "ember_imp"]])
    assert RS.to_act(s) == 0  # the slower player waits
    with pytest.raises(rules.IllegalIntent):
        RS.apply(s, GearChange(card=iid(s, "gale_lancer", 1)))
    s = play(s, Pass())
    assert RS.to_act(s) == 1
    s = play(s, GearChange(card=iid(s, "gale_lancer", 1)))
    assert RS.to_act(s) == 1 and s.phase == "speed"  # still the slower player's priority
    s = play(s, Pass())
    # Nobody gets priority back: the second comparison (A vs A: a tie keeps player 1 first).
    assert s.phase == "cast" and s.compared == 2 and not s.players[1].closed

# ---- D-02 ------------------------------------------------------------------------------
def test_D02_gear_change_discards_the_speed_card_puts_one_closed_once_per_turn() -> None:
    s = position(phase="speed", first=0, speed=["stone_pup", "ember_imp"],
                 hand=[["scout_drone", "quick_fox"], []])
    old = s.players[0].speed
    s = play(s, GearChange(card=iid(s, "scout_drone", 0)))
    pl = s.players[0]
    assert old in pl.log and pl.closed and s.cards[pl.speed] == "scout_drone"
    assert RS.view(s, 1).cards[pl.speed] == "hidden"
    with pytest.raises(rules.IllegalIntent, match="once per turn"):
        RS.apply(s, GearChange(card=iid(s, "quick_fox", 0)))
    # Opened at the second comparison.
    s = play(s, Pass(), Pass())
    assert not s.players[0].closed and s.phase == "cast"



def test_D02_gear_change_is_a_speed_action_only() -> None:
    s = position(phase="cast", hand=[["scout_drone", "quick_fox"], []],
                 speed=["stone_pup", "ember_imp"])
    with pytest.raises(rules.IllegalIntent):
        RS.apply(s, GearChange(card=iid(s, "scout_drone", 0)))

# ---- D-03 ------------------------------------------------------------------------------
def test_D03_a_casters_speed_ability_is_a_speed_action() -> None:
    s = position(phase="speed", first=1, speed=["ember_imp", "stone_pup"])
    vale = s.players[0].casters[0]  # Captain Vale: Full Throttle raises the speed grade
    s = play(s, Pass())  # player 2 (faster here as set) passes
    assert RS.to_act(s) == 0
    use = UseAbility(source=vale, index=0, target=-1)
    assert use in RS.legal_intents(s)
    s = play(s, use)
    assert s.players[0].shift == 1 and RS.to_act(s) == 0  # still player 1: any number of times
    assert use not in RS.legal_intents(s)  # each ability once per turn


# ---- D-04 ------------------------------------------------------------------------------
def test_D04_the_second_comparison_decides_the_first_player() -> None:
    s = position(phase="speed", first=0, speed=["ember_imp", "stone_pup"],
                 hand=[[], ["scout_drone"]])
    s = play(s, Pass(), GearChange(card=iid(s, "scout_drone", 1)), Pass())
    # A (Gear Change) beats C: player 2 is the first player of the Cast phase.
    assert s.first == 1 and s.phase == "cast" and RS.to_act(s) == 1
    assert s.compared == 2 and s.grades == (2, 0)


def test_D04_a_tie_at_the_second_comparison_keeps_the_first_comparisons_faster() -> None:
    s = position(phase="speed", first=1, speed=["ember_imp", "storm_hound"])
    s = play(s, Pass(), Pass())
    assert s.first == 1


# ---- D-05 ------------------------------------------------------------------------------
def test_D05_cast_phase_first_player_casts_any_number_of_times_then_the_other() -> None:
    s = position(phase="cast", first=1, hand=[["quick_fox"], ["quick_fox", "stone_pup"]])
    assert RS.to_act(s) == 1
    s = play(s, CastUnit(card=iid(s, "quick_fox", 1), slot=0))
    assert RS.to_act(s) == 1
    s = play(s, CastUnit(card=iid(s, "stone_pup", 1), slot=2), Pass())
    assert RS.to_act(s) == 0 and s.phase == "cast"
    s = play(s, Pass())
    assert s.phase == "fast" and RS.to_act(s) == 1


# ---- D-06 ------------------------------------------------------------------------------
def test_D06_cast_pays_the_log_cost_with_chosen_hand_cards_one_at_a_time() -> None:
    s = position(phase="cast", hand=[["thunder_drake", "quick_fox", "stone_pup", "ember_imp",
                                      "mist_courier"], []])
    drake = iid(s, "thunder_drake", 0)  # L, log-cost 3
    s = play(s, CastUnit(card=drake, slot=0))
    assert s.paying is not None and legal_kinds(s) == {"pay"}
    s = play(s, PayLog(card=iid(s, "stone_pup", 0)), PayLog(card=iid(s, "ember_imp", 0)))
    assert s.paying is not None and s.paying.left == 1
    s = play(s, PayLog(card=iid(s, "mist_courier", 0)))
    pl = s.players[0]
    assert pl.slots[0] == drake and not s.units[drake].checked
    assert [s.cards[i] for i in pl.log] == ["stone_pup", "ember_imp", "mist_courier"]
    assert [s.cards[i] for i in pl.hand] == ["quick_fox"]


def test_D06_size_rules_refuse_a_unit_that_does_not_fit_with_the_reason() -> None:
    s = position(phase="cast", hand=[["gale_lancer", "quick_fox"], []],
                 slots=[["iron_sentinel", "", "", ""], ["", "", "", ""]])
    lancer = iid(s, "gale_lancer", 0)  # M next to an M: 2 + 2 > 3
    with pytest.raises(rules.IllegalIntent, match="M unit: this area has 1 of 3 size left"):
        RS.apply(s, CastUnit(card=lancer, slot=1))
    assert CastUnit(card=lancer, slot=2) in RS.legal_intents(s)
    assert CastUnit(card=iid(s, "quick_fox", 0), slot=1) in RS.legal_intents(s)


def test_D06_a_unit_may_be_cast_from_the_speed_area() -> None:
    s = position(phase="cast", speed=["quick_fox", ""])
    fox = s.players[0].speed
    s = play(s, CastUnit(card=fox, slot=3))
    assert s.players[0].slots[3] == fox and s.players[0].speed == EMPTY



def test_D06_a_cast_unit_enters_in_normal_state_and_may_attack() -> None:
    s = position(phase="cast", hand=[["storm_hound", "quick_fox"], []])
    hound = iid(s, "storm_hound", 0)
    s = play(s, CastUnit(card=hound, slot=0), PayLog(card=iid(s, "quick_fox", 0)))
    assert not s.units[hound].checked and not s.units[hound].dummy
    s = play(s, Pass(), Pass(), Pass(), Pass())  # Cast, then Fast phase over
    assert s.phase == "action" and Check(unit=hound) in RS.legal_intents(s)

# ---- D-07 ------------------------------------------------------------------------------
def test_D07_dummy_is_a_closed_checked_S_unit_with_50_BP_discarded_at_end() -> None:
    s = position(phase="cast", hand=[["thunder_drake"], []],
                 slots=[["crag_behemoth", "", "", ""], ["", "", "", ""]])
    card = iid(s, "thunder_drake", 0)
    # An S unit: it fits beside nothing but size 2 or less; here beside an L it does not.
    with pytest.raises(rules.IllegalIntent, match="dummy"):
        RS.apply(s, CastDummy(card=card, slot=1))
    s = play(s, CastDummy(card=card, slot=2))
    u = s.units[card]
    assert u.dummy and u.checked
    from rules.dreadnought.reading import bp_of, size_of
    assert bp_of(s, card) == 50 and size_of(s, card) == 1
    assert RS.view(s, 1).cards[card] == "hidden"  # Closed: no name for the opponent
    assert "Thunder" not in RS.describe(s, Check(unit=card)).replace("a dummy", "")
    # Every dummy goes to the log in the End phase.
    s = play(s, Pass(), Pass(), Pass(), Pass(), Pass(), Pass())
    assert card in s.players[0].log and card not in s.units and s.turn == 3



def test_D07_dummies_come_from_the_hand_several_at_once_with_no_abilities() -> None:
    # Seed: "cast one or more cards from your hand ... A dummy does not have any other
    # attributes (such as name, cluster, and type) other than its size and BP."
    s = position(phase="cast", speed=["quick_fox", ""], hand=[["stone_pup", "mist_courier"], []])
    fox = s.players[0].speed
    with pytest.raises(rules.IllegalIntent):
        RS.apply(s, CastDummy(card=fox, slot=0))  # the Speed Area is not the hand
    pup, courier = iid(s, "stone_pup", 0), iid(s, "mist_courier", 0)
    s = play(s, CastDummy(card=pup, slot=0), CastDummy(card=courier, slot=2))
    assert s.units[pup].dummy and s.units[courier].dummy and RS.to_act(s) == 0
    s = play(s, Pass(), Pass(), Pass(), Pass())
    assert s.phase == "action" and RS.to_act(s) == 0
    # Both cards have action abilities as units; as dummies they have none, and cannot attack.
    legal = RS.legal_intents(s)
    assert not any(isinstance(i, UseAbility) and i.source in (pup, courier) for i in legal)
    assert not any(isinstance(i, Check) and i.unit in (pup, courier) for i in legal)

# ---- D-08 ------------------------------------------------------------------------------
def test_D08_units_cast_last_turn_may_be_discarded_never_this_turns() -> None:
    s = position(phase="cast", turn=3, cast_turn=2, hand=[["quick_fox"], []],
                 slots=[["storm_hound", "", "", ""], ["", "", "", ""]])
    hound = iid(s, "storm_hound", 0)
    assert DiscardUnit(unit=hound) in RS.legal_intents(s)
    s = play(s, CastUnit(card=iid(s, "quick_fox", 0), slot=2))
    fox = s.players[0].slots[2]
    with pytest.raises(rules.IllegalIntent, match="cast this turn"):
        RS.apply(s, DiscardUnit(unit=fox))
    s = play(s, DiscardUnit(unit=hound))
    assert hound in s.players[0].log and s.players[0].slots[0] == EMPTY


# ---- D-09 ------------------------------------------------------------------------------
def test_D09_slot_movement_keeps_the_state_and_a_move_onto_a_unit_swaps() -> None:
    s = position(phase="cast", checked=[["storm_hound"], []],
                 slots=[["storm_hound", "quick_fox", "crag_behemoth", ""], ["", "", "", ""]])
    hound, fox, crag = (iid(s, c, 0) for c in ("storm_hound", "quick_fox", "crag_behemoth"))
    # M into the L's area: 3 + 2 > 3.
    with pytest.raises(rules.IllegalIntent, match="size"):
        RS.apply(s, MoveUnit(unit=hound, slot=3))
    s2 = play(s, SwapAreas())
    assert s2.players[0].slots == (crag, EMPTY, hound, fox)
    assert s2.units[hound].checked  # the state does not change
    with pytest.raises(rules.IllegalIntent, match="S unit: this area has 0 of 3 size left"):
        RS.apply(s, MoveUnit(unit=fox, slot=3))
    s3 = position(phase="cast", checked=[["storm_hound"], []],
                  slots=[["storm_hound", "", "", ""], ["", "", "", ""]])
    moved = iid(s3, "storm_hound", 0)
    s3 = play(s3, MoveUnit(unit=moved, slot=3))
    assert s3.players[0].slots == (EMPTY, EMPTY, EMPTY, moved) and s3.units[moved].checked


def test_D09_a_move_onto_a_unit_is_a_swap_obeying_size_rules() -> None:
    s = position(phase="cast", slots=[["storm_hound", "quick_fox", "rune_smith", ""],
                                      ["", "", "", ""]])
    fox, smith = iid(s, "quick_fox", 0), iid(s, "rune_smith", 0)
    assert MoveUnit(unit=fox, slot=2) not in RS.legal_intents(s)  # M + M on the left
    hound = iid(s, "storm_hound", 0)
    s = play(s, MoveUnit(unit=hound, slot=2))
    assert s.players[0].slots[:3] == (smith, fox, hound)


def test_D09_a_unit_may_move_between_areas_any_number_of_times_in_a_turn() -> None:
    # The seed: Cast actions "any number of times", slot movement "any number of your units";
    # we had a house rule of one move per unit per turn, which the seed does not have.
    s = position(phase="cast", slots=[["storm_hound", "", "quick_fox", ""], ["", "", "", ""]])
    hound, fox = iid(s, "storm_hound", 0), iid(s, "quick_fox", 0)
    s = play(s, MoveUnit(unit=hound, slot=3))
    s = play(s, MoveUnit(unit=hound, slot=0))  # back again, the same turn
    assert s.players[0].slots == (hound, EMPTY, fox, EMPTY)
    s = play(s, SwapAreas(), SwapAreas())
    assert s.players[0].slots == (hound, EMPTY, fox, EMPTY) and RS.to_act(s) == 0
    s = play(s, MoveUnit(unit=fox, slot=0))  # onto the hound: a swap, after both moved
    assert s.players[0].slots == (fox, EMPTY, hound, EMPTY)


def test_D09_the_computer_does_not_shuffle_units_back_and_forth() -> None:
    s = position(phase="cast", slots=[["storm_hound", "", "quick_fox", ""], ["", "", "", ""]])
    agent = GreedyAgent(seed=3)
    steps = 0
    while s.phase == "cast" and RS.to_act(s) == 0 and steps < 50:
        s = play(s, agent.choose(RS, RS.view(s, 0), RS.legal_intents(s)))
        steps += 1
    assert steps < 50 and s.players[0].moves == 0


# ---- D-10 ------------------------------------------------------------------------------
def test_D10_fast_phase_allows_only_fast_abilities_any_number_of_times_first_player_first(
) -> None:
    s = position(phase="fast", first=1, casters=[["captain_vale", "hexer_moro"],
                                                 ["warden_ilsa", "archivist_nox"]],
                 slots=[["storm_hound", "", "", ""], ["rivet_squire", "spark_runner", "", ""]])
    assert RS.to_act(s) == 1
    kinds = {RS.describe(s, i).split(":")[0] for i in RS.legal_intents(s)
             if isinstance(i, UseAbility)}
    assert kinds == {"Warden Ilsa", "Rivet Squire", "Spark Runner"}  # fast ones only
    runner, hound = iid(s, "spark_runner", 1), iid(s, "storm_hound", 0)
    s = play(s, UseAbility(source=runner, index=0, target=hound))
    assert RS.to_act(s) == 1 and s.units[hound].damage == 30
    ilsa = s.players[1].casters[0]
    s = play(s, UseAbility(source=ilsa, index=0, target=runner))
    assert RS.to_act(s) == 1
    s = play(s, Pass())
    assert RS.to_act(s) == 0 and s.phase == "fast"



def test_D10_no_cast_actions_in_the_fast_phase() -> None:
    s = position(phase="fast", hand=[["quick_fox"], []])
    with pytest.raises(rules.IllegalIntent, match="Fast phase"):
        RS.apply(s, CastUnit(card=iid(s, "quick_fox", 0), slot=0))

# ---- D-11 ------------------------------------------------------------------------------
def test_D11_action_phase_alternates_and_ends_only_when_both_pass_in_a_row() -> None:
    s = position(phase="action", first=0,
                 slots=[["mist_courier", "", "", ""], ["ember_imp", "", "", ""]])
    courier, imp = iid(s, "mist_courier", 0), iid(s, "ember_imp", 1)
    s = play(s, Pass())
    assert RS.to_act(s) == 1
    s = play(s, UseAbility(source=imp, index=0, target=courier))
    # Player 1 passed, but may act again because player 2 acted.
    assert RS.to_act(s) == 0 and s.phase == "action"
    s = play(s, UseAbility(source=courier, index=0, target=-1))
    assert RS.to_act(s) == 1
    s = play(s, Pass(), Pass())
    assert s.phase == "choose" and s.turn == 3


def test_D11_attackers_are_checked_one_at_a_time_then_the_defender_blocks() -> None:
    s = position(phase="action", first=0,
                 slots=[["storm_hound", "quick_fox", "", ""], ["iron_sentinel", "", "", ""]])
    hound, fox, sentinel = (iid(s, "storm_hound", 0), iid(s, "quick_fox", 0),
                            iid(s, "iron_sentinel", 1))
    s = play(s, Check(unit=hound))
    assert s.units[hound].checked and legal_kinds(s) == {"check", "attack"}
    s = play(s, Check(unit=fox), Attack(area=0))
    assert RS.to_act(s) == 1
    blocks = {i for i in RS.legal_intents(s)}
    assert blocks == {Block(blocker=sentinel), Block(blocker=s.players[1].casters[0])}
    s = play(s, Block(blocker=sentinel))
    # 110 + 70 = 180 >= 110: it breaks; it was the area's last unit, so the caster loses 1 HP.
    assert sentinel in s.players[1].log and len(s.players[1].hp[0]) == HP_CARDS - 1
    assert RS.to_act(s) == 1 and s.attackers == ()


def test_D11_a_caster_that_blocks_loses_an_HP_card_to_the_log() -> None:
    s = position(phase="action", slots=[["storm_hound", "", "", ""], ["", "", "", ""]])
    s = play(s, Check(unit=iid(s, "storm_hound", 0)), Attack(area=1))
    caster = s.players[1].casters[1]
    top = s.players[1].hp[1][0]
    s = play(s, Block(blocker=caster))
    assert len(s.players[1].hp[1]) == HP_CARDS - 1 and s.players[1].log[-1] == top



def test_D11_the_first_player_of_the_turn_has_the_first_action() -> None:
    s = position(phase="fast", first=1, slots=[["quick_fox", "", "", ""],
                                               ["stone_pup", "", "", ""]])
    s = play(s, Pass(), Pass())
    assert s.phase == "action" and RS.to_act(s) == 1
    s = play(s, Check(unit=iid(s, "stone_pup", 1)), Attack(area=0),
             Block(blocker=s.players[0].casters[0]))
    assert RS.to_act(s) == 0 and s.phase == "action"  # one Action action, then the other

# ---- D-12 ------------------------------------------------------------------------------
def test_D12_the_used_open_speed_card_is_discarded_in_the_end_phase() -> None:
    s = position(phase="action", speed=["ember_imp", "stone_pup"], checked=[["quick_fox"], []],
                 slots=[["quick_fox", "", "", ""], ["", "", "", ""]])
    speeds = [pl.speed for pl in s.players]
    s = play(s, Pass(), Pass())
    for p in (0, 1):
        assert speeds[p] in s.players[p].log and s.players[p].speed == EMPTY
    assert not s.units[iid(s, "quick_fox", 0)].checked  # Checked units return to Normal


# ---- house rules -----------------------------------------------------------------------
def test_each_caster_starts_with_three_face_down_HP_cards_from_the_deck_top() -> None:
    s = RS.new_game(seed=2)
    for p in (0, 1):
        pl = s.players[p]
        assert len(pl.hp[0]) == len(pl.hp[1]) == HP_CARDS
        v = RS.view(s, p)
        assert all(v.cards[i] == "hidden" for i in (*pl.hp[0], *pl.hp[1]))


def test_drawing_from_an_empty_deck_takes_an_HP_card_and_both_casters_at_zero_lose() -> None:
    s = position(phase="speed", deck=[[], ["quick_fox"]], hp=[[1, 0], [3, 3]],
                 speed=["ember_imp", "stone_pup"])
    s = play(s, Pass(), Pass())  # second comparison, then the Draw phase
    assert s.over and s.winner == 1 and RS.to_act(s) is None


def test_the_first_speed_choice_is_hidden_from_the_computer_too() -> None:
    from rules.agents.greedy import GreedyAgent

    s = RS.new_game(seed=4)
    s = play(s, RS.legal_intents(s)[0])
    view = RS.view(s, 1)
    assert view.cards[s.players[0].speed] == "hidden"
    GreedyAgent(1).choose(RS, view, RS.legal_intents(s))  # decides on the view without error


def test_refused_intents_say_why() -> None:
    s = position(phase="cast", turn=2, hand=[["quick_fox"], []])
    with pytest.raises(rules.IllegalIntent, match="not allowed in the Cast phase"):
        RS.apply(s, Check(unit=iid(s, "quick_fox", 0)))
    with pytest.raises(rules.IllegalIntent, match="slot"):
        RS.apply(s, CastUnit(card=iid(s, "quick_fox", 0), slot=7))


def test_hot_reload_replaces_card_data_by_id_and_reports_it() -> None:
    s = position(phase="cast", slots=[["storm_hound", "", "", ""], ["", "", "", ""]])
    hound = s.catalog["storm_hound"]
    stronger = hound.model_copy(update={"bp": 150})
    s2, events = RS.replace_cards(s, {"storm_hound": stronger, "nope": stronger})
    assert s2.catalog["storm_hound"].bp == 150 and len(events) == 1
    assert "Storm Hound" in events[0].text
    assert RS.replace_cards(s2, {"storm_hound": stronger}) == (s2, [])


def test_view_hides_the_opponents_hand_and_both_decks() -> None:
    s = RS.new_game(seed=9)
    v = RS.view(s, 0)
    assert all(v.cards[i] == "hidden" for i in s.players[1].hand)
    assert all(v.cards[i] != "hidden" for i in s.players[0].hand)
    assert all(v.cards[i] == "hidden" for p in (0, 1) for i in s.players[p].deck)
