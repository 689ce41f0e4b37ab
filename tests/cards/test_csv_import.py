"""CSV from a spreadsheet loads to the same cards as TOML, with file.csv:ROW errors."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

from rules import GAMES
from rules.core.csvcards import read_csv, write_csv
from rules.core.packs import check_pack, format_for, load_pack
from rules.core.paths import asset
from tests.cards.helpers import pack

TOML_TWIN = """
[[card]]
id = "ember_fox"
name = "Ember Fox"
type = "summon"
cost = 2
movement = 2
attack = 2
defense = 1
text = "Quick, and it bites, too."

[[card.skills]]
name = "Flare"
kind = "fast"
effect = "damage"
amount = 1
range = 1
text = "Deal 1 damage to a bordering Gate."

[[card.skills]]
name = "Warm"
kind = "passive"
effect = "shield"

[[card]]
id = "stone_throw"
name = "Stone Throw"
type = "normal"
cost = 1
effect = "damage"
amount = 2
range = 2
text = "Deal 2 damage, within 2 zones."
"""

# As a spreadsheet writes it: quoted text with commas, empty cells, columns in any order.
CSV_TWIN = """\
name,id,type,cost,movement,attack,defense,effect,amount,range,text,skills.0.name,\
skills.0.kind,skills.0.effect,skills.0.amount,skills.0.range,skills.0.text,skills.1.name,\
skills.1.kind,skills.1.effect
Ember Fox,ember_fox,summon,2,2,2,1,,,,"Quick, and it bites, too.",Flare,fast,damage,1,1,\
Deal 1 damage to a bordering Gate.,Warm,passive,shield
Stone Throw,stone_throw,normal,1,,,,damage,2,2,"Deal 2 damage, within 2 zones.",,,,,,,,,
"""


def test_a_csv_equal_to_its_toml_twin_loads_to_equal_cards(tmp_path: Path) -> None:
    a = load_pack(format_for("kyoukai", GAMES), pack(tmp_path / "a", cards__toml=TOML_TWIN))
    b = load_pack(format_for("kyoukai", GAMES), pack(tmp_path / "b", cards__csv=CSV_TWIN))
    assert list(a.cards) == ["ember_fox", "stone_throw"]
    assert a.cards == b.cards


def test_the_whole_shipped_packs_round_trip_through_csv(tmp_path: Path) -> None:
    for game, key in (("kyoukai", "card"), ("krosmaster", "krosmaster")):
        src = asset("packs", game)
        out = tmp_path / game
        out.mkdir()
        for f in sorted(src.glob("*.toml")):
            rows = tomllib.loads(f.read_text(encoding="utf-8")).get(key)
            if rows:
                (out / f"{f.stem}.csv").write_text(write_csv(rows), encoding="utf-8")
            else:
                (out / f.name).write_bytes(f.read_bytes())  # decks / teams stay TOML
        if (src / "art").is_dir():  # card art is part of the pack
            shutil.copytree(src / "art", out / "art")
        fmt = format_for(game, GAMES)
        assert load_pack(fmt, out).cards == load_pack(fmt, src).cards
        assert load_pack(fmt, out).decks == load_pack(fmt, src).decks


def test_csv_errors_name_the_row_line_card_and_field(tmp_path: Path) -> None:
    text = CSV_TWIN.replace("Ember Fox,ember_fox,summon,2,2,2,1",
                            "Ember Fox,ember_fox,summon,two,2,2,1")
    text = text.replace("shield\n", "shield\n\n")  # a blank row does not count
    text = text.replace("Stone Throw,stone_throw,normal,1,,,,damage",
                        "Stone Throw,stone_throw,normal,1,,,,fireworks")
    f = pack(tmp_path, cards__csv=text) / "cards.csv"
    assert check_pack("kyoukai", tmp_path, GAMES) == [
        f"{f}:2: card 'Ember Fox': cost: expected a whole number, got 'two'",
        f"{f}:4: card 'Stone Throw': effect: unknown effect 'fireworks'",
    ]


def test_a_duplicate_id_between_csv_and_toml(tmp_path: Path) -> None:
    pack(tmp_path, a__toml=TOML_TWIN, b__csv=CSV_TWIN)
    f = tmp_path / "b.csv"
    assert check_pack("kyoukai", tmp_path, GAMES) == [
        f"{f}:2: card 'Ember Fox': id: duplicate card id 'ember_fox' (first in a.toml:2)",
        f"{f}:3: card 'Stone Throw': id: duplicate card id 'stone_throw' (first in a.toml:25)",
    ]


def test_a_multi_line_cell_keeps_the_line_numbers_right(tmp_path: Path) -> None:
    text = ('id,name,type,effect,text\n'
            'a_card,A,normal,damage,"two\nlines"\n'
            'b_card,B,normal,boom,\n')
    f = pack(tmp_path, c__csv=text) / "c.csv"
    assert check_pack("kyoukai", tmp_path, GAMES) == [
        f"{f}:4: card 'B': effect: unknown effect 'boom'"]


def test_semicolons_bom_inline_lists_and_unknown_columns(tmp_path: Path) -> None:
    text = ("\ufeffname;level;initiative;mp;hp;ap;powers;spells.0.name;spells.0.ap;"
            "spells.0.range;spells.0.effects;colour\n"
            "Bob;2;3;3;8;6;[\"lock\", \"dodge\"];Hit;3;[1, 2];"
            "[{ name = \"push\", amount = 2 }];red\n")
    pack(tmp_path, k__csv=text)
    f = tmp_path / "k.csv"
    assert check_pack("krosmaster", tmp_path, GAMES) == [
        f"{f}:2: krosmaster 'Bob': colour: unknown field"]
    f.write_text(text.replace(";colour", "").replace(";red", ""), encoding="utf-8")
    rows, errors = read_csv(f)
    assert errors == []
    assert rows[0].data["powers"] == ["lock", "dodge"]
    assert rows[0].data["spells"] == [{"name": "Hit", "ap": "3", "range": [1, 2],
                                       "effects": [{"name": "push", "amount": 2}]}]


def test_bad_headers_and_oversize_csv_are_refused(tmp_path: Path) -> None:
    f = pack(tmp_path, a__csv="id,id,name\nx,y,z\n") / "a.csv"
    assert read_csv(f) == ([], [f"{f}:1: columns: named twice: id"])
    f.write_text("id,skills,skills.0.name\nx,y,z\n", encoding="utf-8")
    assert read_csv(f)[1] == [f"{f}:2: column 'skills.0.name' clashes with column 'skills'"]
    f.write_text("id\n" + "x\n" * 5001, encoding="utf-8")
    assert read_csv(f)[1] == [f"{f}:1: file: more than 5000 rows is over the limit"]
    f.write_text("id\n" + "x" * (5 * 1024 * 1024 + 1), encoding="utf-8")
    assert "over the 5 MB limit" in read_csv(f)[1][0]
