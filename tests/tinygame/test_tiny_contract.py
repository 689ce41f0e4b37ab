"""The generic rules-contract tests (tests/core/test_contract_playouts.py) over Tiny, and what
its own rules promise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import rules
from tests.core import test_contract_playouts as contract
from tests.tinygame.game import GAME, registered
from tests.tinygame.rules import LIFE, SLOTS, Attack, EndTurn, Play, TinyRules


@pytest.fixture(autouse=True)
def tiny() -> Iterator[None]:
    with registered():
        yield


def test_random_games_keep_the_contract() -> None:
    contract.test_random_games_end_and_keep_the_contract(game=GAME.name)


def test_view_illegal_intents_and_bad_dumps_follow_the_contract() -> None:
    contract.test_view_hides_the_opponents_hand_and_the_rng(GAME.name)
    contract.test_illegal_intent_raises_with_a_reason_and_leaves_the_state(GAME.name)
    contract.test_load_rejects_bad_dumps_with_a_message(GAME.name)


def test_view_hides_the_other_hand_and_both_decks() -> None:
    rs = rules.get(GAME.name)
    st = rs.new_game(seed=2)
    v = rs.view(st, 0)
    assert v.sides[0].hand == st.sides[0].hand
    assert set(v.sides[1].hand) == {-1} and set(v.sides[0].deck + v.sides[1].deck) == {-1}


def test_a_unit_attacks_across_then_the_player_stacking_adds_health() -> None:
    rs = TinyRules()
    st = rs.new_game(seed=0)
    a = st.sides[0].hand[0]
    st = rs.apply(st, Play(card=a, slot=1)).state
    assert Attack(card=a) not in rs.legal_intents(st), "a unit enters acted"
    st = rs.apply(st, EndTurn()).state
    b = st.sides[1].hand[0]
    st = rs.apply(st, Play(card=b, slot=1)).state
    st = rs.apply(st, EndTurn()).state
    st = rs.apply(st, Attack(card=a)).state
    hit = st.sides[1].row[1]
    if 1 + a % 4 >= 2 + b % 4:
        assert hit is None and st.sides[1].grave == (b,)
    else:
        assert hit is not None and hit.damage == 1 + a % 4
    c = st.sides[0].hand[0]
    st = rs.apply(st, Play(card=c, slot=1)).state
    top = st.sides[0].row[1]
    assert top is not None and top.card == c and top.under == (a,)
    assert top.health == (2 + a % 4) + (2 + c % 4)
    st = rs.apply(st, EndTurn()).state
    assert st.sides[1].life == LIFE and len(st.sides[0].row) == SLOTS


def test_a_refused_play_says_why() -> None:
    rs = TinyRules()
    st = rs.new_game(seed=0)
    st = rs.apply(st, Play(card=st.sides[0].hand[0], slot=0)).state
    with pytest.raises(rules.IllegalIntent, match="already played a card this turn"):
        rs.apply(st, Play(card=st.sides[0].hand[0], slot=2))
    with pytest.raises(rules.IllegalIntent, match="not in your hand"):
        rs.apply(st, Play(card=99, slot=0))
