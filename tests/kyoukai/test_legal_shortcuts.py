"""Legal-intent generation's shortcuts agree with the stage table they stand in for: who acts,
read off directly, and the open Sequence's "only Pass" list; the per-instance card facts it
looks up follow the card data, also after a hot reload changes a card."""

from __future__ import annotations

import random

import pytest

import rules
from rules.kyoukai.legal import STAGES, legal, to_act
from rules.kyoukai.state import State


def random_states(seed: int, steps: int = 1500) -> list[State]:
    rs = rules.get("kyoukai")
    r = random.Random(seed)
    s: State = rs.new_game(seed=seed)
    out = [s]
    for _ in range(steps):
        options = rs.legal_intents(s)
        if not options:
            break
        s = rs.apply(s, r.choice(options), quiet=True).state
        out.append(s)
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_who_acts_and_what_is_legal_match_the_stage_table(seed: int) -> None:
    states = random_states(seed)
    assert states[-1].over  # the playout went to the end of the game
    passes_only = 0
    for s in states:
        assert to_act(s) == STAGES.to_act(s)
        got = legal(s)
        assert got == STAGES.legal(s)
        passes_only += [i.kind for i in got] == ["pass"]
    assert passes_only > 100  # the Sequence's shortcut was taken


def test_card_facts_follow_the_card_data() -> None:
    s = random_states(3, 200)[-1]
    table = s.table.by_iid
    assert set(table) == set(s.cards)
    for iid, f in table.items():
        card = s.card(iid)
        assert f.card is card
        assert (f.cost, f.type, f.stats) == (card.cost, card.type, card.has_stats)
        assert f.fast_skill == any(sk.kind == "fast" for sk in card.skills)
    assert any(f.stats for f in table.values()) and any(not f.stats for f in table.values())


def test_a_hot_reloaded_card_is_looked_up_anew() -> None:
    rs = rules.get("kyoukai")
    s = random_states(4, 50)[-1]
    iid = next(i for i in s.players[0].hand)
    card = s.card(iid)
    before = s.table.by_iid[iid]
    changed = card.model_copy(update={"cost": (card.cost + 1) % 10})
    reloaded, events = rs.replace_cards(s, {card.id: changed})
    assert events and reloaded.catalog is not s.catalog
    assert reloaded.table.by_iid[iid].cost == (card.cost + 1) % 10
    assert s.table.by_iid[iid] == before and s.table.by_iid[iid].cost == card.cost
