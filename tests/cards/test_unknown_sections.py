"""A deck file's unknown sections are reported as a card file's are: an unknown ``[[name]]``
array at its own line (it was line 1), and past MAX_UNKNOWN of them counted in one line."""

from pathlib import Path

import pytest
from pydantic import BaseModel

from rules.core.cards import MAX_UNKNOWN, load_table_array
from rules.core.errors import DataError


class Deck(BaseModel):
    name: str


def _errors(path: Path) -> list[str]:
    with pytest.raises(DataError) as e:
        load_table_array(path, "deck", Deck)
    return e.value.errors


def test_an_unknown_array_of_tables_is_named_at_its_header(tmp_path: Path) -> None:
    f = tmp_path / "decks.toml"
    f.write_text('[[deck]]\nname = "a"\n\n[[dekc]]\nname = "b"\n', encoding="utf-8")
    assert _errors(f) == [f"{f}:4: dekc: unknown section (expected [[deck]])"]


def test_many_unknown_sections_are_counted_after_the_first_ones(tmp_path: Path) -> None:
    f = tmp_path / "decks.toml"
    extra = 5
    f.write_text("".join(f"[x{k}]\n" for k in range(MAX_UNKNOWN + extra)), encoding="utf-8")
    errors = _errors(f)
    assert len(errors) == MAX_UNKNOWN + 1
    assert errors[-1] == f"{f}:{MAX_UNKNOWN + 1}: file: {extra} more unknown sections"
