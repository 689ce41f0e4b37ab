"""The rules contract on random games: they end, legal intents apply, nothing mutates, dumps
round-trip, replays are exact, the view hides the dice seed."""

from __future__ import annotations

import random

import pytest

from rules.core.errors import IllegalIntent
from rules.core.model import Intent
from rules.core.state import replaced
from rules.krosmaster.house import START_GG, TURN_CAP, WILD_GG
from rules.krosmaster.intents import Move
from rules.krosmaster.state import KState
from tests.krosmaster.helpers import RS


def random_game(seed: int, check_every: int = 0) -> tuple[KState, list[Intent]]:
    r = random.Random(seed)
    s = RS.new_game(seed=seed)
    record: list[Intent] = []
    steps = 0
    while RS.to_act(s) is not None:
        legal = RS.legal_intents(s)
        assert legal, "no legal intent while the game runs"
        intent = r.choice(legal)
        before = RS.dump(s)
        out = RS.apply(s, intent)
        assert RS.dump(s) == before, "apply mutated its input"
        s = out.state
        record.append(intent)
        assert sum(s.gg) + s.wild_gg == 2 * START_GG + WILD_GG  # house rule H2
        steps += 1
        if check_every and steps % check_every == 0:
            assert RS.load(RS.dump(s)) == s
    return s, record


@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_and_respect_the_contract(seed: int) -> None:
    s, record = random_game(seed, check_every=37)
    assert s.phase == "over" and s.turn <= TURN_CAP
    assert RS.winner(s) in (0, 1, None)


def test_every_legal_intent_applies() -> None:
    """Each legal intent of a random game's positions applies: it changes the state (events
    say how), leaves its input alone, keeps house rule H2, and survives its record form."""
    r = random.Random(5)
    s = RS.new_game(seed=5)
    tried = 0
    for _ in range(300):
        if RS.to_act(s) is None:
            break
        legal = RS.legal_intents(s)
        before = RS.dump(s)
        for intent in legal:
            assert RS.parse_intent(intent.to_json()) == intent
            out = RS.apply(s, intent)
            assert out.state != s, f"{intent.label()} changed nothing"
            assert out.events, f"{intent.label()} gave no event"
            assert sum(out.state.gg) + out.state.wild_gg == 2 * START_GG + WILD_GG
            assert RS.to_act(out.state) in (0, 1, None)
            tried += 1
        assert RS.dump(s) == before, "apply mutated its input"
        s = RS.apply(s, r.choice(legal)).state
    assert tried > 500  # the random game went on long enough to mean something


def test_replay_is_deterministic_and_dumps_round_trip() -> None:
    s, record = random_game(11)
    again = RS.new_game(seed=11)
    for intent in record:
        again = RS.apply(again, RS.parse_intent(intent.to_json())).state
    assert RS.dump(again) == RS.dump(s)
    assert RS.load(RS.dump(s)) == s


def test_view_masks_the_dice_seed() -> None:
    s = RS.new_game(seed=99)
    v = RS.view(s, 0)
    assert v.rng.seed == 0 and v.rng.counter == 0 and s.rng.seed == 99
    assert v.figures == s.figures


def test_illegal_intent_gives_a_reason() -> None:
    s = RS.new_game(seed=1)
    with pytest.raises(IllegalIntent, match="Not now"):
        RS.apply(s, RS.parse_intent({"kind": "reroll"}))
    fig = s.acting()
    assert fig is not None
    with pytest.raises(IllegalIntent, match="off the board"):
        RS.apply(s, Move(figure=fig.id, to=10_000))


def test_evaluate_prefers_more_gg_and_hp() -> None:
    s = RS.new_game(seed=1)
    better = replaced(s, **{"gg": (s.gg[0] + 1, s.gg[1] - 1)})
    assert RS.evaluate(better, 0) > RS.evaluate(s, 0)
    assert RS.evaluate(better, 1) < RS.evaluate(s, 1)


def test_a_copy_and_its_original_change_apart() -> None:
    """A copy shares the figures until one is changed (``KState.mut``): playing on either
    side after the copy leaves the other as it was, whichever of them plays first."""
    r = random.Random(3)
    s = RS.new_game(seed=3)
    for _ in range(400):
        if RS.to_act(s) is None:
            break
        copy = s.copy()
        before = RS.dump(s)
        intent = r.choice(RS.legal_intents(s))
        if r.random() < 0.5:
            RS.push(copy, intent)
            assert RS.dump(s) == before
            s = RS.push(s, intent)
            assert RS.dump(s) == RS.dump(copy)
        else:
            after = RS.dump(RS.push(s, intent))
            assert RS.dump(copy) == before
            assert RS.dump(RS.push(copy, intent)) == after
