"""Pack files ``check`` said "ok" to (issue 33 items 3, 10, 11, 12): a control or invisible
character in a card's text, two decks of one name, a folder or a pipe named like a card file
are each refused with file:line; a TOML file starting with a byte-order mark is read."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

import rules
from rules import GAMES
from rules.cli.check import check_command
from rules.core.packs import check_pack, format_for, read_pack
from rules.core.paths import asset
from tests.badfiles.corpus import (
    HAZARDS,
    copy_first_deck,
    deck_file,
    put_in_a_name,
    with_bom,
)

ALL = sorted(rules.GAMES)


def _pack(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    shutil.copytree(asset("packs", game), folder)
    return folder


def _deck_key(game: str) -> str:
    return format_for(game, GAMES).deck_key


def _check(folder: Path, game: str) -> tuple[int, str]:
    out = io.StringIO()
    return check_command(folder, game, out=out), out.getvalue()


# ---- item 3: control and zero-width characters in text ----------------------------------
@pytest.mark.parametrize("game", ["bos", "nullshapers"])
@pytest.mark.parametrize("char", list(HAZARDS))
def test_a_control_or_invisible_character_in_a_card_name_is_refused_with_its_line(
        tmp_path: Path, game: str, char: str) -> None:
    folder = _pack(tmp_path, game)
    path, line = put_in_a_name(folder, _deck_key(game), HAZARDS[char])
    code, out = _check(folder, game)
    assert code == 1 and ": ok" not in out
    code_point = HAZARDS[char].replace("\\u", "U+")
    found = [p for p in out.splitlines() if p.startswith(f"{path}:{line}: ")]
    assert found and f"name: holds {code_point}" in found[0], out
    assert "control and invisible characters are not allowed" in found[0]
    assert all(c not in out for c in "\x00\u200b\u202e\u00ad\ufeff")  # never echoed raw


def test_a_control_character_in_a_csv_cell_or_a_deck_name_is_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "kyoukai")
    (folder / "more.csv").write_text('id,name,type\nodd,"Odd\u200bOne",summon\n',
                                     encoding="utf-8")
    decks = deck_file(folder, "deck")
    decks.write_text(decks.read_text(encoding="utf-8").replace(
        'name = "Ronin', 'name = "\\u202eRonin', 1), encoding="utf-8")
    problems = check_pack("kyoukai", folder, GAMES)
    assert any(p.startswith(f"{folder / 'more.csv'}:2: card 'Odd\\u200bOne': name: holds "
                            "U+200B (ZERO WIDTH SPACE) at character 4") for p in problems)
    assert any(p.startswith(f"{decks}:4: deck '\\u202eRonin's Pride': name: holds U+202E")
               for p in problems), problems


def test_line_breaks_and_tabs_in_rules_text_are_text(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "bos")
    path, _ = put_in_a_name(folder, "deck", "\\t")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('text = "', 'text = "two\\nlines ', 1), encoding="utf-8")
    assert check_pack("bos", folder, GAMES) == []


# ---- item 10: a byte-order mark ----------------------------------------------------------
def test_a_toml_card_file_starting_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "kyoukai")
    with_bom(folder / "summons.toml")
    with_bom(folder / "decks.toml")
    code, out = _check(folder, "kyoukai")
    assert (code, out.splitlines()[0]) == (0, "kyoukai: 27 cards, 2 decks: ok"), out


def test_a_byte_order_mark_keeps_the_lines_of_later_problems(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "kyoukai")
    path, line = put_in_a_name(folder, "deck", "\\u200b")
    with_bom(path)
    assert any(p.startswith(f"{path}:{line}: ") for p in check_pack("kyoukai", folder, GAMES))


# ---- item 11: two decks of one name ------------------------------------------------------
@pytest.mark.parametrize("game", ALL)
def test_a_second_deck_of_the_same_name_is_refused_at_its_line(tmp_path: Path,
                                                                game: str) -> None:
    folder = _pack(tmp_path, game)
    key = _deck_key(game)
    first = deck_file(folder, key)
    path, line = copy_first_deck(folder, key)
    code, out = _check(folder, game)
    assert code == 1 and ": ok" not in out, out
    name_line = next(i for i, t in enumerate(first.read_text().split("\n"), 1)
                     if t.startswith("name ="))
    expected = (f"{path}:{line}: {key} '")
    found = [p for p in out.splitlines() if p.startswith(expected)]
    assert len(found) == 1, out
    assert f"name: a second {key} named " in found[0]
    assert f"(the first is in {first.name}:{name_line})" in found[0]


@pytest.mark.parametrize("game", ALL)
def test_a_deck_named_again_in_another_deck_file_is_refused(tmp_path: Path,
                                                            game: str) -> None:
    folder = _pack(tmp_path, game)
    key = _deck_key(game)
    path, line = copy_first_deck(folder, key, into=f"{key}s_more.toml")
    fmt = format_for(game, GAMES)
    pack, problems = read_pack(fmt, folder)
    assert pack is None
    assert [p for p in problems if "a second" in p] == [
        next(p for p in problems if p.startswith(f"{path}:{line}: "))]


def test_a_deck_folder_with_two_decks_of_one_name_is_refused_at_new_game(
        tmp_path: Path) -> None:
    from rules.core.errors import DataError

    folder = _pack(tmp_path, "nullshapers")
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(deck_file(folder, "deck"), mine / "decks.toml")
    path, line = copy_first_deck(mine, "deck")
    with pytest.raises(DataError) as e:
        rules.get("nullshapers").new_game(seed=1, options={"deck_folder": str(mine)})
    assert any(p.startswith(f"{path}:{line}: deck 'Iron Vanguard': name: a second deck")
               for p in e.value.errors), e.value.errors


# ---- item 12: a folder or a pipe named like a pack file ----------------------------------
def test_a_folder_named_like_a_card_or_deck_file_is_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "kyoukai")
    (folder / "extra.toml").mkdir()
    (folder / "decks_mine.toml").mkdir()
    (folder / "sheet.csv").mkdir()
    code, out = _check(folder, "kyoukai")
    assert code == 1 and ": ok" not in out, out
    for name in ("extra.toml", "decks_mine.toml", "sheet.csv"):
        assert f"{folder / name}:1: file: not a regular file (a folder); not read" in out, out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_named_like_a_card_file_is_refused_not_waited_on(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "kyoukai")
    os.mkfifo(folder / "more.toml")
    os.mkfifo(folder / "decks_more.toml")
    code, out = _check(folder, "kyoukai")
    assert code == 1 and ": ok" not in out, out
    for name in ("more.toml", "decks_more.toml"):
        assert (f"{folder / name}:1: file: not a regular file (a named pipe, FIFO); not read"
                in out), out
    # checking the pipe itself says the same, rather than checking the folder around it
    assert check_pack("kyoukai", folder / "more.toml", GAMES)[0].startswith(
        f"{folder / 'more.toml'}:1: file: not a regular file")


def test_a_folder_named_like_a_deck_file_in_a_deck_folder_is_refused_at_new_game(
        tmp_path: Path) -> None:
    from rules.core.errors import DataError

    mine = tmp_path / "mine"
    (mine / "decks_more.toml").mkdir(parents=True)
    with pytest.raises(DataError) as e:  # (Kyoukai's own loader reads the folder itself)
        rules.get("nullshapers").new_game(seed=1, options={"deck_folder": str(mine)})
    assert e.value.errors == [f"{mine / 'decks_more.toml'}:1: file: not a regular file "
                              "(a folder); not read"]


def test_a_folder_named_pack_toml_is_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "nullshapers")
    (folder / "pack.toml").unlink()
    (folder / "pack.toml").mkdir()
    assert check_pack(None, folder, GAMES) == [
        f"{folder / 'pack.toml'}:1: file: not a regular file (a folder); not read"]


def test_an_editor_lock_link_is_still_left_alone(tmp_path: Path) -> None:
    folder = _pack(tmp_path, "kyoukai")
    (folder / ".#gates.toml").symlink_to("user@host.1234:1700000000")  # dangling, as emacs
    assert check_pack("kyoukai", folder, GAMES) == []
