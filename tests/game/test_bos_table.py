"""The BOS table through the app's loop with real pygame events: summon by dragging from the
castle tab of the player's book onto a column, a refused drop that says the rules' reason, the
book's tabs, pages, wheel and keys, a spell cast from its second page, a player attack onto the
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
from game.layouts.bos import BosTable, short
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
    """Where card ``iid`` is, browsing the books for it as a person would."""
    pos = d.reveal(id_key(iid))
    assert pos is not None, f"card {iid} is not a piece on the table"
    return pos


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
    assert s.intents[-1] == Summon(card=imp, column=1).to_json()
    assert s.state.sides[0].slots[1] == imp and s.state.sides[0].wizard_down[1]
    wizards = d.scene.layout.held[("wizards", 0)].slots
    assert wizards[1].face is None and wizards[1].dimmed  # a dimmed back: face down
    assert not wizards[0].dimmed and wizards[0].face is not None  # a face-up one shows its face


def test_a_refused_drop_snaps_back_with_the_rules_reason(table: Make, tmp_path: Path) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.frames(2)
    brute = _card(s.state, "magma_brute", s.state.sides[0].castle)  # Your life is 20 or less
    look = next(c for c in d.scene.layout.held[("book", 0)].tabs[0] if c.id == brute)
    assert look.dimmed and look.counters[0][0] == "cond."
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
    assert s.intents[-1] == PlayerAttack(card=hound, player=1).to_json()
    assert s.state.step == "block" and s.to_act() == 1
    assert {i.kind for i in s.legal()} == {"block", "take_it"}
    assert any("attacks Player 2 in column 2" in t for t, _ in _layout(d).sequence_lines())
    assert "Take it" in _layout(d).sequence_footer(True)
    d.frames(3)
    if d.scene.handler.name == "handover":
        d.key(13)
    d.drag(_piece(d, crab), _zone(d, (("field", 1), 1)))  # from column 1 into column 2
    assert s.intents[-1] == Block(card=crab).to_json()
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
            intent = me.choose(s.rs, s.view(0), d.scene.legal()).to_json()
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
    assert held[("book", 0)].label == "Your book"
    assert held[("book", 1)].label == "Their book"
    assert held[("life", 0)].label == "Your life"
    assert held[("life", 1)].label == "Their life"
    assert held[("grave", 1)].label == "Their graveyard"
    assert held["info"].label is None  # the shared strip keeps its own (none)


# ---- the book: tabs, pages, dimmed cards, hidden from the opponent ------------------------------
def _places(d: Driver) -> dict[str, set[str]]:
    return {where: set(place) for where, place in d.info()["pieces"].items()}


def _control(d: Driver, name: str) -> tuple[int, int]:
    return tuple(d.info()["controls"][f"{id_key(('book', 0))} {name}"])  # type: ignore[return-value]


def test_clicking_a_tab_shows_the_spellbook_and_back(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.frames(2)
    castle = {id_key(i) for i in s.state.sides[0].castle}
    spells = {id_key(i) for i in s.state.sides[0].spellbook}
    assert "castle" in _places(d) and "spells" not in _places(d)
    assert _places(d)["castle"] <= castle
    assert _layout(d).leaves[("book", 0)].labels == ["Castle 10", "Spellbook 10"]
    d.click(_control(d, "tab 1"))
    assert "castle" not in _places(d) and _places(d)["spells"] <= spells
    d.click(_control(d, "tab 0"))
    assert _places(d)["castle"] <= castle


def test_pages_turn_by_arrow_wheel_and_page_keys(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    s = d.scene.session
    d.frames(2)
    castle = [id_key(i) for i in s.state.sides[0].castle]
    first = _places(d)["castle"]
    leaf = _layout(d).leaves[("book", 0)]
    assert leaf.pages == 2 and f"{id_key(('book', 0))} previous page" not in d.info()["controls"]
    assert first == set(castle[:len(first)])  # page 1: the castle's first cards, in order
    d.click(_control(d, "next page"))
    assert _places(d)["castle"] == set(castle[len(first):])
    assert _layout(d).leaves[("book", 0)].page == 1
    d.move(_layout(d).leaves[("book", 0)].boxes[0].center)
    d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)  # wheel up: the page before
    d.frames(2)
    assert _places(d)["castle"] == first
    d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    d.frames(2)
    assert _places(d)["castle"] == set(castle[len(first):])
    d.key(pygame.K_PAGEUP)
    assert _places(d)["castle"] == first
    d.key(pygame.K_PAGEDOWN)
    assert _layout(d).leaves[("book", 0)].page == 1


def test_tab_and_enter_reach_the_books_tabs_and_arrows(table: Make) -> None:
    from game.input.keyboard import KeyFocus

    d = table(game="bos", seed=1, seats=("human", "computer"))
    d.frames(2)
    d.key(pygame.K_TAB)

    def focus() -> KeyFocus:
        h = d.scene.handler
        assert isinstance(h, KeyFocus)
        return h

    labels = [st.label for st in focus().stops]
    assert "Show the Spellbook 10 tab" in labels and "Next page of Castle 10" in labels
    assert not any(st.kind == "control" and "their" in st.label.lower()
                   for st in focus().stops)  # the opponent's book: mouse only
    while (st := focus().stop) is not None and st.label != "Show the Spellbook 10 tab":
        d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    assert _layout(d).leaves[("book", 0)].tab == 1 and "spells" in _places(d)
    assert (st := focus().stop) is not None and st.label == "Show the Spellbook 10 tab"


def _main_with_a_crab(d: Driver) -> tuple[int, int]:
    """Player 1's second turn, Main phase, 4 vim; Reef Crab stands in their column 1."""
    s = d.scene.session
    st = s.state
    hound = _card(st, "ember_hound", st.sides[0].castle)
    crab = _card(st, "reef_crab", st.sides[1].castle)
    for i in (Summon(card=hound, column=1), EndSummoning(), EndTurn(),
              Summon(card=crab, column=0), EndSummoning(), EndTurn(), EndSummoning()):
        assert s.submit(i) is None
    d.frames(3)
    if d.scene.handler.name == "handover":
        d.key(13)
    return hound, crab


def test_a_spell_dragged_from_page_two_of_the_spellbook_casts_it(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "human"))
    s = d.scene.session
    _, crab = _main_with_a_crab(d)
    banish = _card(s.state, "banish", s.state.sides[0].spellbook)  # 4 vim: a summon home
    d.click(_control(d, "tab 1"))
    assert id_key(banish) not in _places(d)["spells"]  # the spellbook's 9th card: page 2
    d.click(_control(d, "next page"))
    assert _layout(d).leaves[("book", 0)].page == 1
    d.drag(_piece(d, banish), _zone(d, (("field", 1), 0)))
    assert s.intents[-1] == Cast(card=banish, target=crab).to_json()
    assert crab in s.state.sides[1].castle and banish in s.state.sides[0].graveyard


def test_a_dimmed_card_shows_its_whole_reason_on_hover(table: Make) -> None:
    from game.draw.palette import INK
    from game.draw.text import TEXT

    d = table(game="bos", seed=1, seats=("human", "human"))
    s = d.scene.session
    _main_with_a_crab(d)
    d.click(_control(d, "tab 1"))
    lay = _layout(d)
    dear = _card(s.state, "flame_burst", s.state.sides[0].spellbook)  # 3 vim: affordable
    vengeance = _card(s.state, "vengeance", s.state.sides[0].spellbook)
    why = lay.why[vengeance]
    assert dear not in lay.why and len(why) > 30, why  # a whole sentence, not a pill
    d.move(_piece(d, vengeance))
    box, lines = lay.tooltip(vengeance)
    assert " ".join(lines) == f"Not now: {why}."
    assert lay.area.contains(box)
    for line in lines:
        assert TEXT.get(line, 16, INK).get_width() <= box.w
    screen = pygame.display.get_surface()
    assert screen.get_at((box.x + 2, box.centery))[:3] != screen.get_at((box.x - 3,
                                                                         box.centery))[:3]


def test_the_opponents_book_and_a_hidden_seat_show_only_backs_and_counts(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "human"))
    s = d.scene.session
    d.frames(2)
    lay = _layout(d)
    theirs = lay.held[("book", 1)]
    assert all(c.face is None for tab in theirs.tabs for c in tab)
    assert [len(t) for t in theirs.tabs] == [10, 10]
    assert lay.leaves[("book", 1)].labels == ["Castle 10", "Spellbook 10"]
    assert not any(where in ("castle", "spells") and any(
        int(k) in s.state.sides[1].castle + s.state.sides[1].spellbook for k in place)
        for where, place in d.info()["pieces"].items())
    assert s.submit(EndSummoning()) is None and s.submit(EndTurn()) is None
    d.frames(3)  # hot-seat: the hand-over screen hides both books until Enter
    assert d.scene.handler.name == "handover"
    for p in (0, 1):
        assert all(c.face is None for tab in lay.held[("book", p)].tabs for c in tab)
    d.key(13)
    mine = _layout(d).held[("book", 1)]  # player 2 now sits at the bottom
    assert all(c.face is not None for tab in mine.tabs for c in tab)
    assert all(c.face is None for tab in _layout(d).held[("book", 0)].tabs for c in tab)


def test_a_spell_without_a_target_shows_a_no_target_pill() -> None:
    assert short("nothing to cast Banish on: no summon is on the battlefield", 4) == "no target"


def test_the_attack_panel_is_titled_for_bos_and_its_line_is_not_overwritten() -> None:
    from game.draw.panels import sequence_panel
    from game.draw.text import TextRecorder

    assert BosTable.sequence_title == "Player attack"  # no Sequence in BOS
    pygame.init()
    for numbered in (None, 0):  # every line numbered (Kyoukai), none (BOS, Dreadnought)
        surf = TextRecorder((300, 160))
        sequence_panel(surf, pygame.Rect(0, 0, 300, 160),
                       [("Coral Sentinel (6) attacks Player 1", (220, 80, 60))], "Block",
                       "Player attack", numbered)
        boxes = [box for _, box in surf.texts]
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), \
            (numbered, surf.texts)
