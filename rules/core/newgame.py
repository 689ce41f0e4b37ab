"""The part of starting a game every game shares: check the options, load the pack, pick the
decks (one per player, or the one a shared-deck game deals from). ``Ruleset.new_game`` does
this once and hands the game's ``_new_game`` hook a ``Setup``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.changes import changed_setup
from rules.core.errors import DataError
from rules.core.gameinfo import GameInfo, GameOptions, parse_options
from rules.core.packs import PackFormat, cached_pack, deck_folder_problems
from rules.core.paths import asset


@dataclass(frozen=True)
class Setup:
    """What a new game starts from, resolved and checked."""

    options: GameOptions  # the game's own options model (a GameOptions subclass)
    folder: Path | None = None  # the pack folder (None: the game has no pack format)
    cards: Mapping[str, Any] = field(default_factory=dict)  # card id -> card, pack order
    # the chosen decks (the format's deck models): one per player, or one shared deck
    decks: tuple[Any, ...] = ()
    deck_names: tuple[str, ...] = ()


def shipped_pack(game: str | GameInfo) -> Path:
    """The pack a game plays from when no other is given: its info's ``pack``, else
    ``assets/packs/<name>``."""
    if isinstance(game, GameInfo):
        return game.pack if game.pack is not None else asset("packs", game.name)
    return asset("packs", game)


def deck_order(info: GameInfo, decks: Iterable[str]) -> list[str]:
    """A pack's deck names in the order a game takes its default decks from (the first
    ``info.deck_count``): by name, or as the pack lists them (``GameInfo.decks_by_name``)."""
    return sorted(decks) if info.decks_by_name else list(decks)


def resolve(info: GameInfo, fmt: PackFormat[Any, Any] | None,
            options: Mapping[str, Any] | None) -> Setup:
    """``options`` checked against the game's model, its pack loaded (``pack`` or the shipped
    one, plus ``deck_folder``'s decks) and its decks picked (``GameInfo.deck_count``: one per
    player, or one shared deck); DataError otherwise."""
    opts = parse_options(info.options, options)
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
    known = deck_order(info, decks)
    need = info.deck_count
    names = opts.chosen_decks() or known[:need]
    if len(names) != need or any(n not in decks for n in names):
        what = f"one {info.deck_word.lower()} (shared)" if need == 1 else \
            f"{_NUMBERS.get(need, need)} {info.deck_words}"
        raise DataError([f"{folder}:1: {info.deck_words}: need {what} of {known}, "
                         f"got {names!r}"])
    chosen = tuple(decks[n] for n in names)
    if opts.changes:
        cards, chosen = changed_setup(fmt, pack, cards, chosen, opts.changes)
    return Setup(opts, folder, cards, chosen, tuple(names))


_NUMBERS = {2: "two", 3: "three", 4: "four"}
