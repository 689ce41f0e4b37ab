"""A game's own options (the fields its ``GameOptions`` subclass adds), described for the
menu's controls and read from ``--option NAME=VALUE`` on the command line.

The options model is the one place an option is declared: its type says which control the menu
shows (a number, a choice, yes/no, text), its ``Field(ge=…, le=…)`` the range, its
``description`` the tooltip and the help. Nothing here imports the client.
"""

from __future__ import annotations

import contextlib
import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from rules.core.datawords import in_words
from rules.core.gameinfo import GameOptions

# The options every game has; each has its own way in (the menu's rows, --decks, --pack…).
SHARED = frozenset(GameOptions.model_fields)
# Shared options the command line's ``--option`` also sets (they have no flag of their own).
ALSO_FROM_TEXT = frozenset({"first"})
Kind = Literal["number", "choice", "switch", "text"]


@dataclass(frozen=True)
class OptionSpec:
    """One option as the menu shows it."""

    name: str
    label: str  # the field's title, else its name in words ("hand_size": "Hand size")
    kind: Kind
    default: Any
    help: str  # the field's description ("" when it has none)
    choices: tuple[Any, ...] = ()  # a choice's values, in declared order
    low: float | None = None  # a number's range (inclusive), None where it has no bound
    high: float | None = None
    integer: bool = True  # a number: whole numbers only


def own_options(model: type[GameOptions]) -> list[OptionSpec]:
    """The options ``model`` adds to every game's, in declared order, that the menu can show
    (a field of another type, a list say, is left to the command line and records)."""
    specs = (_spec(name, f) for name, f in model.model_fields.items() if name not in SHARED)
    return [spec for spec in specs if spec is not None]


def _spec(name: str, f: FieldInfo) -> OptionSpec | None:
    label = f.title or name.replace("_", " ").capitalize()
    common = {"name": name, "label": label, "default": f.get_default(call_default_factory=True),
              "help": f.description or ""}
    kind = f.annotation
    if kind is bool:
        return OptionSpec(kind="switch", **common)
    if get_origin(kind) is Literal:
        return OptionSpec(kind="choice", choices=get_args(kind), **common)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return OptionSpec(kind="choice", choices=tuple(kind), **common)
    if kind in (int, float):
        low, high = _bounds(f, kind is int)
        return OptionSpec(kind="number", low=low, high=high, integer=kind is int, **common)
    if kind is str:
        return OptionSpec(kind="text", **common)
    return None  # "X | None" or a list: the menu has no way to say None or a list


def _bounds(f: FieldInfo, integer: bool) -> tuple[float | None, float | None]:
    low: float | None = None
    high: float | None = None
    step = 1 if integer else 0
    for m in f.metadata:
        if isinstance(m, Ge):
            low = m.ge  # type: ignore[assignment]
        elif isinstance(m, Gt):
            low = m.gt + step  # type: ignore[operator]
        elif isinstance(m, Le):
            high = m.le  # type: ignore[assignment]
        elif isinstance(m, Lt):
            high = m.lt - step  # type: ignore[operator]
    return low, high


def from_text(model: type[GameOptions], pairs: Sequence[str], title: str = "this game"
              ) -> dict[str, Any]:
    """``NAME=VALUE`` pairs (``--option``) as options of ``model``, each checked against it;
    ValueError naming the option and what is wrong (an unknown name lists the known ones)."""
    known = [n for n in model.model_fields if n not in SHARED] + sorted(ALSO_FROM_TEXT)
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ValueError(f"--option {pair!r}: expected NAME=VALUE")
        if name not in known:
            listed = ", ".join(known) if known else "none"
            raise ValueError(f"--option {pair}: {title} has no option {name!r} "
                             f"(its options: {listed})")
        out[name] = _value(model, name, raw.strip(), pair)
    return out


def _value(model: type[GameOptions], name: str, raw: str, pair: str) -> Any:
    """``raw`` as the value of option ``name``: read as text the way a form is (numbers,
    yes/no), else as JSON (a list, a number of a choice)."""
    try:
        return _json_value(model.model_validate_strings({name: raw}), name)
    except ValidationError as e:
        first = e
    with contextlib.suppress(ValueError):  # not JSON, or not valid (a ValidationError) either
        data = json.loads(raw)
        if data is not None:
            return _json_value(model.model_validate({name: data}), name)
    msg = "; ".join(in_words(x, model) for x in first.errors())
    raise ValueError(f"--option {pair}: {name}: {msg}") from None


def _json_value(options: GameOptions, name: str) -> Any:
    """The option as records keep it (JSON data: an Enum's value, a path as text)."""
    return options.model_dump(mode="json", include={name})[name]
