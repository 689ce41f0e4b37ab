"""What a game declares so the core's manual step (``rules.core.manual``) can work its table.

A manual step lets a player carry out a card's text by hand: move any card anywhere, change any
counter, set a card's state, shuffle, roll. The machinery is generic; each game only says which
zones, counters and card states it has and how to read and write them in its own State. That
is this adapter: declared data plus a few small functions, one subclass per game. Its writers
change the State they are handed in place, as the game's rules do in a step: the core hands
them a copy of its own, made once per manual intent.

Zones are named by strings. A *pile* is an ordered zone of one player (hand, deck, discard):
``pile``/``with_pile`` read and write it as a tuple, front first. The *board* is the zone with
positions (cells, slots): ``board_spots`` lists the free ones, ``take_board``/``put_board``
move a card off and onto it. ``under`` is the zone beneath another card on the board
(attached, enchanted, branched): its position is the host card. A *fixed* zone is a place of
the game's structure holding one card at each position (a BOS boss, its wizards, Dreadnought's
Speed Area): a card may be taken out of it by hand and put into a free position of it.

Card states are ``flags`` (the game's own: ready, acted, checked…) plus "face down", which the
core keeps for every game in the State's ``face_down`` field (``rules.core.manual``): a face-down
card on the board or under one is shown to its owner and masked for the other player by
``hide``, as the game masks its other hidden cards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rules.core.state import replaced

if TYPE_CHECKING:
    from rules.core.manual_intents import ManualStep

BOARD = "board"
UNDER = "under"
FACE_DOWN = "face_down"  # the card state every game has (kept by the core)
FACE_DOWN_LABEL = "face down"


@dataclass(frozen=True)
class CounterSpec:
    """A counter a manual step may change: of a player (life, Ki) or of a card on the board
    (damage, HP), with the bounds the consistency check holds it to."""

    name: str
    per: Literal["player", "card"]
    lo: int
    hi: int
    label: str = ""  # for people ("Life"); the name capitalised if empty

    @property
    def title(self) -> str:
        return self.label or self.name.capitalize()


@dataclass(frozen=True)
class Place:
    """Where one card lies: ``zone`` a pile name, ``BOARD`` (``at`` the position),
    ``UNDER`` (``at`` the host card) or a fixed zone (``at`` the position in it)."""

    card: int
    owner: int
    zone: str
    at: int = -1


class ManualTable(ABC):
    """One game's adapter for manual steps. Subclasses fill the class data and the methods."""

    piles: ClassVar[tuple[str, ...]]  # each player's ordered zones, as the table names them
    # Piles whose top is their last card (a discard built by appending); the others: the first.
    top_is_last: ClassVar[frozenset[str]] = frozenset()
    hidden: ClassVar[frozenset[str]] = frozenset({"hand", "deck"})  # a move between two of
    # these does not name the card in the log
    deck: ClassVar[str] = "deck"  # the pile "Shuffle" shuffles
    has_board: ClassVar[bool] = True
    has_under: ClassVar[bool] = False
    counters: ClassVar[tuple[CounterSpec, ...]] = ()
    flags: ClassVar[tuple[str, ...]] = ()  # the game's card states a manual step may set
    flag_labels: ClassVar[Mapping[str, str]] = {}  # for people and the log ("ready"); the
    # name with spaces if absent
    fixed: ClassVar[tuple[str, ...]] = ()  # the fixed zones (see the module docstring)
    # The name a game's view gives a card it masks, and its catalog entry (``hide``); None:
    # this game cannot mask a card, so no card may be put face down.
    hidden_card: ClassVar[str | None] = None
    placeholder: ClassVar[Any] = None

    # ---- reading ---------------------------------------------------------------------------
    def name(self, s: Any, card: int) -> str:
        return str(s.name(card))

    @abstractmethod
    def places(self, s: Any) -> list[Place]:
        """Every card that lies somewhere, each once per place it is found (a broken state may
        list one twice: the consistency check looks for exactly that)."""

    def pile(self, s: Any, owner: int, zone: str) -> tuple[int, ...]:
        """By default the field ``zone`` of the owner's side, ``s.sides[owner]``."""
        return tuple(getattr(s.sides[owner], zone))

    def board_spots(self, s: Any, owner: int) -> list[int]:
        """Free board positions a card of ``owner`` may be put on."""
        return []

    def spot_label(self, at: int) -> str:
        """A board position for people ("Rift", "column 2"). An intent may name any number:
        a refusal calls a position the board does not have now "place N" without asking, and
        a label that raises LookupError is "place N" too (``rules.core.manual.spot_label``)."""
        return str(at)

    def zone_label(self, zone: str) -> str:
        return zone.capitalize()

    def fixed_label(self, zone: str, at: int) -> str:
        """One position of a fixed zone, for the log ("the Speed Area")."""
        return f"the {self.zone_label(zone)}"

    def flag_label(self, flag: str) -> str:
        if flag == FACE_DOWN:
            return FACE_DOWN_LABEL
        return self.flag_labels.get(flag, flag.replace("_", " "))

    def is_hidden(self, s: Any, here: Place) -> bool:
        """Whether a card lying at ``here`` is secret to a player (a move between two secret
        places does not name it in the log): by default, its zone is one of ``hidden``."""
        return here.zone in self.hidden

    def fixed_spots(self, s: Any, owner: int, zone: str) -> list[int]:
        """Free positions of ``owner``'s fixed ``zone`` a card may be put into."""
        return []

    def counter(self, s: Any, spec: CounterSpec, owner: int, card: int) -> int | None:
        """The counter's value (``owner`` for a player's, ``card`` for a card's); None if that
        card has no such counter (it is not on the board)."""
        return None

    def flag(self, s: Any, card: int, flag: str) -> bool | None:
        """The card state's value; None if the card cannot have it now."""
        return None

    def hide(self, view: Any, cards: Collection[int]) -> Any:
        """``view`` (the game's own, for one player) with ``cards`` masked as that game masks
        a card the player cannot see: by default a ``cards`` table of names and a catalog,
        each masked card named ``hidden_card``."""
        names = dict(view.cards)
        for c in cards:
            names[c] = self.hidden_card
        return replaced(view, cards=names, catalog={
            **view.catalog, self.hidden_card: self.placeholder})

    # ---- writing ---------------------------------------------------------------------------
    def with_pile(self, s: Any, owner: int, zone: str, cards: tuple[int, ...]) -> None:
        """By default ``s.side(owner)``'s field ``zone`` set, kept a list or a tuple."""
        side = s.side(owner)
        setattr(side, zone, type(getattr(side, zone))(cards))

    def take_board(self, s: Any, card: int) -> None:
        raise NotImplementedError

    def put_board(self, s: Any, card: int, owner: int, at: int) -> None:
        raise NotImplementedError

    def take_under(self, s: Any, card: int, host: int) -> None:
        raise NotImplementedError

    def put_under(self, s: Any, card: int, host: int) -> None:
        raise NotImplementedError

    def set_counter(self, s: Any, spec: CounterSpec, owner: int, card: int, value: int) -> None:
        raise NotImplementedError

    def set_flag(self, s: Any, card: int, flag: str, value: bool) -> None:
        raise NotImplementedError

    def take_fixed(self, s: Any, card: int, here: Place) -> None:
        raise NotImplementedError

    def put_fixed(self, s: Any, card: int, owner: int, zone: str, at: int) -> None:
        raise NotImplementedError

    # ---- after "Done" ----------------------------------------------------------------------
    def problems(self, s: Any) -> list[str]:
        """The game's own consistency problems beyond the generic ones (a card in two places,
        a counter out of bounds), each a sentence naming what is wrong."""
        return []

    @abstractmethod
    def settle(self, s: Any, step: ManualStep) -> None:
        """After "Done" of ``step`` (already closed in ``s``, a copy the core owns, its log
        begun): the game's state-based checks run on the player's changes as if a coded
        effect had made them (a piece at 0 is knocked out, dies or is defeated; the win
        conditions), then what the step's resolution had left to do (``step.then``,
        ``rules.core.manual.resume``) and the game's flow, all on ``s``."""
