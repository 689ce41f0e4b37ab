"""Seed rules K-08 … K-11: Defense, Life, and Defense scoped to one Sequence."""

from __future__ import annotations

from rules.core.state import replaced
from rules.kyoukai.state import State
from tests.kyoukai.helpers import at, do, pass_all, position, rs

EAGLE = {"card": "hunting_eagle", "owner": 0, "zone": "C3"}  # Attack 2, Rapid Instinct 2
GUARD = {"card": "temple_guard", "owner": 1, "zone": "C2"}  # Defense 3


def test_K08_damage_is_first_reduced_by_defense() -> None:
    # Ronin Aki (Defense 1) takes the Lion's 3 Attack: 2 gets through.
    s = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "D5"}], active=1)
    s = pass_all(do(s, kind="attack", gate="D5", zone="E5"))
    assert s.gates[s.players[0].entrant].damage == 2


def test_K08_damage_from_a_spell_is_reduced_too() -> None:
    s = position(field=[{"card": "iron_boar", "owner": 1, "zone": "D5"}],
                 hand=[["stone_throw"], []])
    s = pass_all(do(s, kind="open", card="stone_throw", zone="D5"))  # 2 vs Defense 2
    assert at(s, "D5") == "iron_boar"


def _empty_deck_draw(entrant: str, damage: int = 0, defense: int | None = None) -> State:
    """Player 2 (``entrant``, already ``damage`` hurt, with ``defense`` if given) starts a
    turn with an empty deck."""
    s = position(deck=[["punch"], []], active=0, entrants=["ronin_aki", entrant])
    if defense is not None:
        card = s.catalog[entrant].model_copy(update={"defense": defense})
        s = replaced(s, catalog={**s.catalog, entrant: card})
    ent = s.players[1].entrant
    s.set_gate(ent, damage=damage)
    return pass_all(do(s, kind="end_step"))


def test_K08_defense_reduces_the_empty_deck_damage() -> None:
    # "dealt damage in any way ... other Effect": the empty-deck draw's 2 meets Defense too.
    s = _empty_deck_draw("ronin_aki")  # Defense 1: 1 gets through
    assert s.gates[s.players[1].entrant].damage == 1
    s = _empty_deck_draw("sage_mirei", defense=2)  # Defense 2: nothing gets through
    assert s.gates[s.players[1].entrant].damage == 0
    assert s.absorbed == {}  # no Sequence was open: the Defense is back at once


def test_K08_the_empty_deck_still_loses_past_defense() -> None:
    s = _empty_deck_draw("ronin_aki", damage=19)
    assert s.gates[s.players[1].entrant].damage == 20
    assert s.over and rs.winner(s) == 0
    s = _empty_deck_draw("sage_mirei", damage=19, defense=2)
    assert not s.over and s.gates[s.players[1].entrant].damage == 19


def test_house_a_game_lost_to_the_empty_deck_ends_in_the_draw_step() -> None:
    # The phase bar shows the step the game ended in: the Draw step, not a Ready step that
    # never happened (the loser's Gates stay as they were).
    s = _empty_deck_draw("ronin_aki", damage=19)
    assert s.over and s.step == "draw"


def test_K09_damage_equal_to_defense_does_nothing() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "moss_turtle", "owner": 1, "zone": "C2"}])
    # Moss Turtle: Defense 3, Lion Attack 3.
    s = pass_all(do(s, kind="attack", gate="C3", zone="C2"))
    assert at(s, "C2") == "moss_turtle"


def test_K09_any_damage_past_defense_discards_a_summon_at_once() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 1, "zone": "C2"}])  # Defense 2
    s = pass_all(do(s, kind="attack", gate="C3", zone="C2"))
    assert at(s, "C2") == "empty"
    assert "iron_boar" in rs.facts(s)["p1.discard"]


def test_K10_entrant_damage_accumulates_and_twenty_loses() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "D5",
                         "ready": True}], active=1)
    s.set_gate(s.players[0].entrant, damage=17)
    s = pass_all(do(s, kind="attack", gate="D5", zone="E5"))  # 3 - 1 = 2 → 19
    assert s.gates[s.players[0].entrant].damage == 19
    assert rs.winner(s) is None and rs.to_act(s) is not None
    # One more point ends it.
    s2 = position(field=[{"card": "wandering_lion", "owner": 1, "zone": "D5"}], active=1)
    ent = s2.players[0].entrant
    s2.set_gate(ent, damage=18)
    s2 = pass_all(do(s2, kind="attack", gate="D5", zone="E5"))
    assert s2.gates[ent].damage == 20
    assert rs.winner(s2) == 1
    assert rs.to_act(s2) is None and rs.legal_intents(s2) == []


def test_K11_two_sources_in_one_sequence_add_up_against_defense() -> None:
    # The seed's example: Stone Throw (2), answered by the Eagle's Fast Skill Rapid Instinct
    # (2), both in one Sequence: 4 beats Temple Guard's Defense 3.
    s = position(field=[EAGLE, GUARD], hand=[["stone_throw"], []], ki=[3, 0])
    s = do(s, kind="open", card="stone_throw", zone="C2")
    s = do(s, kind="pass")  # the opponent passes
    s = do(s, kind="skill", gate="C3", skill=0, zone="C2")  # Rapid Instinct in response
    s = pass_all(s)
    assert at(s, "C2") == "empty"


def test_K11_defense_is_scoped_to_one_sequence() -> None:
    # The same 2 + 2 in two separate Sequences: each is stopped by the full Defense 3.
    s = position(field=[EAGLE, GUARD], hand=[["stone_throw"], []], ki=[3, 0])
    s = pass_all(do(s, kind="open", card="stone_throw", zone="C2"))
    assert at(s, "C2") == "temple_guard"
    assert s.absorbed == {}  # the reduction reset when the Sequence ended
    s = pass_all(do(s, kind="skill", gate="C3", skill=0, zone="C2"))
    assert at(s, "C2") == "temple_guard"


def test_K11_entrant_defense_is_used_up_within_a_sequence() -> None:
    # Sage Mirei (Defense 1) takes 2 + 2 in one Sequence: 1 + 2 gets through (in two
    # Sequences it would be 1 + 1).
    s = position(field=[{"card": "hunting_eagle", "owner": 0, "zone": "B1"}],
                 hand=[["stone_throw"], []], ki=[3, 0])
    s = do(s, kind="open", card="stone_throw", zone="A1")
    s = do(s, kind="pass")
    s = pass_all(do(s, kind="skill", gate="B1", skill=0, zone="A1"))
    assert s.gates[s.players[1].entrant].damage == 3


GUARD_BY_EAGLE = {"card": "temple_guard", "owner": 1, "zone": "C2"}  # borders the Eagle in C3


def test_K11_the_seeds_example_eagle_attack_and_stone_throw_in_one_sequence() -> None:
    # The seed, literally: "to overcome 3 Defense with an Eagle and a Stone Throw, both Eagle's
    # Attack and Stone Throw must be on the same Sequence". The Eagle attacks (2), the
    # opponent passes, and its player answers with Stone Throw, a Fast Gate (2): 4 beats 3.
    s = position(field=[EAGLE, GUARD_BY_EAGLE], hand=[["stone_throw"], []], ki=[1, 0])
    s = do(s, kind="attack", gate="C3", zone="C2")
    s = do(s, kind="pass")
    s = do(s, kind="open", card="stone_throw", zone="C2")
    s = pass_all(s)
    assert at(s, "C2") == "empty"
    assert "temple_guard" in rs.facts(s)["p1.discard"]


def test_K11_the_seeds_example_fails_across_two_sequences() -> None:
    # The same Attack and Stone Throw in separate Sequences: each meets the full Defense 3.
    s = position(field=[EAGLE, GUARD_BY_EAGLE], hand=[["stone_throw"], []], ki=[1, 0])
    s = pass_all(do(s, kind="attack", gate="C3", zone="C2"))
    s = pass_all(do(s, kind="open", card="stone_throw", zone="C2"))
    assert at(s, "C2") == "temple_guard"
