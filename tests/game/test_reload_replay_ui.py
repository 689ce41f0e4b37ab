"""A game with a hot reload in its record, in the replay viewer: the board and the log show
the cards as played at each step, and "Play from here" before the edit plays on with the
cards of that moment (its autosave resumes to the same state)."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame

import rules
from game.scenes.replay import ReplayScene
from game.scenes.table import TableScene
from game.session import GameConfig, GameSession
from game.userdata import autosave_path
from rules.core.packs import format_for, load_pack
from rules.core.paths import asset
from rules.records import Session, replay_full
from tests.game.conftest import Driver

BOAR = 'name = "Iron Boar"\ntype = "summon"\ncost = 2'


def test_replay_steps_over_a_reload_and_plays_from_before_it(
        menu: Callable[[], Driver], tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), pack)
    g = GameSession(GameConfig(seed=4, seats=("human", "human"), options={"pack": str(pack)},
                               autosave=False))
    r = random.Random(4)
    for _ in range(2):
        assert g.submit(r.choice(g.legal())) is None
    summons = pack / "summons.toml"
    summons.write_text(summons.read_text(encoding="utf-8").replace(BOAR, BOAR[:-1] + "5"),
                       encoding="utf-8")
    assert g.reload_cards(load_pack(format_for("kyoukai", rules.GAMES), pack).cards)
    for _ in range(2):
        assert g.submit(r.choice(g.legal())) is None
    record = g.live.record
    g.close()

    d = menu()
    d.app.start_replay(record, replay_full(record))
    v = d.app.scene
    assert isinstance(v, ReplayScene)
    d.key(pygame.K_RIGHT)
    assert v.k == 1 and v.layout.view.catalog["iron_boar"].cost == 2
    assert not any("Iron Boar" in line for line in v.log.entries)
    d.key(pygame.K_RIGHT)
    assert v.k == 2 and v.layout.view.catalog["iron_boar"].cost == 5
    assert v.log.entries[-1] == "Card changed: Iron Boar: cost 2 to 5"
    d.key(pygame.K_LEFT)
    assert v.log.entries.count("Card changed: Iron Boar: cost 2 to 5") == 0

    d.click(v.controls["take_over"].rect.center)
    t = d.app.scene
    assert isinstance(t, TableScene)
    s = t.session
    # the first intent, then at most the forced passes the table made at once (issue 34 item 4)
    assert s.intents[:1] == record.intents[:1] and s.state.catalog["iron_boar"].cost == 2
    assert all(i["kind"] == "pass" for i in s.intents[1:])
    live, _ = Session.resume(autosave_path())
    assert live.state == s.state  # the pack says 5; the record keeps the cost as played
