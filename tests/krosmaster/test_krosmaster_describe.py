"""describe(state, intent): the short labels the table puts on buttons and menus."""

from __future__ import annotations

import rules
from rules.agents import RandomAgent
from rules.krosmaster.intents import BuyGG, EndInspiration, SetDofus


def test_describe_names_figures_spells_and_cells_for_every_legal_intent() -> None:
    rs = rules.get("krosmaster")
    state = rs.new_game(seed=7)
    agent = RandomAgent(seed=7)
    seen: set[str] = set()
    for _ in range(300):
        if rs.to_act(state) is None:
            break
        legal = rs.legal_intents(state)
        for i in legal:
            text = rs.describe(state, i)
            assert text and "figure " not in text, (i, text)
            seen.add(i.kind)
            if i.kind == "move":
                assert "(" in text and state.name(state.figures[i.figure]) in text
            if i.kind == "cast":
                spell = state.card(state.figures[i.figure]).spells[i.spell].name
                assert text.startswith(spell + " on ")
        p = rs.to_act(state)
        assert p is not None
        state = rs.apply(state, agent.choose(rs, rs.view(state, p), legal)).state
    assert {"move", "cast", "end_activation"} <= seen


def test_describe_of_choices_without_a_figure() -> None:
    rs = rules.get("krosmaster")
    state = rs.new_game(seed=1)
    assert rs.describe(state, SetDofus(die=0, face="lock")) == "Dofus die 1 → Lock"
    assert rs.describe(state, BuyGG(figure=0)) == "Buy a GG (12 kamas)"
    assert rs.describe(state, EndInspiration()).startswith("Done inspiring")
