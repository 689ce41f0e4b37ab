"""Loading data files (cards, decks, maps) from TOML, validated by pydantic models.

Every problem is reported at once as ``file:line: card 'Name': field: what is wrong`` and
nothing is returned half-loaded. Data is data: TOML is parsed, never evaluated.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from rules.core.datawords import in_words
from rules.core.errors import DataError
from rules.core.limits import MAX_DEPTH, MAX_FILE_BYTES, Refused, check_toml, read_limited, too_deep
from rules.core.textchars import shown

M = TypeVar("M", bound=BaseModel)

MAX_CARDS = 5000
MAX_UNKNOWN = 20  # unknown top-level names listed one by one; the rest are counted

_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.\-]+)\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-]+)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")

Path_ = tuple[str | int, ...]


class LineIndex:
    """Maps a data path such as ``("card", 3, "skills", 0, "effect")`` to its line in the file.

    TOML parsers do not keep positions, so this reads the table headers and keys itself. It
    handles what card files use: ``[[a]]``, ``[[a.b]]``, ``[a]``, and ``key = value`` lines.
    ``fallback`` is the line of a path nothing matches (a CSV row: every field on its line).
    """

    def __init__(self, text: str, fallback: int = 1) -> None:
        self.fallback = fallback
        self.lines: dict[Path_, int] = {}
        self.first: dict[str | int, int] = {}  # top-level name -> its first line
        self.text = text.splitlines()
        counts: dict[Path_, int] = {}
        # Array paths counted under each path: a new element forgets its children's counts
        # (each entry is dropped at most once: linear in the number of headers).
        below: dict[Path_, list[Path_]] = {}
        current: Path_ = ()
        for no, line in enumerate(self.text, start=1):
            if m := _ARRAY_HEADER.match(line):
                current = self._resolve(m.group(1).split("."), counts, below, array=True)
                self._note(current, no)
            elif m := _TABLE_HEADER.match(line):
                current = self._resolve(m.group(1).split("."), counts, below, array=False)
                self._note(current, no)
            elif m := _KEY.match(line):
                self._note(current + (m.group(1),), no)

    def _note(self, path: Path_, no: int) -> None:
        self.lines.setdefault(path, no)
        if path:
            self.first.setdefault(path[0], no)

    @staticmethod
    def _resolve(names: list[str], counts: dict[Path_, int], below: dict[Path_, list[Path_]],
                 array: bool) -> Path_:
        path: Path_ = ()
        for i, name in enumerate(names):
            path = path + (name,)
            last = i == len(names) - 1
            if last and array:
                n = counts.get(path, 0)
                counts[path] = n + 1
                # Deeper arrays restart counting under a new parent element.
                stack = below.pop(path, [])
                while stack:
                    k = stack.pop()
                    counts.pop(k, None)
                    stack.extend(below.pop(k, []))
                if n == 0:
                    for j in range(len(path) - 1, 0, -1):
                        if path[:j] in counts:
                            below.setdefault(path[:j], []).append(path)
                            break
                path = path + (n,)
            elif path in counts:
                path = path + (counts[path] - 1,)
        return path

    def line_of(self, path: Sequence[str | int]) -> int:
        """The line of the longest known prefix of ``path`` (``fallback`` if nothing matches)."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.fallback

    def line_of_item(self, path: Sequence[str | int], data: Any) -> int:
        """The line of one item of an array or inline table (``("team", 0, "members", 3)``),
        which the index does not hold: found by its text (the quoted string of an array item
        of ``data``, the data at ``path``; the key of a table entry) from its container's
        line to the next key or header. Else as ``line_of``."""
        p = tuple(path)
        if p in self.lines or len(p) < 2:
            return self.line_of(p)
        last = p[-1]
        if isinstance(last, int):
            if not isinstance(data, str):
                return self.line_of(p)
            found = re.compile(re.escape(_quoted(data)) + "|" + re.escape(f"'{data}'"))
        else:
            found = re.compile(rf"(^|[{{,\s]){re.escape(last)}\s*=")
        start = self.line_of(p[:-1])
        for no in range(start, len(self.text) + 1):
            line = self.text[no - 1]
            if no > start and (_KEY.match(line) or _TABLE_HEADER.match(line)):
                break
            if found.search(line):
                return no
        return start


def _quoted(text: str) -> str:
    """``text`` as a TOML basic string would most likely hold it."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dig(data: Any, loc: Sequence[str | int]) -> Any:
    """The value at ``loc`` in nested dicts and lists; None when it is not there."""
    for part in loc:
        inside = part in data if isinstance(data, dict) else (
            isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data))
        if not inside:
            return None
        data = data[part]
    return data


def leaves(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Each value in nested dicts and lists that is neither, in order, with its dotted path
    (``skills.1.effect``): a card's fields as a spreadsheet's columns name them."""
    if isinstance(data, dict | list | tuple):
        for k, v in data.items() if isinstance(data, dict) else enumerate(data):
            yield from leaves(v, f"{path}.{k}" if path else str(k))
    else:
        yield path, data


def read_toml(path: Path) -> tuple[dict[str, Any], LineIndex]:
    """Parse a TOML file; syntax errors, oversize or too deeply nested files and links that
    leave the file's folder become DataError with a line."""
    try:
        raw = read_limited(path, MAX_FILE_BYTES)
        # utf-8-sig: Windows editors often start a file with a byte-order mark, which the
        # TOML parser takes for a stray character ("Invalid statement" on line 1).
        text = raw.decode("utf-8-sig")
        check_toml(text)
    except Refused as e:
        raise DataError([f"{path}:{e.line}: file: {e.problem}"]) from None
    except OSError as e:
        raise DataError([f"{path}:1: file: cannot read ({e.strerror or e})"]) from None
    except UnicodeDecodeError as e:
        raise DataError([f"{path}:1: file: not UTF-8 text ({e.reason})"]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        line = m.group(1) if m else "1"
        raise DataError([f"{path}:{line}: syntax: {e}"]) from None
    index = LineIndex(text)
    if (deep := too_deep(data)) is not None:
        raise DataError([f"{path}:{index.line_of(deep)}: file: nested more than {MAX_DEPTH} "
                         "deep"])
    return data, index


def _field_name(loc: Sequence[str | int]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + part
    return out or "(card)"


def format_validation(
    err: ValidationError, file: Path, index: LineIndex, prefix: Path_, label: str,
    model: type[BaseModel] | None = None,
) -> list[str]:
    """One line per pydantic error, located through the line index, in a designer's words
    (``rules.core.datawords``; ``model``, the model validated, names the nearest known field
    of an unknown one)."""
    out = []
    for e in err.errors():
        loc = tuple(p for p in e["loc"] if isinstance(p, str | int))
        # Discriminated unions add the tag name to the location; it is not a field.
        loc = tuple(p for p in loc if not (isinstance(p, str) and p.endswith("-tag")))
        line = index.line_of(prefix + loc)
        out.append(f"{file}:{line}: {label}{_field_name(loc)}: {in_words(e, model)}")
    return out


def entry_label(key: str, data: Any, n: int) -> str:
    """How a problem names the ``n``-th ``[[key]]`` table: by its name, else its number."""
    name = data.get("name") if isinstance(data, dict) else None
    return f"{key} '{shown(name)}': " if isinstance(name, str) else f"{key} #{n}: "


def table_array(path: Path, data: dict[str, Any], index: LineIndex, key: str,
                noun: str = "cards") -> tuple[list[Any], list[str]]:
    """The ``[[key]]`` tables of a parsed TOML file, and a problem for each other top-level
    name (the first MAX_UNKNOWN one by one, the rest counted); DataError when ``key`` is not
    an array of tables or holds more than MAX_CARDS ``noun``."""
    unknown = [k for k in data if k != key]
    # ``first``: a ``[[name]]`` header is indexed per element, not as the name itself.
    errors = [f"{path}:{index.first.get(k, 1)}: {k}: unknown section (expected [[{key}]])"
              for k in unknown[:MAX_UNKNOWN]]
    if len(unknown) > MAX_UNKNOWN:
        errors.append(f"{path}:{index.first.get(unknown[MAX_UNKNOWN], 1)}: file: "
                      f"{len(unknown) - MAX_UNKNOWN} more unknown sections")
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise DataError([f"{path}:{index.line_of((key,))}: {key}: must be [[{key}]] tables"])
    if len(raw) > MAX_CARDS:
        raise DataError([f"{path}:1: file: {len(raw)} {noun} is over the {MAX_CARDS} limit"])
    return raw, errors


def load_table_array(
    path: Path,
    key: str,
    model: type[M],
    check: Callable[[M], list[tuple[tuple[str | int, ...], str]]] | None = None,
) -> list[M]:
    """Validate every ``[[key]]`` table of a TOML file as ``model``.

    ``check`` adds per-item checks that need a whole valid item: it returns (field path,
    message) pairs. Raises DataError listing every problem.
    """
    data, index = read_toml(path)
    raw, errors = table_array(path, data, index, key, "entries")
    items: list[M] = []
    for i, entry in enumerate(raw):
        label = entry_label(key, entry, i + 1)
        try:
            item = model.model_validate(entry)
        except ValidationError as e:
            errors.extend(format_validation(e, path, index, (key, i), label, model))
            continue
        if check is not None:
            for loc, msg in check(item):
                line = index.line_of_item((key, i) + loc, dig(entry, loc))
                errors.append(f"{path}:{line}: {label}{_field_name(loc)}: {msg}")
        items.append(item)
    if errors:
        raise DataError(errors)
    return items


def load_all(files: Sequence[Path], key: str, model: type[M],
             check: Callable[[M], list[tuple[tuple[str | int, ...], str]]] | None = None,
             ) -> list[M]:
    """``load_table_array`` of every file (a pack's deck files); DataError lists the problems
    of all of them."""
    items: list[M] = []
    errors: list[str] = []
    for path in files:
        try:
            items += load_table_array(path, key, model, check)
        except DataError as e:
            errors.extend(e.errors)
    if errors:
        raise DataError(errors)
    return items


def toml_value(v: Any) -> str:
    """One value written as TOML (strings, numbers, booleans, lists and inline tables)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}"
                                for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def toml_table(key: str, table: Mapping[str, Any]) -> str:
    """``table`` as one ``[[key]]`` table of a TOML file (a deck, a card)."""
    lines = [f"[[{key}]]"] + [f"{k} = {toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"
