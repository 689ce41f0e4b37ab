"""What a game declares so the core's manual step (``rules.core.manual``) can work its table.

A manual step lets a player carry out a card's text by hand: move any card anywhere, change any
counter, set a card's state, shuffle, roll. The machinery is generic; each game only says which
zones, counters and card states it has and how to read and write them in its own State. That
is this adapter: declared data plus a few small functions, one subclass per game.

Zones are named by strings. A *pile* is an ordered zone of one player (hand, deck, discard):
``pile``/``with_pile`` read and write it as a tuple, front first. The *board* is the zone with
positions (cells, slots): ``board_spots`` lists the free ones, ``take_board``/``put_board``
move a card off and onto it. ``under`` is the zone beneath another card on the board
(attached, enchanted, branched): its position is the host card.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from rules.core.manual_intents import ManualStep
    from rules.core.model import Event

BOARD = "board"
UNDER = "under"


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
    """Where one card lies: ``zone`` a pile name, ``BOARD`` (``at`` the position) or
    ``UNDER`` (``at`` the host card)."""

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
    flags: ClassVar[tuple[str, ...]] = ()  # card states a manual step may set on board cards

    # ---- reading ---------------------------------------------------------------------------
    @abstractmethod
    def name(self, s: Any, card: int) -> str: ...

    @abstractmethod
    def places(self, s: Any) -> list[Place]:
        """Every card that lies somewhere, each once per place it is found (a broken state may
        list one twice: the consistency check looks for exactly that)."""

    @abstractmethod
    def pile(self, s: Any, owner: int, zone: str) -> tuple[int, ...]: ...

    def board_spots(self, s: Any, owner: int) -> list[int]:
        """Free board positions a card of ``owner`` may be put on."""
        return []

    def spot_label(self, at: int) -> str:
        return str(at)

    def zone_label(self, zone: str) -> str:
        return zone.capitalize()

    def counter(self, s: Any, spec: CounterSpec, owner: int, card: int) -> int | None:
        """The counter's value (``owner`` for a player's, ``card`` for a card's); None if that
        card has no such counter (it is not on the board)."""
        return None

    def flag(self, s: Any, card: int, flag: str) -> bool | None:
        """The card state's value; None if the card cannot have it now."""
        return None

    # ---- writing ---------------------------------------------------------------------------
    @abstractmethod
    def with_pile(self, s: Any, owner: int, zone: str, cards: tuple[int, ...]) -> Any: ...

    def take_board(self, s: Any, card: int) -> Any:
        raise NotImplementedError

    def put_board(self, s: Any, card: int, owner: int, at: int) -> Any:
        raise NotImplementedError

    def take_under(self, s: Any, card: int, host: int) -> Any:
        raise NotImplementedError

    def put_under(self, s: Any, card: int, host: int) -> Any:
        raise NotImplementedError

    def set_counter(self, s: Any, spec: CounterSpec, owner: int, card: int, value: int) -> Any:
        raise NotImplementedError

    def set_flag(self, s: Any, card: int, flag: str, value: bool) -> Any:
        raise NotImplementedError

    # ---- after "Done" ----------------------------------------------------------------------
    def problems(self, s: Any) -> list[str]:
        """The game's own consistency problems beyond the generic ones (a card in two places,
        a counter out of bounds), each a sentence naming what is wrong."""
        return []

    @abstractmethod
    def settle(self, s: Any, quiet: bool, step: ManualStep) -> tuple[Any, list[Event]]:
        """After "Done" of ``step`` (already closed in ``s``): the game's state-based checks
        run on the player's changes as if a coded effect had made them (a piece at 0 is
        knocked out, dies or is defeated; the win conditions), then what the step's
        resolution had left to do (``step.then``, ``rules.core.manual.resume``) and the
        game's flow; the new state and its events (none when ``quiet``)."""
