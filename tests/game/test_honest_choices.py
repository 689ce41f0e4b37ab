"""Issue 11 item 3: every choice says its effect and whose piece it hits, and a choice that
harms your own piece asks once (a Settings switch turns the question off)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.layouts.base import Seats
from game.layouts.kyoukai import KyoukaiTable
from rules.kyoukai.intents import OpenGate
from rules.kyoukai.scenario import parse_zone as Z
from tests.game.conftest import Driver
from tests.kyoukai.helpers import position, rs

Make = Callable[..., Driver]


def _punch_table() -> tuple[KyoukaiTable, OpenGate, OpenGate]:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 1, "zone": "C2"}], hand=[["punch"], []])
    lay = KyoukaiTable()
    legal = rs.legal_intents(s)
    lay.update(s, Seats(0, False, ("P1", "P2")), legal)
    punch = s.players[0].hand[0]
    own = OpenGate(card=punch, zone=Z("C3"))
    enemy = OpenGate(card=punch, zone=Z("C2"))
    assert own in legal and enemy in legal
    return lay, own, enemy


def test_labels_say_the_effect_and_whose_piece() -> None:
    lay, own, enemy = _punch_table()
    assert lay.describe(own) == "Open Punch → 3 damage to your Wandering Lion (C3)"
    assert lay.describe(enemy) == "Open Punch → 3 damage to enemy Iron Boar (C2)"


def test_only_a_choice_that_harms_your_own_piece_asks() -> None:
    lay, own, enemy = _punch_table()
    q = lay.confirm(own)
    assert q is not None and "your Wandering Lion" in q and "own piece" in q
    assert lay.confirm(enemy) is None


def _keyed(d: Driver) -> None:
    """Every choice of this table asks (the layout says so), Space makes one."""
    d.scene.layout.confirm = lambda intent: "Harms your own piece. Do it?"  # type: ignore[method-assign]


def test_confirmation_asks_once_then_does_it(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    _keyed(d)
    n = len(d.scene.session.intents)
    d.key(pygame.K_SPACE)
    assert d.scene.handler.name == "confirm" and len(d.scene.session.intents) == n
    d.key(pygame.K_ESCAPE)  # No: nothing happens
    assert d.scene.handler.name == "idle" and len(d.scene.session.intents) == n
    d.key(pygame.K_SPACE)
    d.key(pygame.K_RETURN)  # Yes: done, not asked a second time
    assert len(d.scene.session.intents) > n and d.scene.handler.name != "confirm"


def test_the_settings_switch_turns_the_question_off(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    _keyed(d)
    d.app.settings.confirm_own_harm = False
    n = len(d.scene.session.intents)
    d.key(pygame.K_SPACE)
    assert d.scene.handler.name != "confirm" and len(d.scene.session.intents) > n


def test_krosmaster_spell_labels_say_whose_figure_and_the_damage() -> None:
    import rules
    from game.layouts.krosmaster.table import KrosmasterTable
    from rules.agents import RandomAgent

    krs = rules.get("krosmaster")
    s = krs.new_game(seed=7)
    agent = RandomAgent(seed=7)
    lay = KrosmasterTable()
    checked = 0
    for _ in range(400):
        p = krs.to_act(s)
        if p is None:
            break
        legal = krs.legal_intents(s)
        lay.update(s, Seats(p, False, ("P1", "P2")), legal)
        for i in legal:
            if i.kind != "cast" or i.target not in s.occupant():
                continue
            caster = s.figures[i.figure]
            spell = s.card(caster).spells[i.spell]
            hit = s.figures[s.occupant()[i.target]]
            text = lay.describe(i)
            mine = hit.owner == caster.owner
            assert (" on your " if mine else " on enemy ") in text, text
            if spell.damage:
                assert text.endswith(f": {spell.damage} damage"), text
                assert (lay.confirm(i) is not None) == mine
            checked += 1
        s = krs.apply(s, agent.choose(krs, krs.view(s, p), legal)).state
    assert checked
