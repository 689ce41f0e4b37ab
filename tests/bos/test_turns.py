"""BOS turn flow, hidden information and the house rules around the seed."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.bos.cards import HIDDEN
from rules.bos.intents import Cast, EndSummoning, EndTurn, Summon
from rules.bos.state import HALVING_TURN, MIN_STARTUP_VIM
from rules.core.packs import check_pack
from rules.core.paths import asset
from tests.bos.helpers import RS, iid, play, position, summon


def _end_turns(st, n):  # type: ignore[no-untyped-def]
    for _ in range(n):
        if st.step == "summoning":
            st = play(st, EndSummoning())
        st = play(st, EndTurn())
    return st


def test_nothing_is_random_every_seed_starts_the_same_game() -> None:
    assert RS.dump(RS.new_game(seed=1)) == RS.dump(RS.new_game(seed=99))


def test_startup_doubles_vim_and_readies_cards_and_wizards() -> None:
    st = RS.new_game(seed=0)
    assert st.sides[0].vim == 2 and st.step == "summoning"  # 1 vim at start, doubled
    imp = iid(st, "cinder_imp")
    st = play(st, Summon(card=imp, column=0))
    assert st.sides[0].wizard_down == (True, False, False)
    assert not st.units[imp].acted  # a summon comes in ready
    st = _end_turns(st, 2)
    assert st.active == 0 and st.sides[0].vim == 4
    assert st.sides[0].wizard_down == (False, False, False)


def test_from_the_11th_turn_startup_halves_life_and_vim_and_says_so() -> None:
    st = position(turns=[HALVING_TURN - 1, HALVING_TURN - 1], life=[30, 21], vim=[4, 6],
                  active=0)
    out = RS.apply(st, EndTurn())
    after = out.state
    assert after.active == 1 and after.halved
    assert after.sides[1].life == 10 and after.sides[1].vim == 6  # doubled to 12, halved
    assert any(e.kind == "halving" and "halved" in e.text for e in out.events)
    before = position(turns=[3, 3], active=0)
    assert not play(before, EndTurn()).halved  # a 4th turn is not halved


def test_halving_to_zero_life_loses_the_game() -> None:
    st = position(turns=[HALVING_TURN, HALVING_TURN], life=[30, 1], active=0)
    st = play(st, EndTurn())
    assert st.sides[1].life == 0 and RS.winner(st) == 0 and RS.to_act(st) is None


def test_summoning_needs_an_available_wizard_and_a_holding_condition() -> None:
    st = RS.new_game(seed=0)
    brute = iid(st, "magma_brute")  # Your life is 20 or less
    with pytest.raises(rules.IllegalIntent, match="Your life is 20 or less"):
        RS.apply(st, Summon(card=brute, column=0))
    st = play(st, Summon(card=iid(st, "cinder_imp"), column=0))
    with pytest.raises(rules.IllegalIntent, match="wizard of column 1 has already summoned"):
        RS.apply(st, Summon(card=iid(st, "ember_hound"), column=0))
    assert RS.unusable(st, brute) == "Magma Brute's condition does not hold: Your life is 20 " \
                                     "or less"


def test_summoning_is_skipped_when_nothing_can_be_summoned() -> None:
    st = position(summon=[summon("ember_hound", 0, 0),
                                            summon("furnace_guard", 0, 1),
                                            summon("cinder_imp", 0, 2)], active=1)
    out = RS.apply(st, EndTurn())  # Player 1's Startup: all three columns are full
    assert out.state.active == 0 and out.state.step == "main"
    assert any("nothing to summon" in e.text for e in out.events)


def test_view_hides_the_opponents_castle_spellbook_wizards_and_face_down_boss() -> None:
    st = position(summon=[summon("reef_crab", 1, 0)])
    v = RS.view(st, 0)
    them = st.sides[1]
    for i in (*them.castle, *them.spellbook, *them.wizards, them.boss):
        assert v.cards[i] == HIDDEN
    assert v.cards[iid(st, "reef_crab")] == "reef_crab"  # on the battlefield: open
    mine = st.sides[0]
    assert all(v.cards[i] == st.cards[i] for i in (*mine.castle, *mine.spellbook, mine.boss))
    assert RS.legal_intents(v) == RS.legal_intents(st)


def test_every_legal_intent_has_a_sentence_and_highlights_name_targets() -> None:
    st = position(vim=[20, 2], summon=[summon("flame_dancer", 0, 0), summon("reef_crab", 1, 1)])
    for intent in RS.legal_intents(st):
        text = RS.describe(st, intent)
        assert text and "(" not in text, text
    lit = RS.highlights(st, iid(st, "flame_dancer"))
    assert lit["attack"] == [iid(st, "reef_crab")]
    assert ("player", 0) in lit["player_attack"] and ("player", 1) in lit["player_attack"]
    assert RS.highlights(st, iid(st, "fireball"))["cast"] == [iid(st, "flame_dancer"),
                                                             iid(st, "reef_crab")]


def test_a_pack_mistake_names_file_line_card_and_field(tmp_path: Path) -> None:
    src = asset("packs", "bos")
    for f in src.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    red = tmp_path / "red.toml"
    red.write_text(red.read_text().replace('effect = "damage_summon"\namount = 3',
                                           'effect = "damage_sumon"\namount = 3', 1))
    problems = check_pack("bos", tmp_path, rules.GAMES)
    assert any(f"{red}:" in p and "bos 'Fireball': effect: " in p and "damage_sumon" in p
               for p in problems), problems


def test_an_on_defeat_ability_that_needs_a_target_is_refused_at_load(tmp_path: Path) -> None:
    src = asset("packs", "bos")
    for f in src.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    red = tmp_path / "red.toml"
    red.write_text(red.read_text().replace('trigger = "defeat"\neffect = "damage_opponent"',
                                           'trigger = "defeat"\neffect = "damage_summon"', 1))
    problems = check_pack("bos", tmp_path, rules.GAMES)
    assert any("bos 'Cinder Imp'" in p and "cannot choose a target" in p for p in problems), \
        problems


def test_hot_reload_changes_a_card_by_id() -> None:
    st = position()
    fire = st.catalog["fireball"]
    new, events = RS.replace_cards(st, {"fireball": fire.model_copy(update={"cost": 1})})
    assert new.catalog["fireball"].cost == 1 and len(events) == 1
    assert RS.replace_cards(st, {"nope": fire}) == (st, [])


def test_a_refused_intent_changes_nothing() -> None:
    st = position()
    before = RS.dump(st)
    with pytest.raises(rules.IllegalIntent, match="not in your spellbook"):
        RS.apply(st, Cast(card=iid(st, "reef_crab")))
    assert RS.dump(st) == before


def test_startup_leaves_at_least_one_vim_after_spending_it_all() -> None:
    st = position(vim=[0, 0], active=0)
    st = play(st, EndTurn())
    assert st.active == 1 and st.sides[1].vim == MIN_STARTUP_VIM == 1


def test_the_table_is_told_castle_cards_wait_for_summoning_and_spells_for_main() -> None:
    st = position()  # Player 1's Main phase
    imp = iid(st, "cinder_imp")  # summonable at any time
    assert "only in your Summoning phase" in RS.unusable(st, imp)
    st = position(step="summoning")
    assert RS.unusable(st, imp) == ""
    assert "Main phase" in RS.unusable(st, iid(st, "scorch"))  # costs 1, affordable


def test_a_spell_with_nothing_to_cast_it_on_is_dimmed_and_says_why() -> None:
    st = position(vim=[8, 2])  # an empty battlefield, nothing has acted
    banish, rekindle = iid(st, "banish"), iid(st, "rekindle")
    assert RS.unusable(st, banish) == "nothing to cast Banish on: no summon is on the battlefield"
    assert "none of your cards has acted" in RS.unusable(st, rekindle)
    assert not RS.legal_intents(st, banish)
    with pytest.raises(rules.IllegalIntent, match="no summon is on the battlefield"):
        RS.apply(st, Cast(card=banish))
    st = position(vim=[8, 2], summon=[summon("reef_crab", 1, 0)])
    assert RS.unusable(st, banish) == ""  # a summon to return: usable again


def test_apply_and_lookahead_leave_the_state_they_were_given_as_it_was() -> None:
    """Copies of a state share its units and zones (values the rules replace, never change
    in place): playing every legal intent of every position of random games, loud, quiet and
    in the one-ply look-ahead, leaves the position as it was."""
    import random

    for seed, decks in enumerate((None, ["Grove Wardens", "Tide Circle"],
                                  ["Tide Circle", "Ember Court"])):
        r = random.Random(seed)
        st = RS.new_game(seed=seed, options={"decks": decks} if decks else None)
        while (p := RS.to_act(st)) is not None:
            before = RS.dump(st)
            legal = RS.legal_intents(st)
            RS.lookaheads(st, legal, p)
            for i in legal:
                RS.apply(st, i, quiet=True)
                RS.apply(st, i)
            assert RS.dump(st) == before
            st = RS.apply(st, r.choice(legal)).state


def test_a_spell_a_reload_made_a_summon_is_no_longer_offered_or_cast() -> None:
    """Found by the reload fuzz pass: the card stayed a Cast in the legal list and casting it
    tripped an assertion."""
    st = position()
    spell = next(i for i in st.sides[st.active].spellbook)
    key = st.cards[spell]
    now = st.catalog["reef_crab"].model_copy(update={"id": key, "name": "Not A Spell"})
    new, _ = RS.replace_cards(st, {key: now})
    assert new.catalog[key].type != "spell"
    assert not any(isinstance(i, Cast) and i.card == spell for i in RS.legal_intents(new))
    before = RS.dump(new)
    with pytest.raises(rules.IllegalIntent, match="not a spell"):
        RS.apply(new, Cast(card=spell))
    assert RS.dump(new) == before
