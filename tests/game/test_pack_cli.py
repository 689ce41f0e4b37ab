"""``playtable check`` and ``playtable print`` (issue 5), through the client's entry point."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.__main__ import main
from rules.core.paths import asset


def _pack(tmp_path: Path) -> Path:
    folder = tmp_path / "kyoukai"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    return folder


def test_check_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(_pack(tmp_path))]) == 0
    assert capsys.readouterr().out.strip() == "kyoukai: 27 cards, 2 decks: ok"


def test_check_lists_every_problem_with_file_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    pack = _pack(tmp_path)
    text = (pack / "entrants.toml").read_text(encoding="utf-8")
    (pack / "entrants.toml").write_text(text.replace("attack = 2\n", "attack = \"x\"\n", 1)
                                        .replace("movement = 1\n", "movment = 1\n", 1),
                                        encoding="utf-8")
    assert main(["check", str(pack), "--game", "kyoukai"]) == 1
    out = capsys.readouterr().out
    assert f"{pack / 'entrants.toml'}:8: card 'Ronin Aki': attack:" in out
    assert re.search(r"entrants\.toml:\d+: card 'Sage Mirei': movment: ", out)
    assert out.strip().endswith("problems")


def test_check_unknown_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(_pack(tmp_path)), "--game", "chess"]) == 1
    assert "unknown game 'chess'" in capsys.readouterr().out


def test_print_writes_a_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cards.pdf"
    pngs = tmp_path / "png"
    assert main(["print", str(_pack(tmp_path)), "--out", str(out), "--paper", "Letter",
                 "--png-dir", str(pngs), "--deck", "Ronin's Pride"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page\b", data))
    said = re.search(r"(\d+) cards on (\d+) Letter pages", capsys.readouterr().out)
    assert said is not None and int(said.group(2)) == pages >= 2
    assert 1 < len(list(pngs.glob("*.png"))) <= int(said.group(1))  # one per distinct card
