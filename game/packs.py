"""The client's view of card packs: which folder a game plays from, its decks (the pack's own
and, for the shipped read-only pack, the player's decks in the user data folder), the options
a game starts with, and deck files written by the deck screen.

Everything game-specific comes from the game's ``PackFormat`` (``rules/<game>/pack.py``), so a
new ruleset with a pack format gets the deck screen and hot reload without client code.
"""

from __future__ import annotations

import re
import tempfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from game.userdata import user_decks_dir
from rules.core.cards import toml_table
from rules.core.errors import DataError
from rules.core.newgame import shipped_pack as default_pack
from rules.core.packs import Pack, PackFormat, deck_folder_problems, format_for, read_pack
from rules.core.paths import asset

_WHERE = re.compile(r"^.*?:\d+: ")


def shipped_pack(game: str) -> Path:
    """The pack a game plays from unless told otherwise (its GameInfo's ``pack``)."""
    try:
        return default_pack(rules.registry.info(game))
    except KeyError:
        return asset("packs", game)


def pack_folder(game: str, options: Mapping[str, Any]) -> Path:
    """The folder a game with these options plays from."""
    pack = options.get("pack")
    return Path(pack) if pack else shipped_pack(game)


def is_shipped(game: str, folder: Path) -> bool:
    try:
        return folder.resolve() == shipped_pack(game).resolve()
    except OSError:
        return False


def save_folder(game: str, folder: Path) -> Path:
    """Where the deck screen writes: the pack folder, or the user data folder for the shipped
    (read-only) pack."""
    return user_decks_dir(game) if is_shipped(game, folder) else folder


def fmt_of(game: str) -> PackFormat[Any, Any] | None:
    try:
        return format_for(game, rules.GAMES)
    except KeyError:
        return None


@dataclass
class Decks:
    """A pack's decks by name; ``user`` names the ones from the user data folder."""

    names: list[str]
    user: set[str]
    pack: Pack[Any, Any] | None
    errors: list[str]
    models: dict[str, Any] = field(default_factory=dict)  # name -> the format's deck model


def decks_of(game: str, folder: Path) -> Decks:
    """Every deck playable with the pack at ``folder`` (problems listed, never raised)."""
    fmt = fmt_of(game)
    if fmt is None:
        return Decks([], set(), None, [f"{game} has no card pack format"])
    pack, errors = read_pack(fmt, folder)
    if pack is None:
        return Decks([], set(), None, errors)
    names = list(pack.decks)
    models = dict(pack.decks)
    user: set[str] = set()
    extra = save_folder(game, folder)
    if extra != folder and extra.is_dir():
        files = sorted(p for p in extra.glob("*.toml") if fmt.is_deck_file(p))
        if files:
            try:
                if problems := deck_folder_problems(fmt, files):
                    raise DataError(problems)
                more = fmt.load_decks(extra, files, pack.cards)
            except DataError as e:
                errors = errors + e.errors
            else:
                user = {n for n in more if n not in pack.decks}
                names += sorted(user)
                models.update({n: more[n] for n in user})
    return Decks(names, user, pack, errors, models)


def game_options(game: str, folder: Path, decks: list[str], user: set[str]) -> dict[str, Any]:
    """``new_game`` options: the decks (none for a game without), the pack folder unless
    shipped, and the user deck folder when a chosen deck lives there."""
    opts: dict[str, Any] = {"decks": list(decks)} if decks else {}
    if fmt_of(game) is not None and not is_shipped(game, folder):
        opts["pack"] = str(folder)
    if any(d in user for d in decks):
        opts["deck_folder"] = str(user_decks_dir(game))
    return opts


# ---- deck files --------------------------------------------------------------------------
def deck_toml(fmt: PackFormat[Any, Any], table: Mapping[str, Any]) -> str:
    return toml_table(fmt.deck_key, table)


def copies_in(table: Mapping[str, Any], cards: Mapping[str, Any]) -> Counter[str]:
    """The card copies a deck table names, whatever its shape (``entrant = id``,
    ``gates = {id = n}``, ``members = [id, …]``)."""
    out: Counter[str] = Counter()

    def walk(v: Any) -> None:
        if isinstance(v, str) and v in cards:
            out[v] += 1
        elif isinstance(v, Mapping):
            for k, n in v.items():
                if k in cards and isinstance(n, int):
                    out[k] += n
                else:
                    walk(n)
        elif isinstance(v, list | tuple):
            for x in v:
                walk(x)

    for key, value in table.items():
        if key != "name":
            walk(value)
    return out


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s or "deck"


class DeckChecker:
    """Checks a deck being built with the format's own deck loader (the same rules as a deck
    file in the pack), through a scratch file."""

    def __init__(self, fmt: PackFormat[Any, Any], cards: Mapping[str, Any]) -> None:
        if fmt.deck_data is None:
            raise KeyError(f"{fmt.game} cannot build decks on screen yet")
        self.fmt = fmt
        self.cards = dict(cards)
        self._dir = tempfile.TemporaryDirectory(prefix="playtable-deck-")
        self.folder = Path(self._dir.name)

    def table(self, name: str, copies: list[str]) -> dict[str, Any]:
        assert self.fmt.deck_data is not None
        return self.fmt.deck_data(name, copies, self.cards)

    def normalise(self, name: str, copies: list[str]) -> list[str]:
        """The copies the deck really holds (e.g. a second Entrant replaces the first)."""
        kept = copies_in(self.table(name, copies), self.cards)
        out: list[str] = []
        for cid in reversed(copies):  # the latest copies win
            if kept[cid] > 0:
                kept[cid] -= 1
                out.append(cid)
        return out[::-1]

    def problems(self, name: str, copies: list[str]) -> list[str]:
        """The deck rules this deck breaks (messages without the scratch file's place)."""
        path = self.folder / f"{self.fmt.deck_key}s.toml"
        path.write_text(deck_toml(self.fmt, self.table(name, copies)), encoding="utf-8")
        try:
            self.fmt.load_decks(self.folder, [path], self.cards)
        except DataError as e:
            label = f"{self.fmt.deck_key} '{name}': "
            return [_WHERE.sub("", m).removeprefix(label) for m in e.errors]
        return []

    def close(self) -> None:
        self._dir.cleanup()


def _shape(msg: str) -> str:
    return re.sub(r"\d+", "#", msg)


def new_problem(before: list[str], after: list[str]) -> str | None:
    """The first rule an edit newly breaks (a deck still too small is not new)."""
    seen = {_shape(m) for m in before}
    return next((m for m in after if _shape(m) not in seen), None)
