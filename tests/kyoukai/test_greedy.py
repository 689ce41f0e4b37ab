"""Issue #11 item 1: the greedy computer values its own pieces. Friendly fire is legal (K-20),
but it must not attack or damage its own Gate when some legal alternative loses no material."""

from __future__ import annotations

import pytest

from rules.agents.greedy import GreedyAgent
from rules.core.model import Intent
from rules.kyoukai.foresight import settled
from rules.kyoukai.intents import Attack, OpenGate, UseSkill
from rules.kyoukai.state import EMPTY, State
from tests.kyoukai.helpers import iid_at, position, rs

_HARM = ("damage", "primal_instinct")


def _own_gate_harmed(s: State, p: int, intent: Intent) -> int | None:
    """The Gate of ``p`` that ``intent`` attacks or aims damage at, if any."""
    if isinstance(intent, UseSkill):
        harmful = s.card(intent.gate).skills[intent.skill].effect in _HARM
    elif isinstance(intent, OpenGate):
        harmful = s.card(intent.card).effect in _HARM
    else:
        harmful = isinstance(intent, Attack)
    if not harmful or intent.zone == EMPTY:
        return None
    target = s.field[intent.zone]
    g = s.gates.get(target)
    return target if g is not None and g.owner == p else None


def _material(s: State, p: int) -> tuple[int, int]:
    """p's Gates on the field and damage on p's Entrant, once the Sequence has resolved."""
    s = settled(s)
    return (sum(1 for g in s.gates.values() if g.owner == p),
            -s.gates[s.players[p].entrant].damage if s.players[p].entrant in s.gates else -99)


def _harmless_alternative(s: State, p: int, legal: list[Intent], chosen: Intent) -> bool:
    now = _material(s, p)
    return any(_material(rs.apply(s, i).state, p) >= now for i in legal if i != chosen)


@pytest.mark.slow  # 50 whole greedy games: CI runs it with the other slow tests
def test_greedy_never_harms_its_own_gate_in_50_seeded_games() -> None:
    bad: list[str] = []
    for seed in range(50):
        agents = [GreedyAgent(seed * 2), GreedyAgent(seed * 2 + 1)]
        s = rs.new_game(seed=seed)
        while (p := rs.to_act(s)) is not None:
            legal = rs.legal_intents(s)
            intent = agents[p].choose(rs, rs.view(s, p), legal)
            own = _own_gate_harmed(s, p, intent)
            if own is not None and _harmless_alternative(s, p, legal, intent):
                bad.append(f"seed {seed} turn {s.turn}: {rs.describe(s, intent)}")
            s = rs.apply(s, intent).state
    assert bad == []


def test_greedy_leaves_its_own_summon_alone_when_it_could_only_attack_it() -> None:
    # Ronin Aki's only target is Player 1's own Ember Fox (Defense 0): attacking it loses it.
    s = position(field=[{"card": "ronin_aki", "owner": 0, "zone": "C3"},
                        {"card": "ember_fox", "owner": 0, "zone": "C2"}])
    legal = rs.legal_intents(s)
    assert any(isinstance(i, Attack) and s.field[i.zone] == iid_at(s, "C2") for i in legal)
    for seed in range(20):
        chosen = GreedyAgent(seed).choose(rs, rs.view(s, 0), legal)
        assert _own_gate_harmed(s, 0, chosen) is None, rs.describe(s, chosen)
