"""``playtable simulate`` on the example game package: its shared deck, its option and a card
planted too strong in a copy of its pack, found and flagged (as tests/sim does for the shipped
games). One worker: a game registered at run time lives only in this process (an installed
package is found by spawned workers through its entry point)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rules.sim.simulation import Request, simulate
from tinycards.game import GAME


def test_a_planted_card_is_flagged_strong(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(GAME.pack, pack)  # type: ignore[arg-type]
    cards = pack / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    # Ember (2/3) is the weakest unit of the starter deck: planted at 9/9
    cards.write_text(text.replace('name = "Ember"\npower = 2\nhealth = 3',
                                  'name = "Ember"\npower = 9\nhealth = 9'), encoding="utf-8")
    s = simulate(Request(game=GAME.name, games=150, agents=("greedy", "greedy"), pack=pack,
                         workers=1, out=tmp_path / "report", options={"life": 10})).summary
    assert s["games_done"] == 150 and s["outcomes"]["errors"] == 0
    assert s["decks"] == ["", ""]  # one shared deck: players 1 and 2, not deck A and deck B
    top = s["cards"][0]
    assert (top["card"], top["flag"]) == ("ember", "strong")
    assert s["flagged"][0] == "ember"
    assert (tmp_path / "report" / "report.html").is_file()
