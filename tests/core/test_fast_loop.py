"""The rules core seams every game gets: quiet apply, legal intents by source piece, one
intent table per game, and refusing any intent that is not legal with IllegalIntent."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.krosmaster.intents import Move as KrosmasterMove
from rules.kyoukai.intents import Move as KyoukaiMove
from tests.playouts import random_position

GAMES = sorted(rules.GAMES)
OTHER = {"kyoukai": KrosmasterMove(figure=0, to=3), "krosmaster": KyoukaiMove(gate=0, to=3),
         "dreadnought": KyoukaiMove(gate=0, to=3),
         "bos": KyoukaiMove(gate=0, to=3)}


def _random_states(rs: Any, seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of a random game (the last one too)."""
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    out = [state]
    step = 0
    while rs.to_act(state) is not None:
        state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
        step += 1
        if step % every == 0:
            out.append(state)
    return out + [state]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_loud_and_quiet_apply_reach_identical_states(game: str, seed: int) -> None:
    rs = rules.get(game)
    r = random.Random(seed)
    loud = quiet = rs.new_game(seed=seed)
    steps = 0
    while rs.to_act(loud) is not None:
        intent = r.choice(rs.legal_intents(loud))
        out_loud = rs.apply(loud, intent)
        out_quiet = rs.apply(quiet, intent, quiet=True)
        assert out_quiet.events == []
        assert rs.dump(out_quiet.state) == rs.dump(out_loud.state), f"step {steps}: {intent}"
        loud, quiet = out_loud.state, out_quiet.state
        steps += 1
    assert steps > 0 and rs.to_act(quiet) is None


@pytest.mark.parametrize("game", GAMES)
def test_legal_intents_by_source_are_that_pieces_share_of_all(game: str) -> None:
    for seed in (1, 2):
        for state in _random_states(rules.get(game), seed, every=5):
            rs = type(rules.get(game))()  # a fresh cache: the per-game hook, not a filter
            every = rs.legal_intents(state)
            sources = {rs.source_of(i) for i in every} - {None}
            for source in sorted(sources | {-5, 99_999}, key=repr):
                fresh = type(rs)()
                mine = fresh.legal_intents(state, source)
                assert sorted(map(repr, mine)) == sorted(
                    repr(i) for i in every if rs.source_of(i) == source), (game, source)
                # Through the cache the answer is the same.
                assert sorted(map(repr, rs.legal_intents(state, source))) == sorted(
                    map(repr, mine))


@pytest.mark.parametrize("game", GAMES)
def test_every_intent_type_has_one_table_entry(game: str) -> None:
    rs = rules.get(game)
    assert {k.type for k in rs.intent_kinds.values()} == set(rs.intent_types)
    state = rs.new_game(seed=4)
    for intent in rs.legal_intents(state):
        assert rs.kind_of(intent) is rs.intent_kinds[intent.kind]
        assert rs.describe(state, intent).strip()


@pytest.mark.parametrize("game", GAMES)
def test_generated_intents_dump_and_parse_back_equal(game: str) -> None:
    rs = rules.get(game)
    for state in _random_states(rs, 7, every=11):
        for intent in rs.legal_intents(state):
            again = rs.parse_intent(intent.to_json())
            assert again == intent and type(again) is type(intent)


def _refused(rs: Any, state: Any, intent: Any) -> None:
    before = rs.dump(state)
    with pytest.raises(rules.IllegalIntent) as err:
        rs.apply(state, intent)
    assert err.value.reason.strip()
    assert rs.dump(state) == before


@pytest.mark.parametrize("intent", [KyoukaiMove(gate=0, to=25), KyoukaiMove(gate=0, to=-26),
                                    KyoukaiMove(gate=0, to=2**63)])
def test_kyoukai_out_of_range_move_is_refused_with_a_reason(intent: Any) -> None:
    rs = type(rules.get("kyoukai"))()
    state = rs.new_game(seed=1)
    with pytest.raises(rules.IllegalIntent, match="off the board"):
        rs.apply(state, intent)


_INTS = st.one_of(st.integers(-30, 130), st.sampled_from([-2**63, 2**63, 10**6]))


@st.composite
def _odd_intents(draw: st.DrawFn, game: str, near: list[int]) -> Any:
    """Well-typed intents of any kind with any ints (often ones a legal intent uses now, so
    the piece exists and the rest is out of range), malformed ones and foreign objects."""
    rs = rules.get(game)
    ints = st.one_of(st.sampled_from(near), _INTS) if near else _INTS
    choice = draw(st.integers(0, 5))
    if choice == 4:
        foreign = OTHER.get(game, KyoukaiMove(gate=0, to=3))
        return draw(st.sampled_from([None, 3, "move", {"kind": "move"}, object(), foreign]))
    cls = draw(st.sampled_from(sorted(rs.intent_types, key=lambda t: t.__name__)))
    fields: dict[str, Any] = {}
    for name, annotation in get_type_hints(cls).items():
        if name == "kind" or name.startswith("_"):
            continue
        if annotation is int:
            fields[name] = draw(ints)
        else:
            fields[name] = draw(st.sampled_from(["critical", "armour", "lock", "dodge"]))
    if choice == 5 and fields:  # intents built in Python are not validated: mistyped fields
        fields[next(iter(fields))] = draw(st.sampled_from(["x", None, 1.5, (1,)]))
    return cls(**fields)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 3), steps=st.integers(0, 40))
def test_any_intent_that_is_not_legal_raises_illegal_intent(game: str, data: st.DataObject,
                                                            seed: int, steps: int) -> None:
    rs = rules.get(game)
    state = random_position(rs, seed, steps)
    legal = rs.legal_intents(state)
    near = sorted({v for i in legal for v in i.to_json().values() if type(v) is int})
    intent = data.draw(_odd_intents(game, near))
    fresh = type(rs)()  # no cached legal list: the per-source check runs
    if intent in legal:
        fresh.apply(state, intent)
        return
    _refused(fresh, state, intent)
    _refused(rs, state, intent)


@pytest.mark.parametrize("game", GAMES)
def test_legal_intents_with_one_field_out_of_range_are_refused(game: str) -> None:
    """Each legal intent of many positions with one int field set to an odd value (the
    issue-12 case: ``Move(gate=0, to=25)`` used to raise IndexError while explaining)."""
    rs = rules.get(game)
    tried = 0
    for state in _random_states(rs, 11, every=9)[:40]:
        legal = rs.legal_intents(state)
        for intent in legal:
            for key, value in intent.to_json().items():
                if type(value) is not int:
                    continue
                for odd in (-26, -1, 25, 99, 2**63, value + 997):
                    bad = replace(intent, **{key: odd})
                    if bad in legal:
                        continue
                    _refused(rs, state, bad)
                    tried += 1
    assert tried > 200


def test_a_game_on_immutable_models_without_a_table_keeps_the_seams(tmp_path: Any) -> None:
    """A game with its own ``_apply(state, intent, quiet)`` and no intent table: its kinds come
    from ``intent_types``, and a quiet apply reaches the same state without events."""
    from rules import registry
    from tests import fakegame

    registry.register(fakegame.info(fakegame.write_pack(tmp_path / "tinypack")))
    try:
        rs = rules.get("tiny")
        state = rs.new_game(seed=1)
        take = rs.legal_intents(state)[0]
        assert rs.kind_of(take) is not None and rs.describe(state, take) == take.label()
        loud, quiet = rs.apply(state, take), rs.apply(state, take, quiet=True)
        assert loud.events and quiet.events == []
        assert rs.dump(quiet.state) == rs.dump(loud.state)
        _refused(rs, state, KyoukaiMove(gate=0, to=3))
    finally:
        registry.unregister("tiny")


@pytest.mark.parametrize("game", GAMES)
def test_dumps_loads_and_parsed_intents_add_nothing_to_the_rulesets_attributes(game: str) -> None:
    """What the contract makes once (its adapters, its kinds) is kept apart from the ruleset's
    own attributes: a value written into its ``__dict__`` slows every later step's reads."""
    rs = type(rules.get(game))()
    state = rs.new_game(seed=1)
    before = list(vars(rs))
    rs.load(rs.dump(state))
    rs.parse_intent(rs.legal_intents(state)[0].to_json())
    rs.kind_of(rs.legal_intents(state)[0])
    assert list(vars(rs)) == before
