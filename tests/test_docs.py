"""The code in the documentation runs, as python-chess runs its README: every ```python block
of README.md and docs/*.md, top to bottom, one namespace per page, in a scratch folder, with
the example game package importable (as it is once installed). A block whose fence says
```python no-test is left out (a fragment, or something that needs a window)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.examples  # noqa: F401 - ``tinycards`` importable, as once installed
from rules import registry

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(page: Path) -> list[tuple[int, str]]:
    """(line, code) of each block of ``page`` that runs."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in BLOCK.finditer(text)
            if "no-test" not in m.group(1).split()]


@pytest.fixture
def registry_kept() -> Iterator[None]:
    """What a page registers is gone after it."""
    before = {i.name for i in registry.infos()}
    yield
    for info in list(registry.infos()):
        if info.name not in before:
            registry.unregister(info.name)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_code_of_the_page_runs(page: Path, tmp_path: Path, registry_kept: None,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs.{page.stem}"}
    for line, code in blocks(page):
        # the page's own line numbers in a traceback
        exec(compile("\n" * (line - 1) + code, str(page), "exec"), namespace)  # noqa: S102


def test_a_page_with_code_is_found() -> None:
    assert any(blocks(p) for p in PAGES)  # the test above would pass on pages without code


LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") and not line.startswith("#!"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_link_of_the_page_leads_somewhere(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        missing = not dest.exists() or (bool(anchor) and dest.suffix == ".md"
                                         and anchor not in anchors(dest))
        if missing:
            broken.append(target)
    assert broken == []
