"""Card files that crashed, hung or leaked (issue 12 items 5, 7, 9): each is refused with a
message naming file:line, and nothing outside the pack folder is read."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rules import GAMES
from rules.core.cards import LineIndex, read_toml
from rules.core.errors import DataError
from rules.core.packs import check_pack, guess_game
from rules.core.paths import asset
from tests.badfiles.corpus import CARD_FILES, CSV_FILES, write


def _pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    return folder


@pytest.mark.parametrize("name", list(CARD_FILES))
def test_a_bad_toml_card_file_is_refused_with_its_place(tmp_path: Path, name: str) -> None:
    data, expected = CARD_FILES[name]()
    folder = _pack(tmp_path)
    path = write(folder, "gates.toml", data)
    problems = [p for p in check_pack("kyoukai", folder, GAMES) if p.startswith(f"{path}:")]
    assert any(expected in p for p in problems), problems[:3]
    assert all(len(p) < 400 for p in problems)  # no huge file text echoed back


@pytest.mark.parametrize("name", list(CSV_FILES))
def test_a_bad_csv_card_file_is_refused_with_its_place(tmp_path: Path,
                                                        name: str) -> None:
    data, expected = CSV_FILES[name]()
    folder = _pack(tmp_path)
    path = write(folder, "cards.csv", data)
    problems = [p for p in check_pack("kyoukai", folder, GAMES) if p.startswith(f"{path}:")]
    assert any(expected in p for p in problems), problems[:3]
    assert all(len(p) < 400 for p in problems)


def test_the_refusal_names_the_line_it_happens_on(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('a = 1\nb = "[[[["\n# [[[[\nc = ' + "[" * 40 + "]" * 40 + "\n")
    with pytest.raises(DataError) as e:
        read_toml(path)
    assert e.value.errors == [f"{path}:4: file: nested more than 32 deep"]


def test_brackets_in_strings_and_comments_are_text(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    text = ('a = "' + "[" * 100 + '"\nb = \'' + "{" * 100 + "'\n# " + "[" * 100 + "\n"
            'c = """\n' + "[" * 100 + '\n"""\n')
    path.write_text(text)
    data, _ = read_toml(path)
    assert data["a"] == "[" * 100 and data["c"] == "[" * 100 + "\n"


def test_line_index_counts_nested_arrays_per_parent_element() -> None:
    text = ("[[card]]\nname = 'a'\n[[card.skills]]\nx = 1\n[[card.skills]]\nx = 2\n"
            "[[card]]\nname = 'b'\n[[card.skills]]\nx = 3\n")
    index = LineIndex(text)
    assert index.line_of(("card", 0, "skills", 1, "x")) == 6
    assert index.line_of(("card", 1, "skills", 0, "x")) == 10
    assert index.first == {"card": 1}


@pytest.mark.parametrize("suffix", [".toml", ".csv"])
def test_a_card_file_linked_from_outside_the_pack_is_not_read(tmp_path: Path,
                                                              suffix: str) -> None:
    secret = tmp_path / "elsewhere" / f"secret{suffix}"
    write(secret.parent, secret.name, b"[[card]]\nid = \"SECRET-TOKEN-42\"\nname = 7\n")
    folder = _pack(tmp_path)
    (folder / f"leak{suffix}").symlink_to(secret)
    problems = check_pack("kyoukai", folder, GAMES)
    leak = folder / f"leak{suffix}"
    assert f"{leak}:1: file: is a link to a file outside the pack folder; not read" in problems
    assert not any("SECRET" in p for p in problems)


def test_a_link_inside_the_pack_folder_is_fine(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    (folder / "sub").mkdir()
    (folder / "gates.toml").rename(folder / "sub" / "gates.toml")
    (folder / "gates.toml").symlink_to(folder / "sub" / "gates.toml")
    assert check_pack("kyoukai", folder, GAMES) == []


def test_guessing_the_game_does_not_read_a_linked_file(tmp_path: Path) -> None:
    secret = write(tmp_path / "elsewhere", "s.toml", b"[[card]]\n")
    folder = tmp_path / "unknown"
    folder.mkdir()
    (folder / "leak.toml").symlink_to(secret)
    with pytest.raises(DataError, match="cannot tell the game"):
        guess_game(folder, GAMES)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_card_file_is_refused_not_waited_on(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    (folder / "gates.toml").unlink()
    os.mkfifo(folder / "gates.toml")
    with pytest.raises(DataError, match="gates.toml:1: file: not a regular file"):
        read_toml(folder / "gates.toml")


def test_a_krosmaster_map_name_cannot_leave_the_maps_folder() -> None:
    import rules

    for name in ("../../kyoukai/gates", "/etc/passwd", ".."):
        with pytest.raises(DataError, match="map: does not match the pattern"):
            rules.get("krosmaster").new_game(seed=1, options={"map": name})


def test_a_pack_of_5000_cards_is_within_every_limit(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    card = ('[[card]]\nid = "c{n}"\nname = "Card {n}"\ntype = "summon"\ncost = 1\n'
            "movement = 1\nattack = 1\ndefense = 1\n")
    write(folder, "more.toml", "".join(card.format(n=n) for n in range(4_950)).encode())
    assert check_pack("kyoukai", folder, GAMES) == []
