"""JSON only, never pickle: no module of ours imports a serialiser that runs code from data."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"pickle", "cPickle", "_pickle", "dill", "marshal", "shelve", "jsonpickle",
             "cloudpickle"}


def _sources() -> list[Path]:
    return sorted(p for d in ("rules", "game", "tools") for p in (ROOT / d).rglob("*.py"))


def forbidden_imports(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        found += [n for n in names if n.split(".")[0] in FORBIDDEN]
    return found


def test_the_check_finds_a_pickle_import() -> None:
    assert forbidden_imports("import pickle\nfrom marshal import loads\n") == ["pickle", "marshal"]


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_pickle(path: Path) -> None:
    assert forbidden_imports(path.read_text(encoding="utf-8")) == []
