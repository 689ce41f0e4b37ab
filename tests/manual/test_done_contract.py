"""Issue 33, items 4-6: a manual intent naming a place that does not exist is refused (not a
crash), Done is listed exactly when it would be accepted, and Done never leaves a player to
act with nothing legal to do (in every game, over random manual steps too)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.core.errors import IllegalIntent
from rules.core.manual_intents import Freeform, ManualDone, ManualMove
from rules.core.model import Intent
from tests.manual.helpers import GAMES, refused_change
from tests.manual.random_steps import walk

Reached = dict[str, tuple[Any, dict[str, Any], list[Intent]]]
FAR = (99, -7, 10 ** 18)  # the positions


# ---- item 4: positions out of range -----------------------------------------------------
@pytest.mark.parametrize("at", FAR)
@pytest.mark.parametrize("game", GAMES)
def test_a_move_to_a_board_place_that_does_not_exist_is_refused_by_number(
        game: str, at: int, reached: Reached) -> None:
    rs = rules.get(game)
    state = reached[game][0]
    step = rs.manual_pending(state)
    assert step is not None and rs.manual_table is not None
    if at in rs.manual_table.board_spots(state, step.player):
        pytest.skip(f"{game}'s board has a free place {at}")  # Krosmaster's cell 99
    before = rs.dump(state)
    for pl in rs.manual_table.places(state)[:3]:
        move = ManualMove(card=pl.card, owner=step.player, zone="board", at=at)
        with pytest.raises(IllegalIntent, match=f"^place {at} is not a free place on the "
                                                "board$"):
            rs.apply(state, move)
        assert rs.describe(state, move)  # a sentence, whatever the number
    assert rs.dump(state) == before


@pytest.mark.parametrize("at", FAR)
@pytest.mark.parametrize("game", ["dreadnought", "bos", "nullshapers"])
def test_a_move_to_a_fixed_place_that_does_not_exist_is_refused_by_number(
        game: str, at: int, reached: Reached) -> None:
    rs = rules.get(game)
    table = rs.manual_table
    state = reached[game][0]
    step = rs.manual_pending(state)
    assert step is not None and table is not None
    card = table.places(state)[0].card
    for zone in table.fixed:
        with pytest.raises(IllegalIntent, match=f"^Player {step.player + 1}'s "
                                                f"{table.zone_label(zone)} has no free place "
                                                f"{at}$"):
            rs.apply(state, ManualMove(card=card, owner=step.player, zone=zone, at=at))


def test_a_board_place_the_game_names_is_named_in_the_refusal(reached: Reached) -> None:
    """Only a number the board does not have is neutral: a taken Kyoukai zone is named."""
    rs = rules.get("kyoukai")
    state = reached["kyoukai"][0]
    step = rs.manual_pending(state)
    assert step is not None
    taken = next(z for z, iid in enumerate(state.field) if iid != -1)
    card = state.players[step.player].hand[0]
    with pytest.raises(IllegalIntent, match=r"^[A-E]\d is not a free place on the board$"):
        rs.apply(state, ManualMove(card=card, owner=step.player, zone="board", at=taken))


# ---- item 5: Done never leaves the game stuck --------------------------------------------
def _choose_phase_hand_gone() -> tuple[Any, Any]:
    """The issue's input: a designer-mode Dreadnought game at its first speed choice; the
    chooser switches to freeform and logs their whole hand by hand."""
    rs = rules.get("dreadnought")
    state = rs.new_game(1, {"designer": True})
    assert state.phase == "choose" and state.chooser == 0 and rs.to_act(state) == 0
    s = rs.apply(state, Freeform(player=0)).state
    for card in state.players[0].hand:
        s = rs.apply(s, ManualMove(card=card, owner=0, zone="log")).state
    return state, s


def test_dreadnought_done_after_the_choosers_hand_is_gone_goes_on_to_the_next_chooser() -> None:
    rs = rules.get("dreadnought")
    _, s = _choose_phase_hand_gone()
    assert ManualDone() in rs.legal_intents(s) and rs.done_refusal(s) is None
    after = rs.apply(s, ManualDone()).state
    assert after.phase == "choose" and rs.to_act(after) == 1
    legal = rs.legal_intents(after)
    assert legal and {i.kind for i in legal} == {"choose_speed"}
    # Player 2 chooses; Player 1 has no card to choose: the speed cards are revealed.
    revealed = rs.apply(after, legal[0]).state
    assert revealed.phase == "speed" and rs.legal_intents(revealed)


def test_dreadnought_done_after_both_hands_are_gone_reveals() -> None:
    rs = rules.get("dreadnought")
    state, s = _choose_phase_hand_gone()
    for card in state.players[1].hand:
        s = rs.apply(s, ManualMove(card=card, owner=1, zone="log")).state
    after = rs.apply(s, ManualDone()).state
    assert after.phase == "speed" and rs.to_act(after) is not None and rs.legal_intents(after)


def test_done_is_refused_with_the_rules_reason_when_no_one_could_act_after_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The core's check, whatever a game's settle does: with Dreadnought's re-run of the
    chooser step taken out (the settle before the fix), Done is not listed and is refused."""
    import rules.dreadnought.manual as dread_manual

    monkeypatch.setattr(dread_manual, "next_chooser", lambda d, start: None)
    rs = rules.get("dreadnought")
    _, s = _choose_phase_hand_gone()
    why = rs.done_refusal(s)
    assert why is not None and why.startswith(
        "Done refused: Player 1 would have nothing to do: ")
    assert ManualDone() not in rs.legal_intents(s)
    before = rs.dump(s)
    for quiet in (False, True):
        with pytest.raises(IllegalIntent) as refused:
            rs.apply(s, ManualDone(), quiet=quiet)
        assert str(refused.value) == why
    assert rs.dump(s) == before


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2 ** 20), prototype=st.booleans())
def test_random_manual_steps_never_crash_never_refuse_what_is_listed_never_leave_a_game_stuck(
        game: str, seed: int, prototype: bool, manual_packs: dict[str, Path]) -> None:
    """Random play in designer mode with freeform steps (and, on the prototype pack, the
    manual steps its cards open) carried out by random manual intents, listed ones and
    made-up ones out of range, then Done: after every accepted Done the game is over or its
    player has a legal intent; a listed intent is never refused, nothing but IllegalIntent is
    raised, a refused intent changes nothing, and Done is accepted only when listed."""
    options = {"pack": str(manual_packs[game])} if prototype else {}
    walked = walk(game, seed, steps=3, per_step=6, options=options)
    assert walked.tried > 0
    assert walked.findings == (), walked.findings[:3]


# ---- item 6: Done is listed exactly when it would be accepted ----------------------------
def _payment_state() -> Any:
    """A Dreadnought freeform step in a cast's payment with the payer's hand logged: the
    listed changes of a card's own step never break Dreadnought's checks, these do."""
    from tests.manual.test_manual_flow import _designer_until

    rs = rules.get("dreadnought")
    state = _designer_until("dreadnought", lambda s: s.paying is not None)
    p = rs.to_act(state)
    s = rs.apply(state, Freeform(player=p)).state
    for card in state.players[p].hand:
        s = rs.apply(s, ManualMove(card=card, owner=p, zone="log")).state
    return s


@pytest.mark.parametrize("game", GAMES)
def test_done_is_listed_exactly_when_apply_accepts_it(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    if game == "dreadnought":
        broken = _payment_state()
    else:
        state = reached[game][0]
        assert rs.done_refusal(state) is None and rs.legal_intents(state)[0] == ManualDone()
        broken = rs.apply(state, refused_change(rs, state)).state
    why = rs.done_refusal(broken)
    assert why is not None and why.startswith("Done refused: ")
    legal = rs.legal_intents(broken)
    assert ManualDone() not in legal and legal  # the step goes on: a roll, a change back
    for quiet in (False, True):
        with pytest.raises(IllegalIntent) as refused:
            rs.apply(broken, ManualDone(), quiet=quiet)
        assert str(refused.value) == why


def test_done_refusal_is_none_without_an_open_step() -> None:
    rs = rules.get("kyoukai")
    assert rs.done_refusal(rs.new_game(1)) is None
