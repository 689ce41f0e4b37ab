"""The games Playtable knows: every ``GameInfo`` in the ``playtable.games`` entry-point group.

A game package declares itself once (``GAME = GameInfo(...)``) and names it in its
pyproject.toml::

    [project.entry-points."playtable.games"]
    mygame = "mygame.game:GAME"

so a designer's own installed package adds a game without editing ours. ``register(info)``
adds one at run time (tests, scripts). An entry point that fails to load is reported (on
stderr and in ``LOAD_ERRORS``) and skipped; the other games still load.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from rules.core.gameinfo import GameInfo, import_string
from rules.core.ruleset import Ruleset

GROUP = "playtable.games"
# The shipped games, for when package metadata is missing (the one-file executable, a bare
# checkout): the one line to extend when a game ships with Playtable itself.
SHIPPED = ("rules.kyoukai.game:GAME", "rules.krosmaster.game:GAME",
           "rules.dreadnought.game:GAME", "rules.bos.game:GAME",
           "rules.nullshapers.game:GAME")

GAMES: dict[str, Ruleset[Any]] = {}  # name -> ruleset, in registration order
_INFOS: dict[str, GameInfo] = {}
LOAD_ERRORS: list[str] = []  # one line per entry point that failed to load


def register(info: GameInfo, *, replace: bool = False) -> Ruleset[Any]:
    """Add a game (its ruleset is made now); ValueError if the name is taken, unless
    ``replace``. Returns the ruleset, with ``.info`` set."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"expected a GameInfo, got {type(info).__name__}")
    if info.name in _INFOS and not replace:
        raise ValueError(f"a game named {info.name!r} is already registered")
    rs = info.make_ruleset()
    if not isinstance(rs, Ruleset):
        raise TypeError(f"{info.name}: ruleset {info.ruleset!r} made a {type(rs).__name__}, "
                        f"not a Ruleset")
    if getattr(rs, "name", info.name) != info.name:
        raise ValueError(f"{info.name}: its ruleset calls itself {rs.name!r}")
    rs.info = info
    _INFOS[info.name] = info
    GAMES[info.name] = rs
    return rs


def unregister(name: str) -> None:
    """Forget a game registered at run time (tests clean up with it)."""
    _INFOS.pop(name, None)
    GAMES.pop(name, None)


def get(name: str) -> Ruleset[Any]:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None


def info(name: str) -> GameInfo:
    try:
        return _INFOS[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_INFOS))}") from None


def infos() -> Iterator[GameInfo]:
    """Every registered game's info, in registration order."""
    return iter(list(_INFOS.values()))


def load(found: Iterable[EntryPoint] | None = None,
         fallback: Iterable[str] = SHIPPED,
         report: Callable[[str], None] | None = None) -> list[str]:
    """Register the games of the entry points ``found`` (default: the installed ones), and
    the ``fallback`` ones when no entry point names a shipped game (metadata missing).
    Returns the problems, one line each; a game that fails is skipped, the others load."""
    eps = list(entry_points(group=GROUP) if found is None else found)
    refs: list[tuple[str, str]] = [(ep.name, ep.value.replace(" ", "")) for ep in eps]
    fallback = list(fallback)
    if not any(value in fallback for _, value in refs):
        refs += [(ref.split(".")[1], ref) for ref in fallback]
    # The shipped games first, in their own order (the menu's default game is the first).
    refs.sort(key=lambda r: fallback.index(r[1]) if r[1] in fallback else len(fallback))
    problems: list[str] = []
    for name, ref in refs:
        try:
            declared = import_string(ref)
            if not isinstance(declared, GameInfo):
                raise TypeError(f"{ref} is a {type(declared).__name__}, not a GameInfo")
            if declared.name in _INFOS:
                if _INFOS[declared.name] is not declared:
                    raise ValueError(f"a game named {declared.name!r} is already registered")
                continue
            register(declared)
        except Exception as e:  # a designer's broken package must not stop the others
            problems.append(f"playtable: game {name!r} ({GROUP} entry point {ref}) failed to "
                            f"load: {type(e).__name__}: {e}")
    for line in problems:
        (report or _stderr)(line)
    LOAD_ERRORS.extend(problems)
    return problems


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


load()
