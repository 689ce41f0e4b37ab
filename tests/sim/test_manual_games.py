"""A game that reaches a card's manual step stops there and is counted apart: the computer
players do not carry out an effect by hand (issue: manual effects)."""

from __future__ import annotations

from pathlib import Path

from rules.sim.simulation import Request, simulate
from tests.manual.helpers import manual_pack


def test_games_reaching_a_manual_card_stop_and_are_counted_with_the_card(
        tmp_path: Path) -> None:
    pack = manual_pack("kyoukai", tmp_path / "pack")
    s = simulate(Request(game="kyoukai", games=24, seed=3, agents=("random", "random"),
                         pack=pack, workers=1, out=tmp_path / "report")).summary
    o = s["outcomes"]
    stopped = s["manual_games"]
    assert o["manual"] == len(stopped) > 0
    assert {g["card"] for g in stopped} == {"Thunder Spear"}
    assert o["decisive"] + o["draws"] + o["turn_cap"] + o["errors"] + o["manual"] \
        == s["games_done"] == 24
    page = (tmp_path / "report" / "report.html").read_text()
    assert "Games stopped at a manual card" in page and "Thunder Spear" in page
