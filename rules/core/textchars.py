"""Characters a pack's text may not hold: controls and invisible format characters.

A NUL, a zero-width space (U+200B), a direction override (U+202E), a soft hyphen (U+00AD) or
a byte-order mark (U+FEFF) inside a card's name draws as nothing, or reverses the text after
it, or stops a font renderer outright; two names that differ only by one look the same. They
are refused with the field's line; a line break, a tab and a carriage return are text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

Loc = tuple[str | int, ...]

# Cc controls, Cf format characters (zero-width, direction marks, soft hyphen, BOM, tags),
# Cs lone surrogates, Zl/Zp the line and paragraph separators.
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_TEXT_CONTROLS = frozenset("\n\t\r")


def is_refused(ch: str) -> bool:
    return ch not in _TEXT_CONTROLS and unicodedata.category(ch) in _REFUSED


def first_refused(text: str) -> int | None:
    """Where the first refused character of ``text`` is; None when it has none."""
    if text.isprintable():  # the usual case: no control, format or separator at all
        return None
    return next((i for i, ch in enumerate(text) if is_refused(ch)), None)


def describe(ch: str) -> str:
    """``U+200B (ZERO WIDTH SPACE)``."""
    name = unicodedata.name(ch, "") or {"\0": "NUL"}.get(ch, "a control character")
    return f"U+{ord(ch):04X} ({name})"


def shown(text: str) -> str:
    """``text`` with each refused character written as its escape (``\\u200b``), for a
    message that names the text without printing the character itself."""
    if first_refused(text) is None:
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if is_refused(ch) else ch
                   for ch in text)


def _strings(data: Any, loc: Loc) -> Iterator[tuple[Loc, str]]:
    stack: list[tuple[Loc, Any]] = [(loc, data)]
    while stack:
        where, node = stack.pop()
        if isinstance(node, str):
            yield where, node
        elif isinstance(node, dict):
            for k, v in node.items():
                if isinstance(k, str):
                    yield where + (k,), k
                stack.append((where + (k,), v))
        elif isinstance(node, list):
            stack.extend((where + (i,), v) for i, v in enumerate(node))


def text_problems(data: Any) -> list[tuple[Loc, str]]:
    """(field path, problem) for every string (keys too) of parsed data holding a refused
    character."""
    out: list[tuple[Loc, str]] = []
    for loc, text in _strings(data, ()):
        at = first_refused(text)
        if at is not None:
            near = text[max(0, at - 20):at + 20]
            out.append((loc, f"holds {describe(text[at])} at character {at + 1} (in "
                             f"{near!r}); control and invisible characters are not allowed "
                             "in text"))
    return out
