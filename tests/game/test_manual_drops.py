"""A manual step on every table, by real mouse events: a card dragged onto a free board place,
into a pile and under another card becomes the ManualMove that puts it there; a counter's
− / +, Shuffle, Roll and Done by their buttons. The screen points come from each table's own
geometry (a zone, a region's box), the expected places from the game's manual table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.layouts.base import Pos
from rules.core.manual_intents import ManualMove
from rules.core.manual_table import BOARD, UNDER, Place
from tests.game.conftest import Driver
from tests.game.test_manual_table import at_manual_step, button, log_has

Make = Callable[..., Driver]
GAMES = ("kyoukai", "dreadnought", "krosmaster", "bos", "nullshapers")


def place(d: Driver, card: int) -> Place:
    s = d.scene.session
    return next(pl for pl in s.rs.manual_table.places(s.state) if pl.card == card)


def piece(d: Driver, card: int) -> Pos:
    for where in d.info()["pieces"].values():
        if str(card) in where:
            return tuple(where[str(card)])  # type: ignore[return-value]
    raise AssertionError(f"card {card} is not on the screen")


def region_rect(d: Driver, rid: Any) -> pygame.Rect:
    return next(p.rect for p in d.scene.layout.placed if p.id == rid)  # type: ignore[attr-defined]


def region_zone(d: Driver, target: Any) -> Pos:
    """The centre of the region table's zone for ``target`` ((region id, slot or None))."""
    lay = d.scene.layout
    z = next(z for z in lay.zones() if lay.target(z) == target)  # type: ignore[attr-defined]
    return lay.zone_center(z)


def board_point(d: Driver, game: str, owner: int, at: int) -> Pos:
    """Where on the screen the board place ``at`` of ``owner`` is, in the table's words."""
    if game in ("kyoukai", "krosmaster"):  # their zones are the rules' board positions
        return tuple(d.info()["zones"][str(at)])  # type: ignore[return-value]
    if game == "dreadnought":
        return region_zone(d, ((("left", "right")[at // 2], owner), at % 2))
    if game == "bos":
        return region_zone(d, (("field", owner), at))
    return region_zone(d, (("staging" if at < 0 else f"sector{at}", owner), None))


def free_spot(d: Driver, card: int, owner: int) -> int:
    s = d.scene.session
    spots = s.rs.manual_table.board_spots(s.state, owner)
    here = place(d, card)
    return next(at for at in reversed(spots) if (here.zone, here.at) != (BOARD, at))


# game -> (card dragged, board owner) for a drop on a free board place
ONTO_BOARD = {"kyoukai": (5, 0), "dreadnought": (51, 0), "krosmaster": (0, 0), "bos": (5, 1),
              "nullshapers": (35, 1)}


@pytest.mark.parametrize("game", GAMES)
def test_a_card_dropped_on_a_free_board_place_goes_there(table: Make, tmp_path: Path,
                                                         game: str) -> None:
    d, step = at_manual_step(table, tmp_path, game)
    card, owner = ONTO_BOARD[game]
    at = free_spot(d, card, owner)
    d.drag(piece(d, card), board_point(d, game, owner, at))
    assert (place(d, card).zone, place(d, card).owner, place(d, card).at) == (BOARD, owner, at)
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} puts")
    assert "onto the board" in d.scene.session.log[-1]


def pile_point(d: Driver, game: str) -> tuple[int, Pos, str, int]:
    """(card dragged, where it is dropped, the pile it must reach, that pile's owner)."""
    lay: Any = d.scene.layout
    if game == "kyoukai":
        return 5, lay._discard_rect(0, lay._panel_rect(0)).center, "discard", 0
    if game == "dreadnought":
        return 52, region_rect(d, ("log", 1)).center, "log", 1
    if game == "krosmaster":
        return 0, lay._cards[1].center, "out", 0  # onto a card of its player's column
    if game == "bos":
        return 5, region_rect(d, ("grave", 0)).center, "graveyard", 0
    return 33, region_rect(d, ("cache", 1)).center, "cache", 1


@pytest.mark.parametrize("game", GAMES)
def test_a_card_dropped_on_a_pile_goes_into_it(table: Make, tmp_path: Path, game: str) -> None:
    d, step = at_manual_step(table, tmp_path, game)
    card, at, zone, owner = pile_point(d, game)
    d.drag(piece(d, card), at)
    assert (place(d, card).zone, place(d, card).owner) == (zone, owner)
    s = d.scene.session
    assert card in s.rs.manual_table.pile(s.state, owner, zone)
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} puts")


def region(name: str, owner: int) -> Callable[[Driver], Pos]:
    return lambda d: region_rect(d, (name, owner)).center


def kyoukai_panel(pile: str, owner: int) -> Callable[[Driver], Pos]:
    def at(d: Driver) -> Pos:
        lay: Any = d.scene.layout
        panel = lay._panel_rect(owner)
        if pile == "deck":
            return lay._deck_rect(owner, panel).center
        if pile == "spirits":
            x, y = lay._spirit_origin(owner, panel)
            return (x + 4, y + 10)
        return (panel.x + 20, panel.y + 60)  # the rest of the column: the hand
    return at


# (game, card dragged, where it is dropped, the pile it must reach, its owner)
MORE_PILES = [
    ("kyoukai", 5, kyoukai_panel("deck", 1), "deck", 1),
    ("kyoukai", 5, kyoukai_panel("spirits", 0), "spirits", 0),
    ("kyoukai", 5, kyoukai_panel("hand", 1), "hand", 1),
    ("dreadnought", 52, region("hand", 1), "hand", 1),
    ("dreadnought", 52, region("deck", 0), "deck", 0),
    ("dreadnought", 52, region("caster_left", 1), "hp_left", 1),
    ("bos", 5, region("book", 0), "spellbook", 0),  # the tab it shows
    ("bos", 5, region("book", 1), "castle", 1),
    ("nullshapers", 33, region("deck", 1), "deck", 1),
    ("nullshapers", 33, region("energy", 0), "energy", 0),
    ("nullshapers", 33, region("staging", 1), "staging", 1),  # an event: gear's pile
]


@pytest.mark.parametrize(("game", "card", "to", "zone", "owner"), MORE_PILES)
def test_every_pile_region_takes_a_dropped_card(table: Make, tmp_path: Path, game: str,
                                                card: int, to: Callable[[Driver], Pos],
                                                zone: str, owner: int) -> None:
    d, _ = at_manual_step(table, tmp_path, game)
    d.drag(piece(d, card), to(d))
    assert (place(d, card).zone, place(d, card).owner) == (zone, owner)


def test_an_agent_dropped_on_the_staging_area_stands_there(table: Make,
                                                           tmp_path: Path) -> None:
    d, _ = at_manual_step(table, tmp_path, "nullshapers")
    d.drag(piece(d, 35), region_rect(d, ("staging", 1)).center)
    assert (place(d, 35).zone, place(d, 35).owner, place(d, 35).at) == (BOARD, 1, -1)


def test_a_card_dropped_on_its_own_pile_stays_and_says_so(table: Make, tmp_path: Path) -> None:
    d, _ = at_manual_step(table, tmp_path, "kyoukai")
    before = d.scene.session.version
    lay: Any = d.scene.layout
    d.drag(piece(d, 5), lay.hand.area.move(0, 4).topleft)
    assert d.scene.session.version == before and place(d, 5).zone == "hand"
    assert "Already there" in d.info()["message"]


def test_a_knocked_out_figure_is_dragged_from_its_card_back_onto_the_board(
        table: Make, tmp_path: Path) -> None:
    d, _ = at_manual_step(table, tmp_path, "krosmaster")
    s = d.scene.session
    tab = s.rs.manual_table
    if not any(pl.zone == "out" for pl in tab.places(s.state)):  # one knocked out by hand
        figure = next(pl.card for pl in tab.places(s.state) if pl.zone == BOARD)
        s.submit(next(i for i in s.rs.legal_intents(s.state, figure)
                      if isinstance(i, ManualMove) and i.zone == "out"))
        d.frames(2)
    out = next(pl for pl in tab.places(s.state) if pl.zone == "out")
    lay: Any = d.scene.layout
    at = free_spot(d, out.card, out.owner)
    d.drag(lay._cards[out.card].center, board_point(d, "krosmaster", out.owner, at))
    assert (place(d, out.card).zone, place(d, out.card).at) == (BOARD, at)


# game -> (card dragged, the card it is dropped on) for the games that have "under"
UNDER_HOST = {"kyoukai": (7, 0), "bos": (15, 5), "nullshapers": (33, 35)}


@pytest.mark.parametrize("game", sorted(UNDER_HOST))
def test_a_card_dropped_on_another_goes_under_it(table: Make, tmp_path: Path,
                                                 game: str) -> None:
    d, _ = at_manual_step(table, tmp_path, game)
    card, host = UNDER_HOST[game]
    if place(d, host).zone != BOARD:  # an agent in hand: onto its biome first
        d.drag(piece(d, host), board_point(d, game, place(d, host).owner, 1))
        assert place(d, host).zone == BOARD
    d.drag(piece(d, card), piece(d, host))
    assert (place(d, card).zone, place(d, card).at) == (UNDER, host)


def counter_buttons(d: Driver, card: int) -> list[dict[str, Any]]:
    return [b for b in d.info()["manual"] if b["intent"]["kind"] == "manual_counter"
            and b["intent"]["card"] == card and b["label"] == "+"]


@pytest.mark.parametrize("game", GAMES)
def test_counters_shuffle_roll_and_done_by_their_buttons(table: Make, tmp_path: Path,
                                                         game: str) -> None:
    d, step = at_manual_step(table, tmp_path, game)
    s = d.scene.session
    tab = s.rs.manual_table
    who = f"Manual ({step.title}): Player {step.player + 1}"
    players = [b for b in d.info()["manual"] if b["intent"]["kind"] == "manual_counter"]
    if any(c.per == "player" for c in tab.counters):
        first = players[0]["intent"]
        spec = next(c for c in tab.counters if c.name == first["counter"])
        d.click(tuple(players[0]["pos"]))
        assert tab.counter(s.state, spec, first["owner"], -1) == first["value"]
        assert log_has(d, f"{who} sets")
    if tab.deck:
        d.click(button(d, f"Shuffle P1 {tab.zone_label(tab.deck)}"))
        assert log_has(d, f"{who} shuffles")
    d.click(button(d, "Roll d6"))
    assert log_has(d, f"{who} rolls a d6:")
    # A card on the board picked: its own counters, one step up.
    if not any(pl.zone == BOARD for pl in tab.places(s.state)):  # one dragged there first
        agent, owner = ONTO_BOARD[game]
        d.drag(piece(d, agent), board_point(d, game, owner, free_spot(d, agent, owner)))
    card = next(pl.card for pl in tab.places(s.state) if pl.zone == BOARD
                and any(tab.counter(s.state, c, -1, pl.card) is not None
                        for c in tab.counters if c.per == "card"))
    d.click(piece(d, card))
    assert d.scene.manual.selected == card
    plus = counter_buttons(d, card)[0]
    spec = next(c for c in tab.counters if c.name == plus["intent"]["counter"])
    before = tab.counter(s.state, spec, -1, card)
    d.click(tuple(plus["pos"]))
    assert tab.counter(s.state, spec, -1, card) == before + 1  # type: ignore[operator]
    d.click(button(d, "Done"))
    assert s.rs.manual_pending(s.state) is None
    assert log_has(d, f"{who} is done.")


def test_a_closed_book_opens_on_a_click_and_its_cards_are_dragged_out(
        table: Make, tmp_path: Path) -> None:
    d, _ = at_manual_step(table, tmp_path, "dreadnought")
    s = d.scene.session
    logged = s.rs.manual_table.pile(s.state, 0, "log")
    assert logged and all(str(c) not in d.info()["pieces"].get("log", {}) for c in logged)
    d.click(region_rect(d, ("log", 0)).center)
    assert d.scene.layout.open_book == ("log", 0)  # type: ignore[attr-defined]
    card = logged[0]
    d.drag(piece(d, card), region_rect(d, ("hand", 1)).center)
    assert (place(d, card).zone, place(d, card).owner) == ("hand", 1)


def test_a_dragged_card_lights_where_it_may_be_dropped(table: Make, tmp_path: Path) -> None:
    d, _ = at_manual_step(table, tmp_path, "bos")
    lay: Any = d.scene.layout
    start = piece(d, 15)  # a spell of Player 1's spellbook (the book's shown tab)
    d.move(start)
    d.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    d.frames()
    d.move((start[0] - 60, start[1] - 60), buttons=(1, 0, 0))
    lit = d.scene.handler.overlay(d.scene).strong["move"]
    assert lay.zone_of[(("field", 1), 0)] in lit  # a free column of the other side
    s = d.scene.session
    taken = place(d, 5)
    assert (taken.zone, taken.owner) == (BOARD, 0) and s.rs.manual_table.name(s.state, 5)
    assert lay.zone_of[(("field", 0), taken.at)] not in lit  # taken
    assert lay.zone_of[(("grave", 0), None)] in lit
    assert lay.zone_of[(("book", 0), None)] not in lit  # where it already is


def test_a_deck_top_is_picked_and_drawn_by_its_button(table: Make, tmp_path: Path) -> None:
    """Kyoukai's deck is a back and a count: a click on it picks its top card, whose zones
    the panel lists (its name stays hidden)."""
    d, _ = at_manual_step(table, tmp_path, "kyoukai")
    s = d.scene.session
    top = s.rs.manual_table.pile(s.state, 0, "deck")[0]
    lay: Any = d.scene.layout
    d.click(lay._deck_rect(0, lay._panel_rect(0)).center)
    assert d.scene.manual.selected == top
    real = s.rs.manual_table.name(s.state, top)
    heading = d.scene.manual.labels[0][0]
    assert heading.endswith(":") and real not in heading  # "Hidden card:", not its name
    d.click(button(d, "P1 Hand"))
    assert (place(d, top).zone, place(d, top).owner) == ("hand", 0)


def test_a_deck_top_is_dragged_into_a_hand(table: Make, tmp_path: Path) -> None:
    d, _ = at_manual_step(table, tmp_path, "nullshapers")
    s = d.scene.session
    top = s.rs.manual_table.pile(s.state, 1, "deck")[0]
    d.drag(region_rect(d, ("deck", 1)).center, region_rect(d, ("hand", 1)).midtop)
    assert (place(d, top).zone, place(d, top).owner) == ("hand", 1)
    assert s.rs.manual_table.pile(s.state, 1, "deck")[0] != top
