"""Nullshapers' pack errors, hidden information, sentences, highlights and hot reload."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.core.packs import read_pack
from rules.nullshapers.cards import HIDDEN, NCard
from rules.nullshapers.pack import FORMAT
from rules.nullshapers.state import State
from tests.nullshapers.helpers import agent, do, pass_all, position, rs

BAD = """[[card]]
id = "bad_agent"
name = "Bad Agent"
kind = "agent"
attack = 2
defense = 2

[[card]]
id = "bad_event"
name = "Bad Event"
kind = "event"
effect = "explode"
"""


def test_a_card_mistake_is_reported_with_file_line_card_and_field(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text(BAD)
    pack, errors = read_pack(FORMAT, tmp_path)
    assert pack is None
    assert f"{tmp_path / 'cards.toml'}:1: card 'Bad Agent': (card): an agent needs a 'reach'" \
        in errors[0]
    assert "cards.toml:8: card 'Bad Event': (card): unknown effect 'explode'" in errors[1]


def test_view_hides_the_opponents_hand_energy_and_both_decks() -> None:
    s = position(hand=[["spark_bolt"], ["flash_burn"]], energy=[1, 2])
    v = rs.view(s, 0)
    opp = s.sides[1]
    for iid in (*opp.hand, *opp.energy, *s.sides[0].deck, *opp.deck):
        assert v.cards[iid] == HIDDEN
    assert v.cards[s.sides[0].hand[0]] == "spark_bolt"


def test_every_intent_of_a_random_game_has_a_sentence() -> None:
    r = random.Random(4)
    s = rs.new_game(seed=4)
    seen: set[str] = set()
    while rs.to_act(s) is not None:
        legal = rs.legal_intents(s)
        for i in legal:
            text = rs.describe(s, i)
            assert text.strip() and "(" not in text.split()[0], text
            seen.add(i.kind)
        s = rs.apply(s, r.choice(legal), quiet=True).state
    assert {"play", "pass", "convert", "advance", "attack", "done"} <= seen


def test_highlights_show_where_a_picked_up_piece_may_go() -> None:
    s = pass_all(position(at="primary1", staging=[["arc_blade"], []],
                          agents=[{"card": "scrap_brawler", "owner": 0}]))
    assert rs.highlights(s, agent(s, 0)) == {"advance": [0, 1, 2]}
    s = do(s, kind="advance", agent="agent:0", biome=2)
    gear = s.sides[0].staging[0]
    assert rs.highlights(s, gear) == {"attach": [agent(s, 0)]}


@pytest.mark.parametrize("field,value", [("attack", 7), ("text", "New words.")])
def test_replace_cards_changes_a_card_in_play_by_its_id(field: str, value: object) -> None:
    s = position(agents=[{"card": "scrap_brawler", "owner": 0}])
    new = s.catalog["scrap_brawler"].model_copy(update={field: value})
    assert isinstance(new, NCard)
    s2, events = rs.replace_cards(s, {"scrap_brawler": new})
    assert getattr(s2.catalog["scrap_brawler"], field) == value
    assert events and "Scrap Brawler" in events[0].text


def test_evaluate_prefers_damage_piled_on_one_sector() -> None:
    """Two lost biomes lose the game, so 6 damage on one sector threatens more than 2 on
    each: the computer's score says so (and each point still counts)."""
    state = rs.new_game(seed=1)

    def hurt(durability: tuple[int, int, int]) -> float:
        s = state.copy()
        s.side(1).durability = list(durability)
        return rs.evaluate(s, 0)

    assert hurt((4, 10, 10)) > hurt((8, 8, 8)) > hurt((10, 10, 10))
    assert hurt((3, 10, 10)) > hurt((4, 10, 10))


def _mid_battle() -> tuple[State, str]:
    """A random game's position where an agent with gear stands in a biome while something
    waits on the queue."""
    for seed in range(50):
        s, r = rs.new_game(seed=seed), random.Random(seed)
        while rs.to_act(s) is not None:
            if s.queue and s.queue.stack and \
                    any(a.gear and a.biome >= 0 for a in s.agents.values()):
                return s, rs.dump(s)
            legal = rs.legal_intents(s)
            s = rs.apply(s, legal[r.randrange(len(legal))], quiet=True).state
    raise AssertionError("no such position in 50 games")


def test_applying_leaves_the_state_as_it_was_and_a_push_changes_only_its_own() -> None:
    """At every step of a random game: applying any legal intent, or pushing it on a copy or
    on either player's view, leaves the state as it was."""
    s, r = rs.new_game(seed=4), random.Random(4)
    while rs.to_act(s) is not None:
        before = rs.dump(s)
        legal = rs.legal_intents(s)
        for intent in legal:
            rs.apply(s, intent)
            rs.push(s.copy(), intent)
            rs.push(rs.view(s, 0), intent)
        assert rs.dump(s) == before
        s = rs.apply(s, legal[r.randrange(len(legal))]).state


def test_a_state_loads_from_its_dump_unchanged_and_a_bad_durability_is_named() -> None:
    s, text = _mid_battle()
    assert rs.dump(rs.load(text)) == text
    bad = text.replace('"durability":[', '"durability":[1,', 1)
    with pytest.raises(Exception, match="durability"):
        rs.load(bad)
