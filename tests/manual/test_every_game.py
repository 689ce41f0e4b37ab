"""The manual step through the core, in every shipped game: a prototype card whose effect is
``manual`` opens it, every manual intent it offers applies (loud and quiet alike), Done goes
back to enforced play, a record with manual intents replays, and the agents pick Done."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from rules.agents import Budget, GreedyAgent, RandomAgent, SearchAgent
from rules.core.errors import IllegalIntent
from rules.core.manual import consistency
from rules.core.manual_intents import ManualDone, ManualRoll
from rules.core.model import Intent
from tests.manual.helpers import GAMES

Reached = dict[str, tuple[Any, dict[str, Any], list[Intent]]]


@pytest.mark.parametrize("game", GAMES)
def test_a_manual_card_opens_a_manual_step_for_its_controller(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state, _, intents = reached[game]
    step = rs.manual_pending(state)
    assert step is not None and not step.freeform
    assert rs.to_act(state) == step.player
    assert step.text.startswith(("Put", "The target", "Terminate"))  # the card's own words
    legal = rs.legal_intents(state)
    assert legal[0] == ManualDone() and ManualRoll(sides=6) in legal
    # Reached by a game intent whose loud apply logged the step with the card's name.
    opts = reached[game][1]
    again = rs.new_game(opts["seed"], {"pack": opts["pack"]})
    for i in intents[:-1]:
        again = rs.apply(again, i).state
    last = rs.apply(again, intents[-1])
    assert rs.dump(last.state) == rs.dump(state)
    assert any(e.kind == "manual" and e.text == f"Manual ({step.title}): Player "
               f"{step.player + 1} carries it out by hand." for e in last.events)


@pytest.mark.parametrize("game", GAMES)
def test_every_manual_intent_applies_and_quiet_reaches_the_same_state(
        game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state = reached[game][0]
    table = rs.manual_table
    assert table is not None
    step = rs.manual_pending(state)
    assert step is not None
    places = table.places(state)
    # A card of each zone (the board's and those under cards too), not every card.
    cards = sorted({pl.card for pl in reversed(places)} & {
        next(pl.card for pl in places if (pl.owner, pl.zone) == key)
        for key in {(pl.owner, pl.zone) for pl in places}})
    offered = list(rs.legal_intents(state))
    for card in cards:
        offered += rs.legal_intents(state, card)
    kinds = {i.kind for i in offered}
    assert {"manual_done", "manual_roll", "manual_move", "manual_counter"} <= kinds
    for intent in offered:
        if intent.kind == "manual_done":
            continue
        loud = rs.apply(state, intent)
        quiet = rs.apply(state, intent, quiet=True)
        assert rs.dump(loud.state) == rs.dump(quiet.state), intent
        assert quiet.events == []
        assert loud.events and loud.events[0].text.startswith(f"Manual ({step.title}): Player "
                                                              f"{step.player + 1} ")
        assert rs.manual_pending(loud.state) is not None  # only Done ends the step
        assert rs.highlights(loud.state, intent.__dict__.get("card", 0)) == {}
        # No card is lost or doubled by a move (a game's own problems, like an Entrant taken
        # off the field, may follow: Done refuses those).
        assert not any(" places (" in p for p in consistency(table, loud.state)), intent


@pytest.mark.parametrize("game", GAMES)
def test_done_closes_the_step_and_play_goes_on_enforced(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state = reached[game][0]
    out = rs.apply(state, ManualDone())
    assert rs.manual_pending(out.state) is None
    assert out.events[0].text == f"Manual ({rs.manual_pending(state).title}): Player " \
        f"{rs.manual_pending(state).player + 1} is done."  # type: ignore[union-attr]
    after = out.state
    if rs.to_act(after) is not None:
        legal = rs.legal_intents(after)
        assert legal and not any(i.kind.startswith("manual_") for i in legal)
        rs.apply(after, legal[0])  # the game's own intents apply again
    with pytest.raises(IllegalIntent, match="no manual step is open"):
        rs.apply(after, ManualRoll())


@pytest.mark.parametrize("game", GAMES)
def test_game_intents_wait_while_the_step_is_open(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state, _, intents = reached[game]
    done = rs.apply(state, ManualDone()).state
    if rs.to_act(done) is None:
        pytest.skip("the game ended with the step")
    with pytest.raises(IllegalIntent, match="waits: Player .* by hand"):
        rs.apply(state, rs.legal_intents(done)[0])


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_manual_intents_replays_to_the_same_state(game: str,
                                                                 reached: Reached) -> None:
    """Through JSON, as records keep them: roll, a move, a counter, Done and one more."""
    rs = rules.get(game)
    state, opts, intents = reached[game]
    table = rs.manual_table
    assert table is not None
    card = table.places(state)[0].card
    extra: list[Intent] = [ManualRoll(sides=20)]
    # Two of its changes that Done accepts (a BOS summon may not stay in the spellbook).
    extra += [i for i in rs.legal_intents(state, card)
              if not consistency(table, rs.apply(state, i).state)][:2]
    extra += [i for i in rs.legal_intents(state) if i.kind == "manual_counter"][:1]
    extra.append(ManualDone())
    for i in extra:
        state = rs.apply(state, i).state
    record = [json.dumps(i.to_json()) for i in intents + extra]
    again = rs.new_game(opts["seed"], {"pack": opts["pack"]})
    for text in record:
        again = rs.apply(again, rs.parse_intent(text)).state
    assert rs.dump(again) == rs.dump(state)


@pytest.mark.parametrize("game", GAMES)
def test_agents_pick_done_at_a_manual_step(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state = reached[game][0]
    p = rs.to_act(state)
    assert p is not None
    view = rs.view(state, p)
    legal = rs.legal_intents(state)
    for agent in (RandomAgent(3), GreedyAgent(3), SearchAgent(3, budget=Budget(iterations=20))):
        assert agent.choose(rs, view, legal) == ManualDone()


@pytest.mark.parametrize("game", GAMES)
def test_computer_players_play_through_manual_cards(game: str,
                                                    manual_packs: dict[str, Any]) -> None:
    """Random and greedy players on a pack with the prototype: each manual step they meet
    is closed by Done, and play goes on (the game's own intents again)."""
    rs = rules.get(game)
    met = 0
    for seed in range(5, 10):
        state = rs.new_game(seed, {"pack": str(manual_packs[game])})
        agents = (RandomAgent(seed), GreedyAgent(seed + 1))
        for _ in range(400):
            p = rs.to_act(state)
            if p is None:
                break
            legal = rs.legal_intents(state)
            intent = agents[p].choose(rs, rs.view(state, p), legal)
            manual = rs.manual_pending(state) is not None
            assert manual == (intent == ManualDone())
            met += manual
            state = rs.apply(state, intent).state
        if met:
            break
    assert met > 0
