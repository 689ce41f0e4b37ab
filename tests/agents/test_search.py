"""The search opponent (ISMCTS): it never uses what its player cannot see, it goes through the
rules contract alone, it repeats itself for a seed and an iteration budget, and it takes a win
in one move (and avoids a loss in one) where a game offers one."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.agents import Budget, RandomAgent, SearchAgent
from tests.playouts import random_position

GAMES = sorted(rules.GAMES)
SMALL = Budget(iterations=30, rollout_depth=6)


def root_values(root: Any) -> dict[Any, tuple[int, float]]:
    """Visits and mean value of each intent tried at the root of a search's tree."""
    return {i: (e.visits, e.total / e.visits if e.visits else 0.0)
            for (_, i), e in root.edges.items()}


def _own(game: str) -> Any:
    """A ruleset of the agent's own (as the table and the arena give it)."""
    rs = rules.get(game)
    own = type(rs)()
    own.info = rs.info
    return own


def _choice_position(rs: Any, seed: int) -> Any:
    """A running position, some way into a random game, where the player has a choice."""
    for steps in range(25, 400, 7):
        state = random_position(rs, seed, steps)
        if rs.to_act(state) is not None and len(rs.legal_intents(state)) > 1:
            return state
    raise AssertionError("no position with a choice")


def _decision(game: str, seed: int) -> tuple[Any, int, Any, list[Any]]:
    """The ruleset, the player to act, their view and their legal intents at a choice."""
    rs = rules.get(game)
    state = _choice_position(rs, seed)
    p = rs.to_act(state)
    return rs, p, rs.view(state, p), rs.legal_intents(state)


@pytest.mark.parametrize("game", GAMES)
def test_same_choice_whatever_it_cannot_see(game: str) -> None:
    rs = rules.get(game)
    state = _choice_position(rs, seed=3)
    p = rs.to_act(state)
    # Another true state the player cannot tell apart: the opponent's hidden cards and every
    # deck dealt again, the random generator (the future's dice) reseeded.
    other = rs.determinize(rs.view(state, p), p, random.Random(99))
    assert other != state
    assert rs.view(other, p) == rs.view(state, p)
    assert rs.legal_intents(other) == rs.legal_intents(state)
    roots = []
    picks = []
    for s in (state, other):
        agent = SearchAgent(seed=5, budget=SMALL)
        # The true state itself, not the view: the agent must look only at its own view.
        picks.append(agent.choose(_own(game), s, rs.legal_intents(s)))
        assert agent.root is not None and agent.stats.iterations == SMALL.iterations
        roots.append(root_values(agent.root))
    assert picks[0] == picks[1]
    assert roots[0] == roots[1]


CONTRACT = {"to_act", "legal_intents", "apply", "push", "evaluate", "winner", "view", "determinize",
            "lookahead", "lookaheads", "turns", "priors", "search_value", "position_key",
            "card_hashes",
            "pick_kinds"}  # the steps it decides one candidate at a time, in order


class Recorder:
    """A ruleset that records every attribute the agent asks of it, and the calls that are
    handed the true state."""

    def __init__(self, rs: Any, truth: Any) -> None:
        self._rs, self._truth = rs, truth
        self.names: set[str] = set()
        self.on_truth: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.names.add(name)
        value = getattr(self._rs, name)
        if not callable(value):
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            if any(a is self._truth for a in (*args, *kwargs.values())):
                self.on_truth.add(name)
            return value(*args, **kwargs)
        return call


@pytest.mark.parametrize("game", GAMES)
def test_it_calls_nothing_but_the_contract(game: str) -> None:
    rs = rules.get(game)
    state = _choice_position(rs, seed=4)
    p = rs.to_act(state)
    rec = Recorder(_own(game), state)
    SearchAgent(seed=1, budget=SMALL).choose(rec, rs.view(state, p), rs.legal_intents(state))
    assert rec.names <= CONTRACT, rec.names - CONTRACT
    assert {"determinize", "apply", "evaluate"} <= rec.names
    assert rec.on_truth == set()
    # Handed the true state, it only asks who acts and its own view of it.
    rec = Recorder(_own(game), state)
    SearchAgent(seed=1, budget=SMALL).choose(rec, state, rs.legal_intents(state))
    assert rec.on_truth <= {"to_act", "view"}, rec.on_truth
    assert "turns" in rec.names  # the rollouts' horizon and the stall guard read the turn


@pytest.mark.parametrize("game", GAMES)
def test_repeatable_for_a_seed_and_an_iteration_budget(game: str) -> None:
    rs, p, view, legal = _decision(game, 6)
    runs = []
    for _ in range(2):
        agent = SearchAgent(seed=11, budget=SMALL)
        picks = [agent.choose(_own(game), view, legal) for _ in range(2)]
        assert agent.root is not None
        runs.append((picks, root_values(agent.root)))
    assert runs[0] == runs[1]
    # every iteration visits one root intent; each tried intent started with its prior visits
    tried = len(runs[0][1])
    assert sum(v for v, _ in runs[0][1].values()) == SMALL.iterations \
        + SMALL.prior_visits * tried


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError, match="iterations or ms"):
        Budget()
    with pytest.raises(ValueError, match="at least 1"):
        Budget(iterations=0)


def test_a_time_budget_returns_the_best_so_far() -> None:
    rs = rules.get("dreadnought")
    state = _choice_position(rs, seed=2)
    p = rs.to_act(state)
    legal = rs.legal_intents(state)
    agent = SearchAgent(seed=1, budget=Budget(ms=30))
    assert agent.choose(_own("dreadnought"), rs.view(state, p), legal) in legal
    assert agent.stats.iterations >= 1


# (game, seed, random steps): positions found by scanning random games (seeded, quiet) where
# one intent ends the game at once in the deciding player's favour, and others do not.
WIN_IN_ONE = [("kyoukai", 148, 955), ("krosmaster", 1, 450), ("dreadnought", 109, 428),
              ("bos", 1, 89)]
# ... and where one intent loses the game at once (the others do not).
LOSS_IN_ONE = [("krosmaster", 0, 389), ("dreadnought", 4, 182), ("bos", 2, 42)]


def _outcomes(rs: Any, state: Any) -> dict[Any, int | None | str]:
    out: dict[Any, int | None | str] = {}
    for i in rs.legal_intents(state):
        after = rs.apply(state, i, quiet=True).state
        out[i] = rs.winner(after) if rs.to_act(after) is None else "on"
    return out


@pytest.mark.parametrize(("game", "seed", "steps"), WIN_IN_ONE)
def test_takes_a_win_in_one(game: str, seed: int, steps: int) -> None:
    rs = rules.get(game)
    state = random_position(rs, seed, steps)
    p = rs.to_act(state)
    outs = _outcomes(rs, state)
    assert p in outs.values() and set(outs.values()) != {p}, "the scenario moved: re-scan"
    agent = SearchAgent(seed=0, budget=Budget(iterations=80, rollout_depth=6))
    pick = agent.choose(_own(game), rs.view(state, p), rs.legal_intents(state))
    assert outs[pick] == p


@pytest.mark.parametrize(("game", "seed", "steps"), LOSS_IN_ONE)
def test_avoids_a_loss_in_one(game: str, seed: int, steps: int) -> None:
    rs = rules.get(game)
    state = random_position(rs, seed, steps)
    p = rs.to_act(state)
    outs = _outcomes(rs, state)
    assert 1 - p in outs.values() and set(outs.values()) != {1 - p}, "the scenario moved"
    for s in range(3):
        agent = SearchAgent(seed=s, budget=Budget(iterations=60, rollout_depth=6))
        pick = agent.choose(_own(game), rs.view(state, p), rs.legal_intents(state))
        assert outs[pick] != 1 - p


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_random(game: str) -> None:
    """Search (a tiny budget) against random play: every choice legal, the game ends."""
    rs = rules.get(game)
    own = _own(game)
    state = rs.new_game(seed=1)
    agents = [SearchAgent(seed=2, budget=Budget(iterations=3, rollout_depth=3)),
              RandomAgent(seed=3)]
    steps = 0
    while (p := rs.to_act(state)) is not None:
        legal = rs.legal_intents(state)
        pick = agents[p].choose(own, rs.view(state, p), legal)
        assert pick in legal
        state = rs.apply(state, pick).state
        steps += 1
        assert steps < 20_000
    assert rs.winner(state) in (0, 1, None)


TUNED = Budget(iterations=20, rollout_depth=4, greedy_rollouts=True, prior_visits=2, widen=0)


@pytest.mark.parametrize("game", GAMES)
def test_greedy_rollouts_and_root_priors_repeat_and_seed_every_root_intent(game: str) -> None:
    rs, p, view, legal = _decision(game, 8)
    runs = []
    for _ in range(2):
        agent = SearchAgent(seed=5, budget=TUNED)
        pick = agent.choose(_own(game), view, legal)
        assert agent.root is not None
        runs.append((pick, root_values(agent.root)))
    assert runs[0] == runs[1]
    values = runs[0][1]
    assert set(values) == set(legal)  # every root intent starts with its one-ply score
    assert sum(v for v, _ in values.values()) == 2 * len(legal) + TUNED.iterations


def test_a_greedy_rollout_intent_is_a_best_one_ply_choice() -> None:
    from rules.agents.greedy import PASS_KINDS
    from rules.agents.search import _greedy_pick

    rs = _own("kyoukai")
    state = _choice_position(rs, seed=3)
    p = rs.to_act(state)
    legal = rs.legal_intents(state)
    scores = {i: rs.lookahead(state, i, p) - (1e-3 if i.kind in PASS_KINDS else 0.0)
              for i in legal}
    top = max(scores.values())
    for seed in range(5):
        assert scores[_greedy_pick(rs, state, legal, random.Random(seed))] >= top - 1e-9


def test_search_specs_take_tuning_knobs_and_name_a_bad_one() -> None:
    from rules.agents import make_agent

    agent = make_agent("search:hard:iterations=50:depth=8:rollouts=greedy:prior=2",
                       game="kyoukai")
    assert isinstance(agent, SearchAgent)
    b = agent.budget
    assert (b.iterations, b.rollout_depth, b.greedy_rollouts, b.prior_visits) == (50, 8, True, 2)
    timed = make_agent("search:ms=80", game="kyoukai")
    assert isinstance(timed, SearchAgent) and (timed.budget.iterations, timed.budget.ms) \
        == (None, 80.0)
    with pytest.raises(ValueError, match="'depht=8' is not a knob"):
        make_agent("search:normal:depht=8")
    with pytest.raises(ValueError, match="only a search agent"):
        make_agent("greedy:depth=3")
    with pytest.raises(ValueError, match="rollouts=greedy or rollouts=random"):
        make_agent("search:rollouts=smart")


@pytest.mark.parametrize("game", GAMES)
def test_widening_tries_the_greedy_choice_first_and_widens_with_visits(game: str) -> None:
    from rules.agents.greedy import best_one_ply

    rs, p, view, legal = _decision(game, 8)
    one = SearchAgent(seed=3, budget=Budget(iterations=1))
    one.choose(_own(game), view, legal)
    assert one.root is not None
    tried = list(root_values(one.root))
    assert len(tried) == 1 and tried[0] in best_one_ply(_own(game), view, legal, p)
    many = SearchAgent(seed=3, budget=Budget(iterations=24))
    many.choose(_own(game), view, legal)
    assert many.root is not None
    # ceil(sqrt(n + 1)) intents at most after n visits: 5 after 24
    assert 1 < len(root_values(many.root)) <= min(5, len(legal))


def test_rollouts_stop_at_the_turn_horizon() -> None:
    from rules.agents.search import _Walk

    rs = _own("kyoukai")
    state = _choice_position(rs, seed=5)
    p = rs.to_act(state)
    turn = rs.turns(state)
    budget = Budget(iterations=1, rollout_depth=1000, horizon=1)
    walk = _Walk(rs, p, rs.legal_intents(state), rs.evaluate(state, p),
                 rs.search_value(state, p), budget, turn)
    end, steps, ended = walk.play_out(state, 0, random.Random(1))
    assert steps > 0 and ended == -1  # Kyoukai keys no positions
    assert rs.to_act(end) is None or rs.turns(end) == turn + 1


def test_a_turn_that_goes_round_in_circles_is_finished_by_the_one_ply_choice() -> None:
    from rules.agents.greedy import best_one_ply
    from rules.agents.search import STALL

    rs = _own("dreadnought")
    state = _choice_position(rs, seed=2)
    p = rs.to_act(state)
    view, legal = rs.view(state, p), rs.legal_intents(state)
    agent = SearchAgent(seed=1, budget=Budget(iterations=2, rollout_depth=1))
    for _ in range(STALL):
        agent.choose(rs, view, legal)
        assert agent.stats.iterations == 2
    pick = agent.choose(rs, view, legal)
    assert agent.stats.iterations == 0  # no search: the one-ply choice
    assert pick in best_one_ply(rs, view, legal, p)
    later = random_position(rules.get("dreadnought"), 2, 400)
    if rs.to_act(later) is not None and rs.turns(later) != rs.turns(state):
        agent.choose(rs, rs.view(later, rs.to_act(later)), rs.legal_intents(later))
        assert agent.stats.iterations == 2 or len(rs.legal_intents(later)) <= 1


def test_secure_selection_takes_the_better_mean_over_a_head_start_in_visits() -> None:
    from rules.agents.levels import make_agent
    from rules.agents.search import _best, _Edge, _Node
    from rules.bos.intents import EndTurn, Summon

    early, late, idle = Summon.of(1, 0), Summon.of(2, 0), EndTurn.of()
    root = _Node()
    # ``early`` was widened in first and kept its visits after its value fell; ``late`` came
    # in when the node had been visited enough and holds the better mean on fewer visits.
    for intent, visits, mean, avail in ((early, 47, 0.43, 144), (late, 27, 0.64, 60),
                                        (idle, 3, 0.9, 144)):
        e = root.edges[0, intent] = _Edge()
        e.visits, e.total, e.avail = visits, visits * mean, avail
    legal = [early, late, idle]
    assert _best(root, legal, 0) == early
    assert _best(root, legal, 0, "secure", 0.7) == late  # idle's 3 visits bound it far below
    agent = make_agent("search:hard:select=secure", game="bos")
    assert isinstance(agent, SearchAgent) and agent.budget.select == "secure"
    with pytest.raises(ValueError, match="select=visits or select=secure"):
        make_agent("search:select=best")
