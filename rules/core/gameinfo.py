"""What a game is, declared once by its package (as OpenSpiel declares ``_GAME_TYPE``).

A game package holds one ``GameInfo`` (by convention ``GAME`` in ``rules/<game>/game.py``) and
names it in the ``playtable.games`` entry-point group; ``rules.registry`` finds it there. The
ruleset, the pack format and the client's table are import strings (``"module:attr"``), so
declaring a game imports nothing heavy and rules/ never imports pygame.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import Field, ValidationError

from rules.core.changes import CardChange
from rules.core.datawords import in_words
from rules.core.errors import DataError
from rules.core.model import Frozen

if TYPE_CHECKING:
    from rules.core.packs import PackFormat
    from rules.core.ruleset import Ruleset


class GameOptions(Frozen):
    """The options every game starts from; a game subclasses it for its own (Krosmaster's
    map). Unknown options are refused, so a typo is not silently ignored."""

    pack: Path | None = None  # the pack folder; None: the shipped pack
    deck_folder: Path | None = None  # more deck files (the player's own decks)
    # The decks (or teams): two, one per player, or one for a game whose players share a
    # deck (``GameInfo.shared_deck``); None: the first ones
    decks: list[str] | None = None
    first: int = Field(0, ge=0, le=1)  # the player who starts, where the game lets you choose
    designer: bool = False  # designer mode: the freeform switch (``rules.core.manual``)
    # Card changes the game starts with (a paired experiment's arm: ``rules.core.changes``).
    changes: tuple[CardChange, ...] = Field(default=(), max_length=100)

    def chosen_decks(self) -> list[str] | None:
        """The deck names asked for (a game with another word for them overrides this)."""
        return self.decks


def parse_options(model: type[GameOptions], options: Mapping[str, Any] | None) -> GameOptions:
    """``options`` checked against ``model``; DataError naming each bad option."""
    try:
        return model.model_validate(dict(options or {}))
    except ValidationError as e:
        raise DataError([f"options:1: {'.'.join(map(str, x['loc'])) or '(options)'}: "
                         f"{in_words(x, model)}" for x in e.errors()]) from None


def import_string(ref: str) -> Any:
    """The object ``"package.module:attr"`` names; ImportError saying which part is missing."""
    module_name, sep, attr = ref.partition(":")
    if not sep or not module_name or not attr:
        raise ImportError(f"{ref!r} is not of the form 'module:attribute'")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attr)
    except AttributeError:
        raise ImportError(f"module {module_name!r} has no {attr!r} (from {ref!r})") from None


@dataclass(frozen=True)
class GameInfo:
    """One game's declaration: what the menu, the client and the tools need to know."""

    name: str  # the id: records, packs (pack.toml ``game``), the command line
    title: str  # for people
    # The ruleset: "module:Class" or a class / factory taking no arguments.
    ruleset: str | Callable[[], Ruleset[Any]]
    pack_format: str | PackFormat[Any, Any] | None = None  # "module:FORMAT"; None: no packs
    pack: Path | None = None  # the game's own pack folder; None: assets/packs/<name>
    table: str | None = None  # client layout "module:Class"; None: not playable by mouse
    options: type[GameOptions] = GameOptions
    players: int = 2
    hidden_information: bool = False  # hot seat hides hands and hands over between players
    dice: bool = False  # the table shows a dice tray
    deck_word: str = "Deck"  # what the menu calls a deck ("Team")
    # Default decks: the first two by name (True) or in pack order (False).
    decks_by_name: bool = True
    # One deck both players draw from (the menu offers one deck, options ``decks`` names one)
    # instead of a deck each.
    shared_deck: bool = False
    # The How to play page (headings "# ", list items "- " or "1. ", paragraphs); None:
    # Playtable's own assets/ui/howto/<name>.txt. A game package ships its own.
    howto: Path | None = None
    # The search opponent's iterations a decision at Normal (Hard: several times as many),
    # calibrated to about 150 ms on the reference machine; None: it searches by time instead.
    search_iterations: int | None = None
    # Hard's search where 6 x Normal's iterations of the same search is not stronger: tuning
    # knobs as the arena takes them after a level ("horizon=0:depth=100:iterations=200").
    hard_knobs: str = ""
    # Intent kinds that only decline to act (a pass, an end of turn): one that is a seat's
    # only legal intent is made at once by the table, for people and computers alike.
    pass_kinds: tuple[str, ...] = ()
    # The spec's rule ids with a short name each ({"N-03": "once per turn"}): a refusal that
    # cites a rule names it (``cite``), so players read the rule, not only its id.
    rule_names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"game name {self.name!r} must be a lower-case Python identifier")
        if self.players < 1:
            raise ValueError(f"{self.name}: players must be at least 1, not {self.players}")
        if not (isinstance(self.options, type) and issubclass(self.options, GameOptions)):
            raise ValueError(f"{self.name}: options must be a GameOptions subclass")
        for ref in (self.table, *(r for r in (self.ruleset, self.pack_format)
                                  if isinstance(r, str))):
            if ref is not None and ref.count(":") != 1:
                raise ValueError(f"{self.name}: {ref!r} is not of the form 'module:attribute'")

    def cite(self, rule: str) -> str:
        """A rule as a refusal cites it: "once per turn, N-03" (the id alone if unnamed)."""
        name = self.rule_names.get(rule)
        return f"{name}, {rule}" if name else rule

    @property
    def deck_count(self) -> int:
        """How many decks a game starts with: one shared deck, or one per player."""
        return 1 if self.shared_deck else self.players

    @property
    def deck_words(self) -> str:
        """The plural, lower case, for messages: "decks", "teams"."""
        return f"{self.deck_word.lower()}s"

    def make_ruleset(self) -> Ruleset[Any]:
        make = import_string(self.ruleset) if isinstance(self.ruleset, str) else self.ruleset
        return make()

    def load_pack_format(self) -> PackFormat[Any, Any] | None:
        if isinstance(self.pack_format, str):
            return import_string(self.pack_format)  # type: ignore[no-any-return]
        return self.pack_format
