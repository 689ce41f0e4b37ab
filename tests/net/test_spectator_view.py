"""``view(state, None)``: what a spectator sees, in every game: no hand, no hidden card."""

from __future__ import annotations

import random

import pytest

import rules

GAMES = sorted(rules.GAMES)


def _positions(game: str, seed: int, steps: int) -> list[object]:
    rs = rules.get(game)
    state = rs.new_game(seed=seed)
    rng = random.Random(seed)
    out = [state]
    for _ in range(steps):
        if rs.to_act(state) is None:
            break
        state = rs.apply(state, rng.choice(rs.legal_intents(state))).state
        out.append(state)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_spectator_sees_no_card_either_seat_cannot_see(game: str) -> None:
    rs = rules.get(game)
    hidden = getattr(rs.manual_table, "hidden_card", None)
    for state in _positions(game, 3, 120)[::6]:
        cards = getattr(state, "cards", None)
        if cards is None:  # Krosmaster: all on the table; the spectator's view is a view too
            assert rs.view(state, None) is not state
            continue
        seen = [rs.view(state, p).cards for p in (0, 1)]
        watcher = rs.view(state, None).cards
        for iid in cards:
            if seen[0][iid] == hidden or seen[1][iid] == hidden:
                assert watcher[iid] == hidden, (iid, cards[iid])
            else:
                assert watcher[iid] == cards[iid]


@pytest.mark.parametrize("game", ["kyoukai", "dreadnought", "nullshapers"])
def test_spectator_sees_neither_hand(game: str) -> None:
    rs = rules.get(game)
    state = _positions(game, 4, 10)[-1]
    hidden = rs.manual_table.hidden_card if rs.manual_table else None
    players = getattr(state, "players", None) or state.sides
    hands = [i for pl in players for i in pl.hand]
    assert hands
    watcher = rs.view(state, None).cards
    assert all(watcher[i] == hidden for i in hands)
    # while each seat still sees its own
    assert all(rs.view(state, p).cards[i] != hidden for p, pl in enumerate(players)
               for i in pl.hand)
