"""Issue 34 item 6: a click on a Dreadnought piece that can do nothing shows the rules' reason
for that piece (``Ruleset.why_idle``), inside the window: a caster whose speed ability was used
said "casting a unit is not allowed in the Speed phase", as did a hand card after Gear Change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from game.app import App
from game.session import GameConfig
from rules.dreadnought.intents import GearChange, UseAbility
from rules.dreadnought.state import EMPTY
from rules.records import Session, append, new_record, save_atomic
from tests.game.conftest import Driver
from tests.game.test_text_in_window import _inside, _texts

OPTIONS = {"decks": ["Vanguard Rush", "Iron Bulwark"]}  # Player 1 has Captain Vale


def _record(path: Path) -> tuple[int, int]:
    """Seed 0 in the Speed phase, Player 1 to act, after Full Throttle and a Gear Change:
    (Captain Vale, a hand card)."""
    rs = rules.get("dreadnought")
    rec = new_record("dreadnought", 0, OPTIONS, ("human", "computer"))
    s = rs.new_game(seed=0, options=OPTIONS)
    vale = s.players[0].casters[0]
    for _ in range(4):
        intent = rs.legal_intents(s)[0] if s.phase == "choose" else \
            UseAbility(source=vale, index=0, target=EMPTY) if not s.players[0].used else \
            GearChange(card=s.players[0].hand[0])
        s = rs.apply(s, intent).state
        rec = append(rec, intent)
    assert rs.to_act(s) == 0 and s.phase == "speed" and s.players[0].geared
    save_atomic(path, rec)
    return vale, s.players[0].hand[0]


@pytest.fixture(params=[(1280, 720), (1024, 600)])
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Driver, int, int]]:
    vale, card = _record(tmp_path / "speed.json")
    app = App(request.param)
    app.start_game(GameConfig(game="dreadnought", seed=0, options=OPTIONS, agent_delay=0.0,
                              record=tmp_path / "r.json"), Session.open(tmp_path / "speed.json"))
    d = Driver(app)
    d.frames(2)
    yield d, vale, card
    app.close()


def _at(d: Driver, source: int) -> tuple[int, int]:
    return next(tuple(v[str(source)]) for v in d.info()["pieces"].values()
                if str(source) in v)


def test_a_used_caster_and_a_hand_card_after_gear_change_say_the_rules_reason(
        table: tuple[Driver, int, int]) -> None:
    d, vale, card = table
    before = _texts(d.app)
    d.click(_at(d, vale))
    assert d.scene.message == "Full Throttle was already used this turn"
    _inside(d.app, before, _texts(d.app), d.scene.message)
    d.click(_at(d, card))
    assert d.scene.message == "Gear Change is once per turn: you have changed gear this turn"
    _inside(d.app, before, _texts(d.app), d.scene.message)
