"""Issue 33 item 1 at the table: a spell paused by its manual effect (Krosmaster's Spark Step,
2 MP still to come) while a hot reload takes that spell off its card. The table draws the
step and the board, Done by the panel's button carries the spell on as it was cast (before,
an IndexError, "Rules error" on screen and the spell never finished), and Continue of that game
opens at the step with the reload in force, and finishes it the same way."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import rules
from game.scenes.table import TableScene
from rules.records import Session
from tests.game.conftest import Driver
from tests.game.test_manual_table import button
from tests.manual.helpers import manual_pack, reach_manual
from tests.stack_reload import key_of

Make = Callable[..., Driver]


def _brawler_mp(d: Driver) -> int:
    s = d.scene.session.state
    return next(f.mp for f in s.figures if s.card(f).name == "Thunder Brawler" and f.alive)


def test_a_paused_spell_reloaded_away_finishes_as_cast_at_the_table_and_after_continue(
        table: Make, tmp_path: Path) -> None:
    pack = manual_pack("krosmaster", tmp_path)
    _, opts, intents = reach_manual("krosmaster", pack, words=("Spark Step",))
    options = {"pack": opts["pack"]}
    plain = Session.new("krosmaster", opts["seed"], options)
    for i in intents:
        plain.apply(i)
    plain.apply(next(i for i in plain.rs.legal_intents(plain.state) if i.kind == "manual_done"))
    path = tmp_path / "autosave.json"
    live = Session.new("krosmaster", opts["seed"], options, players=("human", "human"),
                       autosave=path)
    for i in intents:
        live.apply(i)
    card = next(c for c in live.state.catalog if c.name == "Thunder Brawler")
    assert live.reload_cards({key_of(live.state, card): card.model_copy(
        update={"spells": card.spells[:1]})})  # Spark Step is gone from the card
    copy = tmp_path / "continued.json"  # Continue of the game as saved, before Done
    shutil.copy(path, copy)
    again, _ = Session.resume(copy)
    for session in (live, again):
        d = table(live=session, game="krosmaster", seed=opts["seed"], options=options,
                  seats=("human", "human"))
        d.frames(3)
        if d.info()["handler"] == "handover":
            d.key(13)
        assert isinstance(d.app.scene, TableScene) and d.scene.manual.step is not None
        d.click(button(d, "Done"))
        d.frames(3)
        assert d.scene.session.error is None
        assert rules.get("krosmaster").manual_pending(d.scene.session.state) is None
        assert _brawler_mp(d) == next(f.mp for f in plain.state.figures
                                      if plain.state.card(f).name == "Thunder Brawler")
