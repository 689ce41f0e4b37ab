"""The Krosmaster table through the app's loop with real pygame events: drag a figure to move,
pick a spell on its card and click a target, drag a Tension die onto a card, Reroll/Keep
buttons, and whole computer-vs-computer games."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

import rules
from game.layouts.base import id_key
from game.layouts.krosmaster.table import KrosmasterTable
from rules.agents import GreedyAgent
from rules.krosmaster.intents import Cast, Inspire, KeepTension, Move, Reroll, SetDofus
from rules.records import load_record, replay
from tests.game.conftest import Driver

Make = Callable[..., Driver]
RS = rules.get("krosmaster")
# Ashen Pact has the higher Initiative: player 1 plays first, with no Roll for Tension.
P1_FIRST = {"decks": ["Ashen Pact", "Brave Lanterns"]}


def _layout(d: Driver) -> KrosmasterTable:
    lay = d.scene.layout
    assert isinstance(lay, KrosmasterTable)
    return lay


def _advance(d: Driver, until: Callable[[Any], bool], limit: int = 600) -> None:
    """Play both sides with agents (straight into the session) until ``until(state)`` holds
    on a decision of player 1, then let the table catch up."""
    s = d.scene.session
    agents = (GreedyAgent(seed=5), GreedyAgent(seed=6))
    for _ in range(limit):
        p = s.to_act()
        assert p is not None, "the game ended before the wanted position"
        if p == 0 and until(s.state):
            break
        assert s.submit(agents[p].choose(s.rs, s.view(p), s.legal())) is None
    else:
        raise AssertionError("position not reached")
    d.frames(2)
    assert d.scene.legal(), "the table offers player 1 their decision"


def test_drag_a_figure_to_a_reachable_cell_moves_it(table: Make, tmp_path: Path) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    s = d.scene.session
    before = s.state
    fig = before.acting()
    assert fig is not None and fig.owner == 0 and fig.cell is not None
    reach = RS.highlights(before, fig.id)["move"]
    to = max(reach, key=lambda c: abs(c // 12 - fig.cell // 12) + abs(c % 12 - fig.cell % 12))
    lay = _layout(d)
    src, dst = lay.zone_center(fig.cell), lay.zone_center(to)
    # pick it up: the reachable cells are lit, in the move colour
    d.move(src)
    d.post(pygame.MOUSEBUTTONDOWN, pos=src, button=1, touch=False)
    d.frames()
    d.move(((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2 + 3), buttons=(1, 0, 0))
    assert d.scene.handler.name == "dragging"
    ov = d.scene.handler.overlay(d.scene)
    assert sorted(ov.strong["move"]) == sorted(reach)  # legal now: bright
    assert not ov.lit.get("move")  # nothing is shown twice in the fainter "later" style
    d.move(dst, buttons=(1, 0, 0))
    d.post(pygame.MOUSEBUTTONUP, pos=dst, button=1, touch=False)
    d.frames(2)
    expected = RS.apply(before, Move(figure=fig.id, to=to)).state
    assert s.intents[0] == Move(figure=fig.id, to=to).to_json()
    assert s.state == expected
    assert s.state.figures[fig.id].cell == expected.figures[fig.id].cell
    assert load_record(tmp_path / "record.json").intents[0]["kind"] == "move"


def test_drag_to_a_blocked_cell_snaps_back_with_the_reason(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    s = d.scene.session
    before = s.state
    fig = before.acting()
    assert fig is not None and fig.cell is not None
    reach = set(RS.highlights(before, fig.id)["move"])
    bad = next(c for c, k in enumerate(before.board.terrain) if k == "tree")
    assert bad not in reach
    d.drag(_layout(d).zone_center(fig.cell), _layout(d).zone_center(bad))
    assert s.state is before
    assert "Tree blocks movement" in d.scene.message
    assert d.scene.handler.name == "idle"


def test_space_ends_the_activation(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    s = d.scene.session
    fig = s.state.acting()
    assert fig is not None
    d.key(pygame.K_SPACE)
    assert s.intents[0] == {"kind": "end_activation", "figure": fig.id}


def _enemy_cast(state: Any) -> bool:
    fig = state.acting()
    if fig is None or fig.owner != 0:
        return False
    occ = state.occupant()
    return any(isinstance(i, Cast) and state.figures[occ[i.target]].owner == 1
               for i in RS.legal_intents(state))


def test_pick_a_spell_then_click_a_target_casts_it(table: Make) -> None:
    d = table(game="krosmaster", seed=2, seats=("human", "computer"), options=P1_FIRST)
    s = d.scene.session
    _advance(d, _enemy_cast)
    before = s.state
    fig = before.acting()
    assert fig is not None
    occ = before.occupant()
    cast = next(i for i in RS.legal_intents(before) if isinstance(i, Cast)
                and before.figures[occ[i.target]].owner == 1)
    lay = _layout(d)
    code = lay.spell_id(fig.id, cast.spell)
    d.click(d.info()["pieces"]["spell"][id_key(code)])
    assert d.scene.handler.name == "spell"
    ov = d.scene.handler.overlay(d.scene)
    hl = RS.highlights(before, (fig.id, cast.spell))
    assert ov.lit["target"] == hl["target"] and ov.lit["blocked"] == hl["blocked"]
    assert cast.target in ov.strong["aim"]  # ringed: the legal targets
    # in range and sight, and in range but blocked: two different colours on screen
    d.frames()
    floor = [c for c, k in enumerate(before.board.terrain) if k == "floor"
             and c not in occ and c not in before.kama_cells]
    free = next((c for c in hl["target"] if c in floor), None)
    if free is not None:
        px = d.app.screen.get_at(lay.zone_center(free))
        assert px.r > px.b + 40  # orange-ish
    hidden = next((c for c in hl["blocked"] if c in floor), None)
    if hidden is not None:
        r = lay.board.cell_rect(hidden) if lay.board else None
        assert r is not None
        colours = {tuple(d.app.screen.get_at((x, r.centery)))[:3]
                   for x in range(r.x + 2, r.right - 2)}
        assert any(b > r_ + 40 for r_, _, b in colours)  # violet hatching
    # a click on a cell that is not a target says why, and keeps the spell picked
    wrong = next(c for c in range(144) if c not in ov.strong["aim"] and c not in occ
                 and before.board.terrain[c] == "floor")
    d.click(lay.zone_center(wrong))
    assert s.state is before and d.scene.message
    assert d.scene.handler.name == "spell"
    n = len(s.intents)
    d.click(lay.zone_center(cast.target))
    assert s.intents[n] == cast.to_json()
    assert s.state == RS.apply(before, cast).state


def test_escape_puts_the_spell_down(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    fig = d.scene.session.state.acting()
    assert fig is not None
    d.click(d.info()["pieces"]["spell"][id_key(_layout(d).spell_id(fig.id, 0))])
    assert d.scene.handler.name == "spell"
    d.key(pygame.K_ESCAPE)
    assert d.scene.handler.name == "idle"


def _to_inspiration(d: Driver) -> None:
    """From a Roll for Tension of player 1: click Keep (and a Dofus side) on the table."""
    s = d.scene.session
    _advance(d, lambda st: st.phase == "tension")
    before = s.state
    d.click(tuple(d.info()["buttons"]["keep"]))
    assert s.intents[-1] == KeepTension().to_json()
    assert s.state == RS.apply(before, KeepTension()).state or s.state.phase != "tension"
    while s.state.phase == "dofus":
        choice = next(iter(d.info()["pieces"]["dofus"].values()))
        d.click(tuple(choice))


def test_drag_a_tension_die_onto_a_card_inspires_the_figure(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"))
    _to_inspiration(d)
    s = d.scene.session
    before = s.state
    assert before.phase == "inspiration" and before.active == 0 and before.dice
    info = d.info()
    die = info["pieces"]["dice"][id_key(("die", 0))]
    fid = before.timelines[0][0]
    card = info["pieces"]["card"][str(fid)]
    d.drag(tuple(die), tuple(card))
    intent = Inspire(die=0, figure=fid)
    assert s.intents[-1] == intent.to_json()
    assert s.state == RS.apply(before, intent).state
    assert s.state.figures[fid].inspiration[-1] == before.dice[0]


def test_reroll_button_rolls_one_die(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"))
    s = d.scene.session
    _advance(d, lambda st: st.phase == "tension")
    before = s.state
    assert "reroll" in d.info()["buttons"] and "keep" in d.info()["buttons"]
    d.click(tuple(d.info()["buttons"]["reroll"]))
    assert s.intents[-1] == Reroll().to_json()
    assert s.state == RS.apply(before, Reroll()).state
    assert s.state.rerolled


@pytest.mark.slow
def test_computer_against_computer_krosmaster_runs_to_the_end(table: Make,
                                                              tmp_path: Path) -> None:
    d = table(game="krosmaster", seed=3, seats=("computer", "computer"))
    s = d.scene.session
    deadline = time.monotonic() + 150
    while not s.over and time.monotonic() < deadline:
        d.frames()
        assert "Client error" not in d.scene.message
    assert s.over
    d.frames(2)
    assert d.scene.handler.name == "watching"
    state, _ = replay(load_record(tmp_path / "record.json"))
    assert state == s.state


def test_resize_and_clicking_everywhere_is_safe(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    d.post(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600)
    d.frames()
    for x in range(5, 900, 70):
        for y in range(45, 600, 60):
            d.click((x, y))
            assert "Client error" not in d.scene.message
            d.key(pygame.K_ESCAPE)
    d.post(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)
    d.frames()
    assert d.app.size == (1600, 900)


def test_menu_offers_krosmaster_with_its_teams_as_decks(tmp_path: Path) -> None:
    from game.app import App
    from game.scenes.menu import MenuScene
    from game.session import GameConfig
    from rules.krosmaster.setup import load_pack, pack_dir

    teams = list(load_pack(pack_dir({}))[1])
    app = App((1280, 720))
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        assert "Krosmaster Arena" in menu.game.options_list or any(
            "Krosmaster Arena" in o for o in menu.game.options_list)
        # choosing the game in its dropdown swaps the deck lists for the teams
        menu.game.selected_option = ("Krosmaster Arena", "#krosmaster")  # type: ignore[assignment]
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                             {"ui_element": menu.game, "text": "Krosmaster Arena"}))
        app.frame(0.016)
        menu = app.scene
        assert isinstance(menu, MenuScene)
        cfg = menu.config()
        assert cfg.game == "krosmaster" and cfg.options["decks"] == teams[:2]
        cfg = GameConfig(**{**cfg.__dict__, "options": {"decks": [teams[1], teams[2]]},
                            "record": tmp_path / "r.json", "agent_delay": 0.0})
        app.start_game(cfg)
        scene = app.scene
        assert isinstance(scene.layout, KrosmasterTable)  # type: ignore[attr-defined]
        assert scene.session.state.team_names == (teams[1], teams[2])  # type: ignore
        app.frame(0.016)
    finally:
        app.close()


def test_replay_viewer_shows_a_krosmaster_record(tmp_path: Path) -> None:
    from game.app import App
    from game.scenes.replay import ReplayScene
    from rules.records import new_record, replay_full
    from rules.records.model import append

    rec = new_record("krosmaster", 4, {}, ("computer", "computer"))
    state = RS.new_game(seed=4)
    agents = (GreedyAgent(4), GreedyAgent(5))
    for _ in range(60):
        p = RS.to_act(state)
        assert p is not None
        intent = agents[p].choose(RS, RS.view(state, p), RS.legal_intents(state))
        state = RS.apply(state, intent).state
        rec = append(rec, intent)
    app = App((1280, 720))
    try:
        app.start_replay(rec, replay_full(rec))
        d = Driver(app)
        v = app.scene
        assert isinstance(v, ReplayScene) and isinstance(v.layout, KrosmasterTable)
        assert any("plays first" in line for line in v.log.entries)
        for _ in range(60):
            d.key(pygame.K_RIGHT)
        assert v.layout.view == state
        for pos in list(v.layout.pieces()["field"].values())[:3]:
            d.move(pos)  # hover a token: its card is shown large
        assert "Client error" not in str(getattr(v, "message", ""))
    finally:
        app.close()


def test_clicking_a_side_sets_the_dofus_die(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"))
    s = d.scene.session
    _advance(d, lambda st: st.phase == "dofus")
    before = s.state
    sides = d.info()["pieces"]["dofus"]
    assert len(sides) == 4
    die = before.dice.index("dofus")
    code = id_key(("dofus", die, "lock"))  # the fourth side: Lock
    d.click(tuple(sides[code]))
    intent = SetDofus(die=die, face="lock")
    assert s.intents[-1] == intent.to_json()
    assert s.state == RS.apply(before, intent).state


# A whole game by mouse: tests/game/test_full_game.py, over every playable game.


def test_the_timeline_shows_each_figures_hp_in_a_red_chip(table: Make) -> None:
    """Each living figure's HP sits in an HP-red chip with white digits at the right of its
    Timeline cell (the plain red digits were hard to read at 1280x720)."""
    from game.layouts.krosmaster.figure_card import HP_RED

    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    lay = _layout(d)
    surf = pygame.Surface(d.app.screen.get_size())
    lay._draw_timeline(surf)
    r = lay.timeline
    state = d.scene.session.state
    alive = sum(1 for line in state.timelines for fid in line if state.figures[fid].alive)
    red = {(x, y) for y in range(r.top, r.bottom) for x in range(r.left, r.right)
           if surf.get_at((x, y))[:3] == HP_RED}
    assert alive >= 4 and len(red) >= alive * 60  # chips, not a few anti-aliased pixels
    # The digits: white pixels with the chip's red on both sides.
    digits = [(x, y) for y in range(r.top, r.bottom) for x in range(r.left + 6, r.right - 6)
              if surf.get_at((x, y))[:3] == (255, 255, 255)
              and any((x - k, y) in red for k in range(1, 7))
              and any((x + k, y) in red for k in range(1, 7))]
    assert len(digits) >= alive * 4
