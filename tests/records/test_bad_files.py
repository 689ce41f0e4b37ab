"""Every kind of bad record file gives a message that names the problem (and the intent)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.records import (
    RecordError,
    backup_path,
    card_changes,
    load_autosave,
    load_record,
    replay,
    save_atomic,
    to_text,
)
from tests.records.helpers import play_live


@pytest.fixture()
def good(tmp_path: Path) -> Path:
    record = play_live("kyoukai", seed=3, limit=30)[0]
    path = tmp_path / "good.json"
    save_atomic(path, record)
    return path


def _doc(path: Path) -> dict[str, object]:
    doc: dict[str, object] = json.loads(path.read_text())
    return doc


def _write(path: Path, doc: dict[str, object]) -> Path:
    path.write_text(json.dumps(doc))
    return path


def test_truncated_file(good: Path) -> None:
    text = good.read_text()
    for cut in (len(text) // 2, 40, len(text) - 3):
        good.write_text(text[:cut])
        with pytest.raises(RecordError, match="truncated"):
            load_record(good)
    good.write_text("")
    with pytest.raises(RecordError, match="empty"):
        load_record(good)


def test_not_json(good: Path) -> None:
    good.write_text("[cards]\nname = 'x'\n")
    with pytest.raises(RecordError, match="not a JSON file"):
        load_record(good)
    good.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError, match="not a JSON file"):
        load_record(good)
    good.write_text('{"some": "other json"}')
    with pytest.raises(RecordError, match="not a Playtable game record"):
        load_record(good)


def test_unknown_format_version(good: Path) -> None:
    doc = _doc(good)
    doc["format"] = 99
    with pytest.raises(RecordError, match="unknown record format version 99.*newer"):
        load_record(_write(good, doc))


def test_unknown_game(good: Path) -> None:
    doc = _doc(good)
    doc["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        load_record(_write(good, doc))


def test_bad_intent_data_names_the_intent(good: Path) -> None:
    doc = _doc(good)
    intents = list(doc["intents"])  # type: ignore[call-overload]
    intents[6] = {"kind": "teleport", "to": 3}
    doc["intents"] = intents
    with pytest.raises(RecordError, match="intent 7: bad intent data") as err:
        load_record(_write(good, doc))
    assert err.value.intent == 7
    intents[6] = "move"
    with pytest.raises(RecordError, match="intent 7: bad intent data"):
        load_record(_write(good, doc))


def test_an_intent_that_stops_being_legal_names_the_intent(good: Path) -> None:
    record = load_record(good)
    bad = next(i for i, d in enumerate(record.intents)
               if any(isinstance(v, int) and k != "kind" for k, v in d.items()))
    data = {k: (v + 997 if isinstance(v, int) else v) for k, v in record.intents[bad].items()}
    broken = record.model_copy(update={"intents": record.intents[:bad] + (data,)
                                       + record.intents[bad + 1:]})
    with pytest.raises(RecordError, match=rf"intent {bad + 1} \(.+\) is not legal: ") as err:
        replay(broken)
    assert err.value.intent == bad + 1


def test_an_intent_after_the_end_of_the_game(tmp_path: Path) -> None:
    record = play_live("kyoukai", seed=3)[0]
    more = record.model_copy(update={"intents": record.intents + (record.intents[-1],)})
    with pytest.raises(RecordError, match=f"intent {len(more.intents)} .* after the game ended"):
        replay(more)


def test_changed_cards_are_named(good: Path) -> None:
    doc = _doc(good)
    cards = dict(doc["cards"])  # type: ignore[call-overload]
    first = sorted(cards)[0]
    cards[first] = "0" * 64
    cards["old_card"] = "1" * 64
    doc["cards"] = cards
    changes = card_changes(load_record(_write(good, doc)))
    assert changes.changed == [first] and changes.removed == ["old_card"]
    assert first in changes.describe()


def test_check_cli_exits_non_zero_with_the_message(good: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "rules", "record", "check", str(good)],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("RESULT game=kyoukai intents=30 ")
    good.write_text(good.read_text()[:100])
    bad = subprocess.run([sys.executable, "-m", "rules", "record", "check", str(good)],
                         capture_output=True, text=True)
    assert bad.returncode != 0 and "truncated" in bad.stderr and "Traceback" not in bad.stderr
    missing = subprocess.run([sys.executable, "-m", "rules", "record", "check",
                              str(good.with_name("nope.json"))], capture_output=True, text=True)
    assert missing.returncode != 0 and "no such file" in missing.stderr


def test_autosave_keeps_the_previous_copy_and_falls_back_to_it(good: Path) -> None:
    record = load_record(good)
    longer = record.model_copy(update={"intents": record.intents + (record.intents[0],)})
    save_atomic(good, longer, backup=True)
    assert load_record(backup_path(good)) == record
    good.write_text(to_text(longer)[:50])  # the autosave got damaged somehow
    loaded, note = load_autosave(good)
    assert loaded == record and note and "truncated" in note


def test_a_foreign_bak_file_is_never_overwritten(good: Path) -> None:
    bak = backup_path(good)
    bak.write_text("my own notes")
    save_atomic(good, load_record(good), backup=True)
    assert bak.read_text() == "my own notes"
    assert not [p for p in good.parent.iterdir() if p.name.endswith(".tmp")]
