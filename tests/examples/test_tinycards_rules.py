"""The example game (examples/tinycards) through Playtable's generic rules-contract tests, as
the shipped games are tested, and what its own rules, hidden hands, determinize, evaluate and
hot reload promise."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from rules.agents import GreedyAgent, RandomAgent
from rules.cli.check import check_command
from rules.core.contract import check_game
from rules.core.errors import DataError
from rules.core.packs import load_pack
from tinycards.cards import HIDDEN, copies
from tinycards.game import GAME
from tinycards.intents import Attack, EndTurn, Play
from tinycards.pack import FORMAT
from tinycards.rules import TinyRules
from tinycards.state import SLOTS, State


def test_the_game_keeps_the_rules_contract() -> None:
    # random games end, every legal intent applies, apply leaves its input alone, dumps load
    # back, replays are exact, views hide the generator, refusals say why (as for every game)
    check_game(rules.get(GAME.name), games=20)


def test_the_pack_checks_and_the_game_deals_from_one_shared_deck() -> None:
    assert check_command(GAME.pack) == 0
    rs = rules.get(GAME.name)
    st = rs.new_game(seed=1)
    deck = load_pack(FORMAT, GAME.pack).decks["Starter"]  # the first by name
    assert sorted(st.cards.values()) == sorted(copies(deck))  # every copy, numbered once
    assert [len(s.hand) for s in st.sides] == [3, 3] and len(st.deck) == len(copies(deck)) - 6
    assert rs.new_game(seed=1, options={"decks": ["Wildfire"]}).deck != st.deck
    with pytest.raises(DataError, match="need one deck"):
        rs.new_game(seed=1, options={"decks": ["Starter", "Wildfire"]})


def test_the_life_option_sets_both_players_life() -> None:
    rs = rules.get(GAME.name)
    assert [s.life for s in rs.new_game(seed=1, options={"life": 12}).sides] == [12, 12]
    with pytest.raises(DataError, match="life: must be at most 20, got 21"):
        rs.new_game(seed=1, options={"life": 21})


def _unit_across(rs: TinyRules, seed: int = 0) -> State:
    """Player 1 has a ready unit in slot 2 and player 2 a unit across from it."""
    st = rs.new_game(seed=seed)
    st = rs.apply(st, Play(card=st.sides[0].hand[0], slot=1)).state
    st = rs.apply(st, EndTurn()).state
    st = rs.apply(st, Play(card=st.sides[1].hand[0], slot=1)).state
    return rs.apply(st, EndTurn()).state


def test_a_unit_attacks_across_and_stacking_adds_health() -> None:
    rs = TinyRules()
    st = _unit_across(rs)
    mine, theirs = st.sides[0].row[1], st.sides[1].row[1]
    assert mine is not None and theirs is not None and mine.ready
    out = rs.apply(st, Attack(card=mine.card))
    power, health = st.card(mine.card).power, st.health(theirs)
    after = out.state.sides[1].row[1]
    if power >= health:
        assert after is None and out.state.sides[1].grave == [theirs.card]
        assert out.events[0].text == f"{st.name(mine.card)} destroys {st.name(theirs.card)}."
    else:
        assert after is not None and after.damage == power
    top = out.state.sides[0].hand[0]
    stacked = rs.apply(out.state, Play(card=top, slot=1)).state.sides[0].row[1]
    assert stacked is not None and stacked.under == (mine.card,)
    assert out.state.health(stacked) == st.card(top).health + st.card(mine.card).health


def test_a_refused_intent_says_why() -> None:
    rs = rules.get(GAME.name)
    st = rs.new_game(seed=0)
    slow = next(c for c in st.sides[0].hand if not st.card(c).quick)
    st = rs.apply(st, Play(card=slow, slot=0)).state
    with pytest.raises(rules.IllegalIntent, match="already played a card this turn"):
        rs.apply(st, Play(card=st.sides[0].hand[0], slot=2))
    with pytest.raises(rules.IllegalIntent, match="not in your hand"):
        rs.apply(st, Play(card=99, slot=0))
    with pytest.raises(rules.IllegalIntent, match="has acted: it readies on your next turn"):
        rs.apply(st, Attack(card=slow))


def test_the_view_hides_the_other_hand_and_the_deck() -> None:
    rs = rules.get(GAME.name)
    st = rs.new_game(seed=2)
    v = rs.view(st, 0)
    assert all(v.cards[c] == st.cards[c] != HIDDEN for c in st.sides[0].hand)
    assert {v.cards[c] for c in (*st.sides[1].hand, *v.deck)} == {HIDDEN}
    assert v.sides[1].hand == st.sides[1].hand  # how many: seen; which: not


def test_determinize_deals_the_unseen_cards_from_the_deck_minus_what_is_seen() -> None:
    rs = rules.get(GAME.name)
    st = _unit_across(rs, seed=3)
    v = rs.view(st, 0)
    deals = [rs.determinize(v, 0, random.Random(k)) for k in range(8)]
    for d in deals:
        assert Counter(d.cards.values()) == Counter(st.cards.values())  # the same deck
        seen = {n: c for n, c in v.cards.items() if c != HIDDEN}
        assert all(d.cards[n] == c for n, c in seen.items())
        assert rs.to_act(d) == 0 and rs.legal_intents(d) == rs.legal_intents(v)
    assert len({tuple(sorted(d.cards.items())) for d in deals}) > 1  # guesses, not the truth


def test_evaluate_reads_only_what_the_player_sees() -> None:
    # the view and every state the search could deal from it are worth the same to player 0:
    # evaluate counts the other hand's cards, never names them
    rs = rules.get(GAME.name)
    st = _unit_across(rs, seed=5)
    v = rs.view(st, 0)
    worth = rs.evaluate(v, 0)
    assert {rs.evaluate(rs.determinize(v, 0, random.Random(k)), 0) for k in range(6)} == \
        {worth}
    assert rs.evaluate(st, 0) == worth


def test_the_greedy_computer_beats_random_play() -> None:
    rs = rules.get(GAME.name)
    wins = 0
    for g in range(20):
        agents = (GreedyAgent(g), RandomAgent(g)) if g % 2 == 0 else \
            (RandomAgent(g), GreedyAgent(g))
        st = rs.new_game(seed=g)
        while (p := rs.to_act(st)) is not None:
            st = rs.apply(st, agents[p].choose(rs, rs.view(st, p), rs.legal_intents(st))).state
        wins += rs.winner(st) == g % 2
    assert wins >= 15


def test_hot_reload_changes_the_cards_in_play_by_id() -> None:
    rs = rules.get(GAME.name)
    st = _unit_across(rs)
    unit = st.sides[0].row[1]
    assert unit is not None
    cid = st.cards[unit.card]
    old = st.catalog[cid]
    new = old.model_copy(update={"power": old.power + 2})
    after, events = rs.replace_cards(st, {cid: new, "no_such_card": new})
    assert after.card(unit.card).power == old.power + 2 and st.card(unit.card) == old
    assert [e.text for e in events] == [f"Card changed: {old.name}: power {old.power} → "
                                        f"{old.power + 2}"]
    assert rs.replace_cards(st, {cid: old}) == (st, [])  # nothing changed: the same state


def test_every_slot_is_a_drop_target_of_a_hand_card() -> None:
    rs = rules.get(GAME.name)
    st = rs.new_game(seed=1)
    card = st.sides[0].hand[0]
    assert rs.highlights(st, card) == {"play": list(range(SLOTS))}


def test_a_spectator_sees_neither_hand() -> None:
    rs = rules.get(GAME.name)
    st = rs.new_game(seed=2)
    v = rs.view(st, None)
    assert {v.cards[c] for side in st.sides for c in side.hand} == {HIDDEN}
