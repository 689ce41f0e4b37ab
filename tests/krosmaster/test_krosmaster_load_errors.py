"""Malformed maps, teams and cards fail at load with ``file:line: where: what``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.paths import asset
from rules.krosmaster.board import load_map
from rules.krosmaster.house import TERRAIN_KINDS
from rules.krosmaster.ruleset import KrosmasterRules

PACK = asset("packs", "krosmaster")

LEGEND = """
[legend]
floor = "."
tree = "T"
start1 = "1"
start2 = "2"
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def errors_of(exc: pytest.ExceptionInfo[DataError]) -> list[str]:
    return exc.value.errors


def test_shipped_map_is_12_by_12_with_every_terrain_kind() -> None:
    board = load_map(PACK / "maps" / "arena.toml")
    assert (board.width, board.height) == (12, 12)
    assert set(board.terrain) == set(TERRAIN_KINDS)
    assert len(board.starts[0]) >= 4 and len(board.starts[1]) >= 4


def test_unknown_terrain_character_names_its_row_line(tmp_path: Path) -> None:
    p = write(tmp_path, "m.toml", 'name = "x"\nrows = [\n  "1..",\n  ".X.",\n  "..2",\n]\n'
              + LEGEND)
    with pytest.raises(DataError) as e:
        load_map(p)
    assert errors_of(e) == [f"{p}:4: map: row 2 col 2: unknown terrain 'X' (not in [legend])"]


def test_unknown_terrain_kind_in_the_legend(tmp_path: Path) -> None:
    p = write(tmp_path, "m.toml", 'rows = ["1.2"]\n' + LEGEND + 'lava = "L"\n')
    with pytest.raises(DataError) as e:
        load_map(p)
    (err,) = errors_of(e)
    assert err.startswith(f"{p}:8: map: legend.lava: unknown terrain")


def test_missing_start_cells(tmp_path: Path) -> None:
    p = write(tmp_path, "m.toml", 'name = "x"\nrows = [\n  "1..",\n  "...",\n]\n' + LEGEND)
    with pytest.raises(DataError) as e:
        load_map(p)
    assert errors_of(e) == [f"{p}:2: map: rows: no start cells for player 2 (terrain start2)"]


def test_ragged_row(tmp_path: Path) -> None:
    p = write(tmp_path, "m.toml", 'rows = [\n  "1..",\n  "..",\n  "..2",\n]\n' + LEGEND)
    with pytest.raises(DataError) as e:
        load_map(p)
    assert errors_of(e) == [f"{p}:3: map: row 2: has 2 cells, row 1 has 3"]


def _pack(tmp_path: Path) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(PACK, dst)
    return dst


def test_team_levels_not_adding_to_12(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    teams = pack / "teams.toml"
    text = teams.read_text(encoding="utf-8")
    teams.write_text(text.replace('"Storm Mage"]', '"Wind Dancer"]'), encoding="utf-8")
    line = next(i for i, t in enumerate(teams.read_text().splitlines(), 1)
                if "Wind Dancer\"]" in t and "Iron Brawler" in t)
    with pytest.raises(DataError) as e:
        KrosmasterRules().new_game(seed=1, options={"pack": str(pack)})
    assert errors_of(e) == [f"{teams}:{line}: team 'Brave Lanterns': members: levels add up "
                            f"to 10, a team needs exactly 12"]


def test_team_with_an_unknown_krosmaster(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    teams = pack / "teams.toml"
    teams.write_text(teams.read_text().replace('"Storm Mage"]', '"Storm Mag"]'))
    with pytest.raises(DataError, match=r"teams.toml:\d+: team 'Brave Lanterns': members\[3\]: "
                                        r"unknown Krosmaster 'Storm Mag'"):
        KrosmasterRules().new_game(seed=1, options={"pack": str(pack)})


def test_unknown_spell_effect_and_bad_field(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    cards = pack / "krosmasters.toml"
    text = cards.read_text().replace('name = "push", amount = 2', 'name = "shove", amount = 2', 1)
    text = text.replace("mp = 3\nhp = 8", "mp = -1\nhp = 8", 1)
    cards.write_text(text)
    lines = text.splitlines()
    eff = next(i for i, t in enumerate(lines, 1) if '"shove"' in t)
    mp = next(i for i, t in enumerate(lines, 1) if t == "mp = -1")
    with pytest.raises(DataError) as e:
        KrosmasterRules().new_game(seed=1, options={"pack": str(pack)})
    errs = errors_of(e)
    assert any(x.startswith(f"{cards}:{mp}: krosmaster 'Sparrow Archer': mp:") for x in errs)
    assert any(x.startswith(f"{cards}:{eff}: krosmaster 'Iron Brawler': spells.1.effects.0:"
                            f" unknown effect 'shove'") for x in errs)


def test_shipped_pack_loads_with_ten_krosmasters_and_level_12_teams() -> None:
    from rules.krosmaster.setup import load_pack
    catalog, teams = load_pack(PACK)
    assert len(catalog) >= 10
    assert all(1 <= len(c.spells) <= 3 for c in catalog.values())
    assert len(teams) >= 2
    for t in teams.values():
        assert sum(catalog[m].level for m in t.members) == 12
    spells = [s for c in catalog.values() for s in c.spells]
    assert any(s.range == (1, 1) and s.damage for s in spells)  # melee
    assert any(s.range[1] > 1 and s.los and not s.line for s in spells)  # ranged with LOS
    assert any(s.line for s in spells) and any(not s.los for s in spells)
    assert {e.name for s in spells for e in s.effects} >= {"heal", "push"}
