"""One test per Nullshapers seed rule (N-01 … N-12), each asserting the rule's effect."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.nullshapers.state import HAND_LIMIT, OPENING_HAND, STAGING, State
from tests.nullshapers.helpers import agent, do, kinds, pass_all, playable, position, rs


def test_N01_start_phase_refresh_draw_and_first_turn_draws_one() -> None:
    s = rs.new_game(seed=2)
    assert s.at == "maintenance" and s.active == 0  # a Speed 3 window before the primary
    s = pass_all(s)
    assert s.at == "primary1"
    assert len(s.sides[0].hand) == OPENING_HAND + 1  # the starting player draws 1
    assert len(s.sides[1].hand) == OPENING_HAND
    # Play the turn out by passing and choosing nothing: the next player draws 2.
    while s.active == 0:
        s = rs.apply(s, rs.legal_intents(s)[-1]).state
    assert len(s.sides[1].hand) == OPENING_HAND + 2


def test_N01_maintenance_reactions_join_the_queue_and_only_speed_3_answers() -> None:
    s = position(at="end", active=1, hand=[["spark_bolt", "flash_burn"], []],
                 energy=[2, 0], staging=[["recovery_daemon"], []],
                 agents=[{"card": "signal_sniper", "owner": 0, "locked": True}])
    s.side(0).spent = 2
    s = pass_all(s)  # player 2's turn ends; player 1's Start phase begins
    assert s.active == 0 and s.at == "maintenance"
    # Refresh: locked agents unlock and spent energy turns back.
    assert not s.agents[agent(s, 0)].locked and s.sides[0].spent == 0
    assert s.queue is not None and [s.cards[e.card] for e in s.queue.stack] == ["recovery_daemon"]
    assert playable(s) == {"flash_burn"}  # Speed 3 only: Spark Bolt is Speed 2
    hand = len(s.sides[0].hand)
    s = do(s, kind="pass")
    s = do(s, kind="pass")  # both decline: the reactive skill executes
    assert len(s.sides[0].hand) == hand + 1
    assert s.at == "maintenance" and s.queue is not None and not s.queue.stack
    s = pass_all(s)
    assert s.at == "primary1"


def test_N01_any_start_of_the_turn_skill_reacts_in_either_players_turn() -> None:
    # Seed: "Any 'Start of the turn' reactive skills react." Beacon Relay (each_start) belongs
    # to player 2 and reacts at the start of player 1's turn too; Recovery Daemon ("Start of
    # your turn") reacts only in its owner's turn.
    s = position(at="end", active=1, staging=[["recovery_daemon"], ["beacon_relay",
                                                                    "recovery_daemon"]])
    s = pass_all(s)  # player 2's turn ends; player 1's Start phase begins
    assert s.active == 0 and s.at == "maintenance" and s.queue is not None
    stack = [(e.player, s.cards[e.card]) for e in s.queue.stack]
    assert stack == [(1, "beacon_relay"), (0, "recovery_daemon")]  # the active player's on top
    hands = (len(s.sides[0].hand), len(s.sides[1].hand))
    s = do(do(s, kind="pass"), kind="pass")  # Recovery Daemon executes first
    assert (len(s.sides[0].hand), len(s.sides[1].hand)) == (hands[0] + 1, hands[1])
    s = do(do(s, kind="pass"), kind="pass")  # then the opponent's Beacon Relay
    assert (len(s.sides[0].hand), len(s.sides[1].hand)) == (hands[0] + 1, hands[1] + 1)


def test_N02_primary_speed_1_only_for_the_active_player_on_an_empty_queue() -> None:
    s = position(hand=[["data_harvest", "spark_bolt"], ["field_repair", "spark_bolt",
                                                        "hardlight_shield"]],
                 energy=[3, 3], agents=[{"card": "scrap_brawler", "owner": 1}])
    assert playable(s) == {"data_harvest", "spark_bolt"}
    s = do(s, kind="play", card="data_harvest")
    assert rules.get("nullshapers").to_act(s) == 1
    # The opponent answers with Speed 2 or 3, never Speed 1.
    assert playable(s) == {"spark_bolt", "hardlight_shield"}
    s = do(s, kind="pass")
    assert s.queue is not None and len(s.queue.stack) == 1
    # The active player may answer their own entry, but not at Speed 1 any more.
    assert "data_harvest" not in playable(s)


def test_N02_queue_last_in_first_out_and_targets_checked_again() -> None:
    s = position(hand=[["shock_lance"], ["flash_burn"]], energy=[3, 3],
                 agents=[{"card": "signal_sniper", "owner": 1}])  # Defense 1
    sniper = agent(s, 0)
    s = do(s, kind="play", card="shock_lance", target="agent:0")
    s = do(s, kind="play", card="flash_burn", target="agent:0")
    assert s.queue is not None
    assert [s.cards[e.card] for e in s.queue.stack] == ["shock_lance", "flash_burn"]
    s = do(s, kind="pass")
    out = rs.apply(s, rs.parse_intent({"kind": "pass"}))
    s = out.state  # both declined: the top (Flash Burn) executes first
    assert sniper not in s.agents
    assert s.queue is not None and [s.cards[e.card] for e in s.queue.stack] == ["shock_lance"]
    assert rules.get("nullshapers").to_act(s) == 0  # players may act again
    s = do(s, kind="pass")
    out = rs.apply(s, rs.parse_intent({"kind": "pass"}))
    # its target is gone; the line says whose card it was, as the other lines do
    assert "Player 1's Shock Lance is cancelled: its target is gone." in \
        [e.text for e in out.events]
    assert "shock_lance" in [out.state.cards[c] for c in out.state.sides[0].cache]


def test_N03_convert_and_anomaly_once_per_turn() -> None:
    s = position(hand=[["ion_storm", "dense_fog", "scrap_brawler", "rust_knight"], []],
                 energy=[2, 0])
    assert "convert" in kinds(s)
    s = do(s, kind="convert", card="rust_knight")
    assert len(s.sides[0].energy) == 3 and s.converted
    assert "convert" not in kinds(s)
    s = do(s, kind="play", card="ion_storm")
    s = do(do(s, kind="pass"), kind="pass")
    assert s.cards[s.sides[0].anomaly] == "ion_storm"
    assert "dense_fog" not in playable(s)
    why = rs._reason(s, rs.scenario_intent(s, {"kind": "play", "card": "dense_fog"}))
    assert "already played an anomaly" in why


def test_N04_advance_attaches_gear_and_moves_agents_then_the_opponent_may_advance() -> None:
    s = position(at="primary1", hand=[[], []], staging=[["arc_blade"], []],
                 agents=[{"card": "scrap_brawler", "owner": 0},
                         {"card": "rust_knight", "owner": 0},
                         {"card": "glass_archer", "owner": 1}])
    s = pass_all(s)
    assert s.at == "advance_pick" and s.advancer == 0
    s = do(s, kind="advance", agent="agent:0", biome=1)
    # Every further advancing agent goes into the same biome.
    assert {i.biome for i in rs.legal_intents(s) if i.kind == "advance"} == {1}
    s = do(s, kind="attach", gear="arc_blade", agent="agent:0")
    s = do(s, kind="done")
    assert s.at == "advance_window" and s.queue is not None
    assert s.agents[agent(s, 0)].biome == STAGING  # answers first, then the move
    s = pass_all(s)
    brawler = s.agents[agent(s, 0)]
    assert brawler.biome == 1 and len(brawler.gear) == 1
    assert s.agents[agent(s, 1)].biome == STAGING
    assert s.at == "advance_pick" and s.advancer == 1  # the opponent may advance too
    s = do(s, kind="advance", agent="agent:2", biome=0)
    s = pass_all(do(s, kind="done"))
    assert s.agents[agent(s, 2)].biome == 0 and s.at == "attack_open"


def test_N04_the_opponent_may_advance_even_if_you_do_not() -> None:
    s = position(at="primary1", agents=[{"card": "scrap_brawler", "owner": 0},
                                        {"card": "glass_archer", "owner": 1}])
    s = do(pass_all(s), kind="done")
    assert s.at == "advance_pick" and s.advancer == 1


def test_N05_agents_played_in_the_attack_step_may_arrive_in_a_biome() -> None:
    s = position(at="attack_open", hand=[["void_hound"], []], energy=[2, 0])
    biomes = {i.biome for i in rs.legal_intents(s) if i.kind == "play"}
    assert biomes == {-1, 0, 1, 2}
    s = do(s, kind="play", card="void_hound", biome=2)
    s = do(do(s, kind="pass"), kind="pass")
    hound = next(iter(s.agents))
    assert s.agents[hound].biome == 2


def test_N05_attackers_are_chosen_one_at_a_time_when_the_queue_is_empty() -> None:
    s = position(at="attack_open", agents=[{"card": "scrap_brawler", "owner": 0, "biome": 0},
                                           {"card": "rust_knight", "owner": 0, "biome": 0},
                                           {"card": "glass_archer", "owner": 0}])
    s = pass_all(s)
    assert s.at == "attackers"
    legal = rs.legal_intents(s)
    # One intent per candidate (never subsets), plus done; staging agents cannot attack.
    assert sorted(i.kind for i in legal) == ["attack", "attack", "done"]
    s = do(s, kind="attack", agent="agent:0")
    assert s.agents[agent(s, 0)].locked  # attacking locks the agent
    assert [i.kind for i in rs.legal_intents(s)] == ["attack", "attack", "done"]
    # Clicking a chosen attacker again withdraws it (and unlocks it).
    back = do(s, kind="attack", agent="agent:0")
    assert back.attackers == [] and not back.agents[agent(s, 0)].locked
    s = do(s, kind="done")
    assert s.at == "attack_after" and s.attackers == [agent(s, 0)]
    assert rules.get("nullshapers").to_act(s) == 1  # the opponent may act first


def _to_defenders(**extra: Any) -> State:
    s = position(at="defend_open", attackers=[0], **extra)
    return pass_all(s)


def test_N06_defenders_one_each_several_per_attacker_locked_cannot_defend() -> None:
    s = _to_defenders(agents=[{"card": "null_titan", "owner": 0, "biome": 1, "locked": True},
                              {"card": "scrap_brawler", "owner": 1, "biome": 1},
                              {"card": "glass_archer", "owner": 1, "biome": 1},
                              {"card": "rust_knight", "owner": 1, "biome": 1, "locked": True},
                              {"card": "signal_sniper", "owner": 1, "biome": 0}])
    assert s.at == "defenders" and rules.get("nullshapers").to_act(s) == 1
    cands = {i.agent for i in rs.legal_intents(s) if i.kind == "defend"}
    assert cands == {agent(s, 1), agent(s, 2)}  # not locked, same biome
    s = do(s, kind="defend", agent="agent:1", attacker="agent:0")
    s = do(s, kind="defend", agent="agent:2", attacker="agent:0")
    s = do(s, kind="done")
    assert s.at == "order" and rules.get("nullshapers").to_act(s) == 0  # the attacker orders
    assert {i.agent for i in rs.legal_intents(s)} == {agent(s, 1), agent(s, 2)}
    s = do(s, kind="order", agent="agent:2")
    assert s.at == "defend_after" and s.ordered == [agent(s, 2)]


def test_N07_terminal_damage_to_one_defender_before_the_next_gets_any() -> None:
    s = position(at="defend_after", attackers=[0], blocks=[[1, 0], [2, 0]],
                 agents=[{"card": "rail_gunner", "owner": 0, "biome": 1},  # ranged, Attack 4
                         {"card": "scrap_brawler", "owner": 1, "biome": 1},  # Defense 2
                         {"card": "rust_knight", "owner": 1, "biome": 1}])  # Defense 4
    s.ordered = [agent(s, 2), agent(s, 1)]
    out = pass_all(s)
    # Rust Knight first: all 4 damage are its terminal damage; Scrap Brawler gets none.
    assert agent(s, 2) not in out.agents
    assert out.agents[agent(s, 1)].damage == 0
    assert out.sides[1].durability[1] == 10
    # Scrap Brawler first: 2 terminal damage, then Rust Knight gets the other 2 (not terminal).
    s.ordered = [agent(s, 1), agent(s, 2)]
    out = pass_all(s)
    assert agent(s, 1) not in out.agents
    assert out.agents[agent(s, 2)].damage == 2


def test_N08_damage_to_defenders_then_attackers_then_the_sector() -> None:
    s = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                 agents=[{"card": "null_titan", "owner": 0, "biome": 2},  # 5/5 melee
                         {"card": "scrap_brawler", "owner": 1, "biome": 2}])  # 2/2 melee
    out = pass_all(s)
    assert agent(s, 1) not in out.agents  # the defender took 2 (terminal)
    assert out.agents[agent(s, 0)].damage == 2  # the defender struck back
    assert out.sides[1].durability[2] == 10 - 3  # the rest went to the sector


def test_N08_ranged_agents_deal_battle_damage_before_melee_ones() -> None:
    s = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                 agents=[{"card": "scrap_brawler", "owner": 0, "biome": 0},  # 2/2 melee
                         {"card": "rail_gunner", "owner": 1, "biome": 0}])  # 4/2 ranged
    out = pass_all(s)
    assert agent(s, 0) not in out.agents  # shot before it could strike
    assert out.agents[agent(s, 1)].damage == 0
    assert out.sides[1].durability[0] == 10


def test_N09_damage_at_least_defense_terminates_and_damage_stays_until_reset() -> None:
    s = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                 agents=[{"card": "rust_knight", "owner": 0, "biome": 0},  # 3/4
                         {"card": "signal_sniper", "owner": 1, "biome": 0}])  # 2/1 ranged
    out = pass_all(s)
    assert agent(s, 1) not in out.agents
    knight = out.agents[agent(s, 0)]
    assert knight.damage == 2 and out.at == "primary2"  # still damaged after the battle
    s2 = pass_all(pass_all(out))  # Second primary, then End: Reset removes damage
    assert s2.active == 1 and s2.agents[agent(s, 0)].damage == 0


def test_N10_a_sector_at_0_loses_its_owner_that_biome_and_two_lose_the_game() -> None:
    s = position(at="defend_after", attackers=[0],
                 agents=[{"card": "null_titan", "owner": 0, "biome": 1}],
                 durability=[[10, 10, 10], [0, 4, 10]])
    out = pass_all(s)
    assert out.sides[1].lost == [True, True, False]
    assert out.over and out.winner == 0 and rules.get("nullshapers").to_act(out) is None


def test_N10_lost_biome_cannot_be_advanced_into() -> None:
    s = position(at="primary1", agents=[{"card": "scrap_brawler", "owner": 0}],
                 durability=[[10, 10, 10], [0, 10, 10]])
    s = pass_all(s)
    assert {i.biome for i in rs.legal_intents(s) if i.kind == "advance"} == {1, 2}


def test_N11_after_damage_every_agent_in_a_biome_retreats_to_staging() -> None:
    s = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                 agents=[{"card": "rust_knight", "owner": 0, "biome": 0},
                         {"card": "rust_knight", "owner": 1, "biome": 0},
                         {"card": "scrap_brawler", "owner": 1, "biome": 2}])
    out = pass_all(s)
    assert all(a.biome == STAGING for a in out.agents.values())
    assert len(out.agents) == 3 and out.at == "primary2"


def test_N12_end_phase_reactions_then_reset_and_the_hand_limit() -> None:
    cards = ["scrap_brawler"] * 3 + ["rust_knight"] * 3 + ["spark_bolt"] * 3
    s = position(at="primary2", hand=[cards, []], staging=[["patch_loop"], []],
                 durability=[[6, 10, 10], [10, 10, 10]],
                 agents=[{"card": "rust_knight", "owner": 0, "damage": 2}])
    s = pass_all(s)
    assert s.at == "end" and s.queue is not None
    assert [s.cards[e.card] for e in s.queue.stack] == ["patch_loop"]
    assert playable(s) == set()  # Speed 3 only: nothing in that hand is
    s = do(do(s, kind="pass"), kind="pass")
    assert s.sides[0].durability[0] == 7  # Patch Loop reacted
    s = pass_all(s)
    assert s.at == "discard" and len(s.sides[0].hand) == 9
    s = do(s, kind="discard", card="spark_bolt")
    assert s.at == "discard"
    s = do(s, kind="discard", card="spark_bolt")
    assert len(s.sides[0].hand) == HAND_LIMIT and s.active == 1
    assert s.agents[agent(s, 0)].damage == 0  # Reset


def test_drawing_from_an_empty_deck_loses_a_biome_of_your_choice() -> None:
    s = position(at="end", deck=[[], []])
    s = pass_all(s)  # player 2 must draw 2 from an empty deck
    assert s.sides[1].must_lose == 2 and rules.get("nullshapers").to_act(s) == 1
    assert kinds(s) == {"lose_biome"}
    s = do(s, kind="lose_biome", biome=2)
    assert s.sides[1].lost == [False, False, True]
    s = do(s, kind="lose_biome", biome=0)
    assert s.over and s.winner == 0


@pytest.mark.parametrize("card,kind", [("null_interrupt", "cancel")])
def test_cancel_removes_an_opponents_entry_from_the_queue(card: str, kind: str) -> None:
    s = position(hand=[["data_harvest"], [card]], energy=[1, 2])
    s = do(s, kind="play", card="data_harvest")
    s = do(s, kind="play", card=card, target="data_harvest")
    hand = len(s.sides[0].hand)
    out = rs.apply(do(s, kind="pass"), rs.parse_intent({"kind": "pass"}))
    s = out.state
    assert s.queue is not None and s.queue.stack == []
    assert "Player 1's Data Harvest is cancelled." in [e.text for e in out.events]
    assert len(s.sides[0].hand) == hand  # Data Harvest never executed


def test_a_recalled_attacker_replayed_in_the_same_battle_does_not_attack() -> None:
    s = position(at="attack_after", active=0, attackers=[0],
                 hand=[["void_hound"], ["recall_signal"]], energy=[3, 3],
                 agents=[{"card": "void_hound", "owner": 0, "biome": 1, "locked": True}])
    assert s.queue is not None
    s.queue.priority = 1
    s = do(s, kind="play", card="recall_signal", target="agent:0")
    s = do(do(s, kind="pass"), kind="pass")
    assert s.attackers == []  # recalled: it left the battle
    assert agent(s, 0) in s.sides[0].hand


def test_N07_the_damage_preview_follows_the_chosen_order() -> None:
    from rules.nullshapers.flow import battle_preview

    s = position(at="order", attackers=[0], blocks=[[1, 0], [2, 0]],
                 agents=[{"card": "null_titan", "owner": 0, "biome": 1},  # Attack 5
                         {"card": "scrap_brawler", "owner": 1, "biome": 1},  # Defense 2
                         {"card": "rust_knight", "owner": 1, "biome": 1}])  # Defense 4
    s = do(s, kind="order", agent="agent:2")
    blow = battle_preview(s)[agent(s, 0)]
    assert blow.hits == [(agent(s, 2), 4), (agent(s, 1), 1)] and blow.sector == 0


def test_the_damage_preview_is_the_battle_a_ranged_defender_strikes_first() -> None:
    """Issue 34 item 8: a Signal Sniper (ranged, Attack 2) blocking a Scrap Brawler (Defense
    2) terminates it in the ranged strike, before the Brawler's melee strike: the Brawler
    deals nothing, to the Sniper or the sector (the preview said "#1 Signal Sniper takes 1,
    sector takes 1")."""
    from rules.nullshapers.flow import battle_preview

    s = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                 agents=[{"card": "scrap_brawler", "owner": 0, "biome": 1},
                         {"card": "signal_sniper", "owner": 1, "biome": 1}])
    brawler, sniper = agent(s, 0), agent(s, 1)
    blow = battle_preview(s)[brawler]
    assert not blow.struck and blow.hits == [] and blow.sector == 0 and not blow.survives
    durability = list(s.sides[1].durability)
    after = pass_all(s)  # the battle as the rules resolve it agrees
    assert brawler not in after.agents and sniper in after.agents
    assert list(after.sides[1].durability) == durability
    assert s.agents[brawler].damage == 0  # the preview changed nothing


def test_the_computer_advances_where_it_can_defend_then_defends() -> None:
    from rules.agents import GreedyAgent

    s = position(at="primary1", hand=[[], []],
                 agents=[{"card": "scrap_brawler", "owner": 0},
                         {"card": "rust_knight", "owner": 1}])
    s = pass_all(s)
    s = pass_all(do(do(s, kind="advance", agent="agent:0", biome=2), kind="done"))
    assert s.at == "advance_pick" and s.advancer == 1
    bot = GreedyAgent(seed=1)
    for _ in range(10):  # the computer's advance: it goes where the attacker stands
        if s.at != "advance_pick":
            break
        s = rs.apply(s, bot.choose(rs, rs.view(s, 1), rs.legal_intents(s))).state
    s = pass_all(s)
    assert s.agents[agent(s, 1)].biome == 2
    s = pass_all(s)
    assert s.at == "attackers"
    s = pass_all(pass_all(do(do(s, kind="attack", agent="agent:0"), kind="done")))
    assert s.at == "defenders"
    s = rs.apply(s, bot.choose(rs, rs.view(s, 1), rs.legal_intents(s))).state
    assert s.blocks == [(agent(s, 1), agent(s, 0))]


def test_a_pass_is_one_brief_log_line() -> None:
    s = position(at="primary1")
    out = rs.apply(s, rs.parse_intent({"kind": "pass"}))
    assert [e.text for e in out.events if e.kind == "pass"] == ["P1 passes."]


def test_N05_after_attackers_are_chosen_you_may_only_answer_your_opponent() -> None:
    # Seed, Attack step, after the attackers: "Your opponent may take Speed 2, or Speed 3
    # actions. — — You may answer your opponents actions." The attacking player starts nothing.
    s = position(at="attackers", hand=[["overclock", "flash_burn"], ["spark_bolt"]],
                 energy=[3, 2], agents=[{"card": "scrap_brawler", "owner": 0, "biome": 0}])
    s = do(do(s, kind="attack", agent="agent:0"), kind="done")
    assert s.at == "attack_after" and rs.to_act(s) == 1
    assert playable(s) == {"spark_bolt"}  # the opponent may act
    declined = do(s, kind="pass")
    assert rs.to_act(declined) == 0 and kinds(declined) == {"pass"}  # nothing to answer
    why = rs._reason(declined, rs.scenario_intent(declined, {"kind": "play", "card": "overclock",
                                                            "target": "agent:0"}))
    assert "only answer" in why
    assert pass_all(declined).at == "defend_open"
    s = do(s, kind="play", card="spark_bolt", target="agent:0")
    assert playable(s) == {"overclock", "flash_burn"}  # an answer to the opponent's action
    s = do(do(s, kind="pass"), kind="pass")  # Spark Bolt executes: the brawler is terminated
    assert s.at == "attack_after" and rs.to_act(s) == 0 and kinds(s) == {"pass"}


def test_N03_an_anomaly_is_played_only_in_a_primary_phase_whatever_its_speed() -> None:
    # Seed: "Play an anomaly if you haven't this turn" is listed only under the primary
    # phases ("You may:"), so a designer's Speed 2 anomaly is not played in the Battle phase.
    def fast_storm(s: State) -> State:
        card = s.catalog["ion_storm"].model_copy(update={"speed": 2})
        return rs.replace_cards(s, {"ion_storm": card})[0]

    battle = fast_storm(position(at="attack_open", hand=[["ion_storm", "overclock"], []],
                                 energy=[2, 0], agents=[{"card": "glass_archer", "owner": 0,
                                                         "biome": 0}]))
    assert playable(battle) == {"overclock"}
    why = rs._reason(battle, rs.scenario_intent(battle, {"kind": "play", "card": "ion_storm"}))
    assert "primary phase" in why
    primary = fast_storm(position(at="primary2", hand=[["ion_storm"], []], energy=[1, 0]))
    assert playable(primary) == {"ion_storm"}


def test_a_reactive_skill_whose_card_left_play_is_cancelled_naming_its_owner() -> None:
    s = position(at="end", active=1, staging=[["recovery_daemon"], []])
    s = pass_all(s)  # player 1's Start phase: the Daemon's skill is queued
    assert s.queue is not None and [s.cards[e.card] for e in s.queue.stack] == \
        ["recovery_daemon"]
    daemon = s.queue.stack[0].card
    s.sides[0].staging.remove(daemon)  # it leaves play before its skill executes
    s.sides[0].cache.append(daemon)
    out = rs.apply(do(s, kind="pass"), rs.parse_intent({"kind": "pass"}))
    assert "The skill of Player 1's Recovery Daemon is cancelled: it left play." in \
        [e.text for e in out.events]


def test_N05_an_agent_refused_as_attacker_is_told_it_must_stand_in_a_biome() -> None:
    # Seed, Attack step: "You may have any agents you play arrive in a biome of your choice
    # (instead of in the staging area)" before "select any friendly agents that could attack":
    # an agent may stand in a biome by advancing or by arriving there, and the refusal says both.
    s = pass_all(position(at="attack_open", agents=[{"card": "scrap_brawler", "owner": 0,
                                                    "biome": 0},
                                                   {"card": "glass_archer", "owner": 0}]))
    assert s.at == "attackers"
    why = rs._reason(s, rs.scenario_intent(s, {"kind": "attack", "agent": "agent:1"}))
    assert "stand in a biome" in why and "arrived" in why
