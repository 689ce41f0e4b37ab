"""Issue 34 item 23: a refusal names the rule it cites, not only its id ("(N-03)" -> "(once per
turn, N-03)"). Each game names its spec's rule ids once (``GameInfo.rule_names``) and every
refusal cites through ``GameInfo.cite``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import rules
from rules import registry
from tests.nullshapers.helpers import do, position

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"\b[A-Z]-\d\d\b")
GAMES = sorted(rules.GAMES)


def _literals(tree: ast.AST) -> list[ast.Constant]:
    """The string literals of a module that are not docstrings."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_in_a_games_texts_goes_through_its_named_table(game: str) -> None:
    info = registry.info(game)
    table = info.rule_names
    prefix = next(iter(table))[:2]
    assert list(table) == [f"{prefix}{n:02d}" for n in range(1, len(table) + 1)]
    assert all(name and name == name.strip() for name in table.values())
    for path in sorted((ROOT / "rules" / game).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for lit in _literals(tree):
            if RULE_ID.search(lit.value):
                # only a bare id (a table key, an argument of ``cite``), never one in a text
                assert RULE_ID.fullmatch(lit.value), \
                    f"{path.name}:{lit.lineno}: {lit.value!r} cites a rule without its name"
                assert lit.value in table, f"{path.name}:{lit.lineno}: unknown {lit.value}"


def test_cite_names_the_rule_and_keeps_its_id() -> None:
    assert registry.info("nullshapers").cite("N-03") == "once per turn, N-03"
    assert registry.info("dreadnought").cite("D-08") == "discarding units, D-08"
    assert registry.info("nullshapers").cite("N-99") == "N-99"


def test_a_nullshapers_refusal_names_the_rule_it_cites() -> None:
    rs = rules.get("nullshapers")
    s = position(hand=[["rust_knight", "scrap_brawler"], []], energy=[2, 0])
    s = do(s, kind="convert", card="rust_knight")
    why = rs._reason(s, rs.scenario_intent(s, {"kind": "convert", "card": "scrap_brawler"}))
    assert why == "you have already converted a card this turn (once per turn, N-03)"
