"""The pieces of BOS's fast simulation step (``rules.bos.legal``, ``rules.bos.quick`` and the
ruleset's direct ``to_act`` / ``legal_intents`` / quiet ``apply``) against the plain rules:
the Main phase's intents against a listing written from the rule helpers, the shared Units and
the copy helper against pydantic's own, the per-game card rows against a catalog reloaded in
the middle of a game."""

from __future__ import annotations

import random
from pathlib import Path

from rules.bos import quick
from rules.bos.intents import Attack, Cast, EndTurn, PlayerAttack, RevealBoss, UseAbility
from rules.bos.legal import STAGES, can_cast, can_player_attack, can_reveal, targets
from rules.bos.state import State, Unit
from rules.core.model import Intent
from rules.core.ruleset import Ruleset
from tests.bos.helpers import RS
from tests.manual.helpers import manual_pack, reach_manual

PAIRS = [("Ember Court", "Tide Circle"), ("Grove Wardens", "Ember Court"),
         ("Tide Circle", "Grove Wardens"), ("Grove Wardens", "Grove Wardens")]


def _main_by_the_rules(s: State, p: int) -> list[Intent]:
    """The Main phase's intents in the generator's order, from the rule helpers one by one:
    spells cheapest first (B-01, B-02), then each ready card's attacks on every other card, its
    player attacks (B-08, B-11, B-12, B-16) and "act" abilities, the boss, the end of turn."""
    side = s.sides[p]
    out: list[Intent] = []
    for iid in sorted(side.spellbook, key=lambda i: s.card(i).cost):
        effect = s.card(iid).effect
        if can_cast(s, p, iid) and effect is not None:
            out += [Cast(card=iid, target=t, player=q) for t, q in targets(s, p, effect)]
    for iid, u in s.units.items():
        if u.owner != p or u.acted:
            continue
        out += [Attack(card=iid, target=t) for t in s.units if t != iid]
        if can_player_attack(s, iid, 1 - p):
            out.append(PlayerAttack(card=iid, player=1 - p))
        out.append(PlayerAttack(card=iid, player=p))
        for k, ab in enumerate(s.card(iid).abilities):
            if ab.trigger == "act":
                out += [UseAbility(card=iid, ability=k, target=t, player=q)
                        for t, q in targets(s, p, ab.effect)]
    if can_reveal(s, p):
        out.append(RevealBoss(card=side.boss))
    out.append(EndTurn())
    return out


def _random_games(seeds: range) -> list[State]:
    """Every state of random quiet games of several deck pairings, the pairings alternating
    (the per-game caches must never serve one pairing's rows to another)."""
    out = []
    for seed in seeds:
        a, b = PAIRS[seed % len(PAIRS)]
        r = random.Random(seed)
        s = RS.new_game(seed=seed, options={"decks": [a, b], "first": seed % 2})
        while RS.to_act(s) is not None:
            out.append(s)
            s = RS.apply(s, r.choice(RS.legal_intents(s)), quiet=True).state
        out.append(s)
    return out


def test_main_phase_intents_are_the_rule_helpers_in_order() -> None:
    checked = 0
    for s in _random_games(range(16)):
        if s.step == "main" and s.winner is None:
            assert RS.legal_intents(s) == _main_by_the_rules(s, s.active), s
            checked += 1
    assert checked > 300


def test_direct_contract_calls_answer_as_the_generic_ones() -> None:
    """``BosRules`` answers ``to_act``, ``legal_intents`` and quiet ``apply`` without the base
    class's layers; the base methods on the same states give the same answers."""
    fresh = type(RS)()
    for k, s in enumerate(_random_games(range(4))):
        assert fresh.to_act(s) == Ruleset.to_act(fresh, s) == STAGES.to_act(s)
        mine = fresh.legal_intents(s)
        assert mine == Ruleset.legal_intents(type(RS)(), s) == STAGES.legal(s)
        assert fresh.legal_intents(s) == mine and fresh.legal_intents(s) is not mine  # a copy
        if mine:
            i = mine[k % len(mine)]
            fast = fresh.apply(s, i, quiet=True)
            generic = Ruleset.apply(type(RS)(), s, i, quiet=True)
            assert fast.events == [] and fast.state == generic.state
            assert RS.dump(fast.state) == RS.dump(fresh.apply(s, i).state)


def test_a_shared_unit_equals_the_one_pydantic_builds_and_is_reused() -> None:
    u = quick.unit(7, 1, 4, True, (3,))
    assert u == Unit(iid=7, owner=1, strength=4, acted=True, under=(3,))
    assert u.model_fields_set == set(Unit.model_fields)
    assert quick.unit(7, 1, 4, True, (3,)) is u
    assert quick.unit(7, 1, 4, False, (3,)) == Unit(iid=7, owner=1, strength=4, under=(3,))
    assert quick.unit(7, 1, 4, False, (3,)) is not u


def test_the_quick_copy_is_pydantics_copy() -> None:
    s = RS.new_game(seed=0)
    side = s.sides[0]
    for obj, update in ((s, {"step": "main", "turn": 5}), (side, {"vim": 9}),
                        (Unit(iid=1, owner=0, strength=2), {"acted": True})):
        mine, theirs = quick._copy(obj, update), obj.model_copy(update=update)
        assert type(mine) is type(theirs) and mine == theirs
        assert mine.model_fields_set == theirs.model_fields_set
        assert mine.__pydantic_extra__ is None and mine.__pydantic_private__ is None
        assert obj.model_copy(update={}) == obj  # the original is untouched
    assert quick._copy(s, {}).model_fields_set is s.model_fields_set


def test_card_rows_follow_a_catalog_reloaded_mid_game() -> None:
    """The spellbook rows are kept per game's cards: a reloaded catalog (hot reload gives the
    state a new one, the numbering unchanged) must be read again, not served from the rows of
    the old one."""
    for s in _random_games(range(8)):
        if s.step != "main" or s.winner is not None:
            continue
        casts = [i for i in RS.legal_intents(s) if isinstance(i, Cast)]
        if casts:
            break
    else:
        raise AssertionError("no position with a spell to cast")
    spell = s.card(casts[0].card)
    dearer = spell.model_copy(update={"cost": s.sides[s.active].vim + 1})
    reloaded, events = RS.replace_cards(s, {s.cards[casts[0].card]: dearer})
    assert events and reloaded.cards is s.cards and reloaded.catalog is not s.catalog
    after = RS.legal_intents(reloaded)
    assert not any(isinstance(i, Cast) and i.card == casts[0].card for i in after)
    assert after == _main_by_the_rules(reloaded, reloaded.active)
    assert RS.legal_intents(s) == _main_by_the_rules(s, s.active)  # the old game's still right



def test_direct_contract_calls_leave_an_open_manual_step_to_the_base(tmp_path: Path) -> None:
    """With a manual step open (a card's effect carried out by hand) the step's player acts and
    only its intents are legal: the direct calls answer as the base class does."""
    state, _, _ = reach_manual("bos", manual_pack("bos", tmp_path))
    rs, base = type(RS)(), type(RS)()
    step = rs.manual_pending(state)
    assert step is not None
    assert rs.to_act(state) == Ruleset.to_act(base, state) == step.player
    legal = rs.legal_intents(state)
    assert legal and legal == Ruleset.legal_intents(base, state)
    for i in legal:
        assert rs.apply(state, i, quiet=True).state == Ruleset.apply(base, state, i, True).state
