"""The deck screen asks the paired experiments too (issue 35): a what-if typed on the screen,
each card's worth (an ablation of the deck on screen) and suggested fixes, chosen in the menu
above "Simulate…"; a mistake in the what-if is said at once, nothing is started; the status
line shows the progress with the time left. Real posted events on a headless window; the run
itself is replaced by a stand-in that records what it was asked (the games are
tests/sim's)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import simulating
from game.scenes import decks as deck_screen
from game.scenes.decks import SUGGEST, WHAT_IF, WORTH, DeckScene, eta
from rules.sim.simulation import Request
from tests.game.conftest import Driver
from tests.game.test_deck_screen import _pick, _type

PLANTED = Path(__file__).resolve().parent.parent / "data" / "sim" / "planted"


class StandIn:
    """What ``simulating.start`` returns, without a process."""

    def __init__(self, req: Request) -> None:
        self.req = req
        self.status = simulating.Status(total=req.games * 2)
        self.finish: Any = None
        self.opened = False

    def progress(self) -> simulating.Status:
        return self.status

    def stop(self) -> None:
        pass


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[Request]:
    got: list[Request] = []

    def start(req: Request) -> StandIn:
        got.append(req)
        return StandIn(req)

    monkeypatch.setattr(simulating, "start", start)
    monkeypatch.setattr(simulating, "CURRENT", None)
    return got


def on_mirror(menu: Callable[[], Driver]) -> tuple[Driver, DeckScene]:
    d = menu()
    d.app.to_decks("dreadnought", PLANTED, None)
    sc = d.app.scene
    assert isinstance(sc, DeckScene)
    _pick(d, sc.deck_menu, "Mirror")
    return d, sc


def test_a_what_if_typed_on_the_screen_asks_a_paired_experiment(
        menu: Callable[[], Driver], asked: list[Request]) -> None:
    d, sc = on_mirror(menu)
    assert not sc.what_entry.visible  # only the what-if asks for a change
    _pick(d, sc.exp_menu, WHAT_IF)
    assert sc.what_entry.visible
    _type(d, sc.what_entry, "jade_drone.bp=100")
    d.click(sc.sim_button.rect.center)
    d.frames(2)
    (req,) = asked
    assert req.variants == ("jade_drone.bp=100",) and req.games == deck_screen.PAIRS[WHAT_IF]
    assert req.decks == ("Mirror", "Mirror") and req.out.name.endswith("what-if")
    assert sc.sim_button.text == "Stop" and sc.status.startswith("Simulating (what if): ")


def test_a_mistake_in_the_what_if_is_said_and_nothing_starts(
        menu: Callable[[], Driver], asked: list[Request]) -> None:
    d, sc = on_mirror(menu)
    _pick(d, sc.exp_menu, WHAT_IF)
    _type(d, sc.what_entry, "jade_drone.bpp=100")
    d.click(sc.sim_button.rect.center)
    d.frames(2)
    assert asked == []
    assert sc.status_error and sc.status.startswith("Can't simulate: ")
    assert "no 'bpp'" in sc.status and sc.sim_button.text == "Simulate…"


@pytest.mark.parametrize(("choice", "field", "value"), [(WORTH, "ablate", "A"),
                                                         (SUGGEST, "suggest", True)])
def test_each_cards_worth_and_suggestions_are_asked_for_the_deck_on_screen(
        menu: Callable[[], Driver], asked: list[Request], choice: str, field: str,
        value: Any) -> None:
    d, sc = on_mirror(menu)
    _pick(d, sc.exp_menu, choice)
    d.click(sc.sim_button.rect.center)
    d.frames(2)
    (req,) = asked
    assert getattr(req, field) == value and req.games == deck_screen.PAIRS[choice]


def test_the_status_line_says_the_games_done_and_the_time_left(
        menu: Callable[[], Driver], asked: list[Request]) -> None:
    d, sc = on_mirror(menu)
    d.click(sc.sim_button.rect.center)
    d.frames(2)
    assert isinstance(sc.run, StandIn)
    st = sc.run.status
    st.paced = (st.started, 0)
    st.done = 100  # 100 of 600 games in the time since the first ended: 5x that left
    d.frames(2)
    assert sc.status.startswith("Simulating: 100/600 games, ") and sc.status.endswith("left")


def test_the_time_left_reads_in_minutes_and_seconds() -> None:
    st = simulating.Status(done=60, total=600)
    st.paced = (st.started - 30.0, 10)  # 50 games in 30 s: 540 left take 324 s
    assert eta(st).startswith(", 5 min ") and eta(st).endswith(" s left")
    assert eta(simulating.Status(total=600)) == "…"


def test_suggestions_search_the_fields_typed_and_refuse_one_no_card_has(
        menu: Callable[[], Driver], asked: list[Request]) -> None:
    d, sc = on_mirror(menu)
    _pick(d, sc.exp_menu, WHAT_IF)
    _type(d, sc.what_entry, "jade_drone.bp=100")
    _pick(d, sc.exp_menu, SUGGEST)
    assert sc.what_entry.visible and sc.what_entry.get_text() == ""  # its own line
    _type(d, sc.what_entry, "bq")
    d.click(sc.sim_button.rect.center)
    d.frames(2)
    assert asked == [] and sc.status_error and "field named bq" in sc.status
    sc.what_entry.set_text("bp, cost")
    d.click(sc.sim_button.rect.center)
    d.frames(2)
    (req,) = asked
    assert req.suggest and req.suggest_fields == ("bp", "cost")
    _pick(d, sc.exp_menu, WHAT_IF)
    assert sc.what_entry.get_text() == "jade_drone.bp=100"  # kept while the other was shown
