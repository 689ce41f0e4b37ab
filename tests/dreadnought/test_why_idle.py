"""Why a Dreadnought piece can do nothing now (``Ruleset.why_idle``): the rules' reason for that
piece and what it could do in this step, not the stage's list of allowed actions that the
intents its drops would imply (casting it) used to give."""

from __future__ import annotations

from rules.dreadnought.intents import GearChange, Pass, UseAbility
from rules.dreadnought.state import EMPTY
from tests.dreadnought.helpers import RS, iid, play, position


def test_a_caster_whose_speed_ability_was_used_says_it_was_used() -> None:
    s = position(phase="speed", first=0, speed=["ember_imp", "stone_pup"])
    vale = iid(s, "captain_vale", 0)
    s = play(s, UseAbility(source=vale, index=0, target=EMPTY))  # Full Throttle
    assert RS.legal_intents(s, vale) == []
    assert RS.why_idle(s, vale) == "Full Throttle was already used this turn"


def test_a_hand_card_after_gear_change_says_gear_change_is_once_per_turn() -> None:
    s = position(phase="speed", first=0, speed=["ember_imp", "stone_pup"],
                 hand=[["scout_drone", "quick_fox"], []])
    s = play(s, GearChange(card=iid(s, "scout_drone", 0)))
    fox = iid(s, "quick_fox", 0)
    assert RS.why_idle(s, fox) == "Gear Change is once per turn: you have changed gear this turn"


def test_a_caster_with_no_ability_of_the_phase_names_what_it_has() -> None:
    s = position(phase="speed", first=0, speed=["ember_imp", "stone_pup"])
    s = play(s, Pass())
    ilsa = iid(s, "warden_ilsa", 1)  # Rally is a Fast ability
    assert RS.why_idle(s, ilsa) == "Warden Ilsa has no Speed ability (only Fast)"


def test_a_unit_cast_this_turn_that_cannot_move_says_why_and_not_the_phase_list() -> None:
    s = position(phase="cast", turn=3, cast_turn=3,
                 slots=[["crag_behemoth", "", "iron_sentinel", "scout_drone"],
                        ["", "", "", ""]])
    crag = iid(s, "crag_behemoth", 0)  # L, with the right area full (M + S)
    why = RS.why_idle(s, crag)
    assert why == ("Crag Behemoth cannot move (the right Battle Area has 0 of 3 size left, "
                   "too little for an L unit) or be discarded: a unit cast this turn cannot "
                   "be discarded (discarding units, D-08)")
    assert "allowed:" not in why


def test_a_piece_with_something_legal_is_not_idle_and_a_finished_game_says_so() -> None:
    s = position(phase="speed", first=0, speed=["ember_imp", "stone_pup"])
    assert RS.why_idle(s, iid(s, "captain_vale", 0)) is None
    over = s.copy()
    over.over = True
    assert RS.why_idle(over, iid(s, "captain_vale", 0)) == "the game is over"
