"""Dreadnought's table: what its regions show from the view, where its intents aim, the
reason a drop that does not fit gives, and the phase bar's words."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.draw.text import TextRecorder
from game.layouts.base import Seats
from game.layouts.dreadnought import DreadnoughtTable
from rules.dreadnought import reading
from rules.dreadnought.intents import (
    Attack,
    CastDummy,
    CastUnit,
    Check,
    ChooseSpeed,
    GearChange,
    Pass,
    PayLog,
)
from rules.dreadnought.state import State
from tests.dreadnought.helpers import RS, iid, play, position
from tests.game.conftest import Driver

Make = Callable[..., Driver]

SEATS = Seats(0, False, ("Player 1", "Player 2"))


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield


def _table(state: object, viewer: int = 0) -> DreadnoughtTable:
    t = DreadnoughtTable()
    t.update(RS.view(state, viewer), Seats(viewer, False, SEATS.names),
             RS.legal_intents(state))
    return t


def test_a_unit_that_does_not_fit_says_how_much_size_is_left() -> None:
    s = position(phase="cast", hand=[["gale_lancer", "quick_fox"], []],
                 slots=[["iron_sentinel", "", "", ""], ["", "", "", ""]])
    t = _table(s)
    lancer = iid(s, "gale_lancer", 0)
    implied = t.implied_intent(lancer, (("left", 0), 1))
    assert implied == CastUnit(card=lancer, slot=1)
    assert RS._reason(s, implied) == "M unit: this area has 1 of 3 size left"
    # Slots where it fits are the drop targets of its intents, with the dummy as a choice.
    aims = {t.card_target(i) for i in RS.legal_intents(s, lancer)}
    assert aims == {(("right", 0), 0), (("right", 0), 1), (("left", 0), 1)}
    assert CastDummy(card=lancer, slot=1) in RS.legal_intents(s, lancer)


def test_regions_show_hp_stacks_closed_cards_and_size_left() -> None:
    s = position(phase="choose", hand=[["stone_pup", "quick_fox"], ["ember_imp"]],
                 slots=[["", "", "crag_behemoth", ""], ["dummy", "", "", ""]])
    s = play(s, ChooseSpeed(card=iid(s, "stone_pup", 0)))
    # Player 2 looks: Player 1's speed card lies Closed (its back), the dummy too.
    t = _table(s, viewer=1)
    held = t.held
    assert held[("speed", 0)].slots[0] is not None and held[("speed", 0)].slots[0].face is None
    caster = held[("caster_left", 1)].slots[0]
    assert caster is not None and len(caster.under) == 3 and caster.counters[0][0] == "HP 3"
    dummy = held[("left", 1)].slots[0]
    assert dummy is not None and dummy.face is None and dummy.sideways
    assert held[("hp", 0)].value == "3 · 3"
    surf = pygame.Surface((1280, 720))
    from game.layouts.base import Overlay

    t.draw(surf, Overlay())  # the size-left labels and the banner draw without error
    assert "choose a speed card" in t.status()[0] and t.status()[1] == "Speed"


def test_the_phase_bar_names_the_priority_mode_and_the_attack_aims_at_an_area() -> None:
    s = position(phase="cast", first=1)
    t = _table(s, viewer=1)
    assert t.status() == ("Turn 2 · Player 2: act any number of times, then Pass", "Cast")
    s = play(s, Pass(), Pass(), Pass(), Pass())
    s = position(phase="action", slots=[["storm_hound", "", "", ""], ["", "", "", ""]])
    t = _table(s)
    assert t.status()[0].endswith("one action each, in turn") and t.status()[1] == "Action"
    assert t.card_target(Attack(area=1)) == (("right", 1), None)
    assert any("one action each" in line for line, _ in t.sequence_lines())


def test_each_speed_comparison_is_shown_large_once_as_a_moment() -> None:
    s = position(phase="choose", hand=[["stone_pup"], ["ember_imp"]])
    t = _table(s)
    assert not t.animating()  # nothing compared yet this turn
    s = play(s, ChooseSpeed(card=iid(s, "stone_pup", 0)), ChooseSpeed(card=iid(s, "ember_imp", 1)))
    t.update(RS.view(s, 0), SEATS, RS.legal_intents(s))
    assert t.animating() and t._banner(RS.view(s, 0)) == "Speed E vs C: Player 2 is faster"
    surf = pygame.Surface((1280, 720))
    from game.layouts.base import Overlay

    t.draw(surf, Overlay())
    t._flash_until = 0
    t.update(RS.view(s, 0), SEATS, RS.legal_intents(s))
    assert not t.animating()  # the same comparison is not shown again


def test_the_speed_choice_by_keyboard_tab_and_enter(table: Make) -> None:
    d = table(game="dreadnought", seed=2, seats=("human", "computer"))
    s = d.scene.session
    assert s.to_act() == 0 and s.state.phase == "choose"
    d.key(pygame.K_TAB)  # the first hand card
    d.key(pygame.K_RETURN)  # picked up: its one target, the Speed Area, is the stop now
    d.key(pygame.K_RETURN)
    assert s.intents and s.intents[0]["kind"] == "choose_speed"
    assert s.state.players[0].speed != -1


def test_both_speed_cards_turn_over_together_at_the_first_comparison() -> None:
    from game.layouts.base import Overlay

    s = position(phase="choose", hand=[["stone_pup"], ["ember_imp"]])
    t = _table(s)
    assert t.flip_progress() is None
    s = play(s, ChooseSpeed(card=iid(s, "stone_pup", 0)), ChooseSpeed(card=iid(s, "ember_imp", 1)))
    t.update(RS.view(s, 0), SEATS, RS.legal_intents(s))
    turning = t.flip_progress()
    assert turning is not None and turning < 0.5  # it starts from the backs
    from game.layouts.dreadnought import FLASH_MS, FLIP_MS

    t._flash_until = pygame.time.get_ticks() + FLASH_MS - FLIP_MS // 4  # a quarter through
    surf = pygame.Surface((1280, 720))
    t.draw(surf, Overlay())
    box = t._by_id[s.players[0].speed].box
    from game.layouts.region_parts import REGION_FILL

    assert surf.get_at(box.center)[:3] != REGION_FILL  # the back, narrowed
    # Mid-turn the card is narrower than its box: the box's edge shows the region behind it.
    assert surf.get_at((box.x + 2, box.centery))[:3] == REGION_FILL
    t._flash_until = pygame.time.get_ticks() + 600  # 1000 ms into the moment: turned over
    assert t.flip_progress() is None


def test_the_side_panel_names_priority_not_a_sequence() -> None:
    from game.layouts.kyoukai import KyoukaiTable

    s = position(phase="cast", first=0)
    t = _table(s)
    assert (t.sequence_title, t.sequence_numbered()) == ("Priority", 0)
    assert t.sequence_footer(True) == "Act with a lit card, or Pass."
    assert t.sequence_footer(False) == "Waiting for the other player…"
    s = position(phase="action", slots=[["storm_hound", "", "", ""], ["", "", "", ""]])
    s = play(s, Check(unit=iid(s, "storm_hound", 0)))
    t = _table(s)
    assert t.sequence_footer(True) == "Click more units, then an enemy Battle Area."
    # Kyoukai keeps its Sequence.
    k = KyoukaiTable()
    assert (k.sequence_title, k.sequence_numbered()) == ("Sequence  (top resolves first)", None)


def test_the_banner_shows_the_grades_as_they_stand_after_speed_actions() -> None:
    s = position(phase="choose", hand=[["ember_imp", "quick_fox"], ["stone_pup", "mist_courier"]])
    s = play(s, ChooseSpeed(card=iid(s, "ember_imp", 0)), ChooseSpeed(card=iid(s, "stone_pup", 1)))
    t = _table(s)
    assert t._banner(RS.view(s, 0)) == "Speed C vs E: Player 1 is faster"
    slowed = s.copy()
    slowed.own(0).shift = -1
    assert t._banner(RS.view(slowed, 0)) == "Speed C vs E: Player 1 is faster · now D vs E"
    s = play(s, GearChange(card=iid(s, "quick_fox", 0)))  # P1's new card lies Closed
    assert t._banner(RS.view(s, 1)) == "Speed C vs E: Player 1 is faster · now ? vs E"


def test_hand_cards_show_their_size_and_speed_grade_tilted_with_the_fan() -> None:
    # The grade is what a speed card is chosen by: it must show on the hand card, not only on
    # hover. The hand fan drew tilted cards without their pills, so it did not show.
    from game.layouts.base import Overlay

    s = position(phase="choose", hand=[["stone_pup", "gale_lancer", "quick_fox"], []])
    t = _table(s)
    t.resize((1280, 720))
    t.update(RS.view(s, 0), SEATS, RS.legal_intents(s))
    looks = t.held[("hand", 0)].cards
    assert [look.counters[0][0] for look in looks] == ["S · E", "M · A", "S · A"]
    assert all(look.pills_left for look in looks)  # the next card covers the right edge
    surf = pygame.Surface((1280, 720))
    t.draw(surf, Overlay())
    first = next(d for d in t.cards if d.where == "hand" and d.look.id == looks[0].id)
    bare = t.painter.surface(first.look, first.size, None, first.angle)
    badged = t.painter.surface(first.look, first.size, None, first.angle, badged=True)
    assert badged.get_size() == bare.get_size()
    w, h = bare.get_size()
    # the pill sits just above the stats row (BP) along the bottom
    bottom_left = [(x, y) for x in range(w // 2) for y in range(h - 2 * h // 5, h)]
    assert any(badged.get_at(p) != bare.get_at(p) for p in bottom_left)  # the pill
    drawn = surf.subsurface(badged.get_rect(center=first.center))
    assert all(drawn.get_at(p)[:3] == badged.get_at(p)[:3] for p in bottom_left[::7]
               if badged.get_at(p)[3] == 255)  # the table drew the badged card


def _with_bonus(s: State, unit: int, bonus: int) -> State:
    s = s.copy()
    s.own_unit(unit).bonus = bonus
    return s


def test_a_unit_with_a_bonus_shows_the_total_bp_the_rules_count_and_the_bonus() -> None:
    # A new player read "+70" beside the face's base BP and had to add them up: the pill says
    # the total the rules use (reading.bp_of), the bonus after it.
    s = position(phase="action", slots=[["iron_sentinel", "", "dummy", ""], ["", "", "", ""]])
    sentinel, dummy = iid(s, "iron_sentinel", 0), s.players[0].slots[2]
    s = _with_bonus(_with_bonus(s, sentinel, 70), dummy, 30)
    t = _table(s)
    unit = t.held[("left", 0)].slots[0]
    assert unit is not None
    assert [text for text, _ in unit.counters] == ["M · B", "BP 180 (+70)"]
    assert reading.bp_of(s, sentinel) == 180  # the number the pill shows is the rules' own
    held_dummy = t.held[("right", 0)].slots[0]
    assert held_dummy is not None and held_dummy.counters[0][0] == "Dummy · BP 80 (+30)"
    # A bonus set below zero by hand (a manual step) reads as a minus; none: no BP pill.
    t = _table(_with_bonus(s, sentinel, -30))
    unit = t.held[("left", 0)].slots[0]
    assert unit is not None and unit.counters[-1][0] == "BP 80 (-30)"
    t = _table(_with_bonus(s, sentinel, 0))
    unit = t.held[("left", 0)].slots[0]
    assert unit is not None and [text for text, _ in unit.counters] == ["M · B"]


def test_the_unit_being_cast_shows_at_its_slot_while_its_log_cost_is_paid() -> None:
    from game.layouts.base import Overlay

    s = position(phase="cast", hand=[["mire_golem", "quick_fox", "stone_pup", "ember_imp"], []])
    golem = iid(s, "mire_golem", 0)
    s = play(s, CastUnit(card=golem, slot=3))  # log-cost 3: out of the hand, not yet placed
    assert s.paying is not None and golem not in s.players[0].hand
    for viewer in (0, 1):  # the payer, and the other player (the cast is public)
        t = _table(s, viewer=viewer)
        t.resize((1280, 720))
        t.update(RS.view(s, viewer), Seats(viewer, False, SEATS.names), RS.legal_intents(s))
        ghost = t.held[("right", 0)].slots[1]
        assert ghost is not None and ghost.id == golem and ghost.dimmed
        assert ghost.face is not None and ghost.face.name == "Mire Golem"
        assert ghost.counters[0][0] == "Log 3 more"
        surf = TextRecorder((1280, 720))
        t.draw(surf, Overlay())
        box = t._by_id[golem].box
        label = [(text, r) for text, r in surf.texts if box.contains(r)
                 and text in "Casting: Mire Golem"]  # named whole on the card itself
        assert " ".join(text for text, _ in label) == "Casting: Mire Golem", label
        # Shown, not placed: a manual step cannot pick it up; hovering it zooms it.
        assert t.piece_at(box.center) is not None and t.manual_piece_at(box.center) is None
    s = play(s, PayLog(card=iid(s, "quick_fox", 0)))
    t = _table(s)
    ghost = t.held[("right", 0)].slots[1]
    assert ghost is not None and ghost.counters[0][0] == "Log 2 more"
    s = play(s, PayLog(card=iid(s, "stone_pup", 0)), PayLog(card=iid(s, "ember_imp", 0)))
    assert s.paying is None and s.players[0].slots[3] == golem
    t = _table(s)
    placed = t.held[("right", 0)].slots[1]
    assert placed is not None and not placed.dimmed and placed.counters == t._tag(s, golem)
    surf = TextRecorder((1280, 720))
    t.draw(surf, Overlay())
    assert not any(text.startswith("Casting:") for text, _ in surf.texts)
