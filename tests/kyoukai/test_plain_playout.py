"""Kyoukai's plain playout (``rules.kyoukai.plain``) is the rules on other values: random games
played side by side with the rules, where after every intent both hold the same game and list
the same legal intents in the same order; and a simulation with random agents gives the same
results through it as through ``legal_intents`` and ``apply``."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.agents.random_agent import RandomAgent
from rules.core.model import Intent
from rules.kyoukai.cards import SkillCost
from rules.kyoukai.intents import Move
from rules.kyoukai.plain import legal as plain_legal
from rules.kyoukai.plain import play
from rules.kyoukai.plain.game import PlainGame, snapshot_of
from rules.kyoukai.plain.playout import to_intent
from rules.kyoukai.state import State
from rules.sim import match
from rules.sim.plan import deck_names, plan
from tests.manual.helpers import manual_pack

rs = rules.get("kyoukai")


def _zones(s: State, owners: tuple[int, ...]) -> int:
    """The zones taken by these players' Gates, as a bitmask."""
    return sum(1 << s.zone_of(i) for i, g in s.gates.items() if g.owner in owners)


def _side_by_side(s: State, seed: int, seen: Counter[str]) -> None:
    """Plays a random game on the rules and on the playout at once, checking every step."""
    g = PlainGame.of(s)
    assert g is not None
    r = random.Random(seed)
    while True:
        assert g.snapshot() == snapshot_of(s), (seed, s.turn, s.step)
        assert [g.taken, *g.own] == [_zones(s, owners) for owners in ((0, 1), (0,), (1,))]
        assert g.fast_on_field == {i for i in s.gates
                                   if any(sk.kind == "fast" for sk in s.card(i).skills)}
        p = rs.to_act(s)
        assert plain_legal.to_act(g) == p
        if p is None:
            return
        real = rs.legal_intents(s)
        mine = plain_legal.legal(g)
        assert [to_intent(x) for x in mine] == real, (seed, s.turn, s.step)
        k = r.randrange(len(real))
        chosen = real[k]
        seen[chosen.kind] += 1
        if chosen.kind == "skill" and chosen.pay:  # type: ignore[attr-defined]
            seen["skill with a cost in cards"] += 1
        if s.seq is not None and chosen.kind != "pass":
            seen["answer"] += 1
        s = rs.apply(s, chosen, quiet=True).state
        play.apply(g, mine[k])


def test_random_games_on_the_playout_follow_the_rules_step_by_step() -> None:
    seen: Counter[str] = Counter()
    for seed in range(6):
        _side_by_side(rs.new_game(seed=seed), seed, seen)
    # Every kind of intent the shipped cards give was played (a path that stopped being
    # reached would pass this test without being checked).
    assert {"open", "move", "attack", "skill", "pass", "end_action", "end_step", "answer",
            "discard"} <= set(seen), seen


def _costly(s: State) -> State:
    """The same game with Skills that cost cards and Gates, Fast Skills and Fast location
    Skills: what the shipped cards leave out of the generation and payment paths."""
    catalog = dict(s.catalog)
    for n, (cid, card) in enumerate(sorted(catalog.items())):
        skills = []
        for k, sk in enumerate(card.skills):
            if sk.kind == "location":
                sk = sk.model_copy(update={"speed": "fast"})
            elif sk.kind in ("normal", "fast"):
                turn = (n + k) % 3
                if turn == 0:
                    sk = sk.model_copy(update={"cost": SkillCost(ki=sk.cost.ki, discard=1)})
                elif turn == 1:
                    sk = sk.model_copy(update={"cost": SkillCost(ki=sk.cost.ki, rest=1)})
                else:
                    sk = sk.model_copy(update={"kind": "fast"})
            skills.append(sk)
        catalog[cid] = card.model_copy(update={"skills": tuple(skills)})
    return s.model_copy(update={"catalog": catalog})


def test_skills_that_cost_cards_and_fast_answers_follow_the_rules_too() -> None:
    seen: Counter[str] = Counter()
    for seed in range(6):
        _side_by_side(_costly(rs.new_game(seed=seed)), seed, seen)
    assert seen["skill with a cost in cards"] and seen["answer"], seen


def test_a_simulation_plays_the_same_games_through_the_playout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    matches = plan("kyoukai", 12, 40, deck_names(rs, {}, None), ("random", "random"))
    made: list[Any] = []
    real = type(rs).playout
    monkeypatch.setattr(type(rs), "playout",
                        lambda self, state: made.append(real(self, state)) or made[-1])
    through_playout = match.play_batch(matches)
    assert len(made) == 12 and all(made)
    monkeypatch.setattr(type(rs), "playout", lambda self, state: None)
    through_rules = match.play_batch(matches)
    assert through_playout == through_rules
    assert any(r.played[0] for r in through_rules)


def test_a_game_with_a_manual_effect_is_played_by_the_rules(tmp_path: Path) -> None:
    s = rs.new_game(seed=0, options={"pack": str(manual_pack("kyoukai", tmp_path))})
    assert rs.playout(s) is None
    assert rs.playout(rs.new_game(seed=0)) is not None


def test_the_random_agent_picks_by_position_as_it_chooses() -> None:
    legal: list[Intent] = [Move.of(0, z) for z in range(7)]
    by_list, by_position = RandomAgent(seed=5), RandomAgent(seed=5)
    picks = [by_position.pick(n) for n in (2, 7, 3, 7, 5, 7)]
    assert [legal.index(by_list.choose(rs, None, legal[:n])) for n in (2, 7, 3, 7, 5, 7)] \
        == picks
    assert len(set(picks)) > 2
