"""Issue 34, item 4: a decision whose only legal intent is a pass (``GameInfo.pass_kinds``, the
rules' own word for it) is made at once by the table, for a person and a computer alike, in
every game, and logged (the rules' own line, so Continue rebuilds the same log)."""

from __future__ import annotations

import random

import pytest

import rules
from game.session import GameConfig, GameSession


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_every_game_declares_what_a_pass_is(game: str) -> None:
    rs = rules.get(game)
    kinds = {t.kind_name() for t in rs.intent_types}
    assert rs.info.pass_kinds and set(rs.info.pass_kinds) <= kinds


@pytest.mark.parametrize("game", sorted(rules.GAMES))
@pytest.mark.parametrize("seat", ["human", "computer"])
def test_a_forced_pass_is_made_at_once_and_logged(game: str, seat: str) -> None:
    seats = (seat, seat)
    s = GameSession(GameConfig(game=game, seed=5, seats=seats, agent_delay=30.0,
                               auto_pass=True, autosave=False))
    rng = random.Random(1)
    for _ in range(3000):
        p = s.to_act()
        assert p is not None, "the game ended before a forced pass"
        legal = s.legal()
        if len(legal) == 1 and legal[0].kind in rules.get(game).info.pass_kinds:
            break
        s.submit(rng.choice(legal))
    else:
        raise AssertionError("no forced pass in 3000 intents")
    n, lines = len(s.intents), len(s.log)
    # The first tick, long before a computer's 30 s of "thinking": no delay for a non-choice.
    assert s.tick(now=0.0)
    assert len(s.intents) == n + 1 and s.intents[-1] == legal[0].to_json()
    assert len(s.log) > lines  # the rules' own line for it
