"""A planted strong card is found three ways (issue 35): a shipped card's attack raised by 3 —
Nullshapers' Rust Knight, 3 -> 6 — in a deck played against the same deck without it.
``--ablate`` ranks it first, ``--variant`` with its old value gives a paired difference whose
interval excludes 0 on the right side, and ``--suggest`` proposes lowering it.

Random agents (a game costs a few milliseconds); the seed is fixed, so each run plays the same
games: the margins were measured at several seeds (docs/playtesting.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.core.paths import asset
from rules.sim.report_experiment import SHOWN, closest, ranking
from rules.sim.simulation import Request, simulate

PLANTED_FROM, PLANTED_TO = 3, 6
DECKS = ("Iron Vanguard", "Vanguard without Knights")


def planted_pack(folder: Path) -> Path:
    """The shipped Nullshapers pack with Rust Knight's attack raised by 3, and a deck that is
    Iron Vanguard with its three Rust Knights swapped for other cards of the deck."""
    shutil.copytree(asset("packs", "nullshapers"), folder)
    agents = folder / "agents.toml"
    text = agents.read_text(encoding="utf-8")
    knight = ('id = "rust_knight"\nname = "Rust Knight"\nkind = "agent"\nreach = "melee"\n'
              'cost = 3\nspeed = 1\nattack = ')
    assert f"{knight}{PLANTED_FROM}\n" in text
    agents.write_text(text.replace(f"{knight}{PLANTED_FROM}\n", f"{knight}{PLANTED_TO}\n"),
                      encoding="utf-8")
    decks = folder / "decks.toml"
    text = decks.read_text(encoding="utf-8")
    vanguard = text[text.index("[[deck]]"):text.index('[[deck]]\nname = "Signal Choir"')]
    without = (vanguard.replace('name = "Iron Vanguard"', f'name = "{DECKS[1]}"')
               .replace("rust_knight = 3\n", "").replace("void_hound = 2", "void_hound = 3")
               .replace("null_titan = 1", "null_titan = 2")
               .replace("patch_loop = 1", "patch_loop = 2"))
    assert "rust_knight" not in without
    decks.write_text(f"{text}\n{without}", encoding="utf-8")
    return folder


def request(tmp_path: Path, games: int, **experiment: object) -> Request:
    return Request(game="nullshapers", games=games, seed=35, decks=DECKS,
                   agents=("random", "random"), pack=planted_pack(tmp_path / "pack"),
                   workers=2, out=tmp_path / "report", **experiment)  # type: ignore[arg-type]


@pytest.mark.slow  # 18 arms x 200 pairs of random games (about a minute)
def test_ablation_ranks_the_planted_card_first(tmp_path: Path) -> None:
    s = simulate(request(tmp_path, 200, ablate=DECKS[0])).summary
    ranked = ranking(s["experiment"])
    first, drop = ranked[0]
    assert first["changes"][0]["card"] == "rust_knight", [a["label"] for a, _ in ranked[:3]]
    assert drop is not None and drop["lo"] > 0
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "Ablation: what each card of deck A (Iron Vanguard) brings" in page


@pytest.mark.slow  # 300 pairs of random games
def test_the_old_value_gives_a_paired_difference_that_excludes_0_downward(
        tmp_path: Path) -> None:
    s = simulate(request(tmp_path, 300, variants=(f"rust_knight.attack={PLANTED_FROM}",))
                 ).summary
    d = s["experiment"]["arms"][1]["paired"]["deck_a"]
    assert d["difference"] < 0 and d["hi"] < 0, d


@pytest.mark.slow  # a search over 46 candidates, then 7 arms x 200 fresh pairs
def test_suggest_proposes_lowering_the_planted_card(tmp_path: Path) -> None:
    s = simulate(request(tmp_path, 200, suggest=True, suggest_fields=("attack",))).summary
    shown = closest(s["experiment"])[:SHOWN]
    lowered = [a for a in shown if a["changes"][0]["card"] == "rust_knight"
               and a["changes"][0]["set"]["attack"] < PLANTED_TO]
    assert lowered, [a["label"] for a in shown]
    d = lowered[0]["paired"]["deck_a"]
    assert d["hi"] < 0  # it takes deck A down, on games not used to find it
    assert abs(d["arm_rate"] - 0.5) < abs(d["base_rate"] - 0.5)  # closer to even
