"""Card files: every problem reported at once as file:line: card: field: problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.paths import asset
from rules.kyoukai.ruleset import load
from tests.cards.helpers import BAD_CARDS, pack
from tests.cards.helpers import SUMMON as GOOD

BAD = BAD_CARDS + """
[[card]]
id = "no_type"
name = "No Type"
"""


def test_every_problem_is_reported_with_file_line_card_and_field(tmp_path: Path) -> None:
    folder = pack(tmp_path, **{"a.toml": GOOD, "b.toml": BAD})
    with pytest.raises(DataError) as err:
        load(folder)
    msgs = err.value.errors
    f = folder / "b.toml"
    assert f"{f}:6: card 'Bad Dog': cost: " in "\n".join(msgs)
    assert f"{f}:18: card 'Odd Bird': wingspan: unknown field" in msgs
    assert f"{f}:23: card 'Odd Bird': skills[0].effect: unknown effect 'explode_everything'" \
        in msgs
    assert any(m.startswith(f"{f}:25: card 'No Type': type:") for m in msgs)
    assert len(msgs) == 4


def test_missing_stats_are_reported_for_field_gates(tmp_path: Path) -> None:
    folder = pack(tmp_path, **{"a.toml": GOOD.replace("defense = 1", "")})
    with pytest.raises(DataError) as err:
        load(folder)
    assert err.value.errors == [f"{folder / 'a.toml'}:2: card 'Ok Cat': (card): "
                                "a summon needs stats; missing: defense"]


def test_syntax_errors_name_the_line(tmp_path: Path) -> None:
    folder = pack(tmp_path, **{"a.toml": GOOD + "\n[[card]\nid = 3\n"})
    with pytest.raises(DataError) as err:
        load(folder)
    assert err.value.errors[0].startswith(f"{folder / 'a.toml'}:11: syntax:")


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    folder = pack(tmp_path, **{"a.toml": GOOD, "b.toml": GOOD})
    with pytest.raises(DataError, match=r"b.toml:3: card 'Ok Cat': id: duplicate card id"):
        load(folder)


def test_deck_rules_and_unknown_cards_are_reported(tmp_path: Path) -> None:
    folder = pack(tmp_path, **{"a.toml": GOOD, "decks.toml": """
[[deck]]
name = "Broken"
entrant = "ok_cat"
[deck.gates]
ok_cat = 4
ghost = 1
"""})
    with pytest.raises(DataError) as err:
        load(folder)
    text = "\n".join(err.value.errors)
    assert "decks.toml:4: deck 'Broken': entrant: Ok Cat is a summon, not an entrant" in text
    assert "unknown card 'ghost'" in text
    assert "4 copies of 'ok_cat'; at most 3" in text
    assert "5 cards; a Gate deck has 20-40" in text


def test_oversize_file_is_refused(tmp_path: Path) -> None:
    folder = pack(tmp_path, **{"a.toml": GOOD + "#" * (5 * 1024 * 1024 + 10)})
    with pytest.raises(DataError, match="over the 5 MB limit"):
        load(folder)


def test_the_shipped_pack_loads_with_twenty_gates_two_entrants_two_decks() -> None:
    catalog, decks = load(asset("packs", "kyoukai").resolve())
    gates = [g for g in catalog.values() if g.type != "entrant"]
    assert len(gates) >= 20
    assert sum(g.type == "entrant" for g in catalog.values()) == 2
    assert len(decks) == 2
    for name in ("wandering_lion", "hunting_eagle", "impeding_golem", "basic_slime",
                 "transient_phoenix", "stone_throw", "punch", "block"):
        assert name in catalog
    assert any(s.kind == "branch" for g in gates for s in g.skills)
