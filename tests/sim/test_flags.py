"""The simulation finds a planted imbalance and invents none: in tests/data/sim the fair pack
has ten units with the same numbers and the planted pack makes one of them (Jade Drone) far
too strong; both are played as a mirror (one deck against itself) by greedy agents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.sim.simulation import Request, simulate

DATA = Path(__file__).resolve().parent.parent / "data" / "sim"


def mirror(pack: str, games: int, out: Path, seed: int = 0) -> dict[str, Any]:
    req = Request(game="dreadnought", games=games, seed=seed, decks=("Mirror", "Mirror"),
                  agents=("greedy", "greedy"), pack=DATA / pack, workers=2, out=out)
    return simulate(req).summary


def test_the_planted_card_is_flagged_strong_at_the_top(tmp_path: Path) -> None:
    s = mirror("planted", 100, tmp_path)
    top = s["cards"][0]
    assert (top["card"], top["flag"]) == ("jade_drone", "strong")
    assert top["lo"] > 0
    assert s["flagged"][0] == "jade_drone"
    # Its example games were won with it, and are there to replay.
    won = top["examples"]["won"]
    assert won and all(str(e["game"]) in s["example_files"] for e in won)


def test_a_fair_mirror_flags_nothing(tmp_path: Path) -> None:
    s = mirror("fair", 200, tmp_path)
    assert s["outcomes"]["decisive"] > 150
    assert s["flagged"] == []
    assert len(s["cards"]) == 10
    # The same cards: every one was compared (played in some games, not in others).
    assert all(r["difference"] is not None for r in s["cards"])
