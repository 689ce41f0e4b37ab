"""BOS's position key: equal for positions that differ only in which instance of a card is
which (two deals of the same unseen cards), different where the cards differ."""

from __future__ import annotations

import rules
from rules.bos.state import State
from rules.core.state import replaced
from tests.agents.test_search import _choice_position


def _swap(state: State, a: int, b: int) -> State:
    cards = dict(state.cards)
    cards[a], cards[b] = cards[b], cards[a]
    return replaced(state, cards=cards)


def test_two_deals_of_the_same_cards_key_alike_and_other_cards_do_not() -> None:
    rs = rules.get("bos")
    state = _choice_position(rs, seed=3)
    castle = state.sides[1].castle
    a, b = next((x, y) for x in castle for y in castle if state.cards[x] != state.cards[y])
    # Two castle cards trade numbers: the same position.
    assert rs.position_key(_swap(state, a, b)) == rs.position_key(state)
    # A castle card trades places with one of the spellbook: another position.
    spell = state.sides[1].spellbook[0]
    assert rs.position_key(_swap(state, a, spell)) != rs.position_key(state)
    assert rs.position_key(replaced(state, turn=state.turn + 1)) \
        != rs.position_key(state)


def test_a_position_with_a_manual_step_open_has_no_key() -> None:
    from rules.core.manual_intents import ManualStep

    rs = rules.get("bos")
    state = _choice_position(rs, seed=3)
    step = ManualStep.model_construct(player=0, title="t", card="c")
    assert rs.position_key(replaced(state, manual=(step,))) is None
