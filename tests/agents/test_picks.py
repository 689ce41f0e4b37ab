"""Issue 34, item 2: where a subset is chosen one item at a time (``Ruleset.pick_kinds``:
Nullshapers' attackers, defenders and discards, Dreadnought's checks and payments) every agent
decides each candidate once, in canonical order, so none undoes and redoes a choice; the rules
still offer the toggle to people."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.agents import Budget, GreedyAgent, RandomAgent, SearchAgent
from rules.agents.base import Agent, _order
from rules.core.model import Intent

PICKING = ("nullshapers", "dreadnought")


def _play(game: str, agents: list[Agent], seed: int, limit: int) -> list[tuple[int, Intent,
                                                                             list[Intent]]]:
    """Each decision (actor, intent, legal) of a game the agents play, up to ``limit``."""
    rs = rules.get(game)
    state = rs.new_game(seed=seed)
    out = []
    while (p := rs.to_act(state)) is not None and len(out) < limit:
        if rs.manual_pending(state) is not None:
            break
        legal = rs.legal_intents(state)
        intent = agents[p].choose(rs, rs.view(state, p), legal)
        out.append((p, intent, legal))
        state = rs.apply(state, intent, quiet=True).state
    return out


def _out_of_order(game: str, moves: list[tuple[int, Intent, list[Intent]]]) -> list[str]:
    """Picks made after a pick of the same kind by the same player that do not come later in
    canonical order although a later one was legal (a toggle is such a pick)."""
    kinds = rules.get(game).pick_kinds
    bad = []
    last: tuple[int, Intent] | None = None
    for n, (p, intent, legal) in enumerate(moves):
        if intent.kind not in kinds:
            last = None
            continue
        if last is not None and last[0] == p and last[1].kind == intent.kind:
            before = _order(last[1])
            later = [i for i in legal if i.kind == intent.kind and _order(i) > before]
            if later and _order(intent) <= before:
                bad.append(f"#{n}: {last[1]!r} then {intent!r}")
        last = (p, intent)
    return bad


def test_the_games_with_one_at_a_time_steps_declare_them() -> None:
    assert rules.get("nullshapers").pick_kinds >= {"attack", "defend"}
    assert rules.get("dreadnought").pick_kinds >= {"check", "pay"}


@pytest.mark.parametrize("game", PICKING)
@pytest.mark.parametrize("make", [RandomAgent, GreedyAgent], ids=["random", "greedy"])
def test_agents_pick_each_candidate_once_in_order(game: str, make: type[Agent]) -> None:
    rs = rules.get(game)
    picks = 0
    for seed in range(3 if make is RandomAgent else 1):
        moves = _play(game, [make(seed=2 * seed), make(seed=2 * seed + 1)], seed, 1500)
        picks += sum(1 for _, i, _ in moves if i.kind in rs.pick_kinds)
        assert _out_of_order(game, moves) == []
    assert picks > 0  # the games did reach the steps


def test_nullshapers_search_never_withdraws_an_attacker_it_chose() -> None:
    """The reported case: the computer chose and withdrew its attackers 65 times."""
    rs = rules.get("nullshapers")
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state: Any = rs.new_game(seed=seed)
        for _ in range(600):
            if rs.to_act(state) is None or rs.manual_pending(state) is not None:
                break
            legal = rs.legal_intents(state)
            if state.at == "attackers" and state.queue is None \
                    and sum(i.kind == "attack" for i in legal) >= 2:
                break
            state = rs.apply(state, rng.choice(legal), quiet=True).state
        else:
            continue
        if state.at != "attackers" or rs.to_act(state) is None:
            continue
        found += 1
        p = rs.to_act(state)
        agent = SearchAgent(seed=seed, budget=Budget(iterations=40, rollout_depth=6))
        chosen: list[Intent] = []
        while rs.to_act(state) == p and state.at == "attackers" and state.queue is None:
            intent = agent.choose(rs, rs.view(state, p), rs.legal_intents(state))
            assert intent not in chosen, f"seed {seed}: {intent!r} chosen twice in one step"
            chosen.append(intent)
            state = rs.apply(state, intent).state
        if found >= 3:
            break
    assert found
