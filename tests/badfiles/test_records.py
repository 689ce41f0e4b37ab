"""Record files that crashed the readers or read outside their folders (issue 12 items 3, 5,
8, 10): each is a message naming the file (and the intent), never a traceback."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from rules.__main__ import main as rules_main
from rules.core.paths import asset
from rules.records import Record, RecordError, Session, load_record, new_record, save_atomic
from rules.records.store import MAX_RECORD_BYTES
from rules.records.trust import outside_places
from tests.badfiles.corpus import OUT_OF_RANGE, RECORDS, out_of_range_record, write

# ``rules.records.replay`` the attribute is the function; the module is the one to watch.
replay_module = sys.modules["rules.records.replay"]


@pytest.mark.parametrize("name", list(OUT_OF_RANGE))
def test_record_check_reports_an_out_of_range_first_intent(
        tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "r.json", out_of_range_record(OUT_OF_RANGE[name]))
    assert rules_main(["record", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"record: {path}: intent 1 (")
    assert "Traceback" not in err


@pytest.mark.parametrize("name", list(OUT_OF_RANGE))
def test_opening_or_continuing_it_is_a_record_error_naming_file_and_intent(
        tmp_path: Path, name: str) -> None:
    path = write(tmp_path, "autosave.json", out_of_range_record(OUT_OF_RANGE[name]))
    with pytest.raises(RecordError) as opened:
        Session.open(path)
    with pytest.raises(RecordError) as resumed:
        Session.resume(path)
    for e in (opened.value, resumed.value):
        assert e.intent == 1 and e.message.startswith(f"{path}: intent 1 (")


@pytest.mark.parametrize("name", list(RECORDS))
def test_a_bad_record_file_is_refused_with_a_message(tmp_path: Path, name: str) -> None:
    data, expected = RECORDS[name]()
    path = write(tmp_path, "r.json", data)
    with pytest.raises(RecordError, match=expected) as e:
        load_record(path)
    assert e.value.message.startswith(str(path))


def test_the_record_limit_is_the_one_the_docs_state() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "robustness.md").read_text(encoding="utf-8")
    assert MAX_RECORD_BYTES == 5 * 1024 * 1024 and "records over 5 MB" in docs


def _outside_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "someone-elses" / "pack"
    shutil.copytree(asset("packs", "kyoukai"), folder)
    return folder


def test_record_check_refuses_a_pack_outside_and_reads_nothing_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _outside_pack(tmp_path)
    path = tmp_path / "r.json"
    save_atomic(path, new_record("kyoukai", 1, {"pack": str(folder)}))
    real_start = replay_module.start
    started: list[object] = []
    monkeypatch.setattr(replay_module, "start",
                        lambda rs, rec: started.append(rec) or real_start(rs, rec))
    assert rules_main(["record", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"pack: {folder}" in err and "--trust-folders" in err
    assert started == []  # the game was never set up: nothing in the folder was read
    assert rules_main(["record", "check", "--trust-folders", str(path)]) == 0
    assert capsys.readouterr().out.startswith("RESULT game=kyoukai")
    assert rules_main(["record", "check", "--trust-folder", str(tmp_path), str(path)]) == 0


def test_which_places_a_record_names_outside(tmp_path: Path) -> None:
    shipped = str(asset("packs", "kyoukai"))
    mine = tmp_path / "data"
    inside = new_record("kyoukai", 1, {"pack": shipped, "deck_folder": str(mine / "decks")})
    assert outside_places(inside, [mine]) == []
    sneaky = inside.model_copy(update={"options": {"pack": shipped + "/../../../x",
                                                   "deck_folder": "/tmp/other"}})
    assert [p.split(":")[0] for p in outside_places(sneaky, [mine])] == ["pack", "deck_folder"]


def test_a_pack_through_a_link_in_a_trusted_folder_to_elsewhere_is_outside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 33 item 13: the record's ``options.pack`` points through a link inside the user
    data folder to a folder elsewhere; it was read with no question."""
    elsewhere = _outside_pack(tmp_path)  # tmp/someone-elses/pack
    mine = tmp_path / "data"
    (mine / "packs").mkdir(parents=True)
    (mine / "packs" / "link").symlink_to(elsewhere.parent, target_is_directory=True)
    through = mine / "packs" / "link" / "pack"
    record = new_record("kyoukai", 1, {"pack": str(through)})
    assert outside_places(record, [mine]) == [f"pack: {through} (leads to {elsewhere})"]
    dotted = new_record("kyoukai", 1, {"deck_folder": str(mine / "packs" / "link" / "..")})
    assert outside_places(dotted, [mine]) == [
        f"deck_folder: {mine / 'packs' / 'link' / '..'} (leads to {tmp_path})"]

    path = tmp_path / "r.json"
    save_atomic(path, record)
    real_start = replay_module.start
    started: list[object] = []
    monkeypatch.setattr(replay_module, "start",
                        lambda rs, rec: started.append(rec) or real_start(rs, rec))
    assert rules_main(["record", "check", "--trust-folder", str(mine), str(path)]) == 2
    assert f"pack: {through} (leads to {elsewhere})" in capsys.readouterr().err
    assert started == []


def test_a_trusted_folder_reached_through_a_link_is_still_trusted(tmp_path: Path) -> None:
    mine = tmp_path / "data"
    (mine / "packs").mkdir(parents=True)
    alias = tmp_path / "alias"
    alias.symlink_to(mine, target_is_directory=True)
    base = new_record("kyoukai", 1)

    def naming(pack: Path) -> Record:  # no pack there to load: only the option is read
        return base.model_copy(update={"options": {"pack": str(pack)}})

    for pack, trusted in ((alias / "packs", mine), (mine / "packs", alias),
                          (alias / "packs" / "new", alias)):
        assert outside_places(naming(pack), [trusted]) == []
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert outside_places(naming(loop / "x"), [mine]) == [f"pack: {str(loop / 'x')!r}"]
