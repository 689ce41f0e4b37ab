"""The search's priors for Kyoukai (``Ruleset.priors``): one ply scores every Move alike, so a
Move is credited with the Attack it makes possible (K-02)."""

from __future__ import annotations

from rules.agents.search import Budget, SearchAgent
from rules.kyoukai.foresight import worth
from rules.kyoukai.intents import Move
from rules.kyoukai.priors import FOLLOW_UP
from rules.kyoukai.scenario import parse_zone as Z
from tests.kyoukai.helpers import iid_at, position, rs

LION = {"card": "wandering_lion", "owner": 0, "zone": "C3", "ready": True}  # Attack 3
SLIME = {"card": "basic_slime", "owner": 1, "zone": "C1", "ready": True}  # Defense 0


def _priors(player: int) -> tuple[dict[int, float], dict[int, float]]:
    s = position(field=[LION, SLIME])
    lion = iid_at(s, "C3")
    moves = [i for i in rs.legal_intents(s) if isinstance(i, Move) and i.gate == lion]
    plain = rs.lookaheads(s, moves, player)
    prior = rs.priors(s, moves, player)
    return ({m.to: p for m, p in zip(moves, plain, strict=True) if p is not None},
            {m.to: p for m, p in zip(moves, prior, strict=True) if p is not None})


def test_a_move_is_credited_with_the_attack_it_makes_possible() -> None:
    plain, prior = _priors(0)
    s = position(field=[LION, SLIME])
    slime = worth(s, iid_at(s, "C1"))
    assert slime is not None
    assert len(set(plain.values())) == 1  # one ply cannot tell the Moves apart
    assert prior[Z("C2")] == plain[Z("C2")] + FOLLOW_UP * slime  # C2 borders the Slime
    assert all(prior[z] == plain[z] for z in prior if z != Z("C2"))


def test_the_opponents_set_up_move_counts_against_the_player() -> None:
    plain, prior = _priors(1)
    s = position(field=[LION, SLIME])
    slime = worth(s, iid_at(s, "C1"))
    assert slime is not None
    assert prior[Z("C2")] == plain[Z("C2")] - FOLLOW_UP * slime


def test_an_attack_that_does_not_get_past_defense_gains_nothing() -> None:
    golem = {"card": "moss_turtle", "owner": 1, "zone": "C1"}  # Defense 3 = the Lion's Attack
    s = position(field=[LION, golem])
    lion = iid_at(s, "C3")
    moves = [i for i in rs.legal_intents(s) if isinstance(i, Move) and i.gate == lion]
    assert rs.priors(s, moves, 0) == rs.lookaheads(s, moves, 0)


def test_the_search_tries_the_set_up_move_first() -> None:
    s = position(field=[LION, SLIME])
    agent = SearchAgent(seed=1, budget=Budget(iterations=1))
    agent.choose(rs, s, rs.legal_intents(s))
    assert agent.root is not None
    tried = [i for (_, i) in agent.root.edges]
    assert tried == [Move(gate=iid_at(s, "C3"), to=Z("C2"))]


def test_threats_count_what_a_move_then_an_attack_could_take() -> None:
    from rules.kyoukai.threats import threats

    # Player 1's Lion stands two zones from player 0's Slime (it can Move next to it and
    # beat its Defense 0) and far from player 0's Entrant (E5, K-10).
    s = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "C3", "ready": True},
                        {"card": "basic_slime", "owner": 0, "zone": "C5", "ready": True}])
    slime = worth(s, iid_at(s, "C5"))
    assert threats(s, 1, only_ready=False) == slime
    assert threats(s, 0, only_ready=False) == 0.0  # the Slime's Attack 1 beats no Defense
    rested = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "C3",
                              "ready": False},
                             {"card": "basic_slime", "owner": 0, "zone": "C5"}])
    assert threats(rested, 1, only_ready=True) == 0.0
    assert threats(rested, 1, only_ready=False) == slime


def test_the_search_scores_a_piece_left_open_below_material_alone() -> None:
    from rules.kyoukai.threats import NEXT

    # Player 0 is in its Main step; player 1 acts next with the Lion.
    s = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "C3"},
                        {"card": "basic_slime", "owner": 0, "zone": "C5"}])
    slime = worth(s, iid_at(s, "C5"))
    assert slime is not None
    assert rs.search_value(s, 0) == rs.evaluate(s, 0) - NEXT * slime
    safe = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "B1"},
                           {"card": "basic_slime", "owner": 0, "zone": "C5"}])
    assert rs.search_value(safe, 0) == rs.evaluate(safe, 0)
