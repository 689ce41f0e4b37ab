"""The Nullshapers table through the app's loop with real pygame events: drag gear onto an
advancing agent, drag a defender onto the attacker it blocks, click attackers, a refused drop
snapping back with the rules' reason, and the queue panel's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

import rules
from game.layouts.base import Overlay
from game.layouts.nullshapers import NullshapersTable
from rules.agents import GreedyAgent
from rules.core.model import Intent
from tests.game.conftest import Driver

Make = Callable[..., Driver]
RS = rules.get("nullshapers")


def _layout(d: Driver) -> NullshapersTable:
    lay = d.scene.layout
    assert isinstance(lay, NullshapersTable)
    return lay


def _advance(d: Driver, until: Callable[[list[Intent]], bool], limit: int = 900) -> None:
    """Play both sides with agents straight into the session until ``until(legal)`` holds on
    a decision of player 1, then let the table catch up."""
    s = d.scene.session
    agents = (GreedyAgent(seed=5), GreedyAgent(seed=6))
    for _ in range(limit):
        p = s.to_act()
        assert p is not None, "the game ended before the wanted position"
        if p == 0 and until(s.legal()):
            break
        assert s.submit(agents[p].choose(s.rs, s.view(p), s.legal())) is None
    else:
        raise AssertionError("position not reached")
    d.frames(2)


def _drag_intent(d: Driver, intent: Intent) -> None:
    lay = _layout(d)
    src = lay.source_of(intent)
    pos = next(p[src] for p in lay.pieces().values() if src in p)
    zone = lay.target_of(intent)
    assert isinstance(zone, int)
    d.drag(pos, lay.zone_center(zone))


def _table_where(table: Make, until: Callable[[list[Intent]], bool],
                 seeds: tuple[int, ...]) -> Driver:
    """A table at the first position where ``until`` holds for player 1, over a few seeds
    (computer play decides whether a game ever gets there)."""
    for seed in seeds:
        d = table(game="nullshapers", seed=seed, seats=("human", "computer"))
        try:
            _advance(d, until)
        except AssertionError:
            continue
        return d
    raise AssertionError(f"no game of seeds {seeds} reached the position")


def _has(kind: str) -> Callable[[list[Intent]], bool]:
    return lambda legal: any(i.kind == kind for i in legal)


def test_drag_gear_onto_an_advancing_agent_attaches_it(table: Make) -> None:
    d = _table_where(table, _has("attach"), seeds=(3, 1, 6, 7))
    s = d.scene.session
    attach = next(i for i in s.legal() if i.kind == "attach")
    n = len(s.intents)
    _drag_intent(d, attach)
    assert s.intents[n] == attach.to_json()
    agent = attach.agent  # type: ignore[attr-defined]
    assert attach.gear in s.state.agents[agent].gear  # type: ignore[attr-defined]


def test_drag_a_defender_onto_its_attacker_then_done(table: Make) -> None:
    d = _table_where(table, _has("defend"), seeds=(4, 2, 5, 8, 10))
    s = d.scene.session
    defend = next(i for i in s.legal() if i.kind == "defend")
    lines = " ".join(t for t, _ in _layout(d).sequence_lines())
    assert "drag defenders onto the attackers" in lines
    n = len(s.intents)
    _drag_intent(d, defend)
    assert s.intents[n] == defend.to_json()
    assert (defend.agent, defend.attacker) in s.state.blocks  # type: ignore[attr-defined]
    # The running damage of the attacker it blocks: the defender first, then the sector.
    name = s.state.name(defend.agent)  # type: ignore[attr-defined]
    assert any(f"#1 {name} takes" in t for t, _ in _layout(d).sequence_lines())


def test_attackers_are_clicked_and_a_refused_drop_says_why(table: Make) -> None:
    d = _table_where(table, _has("attack"), seeds=(3, 1, 2))
    s = d.scene.session
    attack = next(i for i in s.legal() if i.kind == "attack")
    lay = _layout(d)
    src = lay.source_of(attack)
    pos = next(p[src] for p in lay.pieces().values() if src in p)
    n = len(s.intents)
    d.click(pos)  # a click opens the agent's menu, even of one item (issue 34 item 3)
    assert len(s.intents) == n and d.scene.handler.name == "menu"
    item = next(m for m in d.info()["menu"] if m["describe"] == lay.describe(attack))
    d.click(tuple(item["pos"]))
    assert s.intents[n] == attack.to_json()
    assert s.state.agents[src].locked  # attacking locks it
    # A hand card cannot be played while attackers are chosen: picking it up says why.
    hand = lay.pieces().get("hand", {})
    if hand:
        card = next(iter(hand))
        energy = lay.zone_of[(("energy", 0), None)]
        d.drag(hand[card], lay.zone_center(energy))
        assert len(s.intents) == n + 1
        assert "finish the current choice" in d.scene.message


@pytest.mark.parametrize("seed", [1])
def test_the_queue_panel_lists_entries_top_first_with_speed(table: Make, seed: int) -> None:
    d = table(game="nullshapers", seed=seed, seats=("human", "computer"))
    s = d.scene.session

    def queued(legal: list[Intent]) -> bool:
        q = s.state.queue
        return q is not None and bool(q.stack) and len(legal) > 1  # not auto-passed

    _advance(d, queued)
    lines: list[Any] = _layout(d).sequence_lines()
    q = s.state.queue
    assert q is not None
    top = s.state.card(q.stack[-1].card)
    assert lines[0][0].startswith(f"[Speed {top.speed}]") and top.name in lines[0][0]
    assert "may act at Speed" in lines[-1][0]
    assert _layout(d).sequence_numbered() == len(q.stack)  # the prompt is not a queue entry


def test_a_prompt_on_an_empty_queue_is_not_numbered_as_an_entry(table: Make) -> None:
    d = _table_where(table, _has("attack"), seeds=(1, 2, 3, 4))
    lay = _layout(d)
    lines = lay.sequence_lines()
    assert lay.sequence_numbered() == 0
    assert lines and "click agents in biomes to attack" in lines[-1][0]


def test_terminated_agents_and_sector_hits_fade_out_after_a_battle(table: Make) -> None:
    from game.layouts.base import Seats
    from tests.nullshapers.helpers import agent, pass_all, position

    d = table(game="nullshapers", seed=1, seats=("human", "computer"))
    lay = _layout(d)
    before = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                      agents=[{"card": "null_titan", "owner": 0, "biome": 2},
                              {"card": "scrap_brawler", "owner": 1, "biome": 2}])
    after = pass_all(before)
    seats = Seats(0, False, ("Player 1", "Player 2"))
    lay.update(RS.view(before, 0), seats, [])
    assert not lay.animating()
    lay.update(RS.view(after, 0), seats, [])
    assert lay.animating()
    assert [g[1].id for g in lay._ghosts] == [agent(before, 1)]  # the defender, terminated
    assert [(lost, rid) for _, lost, rid in lay._hits] == [(3, ("sector2", 1))]
    surf = pygame.Surface(d.app.size)
    lay.draw(surf, Overlay())  # draws the fading pieces without error


def test_an_agents_changed_stats_read_as_atk_and_def_words() -> None:
    # At the badges' small size a slash vanishes ("4/2" read as "42"): words, not a fraction.
    from game.layouts.base import Seats
    from tests.nullshapers.helpers import agent, position

    pygame.font.init()
    s = position(agents=[{"card": "scrap_brawler", "owner": 0, "gear": ["arc_blade"]}])
    lay = NullshapersTable()
    seats = Seats(0, False, ("Player 1", "Player 2"))
    look = lay.contents(RS.view(s, 0), seats)[("staging", 0)].cards[0]
    assert look.id == agent(s, 0)
    assert "ATK 4 · DEF 2" in [text for text, _ in look.counters]


def test_the_damage_preview_says_a_ranged_defender_strikes_first() -> None:
    """Issue 34 item 8: the queue panel's preview is the rules' battle. A Signal Sniper
    (ranged) blocking a Scrap Brawler terminates it before it strikes: the panel said "#1
    Signal Sniper takes 1, sector takes 1"."""
    from game.layouts.base import Seats
    from tests.nullshapers.helpers import position

    pygame.font.init()
    s = position(at="defend_after", attackers=[0], blocks=[[1, 0]],
                 agents=[{"card": "scrap_brawler", "owner": 0, "biome": 1},
                         {"card": "signal_sniper", "owner": 1, "biome": 1}])
    lay = NullshapersTable()
    lay.resize((1280, 720))
    lay.update(RS.view(s, 0), Seats(0, False, ("Player 1", "Player 2")), RS.legal_intents(s))
    lines = [t for t, _ in lay.sequence_lines() if t.startswith("Scrap Brawler")]
    assert lines == ["Scrap Brawler (2 damage): terminated by a ranged strike first, deals "
                     "nothing"]


def test_dragging_gear_lights_the_agents_it_attaches_to(table: Make) -> None:
    """Issue 34 item 9: during Advance a gear card picked up lights each agent it may attach
    to in purple (F1: "attach the gear here"), around the agent's card: the light was drawn
    under the card, so nothing showed."""
    from game.draw.palette import HIGHLIGHT

    d = _table_where(table, _has("attach"), seeds=(3, 1, 6, 7))
    s = d.scene.session
    lay = _layout(d)
    attach = next(i for i in s.legal() if i.kind == "attach")
    src = lay.source_of(attach)
    at = next(p[src] for p in lay.pieces().values() if src in p)
    d.move(at)
    d.post(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False)
    d.frames()
    d.move((at[0] + 40, at[1] - 80), buttons=(1, 0, 0))
    assert d.scene.handler.name == "dragging"
    d.app.draw()
    zone = lay.target_of(attach)
    assert isinstance(zone, int) and zone == lay.zone_of[(("card", attach.agent), None)]  # type: ignore[attr-defined]
    agent = lay.zone_rect(zone)
    band = [(x, y) for y in range(agent.top, agent.bottom)  # just outside the agent's card
            for x in range(agent.left - 5, agent.left)]
    lit = {y for x, y in band if tuple(d.app.screen.get_at((x, y)))[:3] == HIGHLIGHT["skill"]}
    assert len(lit) > agent.h // 5, agent  # its rim, dotted
