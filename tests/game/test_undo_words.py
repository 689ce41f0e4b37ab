"""Issue 34, item 11: undo explains itself in the player's words: what it took back (the
rules' own sentence for the decision), and when it refuses, the draw or reveal in the way."""

from __future__ import annotations

import random

import pytest

import rules
from game.session import GameConfig, GameSession, drawable


def _session(game: str, seed: int = 2) -> GameSession:
    return GameSession(GameConfig(game=game, seed=seed, seats=("human", "human"),
                                  agent_delay=0.0, auto_pass=False, autosave=False))


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_took_back_names_the_decision(game: str) -> None:
    s = _session(game)
    rng = random.Random(3)
    for _ in range(400):
        p = s.to_act()
        assert p is not None
        legal = s.legal()
        pick = rng.choice(legal)
        said = drawable(s.rs.describe(s.state, pick))
        assert s.submit(pick) is None
        if s.can_undo(p) and s.live.record.intents[-1] == pick.to_json() \
                and s.to_act() is not None and s.undo(p) == 1:
            assert s.took_back == f"Took back: {said}"
            assert s.log[-1].startswith("Undo:")
            return
    raise AssertionError("no decision could be taken back alone")


def test_a_dreadnought_block_refusal_names_what_it_revealed() -> None:
    for seed in range(30):
        s = _session("dreadnought", seed)
        rng = random.Random(seed)
        while (p := s.to_act()) is not None and len(s.intents) < 600:
            pick = rng.choice(s.legal())
            assert s.submit(pick) is None
            events = s.live.events[-1]
            shown = [e for e in events if p in e.reveals]
            if pick.kind == "block" and shown and s.to_act() is not None \
                    and not s.can_undo(p):
                why = s.why_no_undo(p)
                assert f'"{drawable(shown[0].text)}"' in why, why
                assert "reveal" not in why.split('"')[0]  # not the bare word of old
                return
    raise AssertionError("no block revealed a card")
