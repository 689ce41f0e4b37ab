"""Speed abilities that shift a grade (``speed_up``, ``slow_foe``): one step, never past A or
E; used where they cannot move the grade they stay legal (the seed makes any speed ability a
Speed action) but change nothing, and the menu and the log say so."""

from __future__ import annotations

from rules.dreadnought.intents import GearChange, Pass, UseAbility
from rules.dreadnought.state import EMPTY
from tests.dreadnought.helpers import RS, iid, position

DRAG = 1  # Hexer Moro's second ability: lower the opponent's speed grade by one


def _drag(s: object) -> UseAbility:
    moro = iid(s, "hexer_moro", 0)  # type: ignore[arg-type]
    return UseAbility(source=moro, index=DRAG, target=EMPTY)


def test_drag_on_an_opponent_already_at_E_is_legal_changes_nothing_and_says_no_effect() -> None:
    s = position(phase="speed", first=0, speed=["quick_fox", "stone_pup"])  # A against E
    drag = _drag(s)
    assert drag in RS.legal_intents(s)
    assert "no effect: already E" in RS.describe(s, drag)
    out = RS.apply(s, drag)
    assert out.state.players[1].shift == 0
    texts = [e.text for e in out.events]
    assert "Player 2's speed grade: no effect (already E)." in texts
    assert not any("drops by one" in t for t in texts)
    assert drag not in RS.legal_intents(out.state)  # used all the same: once per turn


def test_drag_on_an_open_D_moves_it_to_E_and_says_so() -> None:
    s = position(phase="speed", first=0, speed=["quick_fox", "clockwork_page"])  # A against D
    drag = _drag(s)
    assert "no effect" not in RS.describe(s, drag)
    out = RS.apply(s, drag)
    assert out.state.players[1].shift == -1
    assert "Player 2's speed grade drops by one." in [e.text for e in out.events]


def test_overdrive_with_no_speed_card_changes_nothing_and_says_no_effect() -> None:
    s = position(phase="speed", first=0, speed=["", "stone_pup"],
                 slots=[["scout_drone", "", "", ""], ["", "", "", ""]])
    use = UseAbility(source=iid(s, "scout_drone", 0), index=0, target=EMPTY)  # Overdrive
    assert use in RS.legal_intents(s)
    assert "no effect: no speed card" in RS.describe(s, use)
    out = RS.apply(s, use)
    assert out.state.players[0].shift == 0
    assert "Player 1's speed grade: no effect (no speed card)." in [e.text for e in out.events]


def test_a_shift_of_a_closed_card_is_kept_and_its_hidden_grade_not_told() -> None:
    # Player 2 Gear Changes into Stone Pup (E), Closed: Player 1's Drag cannot know it is E.
    s = position(phase="speed", first=1, speed=["quick_fox", "quick_fox"],
                 hand=[[], ["stone_pup"]])
    s = RS.apply(s, GearChange(card=iid(s, "stone_pup", 1))).state
    s = RS.apply(s, Pass()).state
    assert RS.to_act(s) == 0 and s.players[1].closed
    drag = _drag(s)
    assert "no effect" not in RS.describe(s, drag)
    out = RS.apply(s, drag)
    assert "Player 2's speed grade drops by one." in [e.text for e in out.events]
    assert out.state.players[1].shift == -1
