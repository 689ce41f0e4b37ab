"""A manual step at the table, by real mouse events: the card's text in the panel, a card
picked and put into another zone by its button, a counter changed, a die rolled, a card
dragged onto the board, then Done (the game's own intents are back)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.core.manual import consistency
from rules.core.manual_intents import ManualMove
from rules.records import Session
from tests.game.conftest import Driver
from tests.manual.helpers import manual_pack, reach_manual

Make = Callable[..., Driver]


def at_manual_step(table: Make, tmp_path: Path, game: str) -> tuple[Driver, Any]:
    pack = manual_pack(game, tmp_path)
    _, opts, intents = reach_manual(game, pack)
    options = {"pack": opts["pack"]}
    live = Session.new(game, opts["seed"], options, players=("human", "human"))
    for i in intents:
        live.apply(i)
    d = table(live=live, game=game, seed=opts["seed"], options=options,
              seats=("human", "human"))
    d.frames(3)
    step = d.scene.session.rs.manual_pending(d.scene.session.state)
    assert step is not None
    if d.info()["handler"] == "handover":
        d.key(13)  # Enter: the player carrying the card out takes the seat
    return d, step


def button(d: Driver, label: str) -> tuple[int, int]:
    for b in d.info()["manual"]:
        if b["label"] == label:
            return tuple(b["pos"])  # type: ignore[return-value]
    raise AssertionError(f"no {label!r} in {[b['label'] for b in d.info()['manual']]}")


def log_has(d: Driver, text: str) -> bool:
    return any(text in line for line in d.scene.session.log)


@pytest.mark.parametrize("game", ["kyoukai", "bos"])
def test_a_manual_step_is_carried_out_by_mouse(table: Make, tmp_path: Path, game: str) -> None:
    d, step = at_manual_step(table, tmp_path, game)
    rs = rules.get(game)
    info = d.info()
    assert info["handler"] == "manual" and info["legal"] == []  # the game's own: none
    labels = [b["label"] for b in info["manual"]]
    assert labels[0] == "Done" and "Roll d6" in labels
    # The card's text is drawn large in the panel.
    assert d.scene.manual.step == step and d.scene.manual.rect.h > 60
    # Roll a die.
    d.click(button(d, "Roll d6"))
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} rolls a d6:")
    # Pick a card (a click) and send it to a zone with the panel's button.
    table_ = rs.manual_table
    state = d.scene.session.state
    pieces = {k: v for place in d.info()["pieces"].values() for k, v in place.items()}
    places = {str(pl.card): pl for pl in table_.places(state)}
    key = next(k for k in pieces if k in places and places[k].zone in table_.piles)
    d.click(tuple(pieces[key]))
    assert d.scene.manual.selected == int(key)
    # A zone Done accepts it in (a BOS summon may not stay in the spellbook).
    zone = next(z for z in table_.piles if z != places[key].zone and not consistency(
        table_, rs.apply(state, ManualMove(card=int(key), owner=places[key].owner,
                                           zone=z)).state))
    label = f"P{places[key].owner + 1} {table_.zone_label(zone)}"
    d.click(button(d, label))
    pl = next(p for p in table_.places(d.scene.session.state) if p.card == int(key))
    assert (pl.owner, pl.zone) == (places[key].owner, zone)
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} puts")
    # A click on the table (no card there) drops the pick: the players' counters are back.
    empty = (640, 360)
    assert d.scene.layout.piece_at(empty) is None
    d.click(empty)
    assert d.scene.manual.selected is None
    # A player's counter, one step.
    counter = next(b for b in d.info()["manual"] if b["intent"]["kind"] == "manual_counter")
    d.click(tuple(counter["pos"]))
    assert log_has(d, " from ")
    # Done: the game's own intents are back for whoever acts next.
    d.click(button(d, "Done"))
    assert d.scene.session.rs.manual_pending(d.scene.session.state) is None
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} is done.")
    assert d.info()["manual"] == [] and d.scene.manual.step is None


def test_a_card_dragged_onto_the_board_goes_there(table: Make, tmp_path: Path) -> None:
    d, step = at_manual_step(table, tmp_path, "kyoukai")
    state = d.scene.session.state
    card = state.players[step.player].hand[0]
    info = d.info()
    start = tuple(next(p[str(card)] for p in info["pieces"].values() if str(card) in p))
    free = next(z for z, i in enumerate(state.field) if i == -1)
    d.drag(start, tuple(info["zones"][str(free)]))  # type: ignore[arg-type]
    after = d.scene.session.state
    assert after.field[free] == card and card not in after.players[step.player].hand
    assert log_has(d, "onto the board at")


def test_designer_mode_has_a_freeform_switch_marked_in_log_and_record(table: Make) -> None:
    plain = table(game="kyoukai", seed=4, seats=("human", "human"))
    plain.frames(2)
    assert "freeform" not in plain.info()["buttons"]
    d = table(game="kyoukai", seed=4, seats=("human", "human"), options={"designer": True})
    d.frames(2)
    d.click(tuple(d.info()["buttons"]["freeform"]))
    step = d.scene.session.rs.manual_pending(d.scene.session.state)
    assert step is not None and step.freeform and d.info()["handler"] == "manual"
    assert log_has(d, "Designer mode: Player 1 switches to freeform.")
    assert {"kind": "freeform", "player": 0} in d.scene.session.intents
    assert "freeform" not in d.info()["buttons"]  # one freeform step at a time
    d.click(button(d, "Done"))
    assert log_has(d, "Manual (Freeform): Player 1 ends freeform play.")
    assert "freeform" in d.info()["buttons"]


def test_designer_mode_in_the_menu_starts_games_that_allow_freeform(table: Make) -> None:
    d = table(game="kyoukai", seed=4, seats=("human", "human"))
    d.app.designer_mode = True
    d.app.start_game(d.scene.cfg)
    d.frames(2)
    assert d.scene.cfg.options.get("designer") is True
    assert "freeform" in d.info()["buttons"]


@pytest.mark.parametrize("game", ["dreadnought", "krosmaster", "nullshapers"])
def test_every_table_shows_the_step_and_its_buttons(table: Make, tmp_path: Path,
                                                    game: str) -> None:
    d, step = at_manual_step(table, tmp_path, game)
    assert d.info()["handler"] == "manual" and d.scene.manual.step == step
    d.click(button(d, "Roll d6"))
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} rolls a d6:")
    minus_plus = [b for b in d.info()["manual"] if b["label"] in ("-", "+")]
    if minus_plus:  # a player's counter (Krosmaster's GG, Nullshapers' durability)
        d.click(tuple(minus_plus[0]["pos"]))
        assert log_has(d, " from ")
    d.click(button(d, "Done"))
    assert d.scene.session.rs.manual_pending(d.scene.session.state) is None
    assert log_has(d, f"Manual ({step.title}): Player {step.player + 1} is done.")
