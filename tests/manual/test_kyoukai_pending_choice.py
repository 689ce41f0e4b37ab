"""A Kyoukai choice paused by a manual step (a Gate to Ready) after the player took one of its
Gates off the field by hand: Done offers only the Gates still there, and a choice left with none
is dropped, instead of the Gate's absence crashing the choice (found by a designer-mode fuzz)."""

from __future__ import annotations

from typing import Any

import rules
from rules.core.manual_intents import ManualDone, ManualMove
from rules.core.manual_table import BOARD
from rules.core.state import replaced
from rules.kyoukai.intents import Choose
from rules.kyoukai.state import Pending


def _with_choice(reached: dict[str, Any]) -> tuple[Any, Any, list[int]]:
    rs = rules.get("kyoukai")
    state = reached["kyoukai"][0]
    step = rs.manual_pending(state)
    assert step is not None
    p = step.player
    for card in rs.manual_table.pile(state, p, "hand")[:2]:  # two Gates put onto the field
        state = rs.apply(state, next(i for i in rs.legal_intents(state, card)
                                     if isinstance(i, ManualMove) and i.zone == BOARD
                                     and i.owner == p and not i.face_down)).state
    own = [g for g in state.gates if state.gates[g].owner == p
           and g not in (pl.entrant for pl in state.players)]
    assert len(own) >= 2, "the reached state needs two Gates of the step's player"
    return rs, replaced(state, pending=Pending(
        kind="ready_own", player=p, options=tuple(own[:2]), reason="test")), own[:2]


def _off_field(rs: Any, state: Any, gate: int) -> Any:
    move = next(i for i in rs.legal_intents(state, gate)
                if isinstance(i, ManualMove) and i.zone == "discard")
    return rs.apply(state, move).state


def test_a_gate_taken_off_by_hand_is_no_longer_a_choice(reached: dict[str, Any]) -> None:
    rs, state, (gone, kept) = _with_choice(reached)
    after = rs.apply(_off_field(rs, state, gone), ManualDone()).state
    if rs.to_act(after) is None:
        return  # Done ended the game
    assert after.pending is not None and after.pending.options == (kept,)
    assert rs.legal_intents(after) == [Choose.of(kept)]
    for quiet in (False, True):
        assert rs.apply(after, Choose.of(kept), quiet=quiet).state.pending is None


def test_a_choice_left_without_gates_is_dropped(reached: dict[str, Any]) -> None:
    rs, state, gates = _with_choice(reached)
    for g in gates:
        state = _off_field(rs, state, g)
    after = rs.apply(state, ManualDone()).state
    assert after.pending is None
    assert not any(isinstance(i, Choose) for i in rs.legal_intents(after))
