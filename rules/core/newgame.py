"""The part of starting a game every game shares: check the options, load the pack, pick the
two decks. ``Ruleset.new_game`` does this once and hands the game's ``_new_game`` hook a
``Setup``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.errors import DataError
from rules.core.gameinfo import GameInfo, GameOptions
from rules.core.packs import PackFormat, cached_pack, deck_folder_problems
from rules.core.paths import asset


@dataclass(frozen=True)
class Setup:
    """What a new game starts from, resolved and checked."""

    options: GameOptions  # the game's own options model (a GameOptions subclass)
    folder: Path | None = None  # the pack folder (None: the game has no pack format)
    cards: Mapping[str, Any] = field(default_factory=dict)  # card id -> card, pack order
    decks: tuple[Any, ...] = ()  # the two chosen decks (the format's deck models)
    deck_names: tuple[str, ...] = ()


def shipped_pack(game: str | GameInfo) -> Path:
    """The pack a game plays from when no other is given: its info's ``pack``, else
    ``assets/packs/<name>``."""
    if isinstance(game, GameInfo):
        return game.pack if game.pack is not None else asset("packs", game.name)
    return asset("packs", game)


def resolve(info: GameInfo, fmt: PackFormat[Any, Any] | None,
            options: Mapping[str, Any] | None) -> Setup:
    """``options`` checked against the game's model, its pack loaded (``pack`` or the shipped
    one, plus ``deck_folder``'s decks) and its two decks picked; DataError otherwise."""
    opts = info.parse_options(options)
    if fmt is None:
        return Setup(opts)
    folder = Path(opts.pack) if opts.pack else shipped_pack(info)
    pack = cached_pack(fmt, folder)
    cards, decks = dict(pack.cards), dict(pack.decks)
    if opts.deck_folder:
        extra = Path(opts.deck_folder)
        # A folder or pipe named like a deck file is listed so that reading it refuses it.
        files = sorted(p for p in extra.glob("*.toml") if p.exists() and fmt.is_deck_file(p))
        if problems := deck_folder_problems(fmt, files):
            raise DataError(problems)
        decks = {**decks, **fmt.load_decks(extra, files, cards)}
    known = sorted(decks) if info.decks_by_name else list(decks)
    names = opts.chosen_decks() or known[:2]
    if len(names) != 2 or any(n not in decks for n in names):
        raise DataError([f"{folder}:1: {info.deck_words}: need two {info.deck_words} of "
                         f"{known}, got {names!r}"])
    return Setup(opts, folder, cards, (decks[names[0]], decks[names[1]]), tuple(names))
