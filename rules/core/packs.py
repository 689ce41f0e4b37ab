"""Card packs for every game: check, load (TOML and CSV), and describe faces for drawing.

A game opts in by naming a ``PackFormat`` in its ``GameInfo`` (``pack_format=
"rules.<game>.pack:FORMAT"``); the Ruleset hook ``pack_format()`` returns it, so the checker,
CSV import, print-and-play and hot reload work for that game without game-specific code
outside its own package. Functions that need to know the games take them as an argument
(``rules.GAMES``): this module imports no game.

A pack is a folder: card files (``*.toml`` with ``[[<card_key>]]`` tables, or ``*.csv`` with
one card per row), deck files (names starting with the deck key: ``decks.toml``,
``teams.toml``) and an optional ``pack.toml`` manifest (``game = "kyoukai"``). Everything is
checked before anything is returned: ``read_pack`` gives a Pack or every problem, never both.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any, Generic, NotRequired, TypedDict, TypeVar

from pydantic import BaseModel, ValidationError

from rules.core.cards import (
    MAX_CARDS,
    LineIndex,
    entry_label,
    format_validation,
    read_toml,
    table_array,
)
from rules.core.csvcards import read_csv
from rules.core.errors import DataError
from rules.core.limits import MAX_FILE_BYTES, Refused, read_limited
from rules.core.textchars import shown, text_problems

if TYPE_CHECKING:
    from rules.core.ruleset import Ruleset

C = TypeVar("C", bound=BaseModel)
D = TypeVar("D", bound=BaseModel)
RGB = tuple[int, int, int]
Loc = tuple[str | int, ...]
MANIFEST = "pack.toml"
_WHERE = re.compile(r"^(.*?):(\d+): ")


class FaceBlock(TypedDict):
    """A text block on a face: a skill/spell (title + coloured tag) or plain rules text."""

    title: str
    tag: str
    tag_colour: RGB
    text: str
    # The title's ink when the game's rules colour a name (Kyoukai: "a Fast Skill ... will
    # have a Red Name"); absent, the drawer's usual ink.
    title_colour: NotRequired[RGB]


class Face(TypedDict):
    """What a card face shows, as plain data; drawers (pygame or Pillow) lay it out."""

    key: str  # the card id
    title: str
    kind: str  # the raw type, for filters
    type: str  # the type line as printed
    colour: RGB  # type colour (frame)
    cost: int | None
    stats: list[tuple[str, int]]
    blocks: list[FaceBlock]
    flavour: str
    art: str | None  # path relative to the pack folder


@dataclass(frozen=True)
class PackFormat(Generic[C, D]):
    """One game's card files: which table holds cards, their model, decks and faces."""

    game: str
    card_key: str  # TOML array name: [[card]], [[krosmaster]]
    card_model: type[C]
    face: Callable[[C], Face]
    # (folder, deck files, valid cards) -> decks; raises DataError with deck-rule problems.
    load_decks: Callable[[Path, list[Path], dict[str, C]], dict[str, D]]
    card_id: Callable[[C], str] = attrgetter("id")  # stable id: hot reload matches cards by it
    id_field: str = "id"  # the field a duplicate id is reported on
    deck_key: str = "deck"
    context: Mapping[str, Any] = field(default_factory=dict)  # for model validators
    card_check: Callable[[C], list[tuple[Loc, str]]] | None = None
    size_mm: tuple[float, float] = (63.0, 88.0)
    # The card ids a deck holds, one per copy (printing a deck, the deck screen).
    deck_cards: Callable[[D], list[str]] | None = None
    # The other way (the deck screen): a deck's TOML table from its name and copies; the
    # format's own ``load_decks`` then checks it like any deck file.
    deck_data: Callable[[str, list[str], Mapping[str, C]], dict[str, Any]] | None = None
    # Deck lists as text (``rules.core.decklist``): the parts of a deck, in order ("Entrant",
    # "Spirits", "Gates"), each a ``# Part`` header, and the part a card goes in. None: a
    # deck is one list without headers.
    deck_parts: tuple[str, ...] = ()
    deck_part: Callable[[C], str] | None = None
    # A blank card of the same type and cost as the one given, as card data (its id is set
    # by the caller): what the balance simulation's ablation puts in a card's places to see
    # what the card brings. It does nothing a card of its type must not lack.
    blank: Callable[[C], dict[str, Any]] | None = None

    def is_deck_file(self, path: Path) -> bool:
        return path.stem.startswith(self.deck_key)


@dataclass(frozen=True)
class Pack(Generic[C, D]):
    format: PackFormat[C, D]
    folder: Path
    cards: dict[str, C]  # in file order
    decks: dict[str, D]
    files: tuple[Path, ...]  # every file read: what a hot reload watches
    where: dict[str, tuple[Path, int]]  # card id -> (file, line)

    def faces(self) -> list[Face]:
        return [self.format.face(c) for c in self.cards.values()]


def format_for(game: str, games: Mapping[str, Ruleset[Any]]) -> PackFormat[Any, Any]:
    """The PackFormat of a game in ``games`` (``rules.GAMES``); KeyError if it has none."""
    if game not in games:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(sorted(games))}")
    fmt = games[game].pack_format()
    if fmt is None:
        raise KeyError(f"{game} has no card pack format yet")
    return fmt


def art_path(folder: Path, art: str) -> Path:
    """``art`` resolved inside ``folder``; ValueError if it is absolute or leaves the folder
    (also through a symlink), so a pack cannot make the table read other files."""
    if not art.strip():
        raise ValueError("empty art path")
    if (PurePosixPath(art).is_absolute() or PureWindowsPath(art).is_absolute()
            or PureWindowsPath(art).drive):
        raise ValueError(f"art path {art!r} is absolute; give a path inside the pack folder")
    if ".." in PurePosixPath(art.replace("\\", "/")).parts:
        raise ValueError(f"art path {art!r} leaves the pack folder")
    root = folder.resolve()
    full = (root / art).resolve()
    if not full.is_relative_to(root):
        raise ValueError(f"art path {art!r} leaves the pack folder")
    return full


def guess_game(path: Path, games: Mapping[str, Ruleset[Any]]) -> str:
    """The game of a pack among ``games``: ``pack.toml``'s ``game``, else a folder name that is
    a game, else the game whose card table appears in a file. DataError if none fits."""
    folder = path if path.is_dir() else path.parent
    manifest = folder / MANIFEST
    if manifest.exists():  # a folder or a pipe of that name is refused by read_toml
        data, index = read_toml(manifest)
        game = data.get("game")
        if game in games:
            return str(game)
        raise DataError([f"{manifest}:{index.line_of(('game',))}: game: {game!r} is not one "
                         f"of {', '.join(sorted(games))}"])
    for part in (folder.resolve(), *folder.resolve().parents):
        if part.name in games:
            return part.name
    for game in sorted(games):
        fmt = games[game].pack_format()
        if fmt is None:
            continue
        for f in sorted(folder.glob("*.toml")):
            try:
                raw = read_limited(f, MAX_FILE_BYTES)
            except (Refused, OSError):
                continue  # reported when the pack is read
            text = raw.decode("utf-8", errors="replace").replace(" ", "")
            if f"[[{fmt.card_key}]]" in text:
                return game
    raise DataError([f"{folder}:1: pack: cannot tell the game; pass --game or add {MANIFEST} "
                     f"with game = \"{sorted(games)[0]}\""])


@dataclass
class _Entry:
    file: Path
    data: Any
    index: LineIndex
    prefix: Loc
    label: str


def _toml_entries(path: Path, key: str) -> tuple[list[_Entry], list[str]]:
    try:
        data, index = read_toml(path)
        raw, errors = table_array(path, data, index, key)
    except DataError as e:
        return [], e.errors
    return [_Entry(path, d, index, (key, i), entry_label(key, d, i + 1))
            for i, d in enumerate(raw)], errors


def _csv_entries(path: Path, key: str) -> tuple[list[_Entry], list[str]]:
    rows, errors = read_csv(path)
    return [_Entry(path, r.data, LineIndex("", r.line), (), entry_label(key, r.data, n))
            for n, r in enumerate(rows, start=1)], errors


def pack_files(fmt: PackFormat[Any, Any], path: Path) -> tuple[Path, list[Path], list[Path]]:
    """(folder, card files, deck files). A single card file is a pack of its own; a single
    deck file is checked against the card files next to it."""
    folder = path if path.is_dir() else path.parent
    # A folder or a pipe named like a pack file is listed, so reading it refuses it with a
    # message; only a dangling link is left out (editors keep their lock files as links).
    found = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".toml", ".csv")
                   and p.name != MANIFEST and p.exists())
    decks = [p for p in found if fmt.is_deck_file(p)]
    cards = [p for p in found if p not in decks]
    if not path.is_dir():
        return (folder, cards, [path]) if fmt.is_deck_file(path) else (folder, [path], [])
    return folder, cards, decks


Stamp = tuple[tuple[str, int, int], ...]


def pack_paths(fmt: PackFormat[Any, Any], path: Path) -> list[str]:
    """Every file of the pack at ``path``: its card and deck files and its manifest if any."""
    if not path.exists():
        return []
    folder, cards, decks = pack_files(fmt, path)
    found = [*cards, *decks]
    if (folder / MANIFEST).exists():
        found.append(folder / MANIFEST)
    return [str(p) for p in found]


def stamp(paths: Sequence[str]) -> Stamp:
    """(path, mtime_ns, size) of each of ``paths`` that is there, one stat each, no parsing."""
    out = []
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:  # gone since it was listed
            continue
        out.append((path, st.st_mtime_ns, st.st_size))
    return tuple(out)


def snapshot(fmt: PackFormat[Any, Any], path: Path) -> Stamp:
    """The stamp of every pack file: poll it (cheap, no parsing) and call ``load_pack`` when it
    changes, so saving, adding or deleting a file all trigger a reload."""
    return stamp(pack_paths(fmt, path))


T = TypeVar("T")


class Kept(Generic[T]):
    """A value read from a pack folder, good until a file of the pack is saved, added or
    deleted. ``fresh`` costs one stat per file and one of the folder, which is stamped too: a
    file added, deleted or renamed into it changes the folder's own time, so the folder need
    not be listed again (listing it was a new game's largest cost)."""

    __slots__ = ("paths", "stamp", "value")

    def __init__(self, fmt: PackFormat[Any, Any], folder: Path, read: Callable[[], T]) -> None:
        self.paths = [str(folder), *pack_paths(fmt, folder)]
        # stamped before it is read: a file saved in between makes the next check read again
        self.stamp = stamp(self.paths)
        self.value = read()

    def fresh(self) -> bool:
        return stamp(self.paths) == self.stamp


def read_pack(fmt: PackFormat[C, D], path: Path) -> tuple[Pack[C, D] | None, list[str]]:
    """Check and load a pack: (Pack, []) when all is well, else (None, every problem).

    Problems come in the order a designer fixes them: files that cannot be read or parsed
    first (deck problems that only name cards of such a file become one line after them),
    then card files, then deck files, each top to bottom."""
    if not path.exists():
        return None, [f"{path}:1: pack: no such file or folder"]
    folder, card_files, deck_files = pack_files(fmt, path)
    unread: list[str] = []  # files that do not parse, the first thing to fix
    lost: dict[str, Path] = {}  # card ids written in card files that do not parse
    errors: list[str] = []
    if not card_files:
        errors.append(f"{folder}:1: pack: no card files (*.toml or *.csv) found")
    entries: list[_Entry] = []
    for f in card_files:
        reader = _csv_entries if f.suffix.lower() == ".csv" else _toml_entries
        got, problems = reader(f, fmt.card_key)
        entries += got
        if not got and problems and _unreadable(problems):
            unread += problems
            lost.update(dict.fromkeys(_ids_written(f, fmt.id_field), f))
        else:
            errors += problems
    if len(entries) > MAX_CARDS:
        errors.append(f"{folder}:1: pack: {len(entries)} cards is over the {MAX_CARDS} limit")
        return None, unread + errors

    cards: dict[str, C] = {}
    where: dict[str, tuple[Path, int]] = {}
    seen: dict[str, tuple[Path, int]] = {}
    broken: set[str] = set()  # ids of cards that failed: decks naming them get a pointer
    for e in entries:
        problems = _validate(fmt, folder, e, cards, where, seen)
        if problems:
            errors += problems
            if isinstance(e.data, dict) and isinstance(e.data.get(fmt.id_field), str):
                broken.add(e.data[fmt.id_field])

    decks: dict[str, D] = {}
    csv_decks = [p for p in deck_files if p.suffix.lower() == ".csv"]
    deck_errors = [f"{p}:1: file: decks are TOML files ([[{fmt.deck_key}]] tables)"
                   for p in csv_decks]
    bad_decks: dict[Path, list[str]] = {}  # deck files that do not parse, and why
    deck_errors += deck_folder_problems(fmt, [p for p in deck_files if p not in csv_decks],
                                        bad_decks)
    unread += [msg for problems in bad_decks.values() for msg in problems]
    if deck_files and not csv_decks:
        try:
            decks = fmt.load_decks(folder, deck_files, cards)
        except DataError as e:
            deck_errors += [_point_to_broken(msg, broken) for msg in e.errors
                            if not any(msg.startswith(f"{p}:") for p in bad_decks)]
    # An id also written in a file that parsed is not lost (a duplicate at most).
    deck_errors, summary = _follow_ons(deck_errors, {k: v for k, v in lost.items()
                                                     if k not in seen})
    if unread or errors or deck_errors:
        ordered = sorted(errors, key=_file_line) + sorted(deck_errors, key=_file_line)
        return None, unread + summary + ordered
    files = tuple(card_files + deck_files)
    return Pack(fmt, folder, cards, decks, files, where), []


def deck_file_problems(fmt: PackFormat[Any, Any], path: Path, data: dict[str, Any],
                       index: LineIndex, names: dict[str, tuple[Path, int]]) -> list[str]:
    """What every game's decks share: text without control or invisible characters, and a
    name no other deck has (``names``: those seen so far, in this file and earlier ones; the
    games' loaders keep the last deck of a name, so a second one would hide the first)."""
    key = fmt.deck_key
    raw = data.get(key)
    out: list[str] = []
    for i, deck in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(deck, dict):
            continue
        label = entry_label(key, deck, i + 1)
        out += [f"{path}:{index.line_of((key, i) + loc)}: {label}"
                f"{'.'.join(map(str, loc))}: {msg}" for loc, msg in text_problems(deck)]
        name = deck.get("name")
        if not isinstance(name, str):
            continue  # the game's own loader says what is wrong with it
        line = index.line_of((key, i, "name"))
        if name in names:
            first, at = names[name]
            out.append(f"{path}:{line}: {label}name: a second {key} named {shown(name)!r} "
                       f"(the first is in {first.name}:{at}); each {key} needs its own name")
        else:
            names[name] = (path, line)
    return out


def deck_folder_problems(fmt: PackFormat[Any, Any], files: Sequence[Path],
                         unread: dict[Path, list[str]] | None = None) -> list[str]:
    """``deck_file_problems`` over deck files read here (a pack's, or a folder of the player's
    decks); the problems of a file that does not parse go to ``unread`` by file (without it,
    they are left to the game's loader, which says so)."""
    names: dict[str, tuple[Path, int]] = {}
    out: list[str] = []
    for p in files:
        try:
            data, index = read_toml(p)
        except DataError as e:
            if unread is not None:
                unread[p] = e.errors
            continue
        out += deck_file_problems(fmt, p, data, index, names)
    return out


def _unreadable(problems: list[str]) -> bool:
    """Whether a card file's problems say it could not be read or parsed at all."""
    return any(re.match(r"^.*?:\d+: (file|syntax): ", m) for m in problems)


def _ids_written(path: Path, id_field: str) -> list[str]:
    """The card ids a TOML file that does not parse seems to define (``id = "..."`` lines),
    to tell which deck problems follow from it."""
    try:
        text = read_limited(path, MAX_FILE_BYTES).decode("utf-8", errors="replace")
    except (Refused, OSError):
        return []
    line = re.compile(rf"^\s*{re.escape(id_field)}\s*=\s*(?:\"([^\"]*)\"|'([^']*)')",
                      re.MULTILINE)
    return [a or b for a, b in line.findall(text)]


def _follow_ons(deck_errors: list[str], lost: Mapping[str, Path]) -> tuple[list[str], list[str]]:
    """(deck problems to list, [one line for those that only name cards of files that do not
    parse])."""
    if not lost:
        return deck_errors, []
    keep: list[str] = []
    follow: list[str] = []
    for msg in deck_errors:
        (follow if any(repr(cid) in msg for cid in lost) else keep).append(msg)
    if not follow:
        return keep, []
    first = min(follow, key=_file_line)
    where = _WHERE.match(first)
    files = sorted({lost[cid].name for cid in lost if any(repr(cid) in m for m in follow)})
    n = len(follow)
    prefix = f"{where.group(1)}:{where.group(2)}: " if where else ""
    return keep, [f"{prefix}decks: {n} problem{'s' * (n != 1)} name{'s' * (n == 1)} cards of "
                  f"{', '.join(files)}, which does not parse (above); fix that first"]


def _validate(fmt: PackFormat[C, Any], folder: Path, e: _Entry, cards: dict[str, C],
              where: dict[str, tuple[Path, int]], seen: dict[str, tuple[Path, int]]
              ) -> list[str]:
    """Validate one entry; add it to ``cards`` if it is fine. Returns every problem: the art
    and a duplicate id are checked from the file's data even when a field is wrong."""
    card: C | None = None
    out: list[str] = []
    try:
        card = fmt.card_model.model_validate(e.data, context=dict(fmt.context))
    except ValidationError as err:
        out = format_validation(err, e.file, e.index, e.prefix, e.label, fmt.card_model)

    def at(loc: Loc, msg: str) -> str:
        shown = ".".join(str(p) for p in loc) or "(card)"
        return f"{e.file}:{e.index.line_of(e.prefix + loc)}: {e.label}{shown}: {msg}"

    data = e.data if isinstance(e.data, dict) else {}
    out += [at(loc, msg) for loc, msg in text_problems(data)]
    if card is not None:
        out += [at(loc, msg) for loc, msg in (fmt.card_check(card) if fmt.card_check else [])]
        art: Any = fmt.face(card)["art"]
        cid: Any = fmt.card_id(card)
    else:
        art, cid = data.get("art"), data.get(fmt.id_field)
    if isinstance(art, str) and not any(f": {e.label}art: " in m for m in out):
        try:
            if not art_path(folder, art).is_file():
                out.append(at(("art",), f"no image file {art!r} in the pack folder"))
        except ValueError as err:
            out.append(at(("art",), str(err)))
    if isinstance(cid, str):
        if cid in seen:
            first, line = seen[cid]
            out.append(at((fmt.id_field,), f"duplicate card id {cid!r} (first in "
                                           f"{first.name}:{line})"))
        else:
            seen[cid] = (e.file, e.index.line_of(e.prefix))
    if out or card is None:
        return sorted(out, key=_file_line)
    cards[cid] = card
    where[cid] = seen[cid]
    return []


def _file_line(msg: str) -> tuple[str, int]:
    """Sort key: problems read top to bottom per file (pydantic orders them by field)."""
    m = _WHERE.match(msg)
    return (m.group(1), int(m.group(2))) if m else (msg, 0)


def _point_to_broken(msg: str, broken: set[str]) -> str:
    named = any(repr(b) in msg for b in broken)
    return f"{msg} (that card has errors above)" if named else msg


def load_pack(fmt: PackFormat[Any, Any], path: Path) -> Pack[Any, Any]:
    """The pack at ``path``, all checked; DataError listing every problem otherwise.
    Hot reload calls this on save and keeps the last good Pack when it raises."""
    pack, errors = read_pack(fmt, path)
    if pack is None:
        raise DataError(errors)
    return pack


_KEPT: dict[tuple[str, str], Kept[Pack[Any, Any]]] = {}


def cached_pack(fmt: PackFormat[Any, Any], folder: Path) -> Pack[Any, Any]:
    """``load_pack``, kept until a file of the pack is saved, added or deleted (new games and
    scenarios load the same pack many times)."""
    key = (fmt.game, str(folder.resolve()))
    kept = _KEPT.get(key)
    if kept is None or not kept.fresh():
        if len(_KEPT) >= 16:
            _KEPT.clear()
        kept = _KEPT[key] = Kept(fmt, folder, lambda: load_pack(fmt, folder))
    return kept.value


def open_pack(game: str | None, path: Path, games: Mapping[str, Ruleset[Any]]
              ) -> tuple[Pack[Any, Any] | None, list[str]]:
    """The pack at ``path`` read by its game's format: (Pack, []) or (None, every problem,
    each naming its file and line). ``game`` None: guessed among ``games`` (see guess_game)."""
    try:
        fmt = format_for(game or guess_game(path, games), games)
    except DataError as e:
        return None, e.errors
    except KeyError as e:
        return None, [f"{path}:1: game: {e.args[0]}"]
    return read_pack(fmt, path)


def check_pack(game: str | None, path: Path, games: Mapping[str, Ruleset[Any]]) -> list[str]:
    """Every problem of the pack at ``path`` as ``file:line: card 'Name': field: problem``;
    [] when it is fine. ``game`` None: guessed among ``games`` (see guess_game)."""
    return open_pack(game, path, games)[1]

