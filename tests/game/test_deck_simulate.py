"""The deck screen's "Simulate…" (issue 17): the deck on screen against the one chosen
under "vs", played in a background process while the screen stays usable, the progress on
the status line, then the report opened, each card's line linking to its face. Real posted
events on a headless window; the planted pack of tests/data/sim (Jade Drone far too
strong) so the report has something to say."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game import simulating
from game.scenes import decks as deck_screen
from game.scenes.decks import DeckScene
from game.scenes.table import TableScene
from game.session import GameConfig
from rules.sim.simulation import Request
from tests.game.conftest import Driver
from tests.game.test_deck_screen import _click_card, _pick

PLANTED = Path(__file__).resolve().parent.parent / "data" / "sim" / "planted"


@pytest.mark.slow  # 60 whole games in worker processes behind the screen (~20 s)
@pytest.mark.timeout(300)
def test_simulate_runs_in_the_background_and_opens_the_report(
        menu: Callable[[], Driver], monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(simulating, "open_report", opened.append)
    monkeypatch.setattr(deck_screen, "SIM_GAMES", 60)
    d = menu()
    d.app.to_decks("dreadnought", PLANTED, None)
    sc = d.app.scene
    assert isinstance(sc, DeckScene)
    d.click(sc.sim_button.rect.center)  # nothing saved on screen yet: it says so
    assert sc.status_error and "Save the deck first" in sc.status
    _pick(d, sc.deck_menu, "Mirror")
    assert sc.versus == "Mirror"
    d.click(sc.sim_button.rect.center)
    assert sc.run is not None and sc.sim_button.text == "Stop"

    # The screen stays usable while the games are played: a right-click takes a copy out.
    before = sc.count("amber_drone")
    _click_card(d, "amber_drone", button=3)
    assert sc.count("amber_drone") == before - 1
    seen_progress = False
    deadline = time.monotonic() + 240
    while not opened and time.monotonic() < deadline:
        d.frames()
        seen_progress |= sc.status.startswith("Simulating: ")
        time.sleep(0.02)
    assert opened, sc.status
    assert seen_progress
    page = opened[0]
    html = page.read_text(encoding="utf-8")
    assert sc.status.startswith("Report: ") and sc.sim_button.text == "Simulate…"
    assert (page.parent / "faces" / "jade_drone.png").is_file()
    assert '<a href="faces/jade_drone.png">Jade Drone</a>' in html
    assert '<tr class="strong"><td><a href="faces/jade_drone.png">' in html
    d.frames(3)
    assert len(opened) == 1  # opened once


@pytest.mark.slow  # whole games in worker processes while the table plays (~10 s)
@pytest.mark.timeout(300)
def test_a_report_done_while_at_the_table_is_noticed_there_and_opened_on_a_click(
        menu: Callable[[], Driver], monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(simulating, "open_report", opened.append)
    monkeypatch.setattr(deck_screen, "SIM_GAMES", 6)
    monkeypatch.setattr(simulating, "CURRENT", None)  # this run is not left to later tests
    d = menu()
    d.app.to_decks("dreadnought", PLANTED, None)
    sc = d.app.scene
    assert isinstance(sc, DeckScene)
    _pick(d, sc.deck_menu, "Mirror")
    d.click(sc.sim_button.rect.center)
    assert sc.run is not None
    run = sc.run
    # Off to play a game while it runs: the table notices the end.
    d.app.start_game(GameConfig(game="kyoukai", seed=1, seats=("human", "human"),
                                agent_delay=0.0, autosave=False))
    assert isinstance(d.app.scene, TableScene)
    notice = d.app.sim_notice
    deadline = time.monotonic() + 240
    while not notice.shown and time.monotonic() < deadline:
        d.frames()
        time.sleep(0.02)
    assert notice.shown and "Simulation report ready: Mirror vs Mirror, 6 games." in notice.text
    assert opened == []  # not opened over the table by itself
    assert notice.open_button is not None
    d.click(notice.open_button.rect.center)
    assert not notice.shown and len(opened) == 1
    page = opened[0]
    assert '<a href="faces/jade_drone.png">Jade Drone</a>' in page.read_text(encoding="utf-8")
    # Back on the deck screen: the report is on the status line, not opened a second time.
    d.app.to_decks("dreadnought", PLANTED, None)
    back = d.app.scene
    assert isinstance(back, DeckScene) and back.run is run
    d.frames(3)
    assert back.status.startswith("Report: ") and len(opened) == 1 and not notice.shown



@pytest.mark.timeout(120)
def test_a_run_that_fails_away_from_the_deck_screen_says_why_in_the_note(
        table: Callable[..., Driver], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(simulating, "CURRENT", None)
    d = table(game="kyoukai", seed=1, seats=("human", "human"))
    simulating.start(Request(game="dreadnought", games=2, decks=("No Such Deck", "Mirror"),
                             pack=PLANTED, workers=1, out=tmp_path / "report"))
    notice = d.app.sim_notice
    deadline = time.monotonic() + 90
    while not notice.shown and time.monotonic() < deadline:
        d.frames()
        time.sleep(0.02)
    assert notice.shown and notice.text.startswith("Simulation failed: ")
    assert "No Such Deck" in notice.text
    assert notice.open_button is None and notice.close_button is not None
    d.click(notice.close_button.rect.center)
    assert not notice.shown
    d.frames(3)
    assert not notice.shown  # once: not shown again
