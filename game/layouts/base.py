"""What a table layout provides: geometry, hit-testing, drawing and wording for one game.

Input handlers and the table scene are generic; they talk to the game's table through this
interface. Kyoukai's diamond grid is one layout; a square-grid game adds another module.
"""

from __future__ import annotations

import enum
import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeAlias

import pygame

from game.draw.cards import FaceSpec
from game.draw.marks import GLOWS, KindMark, Shown
from game.draw.panels import SEQUENCE_TITLE
from game.draw.scale import px
from rules import registry
from rules.core.manual_table import BOARD
from rules.core.model import Intent
from rules.core.newgame import shipped_pack
from rules.core.paths import asset

Pos = tuple[int, int]
PieceId: TypeAlias = Hashable  # what the rules call a piece: a card instance, ("die", 2), …
ZoneId: TypeAlias = Hashable  # what the rules call a place: a zone number, a cell, …


def cells(zones: Iterable[ZoneId]) -> list[int]:
    """The board cells among ``zones``: a board's zones are its cell numbers (other zones of
    the same game, a hand or a pile, are not drawn on the board)."""
    return [z for z in zones if isinstance(z, int)]
ManualSpot: TypeAlias = tuple[str, int, int]
"""A place of a manual step (``rules.core.manual_table``): (zone, owner, at); zone a pile's name
or BOARD (``at`` its position), owner -1 when the place is either player's."""
# What a table draws for a Skill or spell a hot reload took off its card since it was
# declared or picked: the tables draw what the state holds and index nothing blindly.
CHANGED_BY_RELOAD = "(changed by reload)"
TOP_BAR = 34  # height of the phase bar every table has, at UI scale 1.0 (see top_bar)


def top_bar() -> int:
    """The phase bar's height now (UI scale applied)."""
    return px(TOP_BAR)


class _Untargeted(enum.Enum):
    UNTARGETED = "untargeted"


UNTARGETED: Final = _Untargeted.UNTARGETED
"""``target_of`` for an intent that needs no target (done by a click on its piece)."""


def aimed(zone: object) -> bool:
    """True for a real zone (not None, not UNTARGETED)."""
    return zone is not None and zone is not UNTARGETED


def id_key(x: Any) -> str:
    """A piece or zone id as a string key of the layout file (JSON): ``3``, ``[3, 1]``,
    ``["die", 0]``, ``"a"`` (tuples and lists alike, so an id read back from JSON matches)."""
    return json.dumps(json_id(x), default=str)


def json_id(x: Any) -> Any:
    """A piece or zone id for the layout file: UNTARGETED is written -1 (what tools read)."""
    return -1 if x is UNTARGETED else x


@dataclass(frozen=True)
class Piece:
    """Something on the table a player can pick up or hover: ``source`` is the id the rules
    use for it (the same id their intents and ``highlights`` take), ``where`` names the place
    (the layout's own words: hand, field, …)."""

    source: PieceId
    where: str
    rect: pygame.Rect


@dataclass
class Overlay:
    """What the active input handler wants shown on top of the table."""

    # highlight kind -> zones the piece could reach after a Move (drawn faint: outline, hatch)
    lit: dict[str, list[ZoneId]] = field(default_factory=dict)
    strong: dict[str, list[ZoneId]] = field(default_factory=dict)  # legal right now (bright)
    dim: set[PieceId] = field(default_factory=set)  # pieces of the decider that can do nothing
    glow: dict[PieceId, str] = field(default_factory=dict)  # source -> highlight kind
    dragging: tuple[PieceId, Pos] | None = None  # source and where its centre is drawn
    raised: PieceId | None = None  # a piece popped up (hovered hand card)
    focus: pygame.Rect | None = None  # the keyboard focus ring (Tab), drawn above the UI
    looked: PieceId | None = None  # the piece look mode reads out (its zoom shows, clear of
    # the focus ring)
    hint: str = ""


@dataclass(frozen=True)
class Seats:
    """Who looks at the table: ``viewer`` sees their own hand unless ``hide_hands``."""

    viewer: int
    hide_hands: bool
    names: tuple[str, str]


class TableLayout(ABC):
    """Neutral defaults: no highlights on hover, nothing rises, Space does nothing, no response
    window. A game's layout declares its own (class attributes or the methods below)."""

    game: str
    steps: Sequence[str] = ()
    space_kinds: Sequence[str] = ()  # what Space does: the first legal intent of these kinds
    pass_kind: str | None = None  # declines a response (auto-pass; "Respond…" offers the rest)
    hover_kinds: Sequence[str] = ()  # highlight kinds shown on a piece that shows its range
    # Every highlight kind the table shows (``highlight_kind``'s answers and the handlers'
    # glows) with its mark: word, badge glyph, rim pattern (game/draw/marks.py). Declared
    # once per game; the table's marks, its legend and the look mode read it.
    kinds: dict[str, KindMark] = GLOWS
    legend: Sequence[Shown] = ()  # what the table's highlights mean (the F1 overlay shows it)
    dim_places: Sequence[str] = ("hand",)  # places (``pieces()``) whose idle pieces are dimmed
    pack: Path | None = None  # the pack folder the game plays from (``table_for`` sets it)
    sequence_title: str = SEQUENCE_TITLE  # the response window panel's title

    def rises(self, piece: Piece) -> bool:
        """Whether the piece pops up when hovered (a hand card)."""
        return False

    def shows_range(self, piece: Piece) -> bool:
        """Whether hovering or dragging the piece lights its ``hover_kinds`` highlights."""
        return False

    def after_move(self, kind: str, zones: list[ZoneId], source: PieceId) -> list[ZoneId]:
        """Which of the rules' range zones of ``kind`` (not legal now) are worth showing as
        "after a Move": all of them by default; a game may keep e.g. only enemy pieces."""
        return zones

    def confirm(self, intent: Intent) -> str | None:
        """A question to ask once before doing ``intent`` (it harms the player's own piece),
        None to just do it (the default)."""
        return None

    def responding(self, legal: Sequence[Intent]) -> bool:
        """Whether a response window is open for the player (their pieces glow "respond"):
        by default, when the layout names a ``pass_kind`` and it is legal."""
        return self.pass_kind is not None and any(i.kind == self.pass_kind for i in legal)

    def group_key(self, intent: Intent) -> Hashable:
        """What splits an action menu beyond (kind, source): e.g. which skill of a card."""
        return None

    def zones(self) -> Sequence[ZoneId]:
        """Every zone on the table (the layout file lists their centres)."""
        return ()

    def pack_folder(self) -> Path:
        """Where card art paths are resolved: the game's pack folder, the shipped one (its
        GameInfo's ``pack``) unless the game was started with another."""
        if self.pack is not None:
            return self.pack
        try:
            return shipped_pack(registry.info(self.game))
        except KeyError:  # a table of a game not registered (a test's own layout)
            return asset("packs", self.game)

    def buttons(self) -> dict[str, str]:
        """Extra table buttons this game needs: intent kind -> label (shown while legal)."""
        return {}

    def plays_loose_at(self, piece: Piece, pos: Pos) -> bool:
        """Whether dropping ``piece`` at ``pos`` does its one action that needs no target (a
        card played without one): anywhere off the piece itself, by default."""
        return not piece.rect.collidepoint(pos)

    def press(self, piece: Piece | None, pos: Pos, ctx: Any) -> Any:
        """A mouse press the game's table handles itself (an intent or the next input
        handler); None lets the generic handlers do their usual thing."""
        return None

    def manual_spots(self, card: PieceId, pos: Pos) -> list[ManualSpot]:
        """Where ``card`` dropped at ``pos`` during a manual step goes, the likeliest first (the
        handler takes the first its moves allow). By default the board zone under the point,
        for a table whose zone ids are the rules' board positions; a table with piles or its
        own zone numbers says more."""
        z = self.zone_at(pos)
        return [(BOARD, -1, z)] if isinstance(z, int) else []

    def manual_piece_at(self, pos: Pos) -> Piece | None:
        """The card a manual step may pick up at ``pos``: ``piece_at`` by default; a table
        whose cards out of play are not pieces in normal play (a knocked-out figure) adds
        them."""
        return self.piece_at(pos)

    def controls(self) -> dict[str, tuple[pygame.Rect, str]]:
        """Parts of the table that only change what it shows (a book's tabs and page arrows):
        name -> (box, words for the keyboard hint). Keyboard Tab stops at those with words;
        none by default."""
        return {}

    def use_control(self, name: str) -> bool:
        """Do what a click on the control ``name`` does; True when the table changed."""
        return False

    def view_event(self, ev: pygame.event.Event, mouse: Pos) -> bool:
        """An event that only changes what the table shows (a click on a control, the wheel
        over a book), handled by the table itself before any input handler; True when it was
        one. None by default."""
        return False

    @abstractmethod
    def resize(self, size: Pos) -> None: ...

    @abstractmethod
    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        """A new view (after a state change, a new viewer or hand-over)."""

    @abstractmethod
    def piece_at(self, pos: Pos) -> Piece | None: ...

    @abstractmethod
    def zone_at(self, pos: Pos) -> ZoneId | None: ...

    @abstractmethod
    def zone_center(self, zone: ZoneId) -> Pos: ...

    def zone_name(self, zone: ZoneId) -> str:
        """A zone in words, for look mode ("B2", "Left Battle Area, slot 2")."""
        return f"Zone {zone}"

    def piece_name(self, source: PieceId) -> str:
        """A piece in a few words, for look mode: its card's name, or what it is."""
        spec = self.face(source)
        return spec.name if spec is not None else "a card face down"

    def zone_rect(self, zone: ZoneId) -> pygame.Rect:
        """The box of a zone on screen (the keyboard focus ring goes around it)."""
        r = pygame.Rect(0, 0, px(56), px(56))
        r.center = self.zone_center(zone)
        return r

    @abstractmethod
    def source_of(self, intent: Intent) -> PieceId | None:
        """The piece an intent acts with (None for Pass, EndStep, choices by zone…)."""

    @abstractmethod
    def target_of(self, intent: Intent) -> ZoneId | None:
        """The zone an intent aims at; UNTARGETED when it needs none; None when it is not
        aimed (a button or a key does it)."""

    @abstractmethod
    def highlight_kind(self, intent: Intent) -> str: ...

    @abstractmethod
    def focus(self) -> PieceId | None:
        """The piece in the middle of an action, whose follow-ups are clicked, not dragged."""

    @abstractmethod
    def implied(self, piece: Piece, zone: ZoneId) -> Intent | None:
        """What dropping ``piece`` on ``zone`` would ask for, legal or not (to get a reason)."""

    @abstractmethod
    def describe(self, intent: Intent) -> str: ...

    @abstractmethod
    def face(self, source: PieceId) -> FaceSpec | None:
        """The card face of a piece, None if hidden from the viewer."""

    @abstractmethod
    def status(self) -> tuple[str, str]:
        """(left text, current step) for the phase bar."""

    def step_key(self) -> Hashable:
        """Which step of whose turn the table shows: the phase bar's words by default. A
        table whose bar also names what changes within a step (who holds priority, which
        figure acts) says less. The scene compares it before and after each change: a step
        the game moved to by itself takes no press aimed at the one before
        (game/input/guard.py)."""
        return self.status()

    def sequence_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The open response window, top item first; empty when none is open (the default:
        a game without one)."""
        return []

    def sequence_numbered(self) -> int | None:
        """How many leading ``sequence_lines`` are queued items (numbered); ``None``: all."""
        return None

    def sequence_footer(self, deciding: bool) -> str:
        """The line under the open response window: what the viewer may do (``deciding``) or
        that the other player is deciding."""
        return "Respond with a lit card, or Pass." if deciding else "Waiting for the other " \
            "player…"

    @abstractmethod
    def side_rect(self) -> pygame.Rect:
        """The right-hand column for the Sequence panel, log and buttons."""

    @abstractmethod
    def draw(self, surf: pygame.Surface, overlay: Overlay) -> None: ...

    def animating(self) -> bool:
        """Something on the table moves by itself now (the scene then draws every frame)."""
        return False

    @abstractmethod
    def draw_dragged(self, surf: pygame.Surface, overlay: Overlay) -> None:
        """The piece being dragged (or snapping back), drawn above everything else."""

    def zoom_at(self, size: Pos, mouse: Pos) -> Pos | None:
        """Where the hovered card's big face goes (top left), None for the table's default:
        beside the board, on the side away from the mouse."""
        return None

    @abstractmethod
    def hint_at(self) -> Pos:
        """Where a one-line hint goes (midtop)."""

    @abstractmethod
    def message_at(self) -> Pos:
        """Where a message (an illegal drop's reason) goes (midbottom)."""

    def opening_lines(self, state: Any, names: tuple[str, str]) -> list[str]:
        """Log lines for how the game was set up (the rules' contract returns no events for
        ``new_game``), read from the first state. None by default."""
        return []

    @abstractmethod
    def pieces(self) -> dict[str, dict[PieceId, Pos]]:
        """Screen centres of every piece by place (for layout files used by tests)."""
