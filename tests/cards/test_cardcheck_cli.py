"""tools/cardcheck.py and ``python -m rules check``: problems and exit 1, or a summary and 0."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from rules import registry
from rules.cli.check import check_command
from rules.core.paths import asset
from tests import fakegame
from tests.cards.helpers import SUMMON, pack

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT)


def test_a_clean_pack_exits_0_with_a_summary() -> None:
    out = run("tools/cardcheck.py", str(asset("packs", "kyoukai")))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout == "kyoukai: 27 cards, 2 decks: ok\n"
    out = run("-m", "rules", "check", str(asset("packs", "krosmaster")))
    assert (out.returncode, out.stdout) == (0, "krosmaster: 12 cards, 3 teams: ok\n")


def test_a_broken_pack_exits_1_listing_every_problem(tmp_path: Path) -> None:
    folder = pack(tmp_path / "kyoukai", a__toml=SUMMON + "wings = 2\n",
                  b__csv="id,name,type,effect\nz,Zap,fast,zap\n")
    out = run("tools/cardcheck.py", str(folder))  # the game comes from the folder name
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        f"{folder / 'a.toml'}:10: card 'Ok Cat': wings: unknown field",
        f"{folder / 'b.csv'}:2: card 'Zap': effect: unknown effect 'zap'",
        "2 problems",
    ]


def test_game_from_the_option_or_a_manifest_and_unknown_games(tmp_path: Path) -> None:
    folder = pack(tmp_path / "mine", a__toml=SUMMON)
    assert run("tools/cardcheck.py", str(folder), "--game", "kyoukai").returncode == 0
    out = run("tools/cardcheck.py", str(folder), "--game", "chess")
    assert out.returncode == 1 and "unknown game 'chess'" in out.stdout
    pack(folder, pack__toml='game = "krosmaster"\n')
    out = run("tools/cardcheck.py", str(folder))
    assert out.returncode == 1
    assert "a.toml:2: card: unknown section (expected [[krosmaster]])" in out.stdout


def test_one_deck_and_one_card_are_counted_in_the_singular(tmp_path: Path) -> None:
    folder = fakegame.write_pack(tmp_path / "tiny")
    (folder / "decks.toml").write_text('[[deck]]\nname = "Only"\ntiles = ["one"]\n',
                                     encoding="utf-8")
    (folder / "tiles.toml").write_text('[[tile]]\nid = "one"\nname = "One"\nvalue = 1\n',
                                     encoding="utf-8")
    registry.register(fakegame.info(folder))
    try:
        out = io.StringIO()
        assert check_command(folder, "tiny", out=out) == 0
        assert out.getvalue() == "tiny: 1 card, 1 deck: ok\n"
    finally:
        registry.unregister("tiny")
