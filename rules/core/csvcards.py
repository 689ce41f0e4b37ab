"""Cards from a CSV exported by a spreadsheet: one card per row, columns named after fields.

Conventions (the designer-facing copy is in docs/making-cards.md "From a spreadsheet"):

- The first row names the columns; each later row is one card. Blank rows are skipped.
- An empty cell means the field is absent (its default applies).
- Nested fields use dotted column names: ``skills.0.name``, ``skills.0.effect``,
  ``skills.1.name``… A number is a list position, anything else a table key, so deck-like
  maps work too (``gates.basic_slime``). A list keeps the positions that have a value, in order.
- A cell starting with ``[`` or ``{`` that parses as a TOML inline value becomes that value
  (``[1, 3]``, ``["lock", "dodge"]``, ``{ name = "push", amount = 2 }``); otherwise it stays text.
- Everything else is text; the card model converts ``3`` or ``true`` to numbers and booleans.

Cells are never evaluated: inline values go through the TOML parser, which only builds data.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.cards import MAX_CARDS, leaves
from rules.core.limits import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_VALUES,
    Refused,
    check_lines,
    check_toml,
    read_limited,
    too_deep,
)


@dataclass(frozen=True)
class CsvRow:
    line: int  # line in the file where the row starts (the header is line 1)
    data: dict[str, Any]


def _cell(text: str) -> Any:
    """A cell's value; Refused when an inline value is nested too deep to parse safely."""
    s = text.strip()
    if s[:1] in ("[", "{"):
        check_toml(s)
        try:
            value = tomllib.loads(f"v = {s}")["v"]
        except tomllib.TOMLDecodeError:
            return s  # plain text that happens to start with a bracket
        if too_deep(value) is not None:
            raise Refused(f"a value nested more than {MAX_DEPTH} deep")
        return value
    return s


def _put(target: dict[str, Any], parts: list[str], value: Any) -> str | None:
    """Store ``value`` at the dotted path; a problem text if the path clashes with another."""
    node: dict[str, Any] = target
    for i, part in enumerate(parts[:-1]):
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            return f"column {'.'.join(parts)!r} clashes with column {'.'.join(parts[: i + 1])!r}"
        node = child
    if parts[-1] in node:
        return f"column {'.'.join(parts)!r} clashes with another column"
    node[parts[-1]] = value
    return None


def _lists(node: Any) -> Any:
    """Turn tables whose keys are all numbers into lists, ordered by number."""
    if not isinstance(node, dict):
        return node
    fixed = {k: _lists(v) for k, v in node.items()}
    if fixed and all(k.isdigit() for k in fixed):
        return [fixed[k] for k in sorted(fixed, key=int)]
    return fixed


def read_csv(path: Path) -> tuple[list[CsvRow], list[str]]:
    """The rows of a card CSV as nested dicts, and file-level problems (``file:line: …``); a
    link out of the file's folder is refused."""
    try:
        # utf-8-sig: spreadsheets often write a byte-order mark.
        text = read_limited(path, MAX_FILE_BYTES).decode("utf-8-sig")
        check_lines(re.sub("\r\n?", "\n", text))  # old spreadsheets end lines with \r
    except Refused as e:
        return [], [f"{path}:{e.line}: file: {e.problem}"]
    except OSError as e:
        return [], [f"{path}:1: file: cannot read ({e.strerror or e})"]
    except UnicodeDecodeError as e:
        return [], [f"{path}:1: file: not UTF-8 text ({e.reason}); export as CSV UTF-8"]
    # Spreadsheets in some locales export with ';' or tabs; the header row (names only, no
    # commas inside) tells which. Sniffing card text instead is easily fooled.
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[CsvRow] = []
    errors: list[str] = []
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        return [], [f"{path}:1: file: empty CSV (the first row must name the columns)"]
    except csv.Error as e:
        return [], [f"{path}:1: syntax: {e}"]
    for col, name in enumerate(header, start=1):
        if name and (name.startswith(".") or name.endswith(".") or ".." in name):
            errors.append(f"{path}:1: column {col}: bad column name {name[:60]!r}")
        elif name.count(".") >= MAX_DEPTH:
            errors.append(f"{path}:1: column {col}: more than {MAX_DEPTH} dotted parts")
    seen = Counter(h for h in header if h)
    if dupes := sorted(h for h, n in seen.items() if n > 1):
        errors.append(f"{path}:1: columns: named twice: {', '.join(dupes)}")
    if errors:
        return [], errors
    start = reader.line_num + 1
    values = 0
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not any(c.strip() for c in cells):
                continue
            if len(rows) >= MAX_CARDS:
                return [], [f"{path}:1: file: more than {MAX_CARDS} rows is over the limit"]
            data: dict[str, Any] = {}
            for col, cell in enumerate(cells):
                name = header[col] if col < len(header) else ""
                if not cell.strip():
                    continue
                values += 1
                if values > MAX_VALUES:
                    return [], [f"{path}:{line}: file: more than {MAX_VALUES:,} values is "
                                "over the limit"]
                if not name:
                    errors.append(f"{path}:{line}: column {col + 1}: a value under no column "
                                  f"name ({cell.strip()[:30]!r})")
                    continue
                try:
                    value = _cell(cell)
                except Refused as e:
                    errors.append(f"{path}:{line}: column {name!r}: {e.problem}")
                    continue
                if problem := _put(data, name.split("."), value):
                    errors.append(f"{path}:{line}: {problem}")
            rows.append(CsvRow(line, _lists(data)))
    except csv.Error as e:
        errors.append(f"{path}:{reader.line_num}: syntax: {e}")
    return rows, errors


def write_csv(rows: list[dict[str, Any]]) -> str:
    """Card tables (as read from TOML) as CSV text in the convention above: a designer's
    starting spreadsheet, and the inverse of ``read_csv``."""
    flat: list[dict[str, str]] = []
    columns: dict[str, None] = {}  # insertion-ordered set
    for row in rows:
        cells = {path: str(v).lower() if isinstance(v, bool) else str(v)
                 for path, v in leaves(row)}
        flat.append(cells)
        columns.update(dict.fromkeys(cells))
    buf = io.StringIO(newline="")
    writer = csv.DictWriter(buf, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    writer.writerows(flat)
    return buf.getvalue()
