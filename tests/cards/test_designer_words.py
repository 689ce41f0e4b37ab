"""Issue 34 item 23: card errors in a designer's words, each still at its file and line:
"cost: expected a whole number, got 'three'" instead of pydantic's "Input should be a valid
integer, unable to parse string as an integer", and an unknown field or choice names the
nearest known one ("atack: unknown field; did you mean attack?")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules import GAMES
from rules.core.errors import DataError
from rules.core.packs import check_pack
from tests.cards.helpers import pack

ROOT = Path(__file__).resolve().parents[2]

LION = """# a summon with three mistakes
[[card]]
id = "lion"
name = "Lion"
type = "summon"
cost = "three"
movement = 2
atack = 3
defense = 1

[[card.skills]]
name = "Roar"
kind = "pasive"
efect = "primal_instinct"

[[card]]
id = "bear"
name = "Bear"
type = "summon"
cost = 99
movement = 1
attack = 1
defense = 1
"""


def test_kyoukai_card_mistakes_in_designer_words_at_their_lines(tmp_path: Path) -> None:
    f = pack(tmp_path, a__toml=LION) / "a.toml"
    assert check_pack("kyoukai", tmp_path, GAMES) == [
        f"{f}:6: card 'Lion': cost: expected a whole number, got 'three'",
        f"{f}:8: card 'Lion': atack: unknown field; did you mean attack?",
        f"{f}:11: card 'Lion': skills[0].effect: required field is missing",
        f"{f}:13: card 'Lion': skills[0].kind: expected one of normal, fast, passive, branch, "
        "location, got 'pasive'; did you mean passive?",
        f"{f}:14: card 'Lion': skills[0].efect: unknown field; did you mean effect?",
        f"{f}:20: card 'Bear': cost: must be at most 10, got 99",
    ]


def test_an_unknown_field_far_from_every_known_one_is_only_unknown(tmp_path: Path) -> None:
    f = pack(tmp_path, a__toml=LION.replace("atack = 3", "attack = 3\nzzz = 1")) / "a.toml"
    assert f"{f}:9: card 'Lion': zzz: unknown field" in check_pack("kyoukai", tmp_path, GAMES)


def test_a_csv_row_says_the_same_at_its_line(tmp_path: Path) -> None:
    f = pack(tmp_path, cards__csv="id,name,type,cost,movement,atack,defense\n"
                                  "lion,Lion,summon,three,2,3,1\n") / "cards.csv"
    assert check_pack("kyoukai", tmp_path, GAMES) == [
        f"{f}:2: card 'Lion': cost: expected a whole number, got 'three'",
        f"{f}:2: card 'Lion': atack: unknown field; did you mean attack?",
    ]


def test_dreadnought_mistakes_through_playtable_check(tmp_path: Path) -> None:
    units = (ROOT / "assets/packs/dreadnought/units.toml").read_text(encoding="utf-8")
    bad = units.replace('grade = "A"', 'grade = "F"', 1).replace("bp = 70", 'bp = "lots"', 1)
    folder = tmp_path / "dreadnought"
    pack(folder, units__toml=bad)
    for name in ("casters.toml", "decks.toml"):
        (folder / name).write_text((ROOT / "assets/packs/dreadnought" / name).read_text(
            encoding="utf-8"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "game", "check", str(folder)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    grade = next(n for n, t in enumerate(bad.splitlines(), 1) if t == 'grade = "F"')
    bp = next(n for n, t in enumerate(bad.splitlines(), 1) if t == 'bp = "lots"')
    assert f"{folder / 'units.toml'}:{grade}: dreadnought 'Scout Drone': grade: expected one " \
           "of A, B, C, D, E, got 'F'" in lines
    assert any(line.startswith(f"{folder / 'units.toml'}:{bp}: ")
               and line.endswith("bp: expected a whole number, got 'lots'") for line in lines)
    assert not any("Input should" in line for line in lines)


def test_a_bad_option_is_told_in_the_same_words() -> None:
    with pytest.raises(DataError) as e:
        GAMES["kyoukai"].new_game(seed=1, options={"frist": 1})
    assert e.value.errors == ["options:1: frist: unknown field; did you mean first?"]
