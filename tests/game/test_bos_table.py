"""The BOS table through the app's loop with real pygame events: summon by dragging from the
castle lane onto a column, a refused drop that says the rules' reason, a player attack onto the
Life box answered by a block, the 11th-turn halving announced on the table, and a whole game
by mouse against the computer."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

import rules
from game.layouts.base import id_key
from game.layouts.bos import BosTable
from rules.agents import GreedyAgent
from rules.bos.intents import Block, Cast, EndSummoning, EndTurn, PlayerAttack, Summon
from rules.bos.state import HALVING_TURN
from rules.records import load_record, replay
from tests.game.conftest import Driver

Make = Callable[..., Driver]
RS = rules.get("bos")


def _layout(d: Driver) -> BosTable:
    lay = d.scene.layout
    assert isinstance(lay, BosTable)
    return lay


def _piece(d: Driver, iid: int) -> tuple[int, int]:
    for place in d.info()["pieces"].values():
        if id_key(iid) in place:
            return tuple(place[id_key(iid)])  # type: ignore[return-value]
    raise AssertionError(f"card {iid} is not a piece on the table")


def _zone(d: Driver, target: Any) -> tuple[int, int]:
    lay = _layout(d)
    return lay.zone_center(lay.zone_of[target])


def _card(state: Any, name: str, zone: tuple[int, ...]) -> int:
    return next(i for i in zone if state.cards[i] == name)


def test_drag_a_summon_from_the_castle_onto_a_column(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.frames(2)
    imp = _card(s.state, "cinder_imp", s.state.sides[0].castle)
    d.drag(_piece(d, imp), _zone(d, (("field", 0), 1)))
    assert s.intents[-1] == Summon(card=imp, column=1).model_dump(mode="json")
    assert s.state.sides[0].slots[1] == imp and s.state.sides[0].wizard_down[1]
    assert d.scene.layout.held[("wizards", 0)].slots[1].face is None  # shows its back


def test_a_refused_drop_snaps_back_with_the_rules_reason(table: Make, tmp_path: Path) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.frames(2)
    brute = _card(s.state, "magma_brute", s.state.sides[0].castle)  # Your life is 20 or less
    look = next(c for c in d.scene.layout.held[("castle", 0)].cards if c.id == brute)
    assert look.dimmed and look.counters[0][0] == "cond." and look.pills_left
    assert "Your life is 20 or less" in _layout(d).why[brute]  # the hover tooltip's sentence
    d.move(_piece(d, brute))  # hovered: the tooltip is drawn over the table
    pygame.image.save(d.app.screen if hasattr(d.app, "screen") else pygame.display.get_surface(),
                      str(tmp_path / "hover.png"))
    n = len(s.intents)
    d.drag(_piece(d, brute), _zone(d, (("field", 0), 0)))
    assert len(s.intents) == n
    assert "Your life is 20 or less" in d.scene.message


def _advance(d: Driver, until: Callable[[Any], bool], limit: int = 400) -> None:
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


def test_a_player_attack_dropped_on_the_life_box(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "human"))
    s = d.scene.session
    st = s.state
    hound = _card(st, "ember_hound", st.sides[0].castle)
    crab = _card(st, "reef_crab", st.sides[1].castle)
    gull = _card(st, "storm_gull", st.sides[1].castle)
    for i in (Summon(card=hound, column=1), EndSummoning(), EndTurn(),
              Summon(card=crab, column=0), Summon(card=gull, column=2), EndSummoning(),
              EndTurn(), EndSummoning()):
        assert s.submit(i) is None
    assert s.state.step == "main" and s.to_act() == 0  # hound's column 2 is open
    d.frames(3)
    if d.scene.handler.name == "handover":
        d.key(13)
    d.drag(_piece(d, hound), _zone(d, (("life", 1), None)))
    assert s.intents[-1] == PlayerAttack(card=hound, player=1).model_dump(mode="json")
    assert s.state.step == "block" and s.to_act() == 1
    assert {i.kind for i in s.legal()} == {"block", "take_it"}
    assert any("attacks Player 2" in t for t, _ in _layout(d).sequence_lines())
    assert "Take it" in _layout(d).sequence_footer(True)
    d.frames(3)
    if d.scene.handler.name == "handover":
        d.key(13)
    d.drag(_piece(d, crab), _zone(d, (("field", 1), 1)))  # from column 1 into column 2
    assert s.intents[-1] == Block(card=crab).model_dump(mode="json")
    st = s.state  # 3 against 3: both defeated, no life lost
    assert crab in st.sides[1].graveyard and hound in st.sides[0].graveyard
    assert st.sides[1].life == 30


def test_the_halving_is_announced_on_the_table(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "human"))
    s = d.scene.session
    while not (s.state.halved and s.to_act() == 0):  # both only end their turns
        kind = "end_summoning" if s.state.step == "summoning" else "end_turn"
        assert s.submit(next(i for i in s.legal() if i.kind == kind)) is None
    d.frames(3)
    assert s.state.sides[0].turns == HALVING_TURN and s.state.sides[0].life == 15
    lines = d.scene.layout.held["info"].lines
    assert any("halved" in line for line in lines), lines


@pytest.mark.slow
def test_a_whole_game_by_mouse_against_the_computer(table: Make, tmp_path: Path) -> None:
    from tests.game.test_full_game import _perform

    d = table(game="bos", seed=5, seats=("human", "computer"))
    s = d.scene.session
    me = GreedyAgent(seed=11)
    deadline = time.monotonic() + 240
    kinds: set[str] = set()
    while not s.over and time.monotonic() < deadline:
        if d.scene.legal() and d.scene.handler.name == "idle":
            intent = me.choose(s.rs, s.view(0), d.scene.legal()).model_dump(mode="json")
            n = len(s.intents)
            _perform(d, intent)
            assert len(s.intents) > n and s.intents[n] == intent, (intent, d.scene.message)
            kinds.add(intent["kind"])
        else:
            d.frames()
    assert s.over
    assert {"summon", "attack", "end_turn"} <= kinds, kinds
    state, _ = replay(load_record(tmp_path / "record.json"))
    assert state == s.state


def test_a_dimmed_cards_pill_fits_the_strip_a_crowded_lane_leaves_showing(table: Make) -> None:
    from game.draw.palette import INK
    from game.draw.scale import px
    from game.draw.text import TEXT

    d = table(game="bos", seed=1, seats=("human", "computer"))
    d.frames(2)
    lay = _layout(d)
    checked = 0
    for where in ("castle", "spells"):
        lane = sorted((c for c in lay.cards if c.where == where and c.look.face is not None),
                      key=lambda c: c.box.left)
        for card, nxt in zip(lane, lane[1:], strict=False):
            for text, _ in card.look.counters:
                pill = TEXT.get(text, 13, INK, True).get_width() + px(8) + px(3)
                assert card.look.pills_left and pill <= nxt.box.left - card.box.left, text
                checked += 1
    assert checked >= 5  # the first turn dims most of the castle and the dear spells


def test_a_graveyard_shows_its_top_card_face_up(table: Make) -> None:
    from game.draw.card_states import CardLook
    from game.layouts.region_parts import pile_rect

    d = table(game="bos", seed=1, seats=("human", "human"))
    s = d.scene.session
    kindle = _card(s.state, "kindle", s.state.sides[0].spellbook)  # gain vim, no target
    for i in (EndSummoning(), Cast(card=kindle)):
        assert s.submit(i) is None
    d.frames(3)
    lay = _layout(d)
    grave = next(p for p in lay.placed if p.id == ("grave", 0))
    r = pile_rect(grave, lay.spec.card_ratio)
    top = lay.held[("grave", 0)].cards[-1]
    assert top.id == kindle and top.face is not None
    screen = pygame.display.get_surface()
    at = (r.w // 2, r.h * 2 // 3)
    face = lay.painter.surface(top, r.size).get_at(at)
    back = lay.painter.surface(CardLook(kindle), r.size).get_at(at)
    assert face != back
    assert screen.get_at((r.x + at[0], r.y + at[1])) == face


def test_each_sides_regions_say_whose_they_are(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    d.frames(2)
    held = _layout(d).held
    assert held[("castle", 0)].label == "Your castle (summons)"
    assert held[("life", 0)].label == "Your life"
    assert held[("life", 1)].label == "Their life"
    assert held[("grave", 1)].label == "Their graveyard"
    assert held["info"].label is None  # the shared strip keeps its own (none)
