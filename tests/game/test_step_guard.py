"""Issue 34 item 1: a step the game moved to by itself never takes a press aimed at the step
before it. BOS, seed 1: Player 1's third summon leaves nothing to summon, so the rules move to
Main by themselves ("Player 1 has nothing to summon: Main phase"); the End button in the same
place and Space now end the turn, and a player who pressed to end Summoning lost the whole Main
phase. Now a press within the grace period after that change is not taken, and ending the turn
from that unseen Main with actions left takes a second press (the button asks first). The
guard is the table scene's, the same for every game."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.input.guard import CONFIRM_SECONDS
from game.layouts.base import id_key
from rules.bos.intents import EndSummoning, EndTurn, Summon
from tests.game.conftest import Driver

Make = Callable[..., Driver]
GRACE = 0.6


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _bos_at_the_last_summon(table: Make) -> tuple[Driver, Clock]:
    """Seed 1, Player 1 with two summons made by hand; the Cinder Imp (card 4) into column 1
    is the last one their wizards allow."""
    d = table(game="bos", seed=1, seats=("human", "computer"), grace=GRACE)
    clock = Clock()
    d.scene.guard.clock = clock
    d.frames(2)
    for summon in (Summon(card=5, column=1), Summon(card=11, column=2)):
        d.scene.apply(summon)  # the player's own decisions, as a drop makes them
    d.frames(2)
    assert d.scene.session.state.step == "summoning"
    return d, clock


def _summon_the_imp(d: Driver) -> None:
    lay = d.scene.layout
    at = d.reveal(id_key(4))
    assert at is not None
    d.drag(at, lay.zone_center(lay.zone_of[(("field", 0), 0)]))  # type: ignore[attr-defined]
    s = d.scene.session
    assert s.intents[-1] == Summon(card=4, column=0).to_json()
    assert s.state.step == "main" and s.to_act() == 0  # moved on by itself
    assert any(i.kind != "end_turn" for i in s.legal())  # with attacks and casts to make


def _end_turns(d: Driver) -> int:
    return sum(1 for i in d.scene.session.intents if i == EndTurn().to_json())


def test_space_right_after_the_game_moved_on_by_itself_is_not_taken(table: Make) -> None:
    d, clock = _bos_at_the_last_summon(table)
    _summon_the_imp(d)
    clock.now += GRACE / 2  # pressed to end Summoning, a moment after the last summon
    n = len(d.scene.session.intents)
    d.key(pygame.K_SPACE)
    assert len(d.scene.session.intents) == n and d.scene.session.state.step == "main"
    assert "moved on by itself" in d.scene.message
    clock.now += GRACE / 2 + 0.01  # the same button a moment later: not taken either
    d.click(tuple(d.info()["buttons"]["end_turn"]))
    assert len(d.scene.session.intents) == n


def test_ending_the_turn_in_an_unseen_main_takes_a_second_space(table: Make) -> None:
    d, clock = _bos_at_the_last_summon(table)
    _summon_the_imp(d)
    clock.now += 5.0  # long after: the player never noticed Summoning ended
    d.key(pygame.K_SPACE)
    assert _end_turns(d) == 0 and d.scene.session.state.step == "main"
    button = d.scene.buttons["end_turn"]
    assert "?" in button.text and "Space" not in button.text  # it asks
    assert "you still have actions" in d.scene.message
    d.key(pygame.K_SPACE)  # the second, deliberate press
    assert _end_turns(d) == 1
    assert d.scene.buttons["end_turn"].text == "End turn (Space)"


def test_the_end_button_asks_first_then_ends_the_turn(table: Make) -> None:
    d, clock = _bos_at_the_last_summon(table)
    _summon_the_imp(d)
    clock.now += 5.0
    where = tuple(d.info()["buttons"]["end_turn"])
    d.click(where)
    assert _end_turns(d) == 0
    assert d.scene.buttons["end_turn"].text.startswith("End turn?")
    d.click(where)
    assert _end_turns(d) == 1


def test_an_unanswered_question_lapses(table: Make) -> None:
    d, clock = _bos_at_the_last_summon(table)
    _summon_the_imp(d)
    clock.now += 5.0
    d.key(pygame.K_SPACE)
    clock.now += CONFIRM_SECONDS + 1
    d.frames(1)
    assert d.scene.buttons["end_turn"].text == "End turn (Space)"  # the words come back
    d.key(pygame.K_SPACE)  # a first press again, not the second
    assert _end_turns(d) == 0


def test_a_step_the_player_ended_themselves_ends_with_one_press(table: Make) -> None:
    d, clock = _bos_at_the_last_summon(table)
    d.key(pygame.K_SPACE)  # End Summoning, knowingly: the player's own step change
    s = d.scene.session
    assert s.intents[-1] == EndSummoning().to_json()
    assert s.state.step == "main"
    d.key(pygame.K_SPACE)  # straight on: no grace, no question
    assert _end_turns(d) == 1


def test_acting_in_the_new_step_makes_it_seen(table: Make) -> None:
    d, clock = _bos_at_the_last_summon(table)
    _summon_the_imp(d)
    clock.now += 5.0
    s = d.scene.session
    cast = next(i for i in s.legal() if i.kind in ("cast", "attack", "player_attack"))
    d.scene.apply(cast)
    assert s.to_act() == 0 and s.state.step == "main"
    d.key(pygame.K_SPACE)
    assert _end_turns(d) == 1


def test_a_drag_under_way_is_dropped_when_the_decision_moves_by_itself(table: Make) -> None:
    """A change the player did not press for (a computer's move, a forced pass: here the
    same summon made past the table) moves the step on while a card is picked up."""
    d, clock = _bos_at_the_last_summon(table)
    at = d.reveal(id_key(6))
    assert at is not None
    d.move(at)
    d.post(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False)
    d.frames()
    assert d.scene.handler.name == "dragging"
    s = d.scene.session
    assert s.submit(Summon(card=4, column=0)) is None
    d.frames(2)
    assert s.state.step == "main" and s.to_act() == 0
    assert d.scene.handler.name == "idle"  # the drag aimed at Summoning is dropped
    assert d.scene.guard.in_grace()
