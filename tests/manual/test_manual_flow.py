"""Where a manual step opens and what its Done settles, in Krosmaster, Dreadnought, BOS and
Nullshapers: the step opens at the exact point the manual effect resolves, what comes after it
in the same spell, ability or battle happens after Done on the state the player left, and Done
runs the game's state-based checks (knock-outs, breaks, defeats, lost biomes, the game's end)
as if a coded effect had made the player's changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.bos.state import EMPTY as BOS_EMPTY
from rules.core.errors import IllegalIntent
from rules.core.manual_intents import (
    Freeform,
    ManualCounter,
    ManualDone,
    ManualMove,
    ManualStep,
    Resume,
)
from rules.core.model import Event, Intent
from rules.core.state import replaced
from rules.dreadnought.reading import bp_of
from rules.nullshapers.state import STAGING, defense_of
from tests.manual.helpers import reach_manual

Reached = tuple[Any, dict[str, Any], list[Intent]]


def _step(game: str, state: Any) -> ManualStep:
    step = rules.get(game).manual_pending(state)
    assert step is not None
    return step


def _play(game: str, state: Any, intents: list[Intent]) -> tuple[Any, list[Event]]:
    """``intents`` applied loud (checked); the state and every event. Quiet reaches the same
    state (the loud-equals-quiet seam, manual intents and Done's settle included)."""
    rs = rules.get(game)
    loud, quiet, events = state, state, []
    for i in intents:
        out = rs.apply(loud, i)
        loud, events = out.state, events + out.events
        quiet = rs.apply(quiet, i, quiet=True).state
    assert rs.dump(quiet) == rs.dump(loud)
    return loud, events


def _replays(game: str, reached: Reached, more: list[Intent], end: Any) -> None:
    """The record (from ``new_game``, through JSON) reaches the same state."""
    rs = rules.get(game)
    _, opts, intents = reached
    state = rs.new_game(opts["seed"], {"pack": opts["pack"]})
    for text in [json.dumps(i.to_json()) for i in intents + more]:
        state = rs.apply(state, rs.parse_intent(text)).state
    assert rs.dump(state) == rs.dump(end)


@pytest.fixture(scope="module")
def spark(manual_packs: dict[str, Path]) -> Reached:
    """Krosmaster: Thunder Brawler's Spark Step (a manual effect, then 2 MP) on itself."""
    return reach_manual("krosmaster", manual_packs["krosmaster"], words=("Spark Step",))


@pytest.fixture(scope="module")
def jury_rig(manual_packs: dict[str, Path]) -> Reached:
    return reach_manual("dreadnought", manual_packs["dreadnought"])


@pytest.fixture(scope="module")
def spear(manual_packs: dict[str, Path]) -> dict[str, Reached]:
    """BOS's and Nullshapers' Thunder Spear (a spell, an event) at its manual step."""
    return {g: reach_manual(g, manual_packs[g]) for g in ("bos", "nullshapers")}


# ---- Krosmaster --------------------------------------------------------------------------
def test_krosmaster_the_effect_after_the_manual_one_waits_for_done(spark: Reached) -> None:
    rs = rules.get("krosmaster")
    state, _, intents = spark
    step = _step("krosmaster", state)
    caster = step.card
    before = rs.new_game(spark[1]["seed"], {"pack": spark[1]["pack"]})
    for i in intents[:-1]:
        before = rs.apply(before, i).state
    # The cast paid its AP; the MP gain after the manual effect has not happened yet.
    assert state.figures[caster].mp == before.figures[caster].mp
    assert state.figures[caster].ap == before.figures[caster].ap - 1
    more: list[Intent] = [ManualCounter(counter="mp", card=caster, value=1), ManualDone()]
    end, events = _play("krosmaster", state, more)
    assert rs.manual_pending(end) is None
    assert end.figures[caster].mp == 1 + 2  # the player's 1, then the spell's +2
    texts = [e.text for e in events]
    assert texts.index("Manual (Thunder Brawler's Spark Step): Player "
                       f"{step.player + 1} is done.") < texts.index("Thunder Brawler gains 2 MP.")
    _replays("krosmaster", spark, more, end)


def test_krosmaster_a_figure_set_to_0_hp_is_knocked_out_for_the_steps_player(
        spark: Reached) -> None:
    rs = rules.get("krosmaster")
    state = spark[0]
    p = _step("krosmaster", state).player
    enemy = next(f for f in state.figures if f.owner != p and f.alive)
    level = state.card(enemy).level
    more: list[Intent] = [ManualCounter(counter="hp", card=enemy.id, value=0), ManualDone()]
    end, events = _play("krosmaster", state, more)
    assert not end.figures[enemy.id].alive and end.figures[enemy.id].hp == 0
    # H2: the GG of a knock-out, from the wild pool first, then from the figure's owner.
    gained = min(level, state.wild_gg + state.gg[enemy.owner])
    assert end.gg[p] == state.gg[p] + gained
    assert any(e.kind == "ko" and e.text.startswith(state.name(enemy)) for e in events)
    assert rs.legal_intents(end)  # play goes on enforced
    _replays("krosmaster", spark, more, end)


def test_krosmaster_the_acting_figure_knocked_out_by_hand_ends_its_activation(
        spark: Reached) -> None:
    rs = rules.get("krosmaster")
    state = spark[0]
    caster = _step("krosmaster", state).card
    assert state.acting() is not None and state.acting().id == caster
    end, events = _play("krosmaster", state,
                        [ManualCounter(counter="hp", card=caster, value=0), ManualDone()])
    assert not end.figures[caster].alive
    acting = end.acting()
    assert acting is None or acting.id != caster
    assert any(e.kind == "end_activation" and "Thunder Brawler" in e.text for e in events)
    assert rs.to_act(end) is not None or end.phase == "over"


def test_krosmaster_no_figure_left_after_done_loses(spark: Reached) -> None:
    state = spark[0]
    p = _step("krosmaster", state).player
    mine = [ManualCounter(counter="hp", card=f.id, value=0) for f in state.figures
            if f.owner == p and f.alive]
    end, _ = _play("krosmaster", state, [*mine, ManualDone()])
    assert end.phase == "over" and end.winner == 1 - p


# ---- Dreadnought -------------------------------------------------------------------------
def test_dreadnought_the_action_ends_after_done_not_before(jury_rig: Reached) -> None:
    """Jury-rig is an Action-phase ability: the priority moves on (D-11) once it is done."""
    rs = rules.get("dreadnought")
    state = jury_rig[0]
    p = _step("dreadnought", state).player
    assert state.phase == "action" and state.window is not None
    assert state.window.priority == p  # not handed over while the step is open
    more: list[Intent] = [ManualDone()]
    end, _ = _play("dreadnought", state, more)
    after = state.window.copy()
    after.act(p)
    assert end.window == after
    assert rs.to_act(end) == 1 - p
    _replays("dreadnought", jury_rig, more, end)


def test_dreadnought_a_unit_whose_damage_reaches_its_bp_breaks_after_done(
        jury_rig: Reached) -> None:
    state = jury_rig[0]
    step = _step("dreadnought", state)
    drone, owner = step.card, state.units[step.card].owner
    more: list[Intent] = [ManualCounter(counter="damage", card=drone, value=bp_of(state, drone)),
                          ManualDone()]
    end, events = _play("dreadnought", state, more)
    assert drone not in end.units and drone not in end.players[owner].slots
    assert end.players[owner].log[-1] == drone
    assert any(e.kind == "break" and "Tinker Drone" in e.text for e in events)
    # One point short does not break it.
    short = [ManualCounter(counter="damage", card=drone, value=bp_of(state, drone) - 1),
             ManualDone()]
    assert drone in _play("dreadnought", state, short)[0].units
    _replays("dreadnought", jury_rig, more, end)


def test_dreadnought_casters_left_with_no_hp_lose_after_done(jury_rig: Reached) -> None:
    state = jury_rig[0]
    p = _step("dreadnought", state).player
    foe = state.players[1 - p]
    moves = [ManualMove(card=c, owner=1 - p, zone="log") for c in (*foe.hp[0], *foe.hp[1])]
    end, _ = _play("dreadnought", state, [*moves, ManualDone()])
    assert end.over and end.winner == p
    assert rules.get("dreadnought").to_act(end) is None


# ---- BOS ---------------------------------------------------------------------------------
def _bos_card(state: Any, card_id: str) -> int:
    return next(i for i, c in sorted(state.cards.items()) if c == card_id)


def test_bos_the_spell_goes_to_the_graveyard_after_done(spear: dict[str, Reached]) -> None:
    """B-01: resolve, then the graveyard: on top of what the player put there by hand."""
    state = spear["bos"][0]
    step = _step("bos", state)
    p, spell = step.player, step.card
    side = state.sides[p]
    assert spell not in side.graveyard and spell not in side.spellbook
    summon = side.castle[0]
    more: list[Intent] = [ManualMove(card=summon, owner=p, zone="graveyard"), ManualDone()]
    end, _ = _play("bos", state, more)
    assert end.sides[p].graveyard[-2:] == (summon, spell)
    _replays("bos", spear["bos"], more, end)


def test_bos_a_summon_at_0_strength_is_defeated_and_its_abilities_happen_in_order(
        spear: dict[str, Reached]) -> None:
    """Thunder Golem put on the board and set to 0 Strength by hand: Done defeats it (B-07),
    its first on-defeat ability is carried out by hand, the coded one after that Done, then
    it goes to the graveyard, and last the Spear that started it all."""
    rs = rules.get("bos")
    state = spear["bos"][0]
    step = _step("bos", state)
    p, spell = step.player, step.card
    golem = _bos_card(state, "thunder_golem")
    owner = state.owner(golem)
    assert golem in state.sides[owner].castle
    slot = state.sides[owner].slots.index(BOS_EMPTY)
    more: list[Intent] = [ManualMove(card=golem, owner=owner, zone="board", at=slot),
                          ManualCounter(counter="strength", card=golem, value=0), ManualDone()]
    mid, events = _play("bos", state, more)
    burst = _step("bos", mid)
    assert (burst.title, burst.player) == ("Thunder Golem's Static Burst", owner)
    assert golem in mid.units and golem not in mid.sides[owner].graveyard
    assert spell not in mid.sides[p].graveyard
    assert any(e.kind == "defeat" and e.text == "Thunder Golem is defeated." for e in events)
    vim = 5
    rest: list[Intent] = [ManualCounter(counter="vim", owner=owner, value=vim), ManualDone()]
    end, _ = _play("bos", mid, rest)
    assert rs.manual_pending(end) is None
    assert end.sides[owner].vim == vim + 3  # Afterglow, after the Burst's Done
    assert golem not in end.units
    grave = end.sides[p].graveyard
    assert grave[-1] == spell and golem in end.sides[owner].graveyard
    if owner == p:
        assert grave[-2:] == (golem, spell)
    assert end.defeated[owner] == state.defeated[owner] + 1  # counted once
    _replays("bos", spear["bos"], more + rest, end)


def test_bos_no_life_left_after_done_loses(spear: dict[str, Reached]) -> None:
    state = spear["bos"][0]
    p = _step("bos", state).player
    end, _ = _play("bos", state, [ManualCounter(counter="life", owner=1 - p, value=0),
                                  ManualDone()])
    assert end.winner == p and rules.get("bos").to_act(end) is None


# ---- Nullshapers -------------------------------------------------------------------------
def test_nullshapers_the_event_goes_to_the_cache_after_done(spear: dict[str, Reached]) -> None:
    rs = rules.get("nullshapers")
    state = spear["nullshapers"][0]
    step = _step("nullshapers", state)
    p, event = step.player, step.card
    assert event not in state.sides[p].cache and event not in state.sides[p].hand
    card = state.sides[p].hand[0]
    more: list[Intent] = [ManualMove(card=card, owner=p, zone="cache", bottom=True),
                          ManualDone()]
    end, _ = _play("nullshapers", state, more)
    assert rs.manual_pending(end) is None
    assert end.sides[p].cache[-2:] == [card, event]
    _replays("nullshapers", spear["nullshapers"], more, end)


def test_nullshapers_an_agent_with_damage_at_its_defense_is_terminated_after_done(
        spear: dict[str, Reached]) -> None:
    state = spear["nullshapers"][0]
    p = _step("nullshapers", state).player
    agent = next(c for c in (*state.sides[p].hand, *state.sides[p].deck)
                 if state.card(c).kind == "agent")
    placed, _ = _play("nullshapers", state,
                      [ManualMove(card=agent, owner=p, zone="board", at=STAGING)])
    defense = defense_of(placed, agent)
    more = [ManualCounter(counter="damage", card=agent, value=defense), ManualDone()]
    end, events = _play("nullshapers", placed, more)
    assert agent not in end.agents and agent in end.sides[p].cache
    assert any(e.kind == "terminated" for e in events)
    short = [ManualCounter(counter="damage", card=agent, value=defense - 1), ManualDone()]
    assert agent in _play("nullshapers", placed, short)[0].agents


def test_nullshapers_two_sectors_set_to_0_lose_the_game_after_done(
        spear: dict[str, Reached]) -> None:
    state = spear["nullshapers"][0]
    p = _step("nullshapers", state).player
    more = [ManualCounter(counter=f"durability_{b + 1}", owner=1 - p, value=0) for b in (0, 1)]
    end, events = _play("nullshapers", state, [*more, ManualDone()])
    assert end.sides[1 - p].lost[:2] == [True, True]
    assert end.over and end.winner == p
    assert [e.kind for e in events].count("biome_lost") == 2


# ---- the saved resolution ----------------------------------------------------------------
def test_a_saved_game_with_a_paused_resolution_carries_on_the_same(spark: Reached) -> None:
    rs = rules.get("krosmaster")
    state = spark[0]
    step = _step("krosmaster", state)
    assert [r.op for r in step.then] == ["cast_rest"]
    loaded = rs.load(rs.dump(state))
    assert _step("krosmaster", loaded).then == step.then
    assert rs.dump(rs.apply(loaded, ManualDone()).state) == \
        rs.dump(rs.apply(state, ManualDone()).state)


def test_a_resolution_part_the_game_does_not_know_is_refused_by_name(spark: Reached) -> None:
    rs = rules.get("krosmaster")
    state = spark[0]
    step = _step("krosmaster", state)
    bad = step.model_copy(update={"then": (Resume(op="teleport", args=(1,)),)})
    broken = replaced(state, manual=(bad,))
    with pytest.raises(IllegalIntent, match="'teleport', which this game does not carry on"):
        rs.apply(broken, ManualDone())


@pytest.mark.parametrize("game", ["krosmaster", "dreadnought", "bos", "nullshapers"])
def test_loud_and_quiet_agree_through_random_manual_steps(
        game: str, manual_packs: dict[str, Path]) -> None:
    """Random games on the prototype pack, with random changes by hand at each manual step
    (a card's moves and counters, a player's counters) before Done: loud and quiet apply
    reach the same state at every step, and the steps met are closed again."""
    import random

    rs = rules.get(game)
    met = 0
    for seed in range(3):
        r = random.Random(seed)
        loud = quiet = rs.new_game(seed, {"pack": str(manual_packs[game])})
        for _ in range(600):
            if rs.to_act(loud) is None:
                break
            step = rs.manual_pending(loud)
            legal = rs.legal_intents(loud)
            if step is not None:
                met += 1
                table = rs.manual_table
                assert table is not None
                card = r.choice(table.places(loud)).card
                changes = [i for i in (*legal, *rs.legal_intents(loud, card))
                           if i.kind != "manual_done"]
                intent = r.choice(changes) if changes and r.random() < 0.7 else ManualDone()
            else:
                intent = r.choice(legal)
            try:
                out = rs.apply(loud, intent)
            except IllegalIntent:  # a change Done refuses (a card in two places…): undo it
                continue
            loud, quiet = out.state, rs.apply(quiet, intent, quiet=True).state
            assert rs.dump(quiet) == rs.dump(loud), intent
    assert met > 0


def test_bos_a_defeated_card_put_back_by_hand_still_has_its_later_abilities(
        spear: dict[str, Reached]) -> None:
    """Static Burst's player returns the Golem to its castle by hand: Afterglow still
    happens after Done, and the Golem stays where the player put it."""
    state = spear["bos"][0]
    golem = _bos_card(state, "thunder_golem")
    owner = state.owner(golem)
    slot = state.sides[owner].slots.index(BOS_EMPTY)
    mid, _ = _play("bos", state, [ManualMove(card=golem, owner=owner, zone="board", at=slot),
                                  ManualCounter(counter="strength", card=golem, value=0),
                                  ManualDone()])
    end, _ = _play("bos", mid, [ManualMove(card=golem, owner=owner, zone="castle"),
                                ManualDone()])
    assert end.sides[owner].vim == mid.sides[owner].vim + 3
    assert golem in end.sides[owner].castle and golem not in end.sides[owner].graveyard


def test_bos_done_refuses_a_summon_left_in_the_spellbook(spear: dict[str, Reached]) -> None:
    """It would be offered as a spell to cast: Done names the card and the place."""
    state = spear["bos"][0]
    p = _step("bos", state).player
    summon = state.sides[p].castle[0]
    moved = rules.get("bos").apply(state, ManualMove(card=summon, owner=p, zone="spellbook"))
    with pytest.raises(IllegalIntent, match=f"{state.name(summon)} is a summon: it cannot be "
                       f"in Player {p + 1}'s spellbook"):
        rules.get("bos").apply(moved.state, ManualDone())


def test_bos_a_battle_paused_by_an_on_defeat_ability_defeats_the_other_battler_once(
        spear: dict[str, Reached]) -> None:
    """The Golem (2) attacks a summon of 2: both fall to 0 (B-06). The Golem's defeat opens
    Static Burst's step; after Done its Afterglow, then the other battler's defeat (B-07),
    each counted once, though both stood at 0 Strength while the step was open."""
    rs = rules.get("bos")
    state = spear["bos"][0]
    p = _step("bos", state).player
    golem = _bos_card(state, "thunder_golem")
    assert state.owner(golem) == p
    foe = state.sides[1 - p]
    enemy = foe.castle[0]
    mine, theirs = (state.sides[q].slots.index(BOS_EMPTY) for q in (p, 1 - p))
    setup: list[Intent] = [ManualMove(card=golem, owner=p, zone="board", at=mine),
                           ManualMove(card=enemy, owner=1 - p, zone="board", at=theirs),
                           ManualCounter(counter="strength", card=enemy, value=2), ManualDone()]
    ready, _ = _play("bos", state, setup)
    attack = next(i for i in rs.legal_intents(ready, golem)
                  if i.kind == "attack" and getattr(i, "target", None) == enemy)
    mid, _ = _play("bos", ready, [attack])
    burst = _step("bos", mid)
    assert burst.title == "Thunder Golem's Static Burst"
    assert mid.units[enemy].strength == 0 and mid.units[golem].strength == 0
    end, events = _play("bos", mid, [ManualDone()])
    assert golem not in end.units and enemy not in end.units
    assert end.sides[1 - p].graveyard.count(enemy) == 1
    assert end.defeated == (ready.defeated[0] + 1, ready.defeated[1] + 1)
    assert end.sides[p].vim == mid.sides[p].vim + 3
    assert [e.text for e in events if e.kind == "defeat"] == [f"{state.name(enemy)} is defeated."]
    _replays("bos", spear["bos"], setup + [attack, ManualDone()], end)


# ---- Dreadnought: freeform in the middle of a cast or an attack ----------------------------
def _designer_until(game: str, want: Any) -> Any:
    """A designer-mode game played at random until ``want(state)``."""
    import random

    rs = rules.get(game)
    for seed in range(40):
        r = random.Random(seed)
        state = rs.new_game(seed, {"designer": True})
        for _ in range(2000):
            if rs.to_act(state) is None:
                break
            if want(state):
                return state
            state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
    raise AssertionError(f"{game}: no such state reached")


def test_dreadnought_done_refuses_a_payment_left_without_hand_cards() -> None:
    rs = rules.get("dreadnought")
    state = _designer_until("dreadnought", lambda s: s.paying is not None)
    p = rs.to_act(state)
    assert p is not None
    s = rs.apply(state, Freeform(player=p)).state
    for card in state.players[p].hand:
        s = rs.apply(s, ManualMove(card=card, owner=p, zone="log")).state
    with pytest.raises(IllegalIntent, match=f"Player {p + 1} still logs .* to cast "
                       f"{state.name(state.paying.card)} and holds 0"):
        rs.apply(s, ManualDone())


@pytest.mark.parametrize("declared", [False, True])
def test_dreadnought_attackers_taken_off_by_hand_leave_the_attack(declared: bool) -> None:
    """Checked attackers put into the log in a freeform step: the attack goes on without them;
    with none left it ends (once the area was chosen, the attacker's action is over)."""
    rs = rules.get("dreadnought")
    state = _designer_until("dreadnought", lambda s: bool(s.attackers) and
                            (s.target != -1) == declared)
    p = rs.to_act(state)
    assert p is not None and state.window is not None
    attacker = 1 - p if declared else p
    s = rs.apply(state, Freeform(player=p)).state
    for unit in state.attackers:
        s = rs.apply(s, ManualMove(card=unit, owner=attacker, zone="log")).state
    end, events = _play("dreadnought", s, [ManualDone()])
    assert end.attackers == () and end.target == -1
    if declared:
        after = state.window.copy()
        after.act(attacker)
        assert end.window == after
        assert any(e.text == f"Player {attacker + 1}'s attack ends: no attacker is left."
                   for e in events)
    legal = rs.legal_intents(end)
    assert legal and all(rs.apply(end, i) for i in legal)  # none of them fails


# ---- Nullshapers: freeform in the middle of a battle or the discard -------------------------
def test_nullshapers_defenders_taken_off_by_hand_settle_the_damage_order() -> None:
    """The attacker is ordering its defenders; the designer recalls them by hand: nothing is
    left to order, so the battle goes on as after the last pick."""
    from rules.nullshapers.flow import ordering

    rs = rules.get("nullshapers")
    state = _designer_until("nullshapers", lambda s: s.at == "order")
    got = ordering(state)
    assert got is not None
    p = rs.to_act(state)
    assert p is not None
    s = rs.apply(state, Freeform(player=p)).state
    for x in got[1]:
        s = rs.apply(s, ManualMove(card=x, owner=state.agents[x].owner, zone="cache")).state
    end, _ = _play("nullshapers", s, [ManualDone()])
    assert end.at != "order"
    assert rs.to_act(end) is None or rs.legal_intents(end)


def test_nullshapers_a_hand_brought_to_the_limit_by_hand_ends_the_discard() -> None:
    from rules.nullshapers.state import HAND_LIMIT

    rs = rules.get("nullshapers")
    state = _designer_until("nullshapers", lambda s: s.at == "discard")
    p = state.active
    hand = state.sides[p].hand
    s = rs.apply(state, Freeform(player=p)).state
    for card in hand[HAND_LIMIT:]:
        s = rs.apply(s, ManualMove(card=card, owner=p, zone="cache")).state
    end, events = _play("nullshapers", s, [ManualDone()])
    assert end.at != "discard" and end.active == 1 - p and end.turn == state.turn + 1
    assert any(e.kind == "turn" for e in events)
