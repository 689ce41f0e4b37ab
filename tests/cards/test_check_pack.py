"""check_pack: every kind of mistake, in every file at once, as file:line: card: field: problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules import GAMES
from rules.core.errors import DataError
from rules.core.packs import check_pack, format_for, load_pack
from rules.core.paths import asset
from tests.cards.helpers import BAD_CARDS, SUMMON, pack

BROKEN = BAD_CARDS + """
[[card]]
id = "no_stats"
name = "No Stats"
type = "spirit"
movement = 1

[[card]]
id = "ok_cat"
name = "Second Cat"
type = "normal"
effect = "damage"
"""


def test_every_kind_of_card_mistake_with_its_line(tmp_path: Path) -> None:
    folder = pack(tmp_path, a__toml=SUMMON, b__toml=BROKEN)
    f = folder / "b.toml"
    assert check_pack("kyoukai", folder, GAMES) == [
        f"{f}:6: card 'Bad Dog': cost: expected a whole number, got 'two'",
        f"{f}:18: card 'Odd Bird': wingspan: unknown field",
        f"{f}:23: card 'Odd Bird': skills[0].effect: unknown effect 'explode_everything'",
        f"{f}:25: card 'No Stats': (card): a spirit needs stats; missing: attack, defense",
        f"{f}:32: card 'Second Cat': id: duplicate card id 'ok_cat' (first in a.toml:2)",
    ]


def test_problems_in_several_files_and_decks_are_all_reported(tmp_path: Path) -> None:
    folder = pack(tmp_path, a__toml=SUMMON + "cost = 3\n", b__toml=BROKEN, decks__toml="""
[[deck]]
name = "Broken"
entrant = "ok_cat"
[deck.gates]
ok_cat = 4
ghost = 1
bad_dog = 1
""")
    errors = check_pack("kyoukai", folder, GAMES)
    text = "\n".join(errors)
    assert f"{folder / 'a.toml'}:10: syntax:" in text  # cost given twice
    assert f"{folder / 'b.toml'}:18: card 'Odd Bird': wingspan: unknown field" in text
    d = folder / "decks.toml"
    # a.toml failed, so 'ok_cat' is the valid one in b.toml (a Normal Gate).
    assert f"{d}:4: deck 'Broken': entrant: Second Cat is a normal, not an entrant" in text
    # Each entry's problem at the entry's line; the deck's total at its [deck.gates] header.
    assert f"{d}:7: deck 'Broken': gates.ghost: unknown card 'ghost'" in errors
    assert f"{d}:6: deck 'Broken': gates.ok_cat: 4 copies of 'ok_cat'; at most 3" in errors
    assert f"{d}:5: deck 'Broken': gates: 6 cards; a Gate deck has 20-40" in errors
    # A deck naming a card that failed says so, instead of a bare "unknown card".
    assert f"{d}:8: deck 'Broken': gates.bad_dog: unknown card 'bad_dog' (that card has " \
        "errors above)" in errors


def test_nothing_is_half_loaded(tmp_path: Path) -> None:
    folder = pack(tmp_path, a__toml=SUMMON, b__toml=BROKEN)
    with pytest.raises(DataError) as err:
        load_pack(format_for("kyoukai", GAMES), folder)
    assert len(err.value.errors) == 5


def test_the_shipped_packs_are_clean_and_load_like_the_games_do() -> None:
    from rules.kyoukai.ruleset import load

    for game in ("kyoukai", "krosmaster"):
        assert check_pack(None, asset("packs", game), GAMES) == []
    p = load_pack(format_for("kyoukai", GAMES), asset("packs", "kyoukai"))
    catalog, decks = load(asset("packs", "kyoukai").resolve())
    assert p.cards == catalog and p.decks == decks


def test_krosmaster_unknown_effect_and_team_member(tmp_path: Path) -> None:
    shutil.copytree(asset("packs", "krosmaster"), tmp_path / "k")
    cards = tmp_path / "k" / "krosmasters.toml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace('name = "push"', 'name = "teleport"', 1), encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if 'name = "push"' in s)
    teams = tmp_path / "k" / "teams.toml"
    teams.write_text('[[team]]\nname = "X"\nmembers = ["Nobody"]\n', encoding="utf-8")
    errors = check_pack(None, tmp_path / "k", GAMES)
    assert errors[0].startswith(f"{cards}:{line}: krosmaster 'Iron Brawler': "
                                "spells.1.effects.0: unknown effect 'teleport'")
    assert errors[1] == f"{teams}:3: team 'X': members[0]: unknown Krosmaster 'Nobody'"


@pytest.mark.parametrize("art", ["../../etc/passwd", "/etc/passwd", "C:\\Windows\\x.png",
                                 "sub/../../x.png"])
def test_an_art_path_leaving_the_pack_is_refused(tmp_path: Path, art: str) -> None:
    folder = pack(tmp_path / "p", a__toml=SUMMON + f"art = '{art}'\n")
    errors = check_pack("kyoukai", folder, GAMES)
    assert len(errors) == 1
    assert errors[0].startswith(f"{folder / 'a.toml'}:10: card 'Ok Cat': art: art path ")
    assert "absolute" in errors[0] or "leaves the pack folder" in errors[0]


def test_an_art_symlink_leaving_the_pack_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(b"x")
    folder = pack(tmp_path / "p", a__toml=SUMMON + "art = 'cat.png'\n")
    (folder / "cat.png").symlink_to(tmp_path / "secret.png")
    assert "leaves the pack folder" in check_pack("kyoukai", folder, GAMES)[0]


def test_missing_art_is_reported_and_present_art_is_fine(tmp_path: Path) -> None:
    folder = pack(tmp_path, a__toml=SUMMON + "art = 'art/cat.png'\n")
    assert check_pack("kyoukai", folder, GAMES) == [
        f"{folder / 'a.toml'}:10: card 'Ok Cat': art: no image file 'art/cat.png' in the "
        "pack folder"]
    (folder / "art").mkdir()
    (folder / "art" / "cat.png").write_bytes(b"png")
    assert check_pack("kyoukai", folder, GAMES) == []


def test_limits_file_size_and_card_count(tmp_path: Path) -> None:
    big = pack(tmp_path / "big", a__toml=SUMMON + "#" * (5 * 1024 * 1024 + 10))
    assert check_pack("kyoukai", big, GAMES) == [
        f"{big / 'a.toml'}:1: file: {(big / 'a.toml').stat().st_size} bytes is over the "
        "5 MB limit"]
    many = "".join(SUMMON.replace("ok_cat", f"c{i}") for i in range(5001))
    lots = pack(tmp_path / "lots", a__toml=many)
    assert check_pack("kyoukai", lots, GAMES) == [
        f"{lots / 'a.toml'}:1: file: 5001 cards is over the 5000 limit"]
    # Split over files, the pack as a whole is still limited.
    half = "".join(SUMMON.replace("ok_cat", f"c{i}") for i in range(2501))
    split = pack(tmp_path / "split", a__toml=half, b__toml=half.replace('id = "c', 'id = "d'))
    assert check_pack("kyoukai", split, GAMES) == [f"{split}:1: pack: 5002 cards is over the 5000 "
                                            "limit"]


def test_the_game_is_guessed_or_the_guess_failure_is_clear(tmp_path: Path) -> None:
    folder = pack(tmp_path / "mine", a__toml=SUMMON)
    assert check_pack(None, folder, GAMES) == []  # [[card]] tables: only kyoukai uses them
    pack(folder, pack__toml='game = "chess"\n')
    assert check_pack(None, folder, GAMES) == [
        f"{folder / 'pack.toml'}:1: game: 'chess' is not one of {', '.join(sorted(GAMES))}"]
    empty = pack(tmp_path / "empty")
    assert "cannot tell the game; pass --game" in check_pack(None, empty, GAMES)[0]


def test_snapshot_changes_when_a_file_is_saved_added_or_removed(tmp_path: Path) -> None:
    import os

    from rules.core.packs import snapshot

    fmt = format_for("kyoukai", GAMES)
    folder = pack(tmp_path, a__toml=SUMMON)
    first = snapshot(fmt, folder)
    assert snapshot(fmt, folder) == first
    os.utime(folder / "a.toml", ns=(1, 1))
    touched = snapshot(fmt, folder)
    assert touched != first
    pack(folder, b__csv="id,name\n")
    assert len(snapshot(fmt, folder)) == 2
    (folder / "b.csv").unlink()
    assert snapshot(fmt, folder) == touched


def test_a_cached_pack_is_read_again_only_when_a_file_is_saved_added_or_renamed(
        tmp_path: Path) -> None:
    import os

    from rules.core.packs import cached_pack

    fmt = format_for("kyoukai", GAMES)
    folder = pack(tmp_path, a__toml=SUMMON)
    first = cached_pack(fmt, folder)
    assert cached_pack(fmt, folder) is first
    st = (folder / "a.toml").stat()
    os.utime(folder / "a.toml", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    saved = cached_pack(fmt, folder)
    assert saved is not first and cached_pack(fmt, folder) is saved
    (folder / "b.toml").write_text(SUMMON.replace('"ok_cat"', '"other_cat"'))
    added = cached_pack(fmt, folder)
    assert "other_cat" in added.cards and "other_cat" not in saved.cards
    os.rename(folder / "b.toml", folder / "c.toml")  # the file keeps its time and size
    assert cached_pack(fmt, folder) is not added
