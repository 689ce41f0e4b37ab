"""Pydantic's validation errors in a designer's words: "expected a whole number, got 'three'"
instead of "Input should be a valid integer, unable to parse string as an integer", and the
nearest known name for a misspelt field or choice ("unknown field; did you mean attack?").

Only card data (and the other files a designer writes) goes through here: the models are
plain pydantic models read through their declared fields, never an intent, event or state.
"""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from rules.core.textchars import shown

# error type -> what was expected, for the errors that only say the value has the wrong type
EXPECTED = {
    "int_parsing": "a whole number", "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number", "float_type": "a number", "finite_number": "a number",
    "bool_parsing": "true or false", "bool_type": "true or false",
    "string_type": "text", "string_unicode": "text",
    "list_type": "a list", "tuple_type": "a list", "set_type": "a list",
    "dict_type": "a table", "model_type": "a table", "model_attributes_type": "a table",
}
BOUNDS = {"greater_than_equal": ("ge", "at least"), "less_than_equal": ("le", "at most"),
          "greater_than": ("gt", "more than"), "less_than": ("lt", "less than")}
LENGTHS = {"string_too_short": ("min_length", "at least", "character"),
           "string_too_long": ("max_length", "at most", "character"),
           "too_short": ("min_length", "at least", "item"),
           "too_long": ("max_length", "at most", "item")}


def in_words(error: ErrorDetails, model: type[BaseModel] | None = None) -> str:
    """One validation error as a designer reads it (without its location). ``model``: the
    model validated, to name the nearest known field of an unknown one."""
    kind, ctx = error["type"], error.get("ctx") or {}
    given = got(error.get("input"))
    if kind in EXPECTED:
        return f"expected {EXPECTED[kind]}, got {given}"
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        loc = error["loc"]
        near = nearest(str(loc[-1]), fields_at(model, loc[:-1])) if loc else None
        return "unknown field" + (f"; did you mean {near}?" if near else "")
    if kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected", ""))
        options = re.findall(r"'((?:[^'\\]|\\.)*)'", expected) or \
            [o.strip() for o in re.split(r",| or ", expected) if o.strip()]  # 1, 2 or 3
        near = nearest(str(error.get("input")), options)
        return (f"expected one of {', '.join(options)}, got {given}"
                + (f"; did you mean {near}?" if near else ""))
    if kind in BOUNDS:
        key, words = BOUNDS[kind]
        return f"must be {words} {ctx.get(key)}, got {given}"
    if kind in LENGTHS:
        key, words, unit = LENGTHS[kind]
        n = ctx.get(key)
        return f"must have {words} {n} {unit}{'s' * (n != 1)}, got {given}"
    if kind == "string_pattern_mismatch":
        return f"does not match the pattern {ctx.get('pattern')}, got {given}"
    return str(error["msg"]).removeprefix("Value error, ")


def got(value: Any) -> str:
    """A value as the designer wrote it, short: 'three', 2.5, true, a list, a table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = shown(value)
        return repr(text if len(text) <= 40 else text[:37] + "...")
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "nothing" if value is None else type(value).__name__


def nearest(name: str, known: Sequence[str]) -> str | None:
    """The known name closest to a misspelt one, None if none is close."""
    hit = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    if hit:
        return hit[0]
    return next((k for k in known if k.lower() == name.lower()), None)


def unknown(kind: str, name: str, known: Iterable[str]) -> str:
    """"unknown card 'Ronin Akki'; did you mean 'Ronin Aki'?": a name the data lacks, with the
    nearest of ``known`` (what the file names such things with) when one is close."""
    near = nearest(name, list(known))
    return f"unknown {kind} {name!r}" + (f"; did you mean {near!r}?" if near else "")


def fields_at(model: type[BaseModel] | None, loc: Sequence[str | int]) -> list[str]:
    """The field names of the model found at ``loc`` inside ``model`` (through nested models,
    lists of them and optional ones); [] where no model is found."""
    current = model
    for part in loc:
        if current is None:
            return []
        if isinstance(part, int):
            continue  # an item of a list: the list's item model, found with its field
        field = current.model_fields.get(part)
        current = None if field is None else _model_in(field.annotation)
    if current is None:
        return []
    return [f.alias or name for name, f in current.model_fields.items()]


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds: itself, or inside ``X | None``, ``tuple[X, ...]``, ``list[X]``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
