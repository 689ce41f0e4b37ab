"""What a data file may hold before any parser sees it: size, line length and nesting depth.

Parsers and our own walkers recurse per nesting level and some of their work grows with the
square of a key's depth, so a small hostile file could crash (RecursionError) or hang the
table. Every file we did not write goes through ``read_limited`` and one of the shape checks
here first; each check is linear in the file's size, and a refusal names the line.
"""

from __future__ import annotations

import os
import re
import stat
from itertools import accumulate, islice
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 5 * 1024 * 1024  # card, deck, map and scenario files; records
MAX_DEPTH = 32  # nested tables/arrays, dotted key parts: card data uses fewer than 8
MAX_LINE = 20_000  # characters on one line of a TOML or CSV file
MAX_VALUES = 100_000  # keys, values and tables in one TOML or CSV file (5,000 cards fit)
MAX_JSON_LINE = 1_000_000  # records and settings: compact one-line JSON is still fine


class Refused(Exception):
    """A file we will not read or parse. ``line`` is where (1 for the whole file)."""

    def __init__(self, problem: str, line: int = 1) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


def read_limited(path: Path, limit: int = MAX_FILE_BYTES, inside: Path | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. ``inside``: the folder the file
    must stay in once links are followed (default: the folder it is listed in), so a link
    cannot make us read a file from elsewhere. Refused (never read) otherwise; OSError as is."""
    folder = path.parent if inside is None else inside
    real = path.resolve()
    if not real.is_relative_to(folder.resolve()):
        raise Refused("is a link to a file outside the pack folder; not read")
    st = os.stat(real)
    if not stat.S_ISREG(st.st_mode):
        raise Refused(f"not a regular file ({_kind(st.st_mode)}); not read")
    if st.st_size > limit:
        raise Refused(f"{st.st_size} bytes is over the {_mb(limit)} limit")
    with open(real, "rb") as f:
        data = f.read(limit + 1)  # the file may have grown since the stat
    if len(data) > limit:
        raise Refused(f"over the {_mb(limit)} limit")
    return data


def _kind(mode: int) -> str:
    """What a path that is not a regular file is (a pipe or a device would never end)."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe, FIFO"),
             (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a device")


def _mb(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n} bytes"


def check_lines(text: str, limit: int = MAX_LINE) -> None:
    """Refused at the first line longer than ``limit`` characters."""
    lengths = [len(line) for line in text.split("\n")]
    if max(lengths, default=0) <= limit:
        return
    no = next(i for i, n in enumerate(lengths, 1) if n > limit)
    raise Refused(f"line is {lengths[no - 1]} characters long (the limit is {limit})", no)


_BRACKET = re.compile(r"[\[\]{}]")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _check_depth(plain: str) -> None:
    """Refused at the first bracket nested deeper than MAX_DEPTH (strings already blanked)."""
    only = _NOT_BRACKET.sub("", plain)
    depths = accumulate(map(_STEP.__getitem__, only))
    at = next((i for i, d in enumerate(depths) if d > MAX_DEPTH), None)
    if at is not None:
        m = next(islice(_BRACKET.finditer(plain), at, None))
        raise Refused(f"nested more than {MAX_DEPTH} deep", _line_at(plain, m.start()))


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


# Strings and comments are blanked, keeping their newlines, before brackets are counted: a
# bracket inside a string is text.
# An unterminated string runs to the end of its line (or file): the parser stops there anyway,
# and no later quote inside it starts another scan (which would make this quadratic).
_TOML_NOISE = re.compile(r'"""(?:[^\\]|\\[\s\S])*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)'
                         r'|"(?:[^"\\\n]|\\.)*"?|\'[^\'\n]*\'?|#[^\n]*')
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"?')
_DOTTED = re.compile(rf"(?<![A-Za-z0-9_\-])[A-Za-z0-9_\-]+"
                     rf"(?:[ \t]*\.[ \t]*[A-Za-z0-9_\-]+){{{MAX_DEPTH},}}")


def _blank(m: re.Match[str]) -> str:
    s = m.group()
    return "s" + "\n" * s.count("\n") if "\n" in s else "s"


def check_toml(text: str) -> None:
    """Line length, bracket nesting and dotted-key depth of TOML text (or one CSV cell)."""
    check_lines(text)
    plain = _TOML_NOISE.sub(_blank, text)
    # Every key, array element and table costs the parser a few microseconds: count them
    # (keys have '=', elements ',', arrays and tables '[') before it starts.
    values = plain.count("=") + plain.count(",") + plain.count("[")
    if values > MAX_VALUES:
        raise Refused(f"{values:,} keys and values is over the {MAX_VALUES:,} limit")
    _check_depth(plain)
    if m := _DOTTED.search(plain):
        raise Refused(f"a dotted key over {MAX_DEPTH} parts deep", _line_at(plain, m.start()))


def check_json(text: str) -> None:
    """Line length and nesting of JSON text."""
    check_lines(text, MAX_JSON_LINE)
    plain = _JSON_STRING.sub("s", text)
    _check_depth(plain)


def too_deep(data: Any, limit: int = MAX_DEPTH) -> tuple[str | int, ...] | None:
    """The path to the first value nested deeper than ``limit`` in parsed data, else None.
    (TOML headers, dotted keys and inline tables add up; each is checked on its own above.)"""
    level, depth = [data], 0
    while level:  # breadth first, one level at a time: cheap for the usual shallow data
        depth += 1
        level = [v for node in level for v in (node.values() if isinstance(node, dict) else node)
                 if isinstance(v, dict | list)]
        if level and depth > limit:
            return _path_deeper(data, limit)
    return None


def _path_deeper(data: Any, limit: int) -> tuple[str | int, ...]:
    """The path to a container ``limit + 1`` levels down (one exists)."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if len(path) > limit:
            return path
        items = node.items() if isinstance(node, dict) else enumerate(node)
        stack.extend((path + (k,), v) for k, v in items if isinstance(v, dict | list))
    return ()
