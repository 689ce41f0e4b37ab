"""Issue 33 item 1, the client's part: a hot reload that changes or takes away what the table
is showing on the stack (a Kyoukai Skill on the open Sequence, a Nullshapers card on the queue)
draws the item as it was declared, from the item's own copy (what resolves, the house rule);
a Krosmaster spell picked and then taken off its card is drawn by its card's name and
"(changed by reload)". The tables index nothing blindly. Continue of such a game opens and
draws too (it crashed on every Continue after the reload)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.layouts.base import CHANGED_BY_RELOAD, id_key
from game.layouts.krosmaster.table import KrosmasterTable
from game.scenes.menu import MenuScene
from game.scenes.table import TableScene
from rules.agents import GreedyAgent
from rules.nullshapers.state import BIOMES
from rules.records.model import catalog_cards
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _without(state: object, card: object, field: str) -> dict[str, object]:
    """The reload that empties ``field`` of ``card`` (keyed as the game's reloads key it)."""
    key = next(k for k, c in catalog_cards(state).items() if c is card)
    return {key: card.model_copy(update={field: ()})}  # type: ignore[attr-defined]


def _sequence_text(d: Driver) -> str:
    return " ".join(t for t, _ in d.scene.layout.sequence_lines())


def test_a_skill_reloaded_away_while_on_the_sequence_is_drawn_by_its_card(
        table: Make, menu: Callable[[], Driver]) -> None:
    d = table(game="kyoukai", seed=1, seats=("human", "human"), auto_pass=False)
    s = d.scene.session
    agents = (GreedyAgent(seed=5), GreedyAgent(seed=6))
    while not any(i.kind == "skill" for i in s.legal()):
        p = s.to_act()
        assert p is not None and len(s.intents) < 50
        assert s.submit(agents[p].choose(s.rs, s.view(p), s.legal())) is None
    skill = next(i for i in s.legal() if i.kind == "skill")
    assert s.submit(skill) is None
    d.frames(2)
    gate = skill.gate  # type: ignore[attr-defined]
    name = s.state.card(gate).name
    declared = s.state.card(gate).skills[skill.skill].name  # type: ignore[attr-defined]
    assert s.state.seq is not None and s.state.seq.stack[-1].kind == "skill"
    assert s.reload_cards(_without(s.state, s.state.card(gate), "skills"))  # the Skill goes
    d.frames(3)  # the table and its Sequence panel are drawn
    assert f"{name}: {declared}" in _sequence_text(d)  # as declared: what resolves
    d.app.close()
    m = menu()  # Continue replays the stored reload: the game opens and is drawn
    assert isinstance(m.app.scene, MenuScene)
    m.click(m.app.scene.cont.rect.center)
    m.frames(2)
    if m.app.files.confirm is not None:  # the pack files still have the Skill: keep as played
        m.click(m.app.files.confirm.cancel_button.rect.center)
        m.frames(3)
    assert isinstance(m.app.scene, TableScene)
    s = m.scene.session
    # Nobody can answer: the table passes for both (auto-pass) and the Skill resolves as
    # declared, the table drawn at each step (before, IndexError at every Continue).
    while s.state.seq is not None and any(i.kind == "pass" for i in s.legal()):
        assert s.submit(next(i for i in s.legal() if i.kind == "pass")) is None
        m.frames(2)
    assert f"{name}'s {declared} resolves." in s.log


def test_a_picked_spell_reloaded_away_is_drawn_by_its_card(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"),
              options={"decks": ["Ashen Pact", "Brave Lanterns"]})
    s = d.scene.session
    lay = d.scene.layout
    assert isinstance(lay, KrosmasterTable)
    fig = s.state.acting()
    assert fig is not None and fig.owner == 0
    k = len(s.state.card(fig).spells) - 1
    d.click(d.info()["pieces"]["spell"][id_key(lay.spell_id(fig.id, k))])
    assert d.scene.handler.name == "spell"
    assert s.reload_cards(_without(s.state, s.state.card(fig), "spells"))
    d.frames(3)  # the picked spell's hint is drawn from the card as it is now
    ov = d.scene.handler.overlay(d.scene)
    assert ov.hint is not None and CHANGED_BY_RELOAD in ov.hint
    assert s.state.card(fig).name in ov.hint
    d.key(pygame.K_ESCAPE)
    assert lay.spell_name(fig.id, k) == f"{s.state.card(fig).name} {CHANGED_BY_RELOAD}"


def test_a_queued_card_reloaded_to_aim_elsewhere_is_drawn_as_played(table: Make) -> None:
    """Nullshapers: a damage event on the queue aims at an agent; a reload makes its card a
    biome effect (repair): the line still shows it as played, aimed at the agent (it executes
    so), and never reads the agent's number as a biome."""
    d = table(game="nullshapers", seed=2, seats=("human", "human"), auto_pass=False)
    s = d.scene.session
    agents = (GreedyAgent(seed=5), GreedyAgent(seed=6))

    def aimed() -> list[object]:
        q = s.state.queue.stack if s.state.queue is not None else ()
        return [e for e in q if e.target >= 0 and not e.skill
                and s.state.card(e.card).effect == "damage"]

    while not aimed():
        p = s.to_act()
        assert p is not None and len(s.intents) < 200
        assert s.submit(agents[p].choose(s.rs, s.view(p), s.legal())) is None
    entry = aimed()[0]
    assert entry.target >= len(BIOMES)  # type: ignore[attr-defined]  # no biome's number
    card = s.state.card(entry.card)  # type: ignore[attr-defined]
    key = next(k for k, c in catalog_cards(s.state).items() if c is card)
    assert s.reload_cards({key: card.model_copy(update={"name": "Renamed", "effect": "repair"})})
    d.frames(3)
    target = s.state.name(entry.target)  # type: ignore[attr-defined]
    assert f"{card.name} → {target}" in _sequence_text(d)
    assert CHANGED_BY_RELOAD not in _sequence_text(d)
    face = d.scene.layout.face(entry.card)  # type: ignore[attr-defined]  # in the queue
    assert face is not None and face.name == card.name
