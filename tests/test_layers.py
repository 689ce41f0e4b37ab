"""The layers, checked on every ``make test`` (what import-linter contracts would say, read from
the source with ``ast``, so nothing is imported to check it):

- rules/ never imports the client (game/) or pygame, anywhere in a module;
- rules/core imports no game;
- the client reaches a game only through its layout (game/layouts/<game>);
- a game's package ``__init__`` imports nothing of its own package (it would be imported by
  each of its modules first: a cycle that works only by import order, and the pattern a
  designer's package copies);
- no two modules import each other at module level, directly or round a longer loop.

Each rule is a function over module sources, run on the tree and on a planted violation.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

from rules.registry import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
TREES = {"rules": ROOT / "rules", "game": ROOT / "game",
         "tinycards": ROOT / "examples" / "tinycards" / "tinycards"}
GAMES = sorted(ref.split(":")[0].rsplit(".", 1)[0].split(".")[1] for ref in SHIPPED)
CLIENT = ("game", "pygame", "pygame_gui")


def sources() -> dict[str, str]:
    """Module name -> source, for every module of rules/, game/ and the example package."""
    out = {}
    for top, folder in TREES.items():
        for path in folder.rglob("*.py"):
            parts = [top, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path.read_text(encoding="utf-8")
    return out


def imports(source: str, module_level: bool = False) -> Iterator[tuple[str, int]]:
    """(imported module, line) of each import; ``module_level``: only those run when the
    module is imported (not inside a function, not under ``if TYPE_CHECKING``)."""

    def walk(node: ast.AST) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            if module_level and isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if module_level and isinstance(child, ast.If) and \
                    "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                yield from ((a.name, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                yield child.module, child.lineno
                yield from ((f"{child.module}.{a.name}", child.lineno) for a in child.names)
            yield from walk(child)

    yield from walk(ast.parse(source))


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer_problems(mods: Mapping[str, str]) -> list[str]:
    found: dict[tuple[str, int, str], str] = {}  # one line per import statement and rule
    for mod, src in mods.items():
        for name, line in imports(src):
            broken = []
            if _under(mod, "rules") and any(_under(name, c) for c in CLIENT):
                broken.append("rules/ never imports the client or pygame")
            for g in GAMES:
                if _under(mod, "rules.core") and _under(name, f"rules.{g}"):
                    broken.append("rules/core imports no game")
                if _under(mod, "game") and not _under(mod, f"game.layouts.{g}") and \
                        _under(name, f"rules.{g}"):
                    broken.append(f"the client reaches {g} only through game/layouts/{g}")
            for rule in broken:
                found.setdefault((mod, line, rule), name)
    return sorted(f"{mod}:{line} imports {name}: {rule}"
                  for (mod, line, rule), name in found.items())


def game_packages(mods: Mapping[str, str]) -> list[str]:
    """Every game's packages: its rules, its layout package if it has one, the example."""
    found = [p for g in GAMES for p in (f"rules.{g}", f"game.layouts.{g}")
             if any(m.startswith(p + ".") for m in mods)]
    return [*found, "tinycards"]


def init_problems(mods: Mapping[str, str]) -> list[str]:
    found: dict[tuple[str, int], str] = {}
    for pkg in game_packages(mods):
        for name, line in imports(mods[pkg]):
            if _under(name, pkg):
                found.setdefault((pkg, line), name)
    return sorted(f"{pkg}/__init__.py:{line} imports {name}: a game package's __init__ "
                  f"imports nothing of its own" for (pkg, line), name in found.items())


def cycles(mods: Mapping[str, str]) -> list[list[str]]:
    """The module-level import cycles (Tarjan's strongly connected components): an import of
    ``a.b.c`` needs ``a``, ``a.b`` and ``a.b.c``, except the importer's own parent packages,
    which are being imported already."""
    graph: dict[str, set[str]] = {}
    for mod, src in mods.items():
        deps = set()
        for name, _ in imports(src, module_level=True):
            parts = name.split(".")
            for k in range(1, len(parts) + 1):
                dep = ".".join(parts[:k])
                if dep in mods and dep != mod and not mod.startswith(dep + "."):
                    deps.add(dep)
        graph[mod] = deps
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_layers_hold() -> None:
    assert layer_problems(sources()) == []


def test_game_packages_import_nothing_in_their_init() -> None:
    assert init_problems(sources()) == []


def test_no_module_level_import_cycles() -> None:
    assert cycles(sources()) == []


def test_each_check_finds_a_planted_violation() -> None:
    mods = {"rules": "", "rules.core": "", "rules.core.bad": "import pygame\n"
            "from rules.kyoukai.state import State\n", "rules.kyoukai": "", "rules.kyoukai.x":
            "from rules.kyoukai import y\n", "rules.kyoukai.y": "from rules.kyoukai import x\n",
            "game": "", "game.scenes": "", "game.scenes.menu": "import rules.bos.cards\n",
            "tinycards": "from tinycards.rules import TinyRules\n", "tinycards.rules": ""}
    assert layer_problems(mods) == [
        "game.scenes.menu:1 imports rules.bos.cards: the client reaches bos only through "
        "game/layouts/bos",
        "rules.core.bad:1 imports pygame: rules/ never imports the client or pygame",
        "rules.core.bad:2 imports rules.kyoukai.state: rules/core imports no game"]
    assert init_problems(mods) == [
        "tinycards/__init__.py:1 imports tinycards.rules: a game package's __init__ imports "
        "nothing of its own"]
    assert cycles(mods) == [["rules.kyoukai.x", "rules.kyoukai.y"]]
