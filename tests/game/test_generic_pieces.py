"""The generic input handlers with pieces and zones that are not ints: a tiny layout whose
pieces are ``("card", n)`` and whose zones are ``("slot", n)``, driven by real pygame events
through Idle, Dragging and the keyboard handlers, with no game's words anywhere."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import pygame
import pytest

from game.draw.cards import FaceSpec
from game.input.handlers import Dragging, Idle, keyed_intent
from game.input.keyboard import KeyFocus, KeyTargets
from game.layouts.base import (
    UNTARGETED,
    Overlay,
    Piece,
    PieceId,
    Pos,
    Seats,
    TableLayout,
    ZoneId,
    id_key,
)
from rules.core.model import Intent

CARD = ("card", 1)
SLOTS = {("slot", 0): pygame.Rect(300, 100, 60, 80), ("slot", 1): pygame.Rect(400, 100, 60, 80)}
CARD_RECT = pygame.Rect(100, 100, 40, 60)


class Put(Intent):
    kind: Literal["put"] = "put"
    card: tuple[str, int]
    to: tuple[str, int]


class Flip(Intent):
    kind: Literal["flip"] = "flip"
    card: tuple[str, int]


class Done(Intent):
    kind: Literal["done"] = "done"


class SlotTable(TableLayout):
    """One card in a hand, two slots; the layout keeps every neutral default."""

    game = "slots"

    def resize(self, size: Pos) -> None: ...

    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None: ...

    def piece_at(self, pos: Pos) -> Piece | None:
        return Piece(CARD, "hand", CARD_RECT) if CARD_RECT.collidepoint(pos) else None

    def zone_at(self, pos: Pos) -> ZoneId | None:
        return next((z for z, r in SLOTS.items() if r.collidepoint(pos)), None)

    def zone_center(self, zone: ZoneId) -> Pos:
        return SLOTS[zone].center  # type: ignore[index]

    def source_of(self, intent: Intent) -> PieceId | None:
        return getattr(intent, "card", None)

    def target_of(self, intent: Intent) -> ZoneId | None:
        if isinstance(intent, Put):
            return intent.to
        return UNTARGETED if isinstance(intent, Flip) else None

    def highlight_kind(self, intent: Intent) -> str:
        return intent.kind

    def focus(self) -> PieceId | None:
        return None

    def implied(self, piece: Piece, zone: ZoneId) -> Intent | None:
        return Put(card=piece.source, to=zone)  # type: ignore[arg-type]

    def describe(self, intent: Intent) -> str:
        return intent.label()

    def face(self, source: PieceId) -> FaceSpec | None:
        return None

    def status(self) -> tuple[str, str]:
        return "", ""

    def side_rect(self) -> pygame.Rect:
        return pygame.Rect(600, 0, 100, 400)

    def draw(self, surf: pygame.Surface, overlay: Overlay) -> None: ...

    def draw_dragged(self, surf: pygame.Surface, overlay: Overlay) -> None: ...

    def hint_at(self) -> Pos:
        return (300, 10)

    def message_at(self) -> Pos:
        return (300, 390)

    def pieces(self) -> dict[str, dict[PieceId, Pos]]:
        return {"hand": {CARD: CARD_RECT.center}}


class Ctx:
    """The table scene's side of the handlers, without a window."""

    def __init__(self, legal: list[Intent]) -> None:
        self.layout = SlotTable()
        self.manager: Any = None
        self._legal = legal
        self.said: list[str] = []
        self.asked: list[PieceId] = []

    def legal(self) -> list[Intent]:
        return self._legal

    def highlights(self, source: PieceId) -> dict[str, list[Any]]:
        self.asked.append(source)
        return {"reach": [("slot", 0)]}

    def why_not(self, intent: Intent) -> str:
        return f"not {intent.label()}"

    def why_idle(self, source: PieceId, tries: list[Intent]) -> str:
        return f"{source} is idle"

    def say(self, text: str, error: bool = False) -> None:
        self.said.append(text)

    def button_intent(self, element: object) -> Intent | str | None:
        return None

    def take_seat(self, player: int) -> None: ...


def _ev(kind: int, **kw: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, kw)


def _drag(ctx: Ctx, start: Pos, end: Pos) -> Any:
    h = Idle().handle(_ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1), ctx)  # type: ignore[arg-type]
    assert isinstance(h, Dragging) and h.piece.source == CARD
    h.handle(_ev(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)), ctx)  # type: ignore[arg-type]
    return h, h.handle(_ev(pygame.MOUSEBUTTONUP, pos=end, button=1), ctx)  # type: ignore[arg-type]


def test_dragging_a_tuple_piece_onto_a_tuple_zone_makes_its_intent() -> None:
    put = Put(card=CARD, to=("slot", 1))
    ctx = Ctx([Put(card=CARD, to=("slot", 0)), put, Done()])
    h, got = _drag(ctx, CARD_RECT.center, SLOTS[("slot", 1)].center)
    assert got == put
    ov = h.overlay(ctx)  # type: ignore[arg-type]
    assert ov.dragging is not None and ov.dragging[0] == CARD
    assert sorted(ov.strong["put"]) == [("slot", 0), ("slot", 1)]
    assert ov.lit == {} and ctx.asked == []  # neutral default: no range shown, none asked


def test_a_drop_off_every_target_is_refused_in_neutral_words() -> None:
    ctx = Ctx([Put(card=CARD, to=("slot", 0))])
    _, got = _drag(ctx, CARD_RECT.center, (250, 300))
    assert isinstance(got, Idle) and got.snap is not None and got.snap[0] == CARD
    assert ctx.said == ["Drop it on a lit target."]


def test_clicking_a_tuple_piece_with_one_untargeted_intent_does_it() -> None:
    flip = Flip(card=CARD)
    ctx = Ctx([flip])
    h = Idle().handle(_ev(pygame.MOUSEBUTTONDOWN, pos=CARD_RECT.center, button=1), ctx)  # type: ignore[arg-type]
    assert isinstance(h, Dragging)
    assert h.handle(_ev(pygame.MOUSEBUTTONUP, pos=CARD_RECT.center, button=1), ctx) == flip  # type: ignore[arg-type]


def test_idle_glows_tuple_pieces_open_and_space_does_nothing_by_default() -> None:
    ctx = Ctx([Put(card=CARD, to=("slot", 0)), Done()])
    idle = Idle()
    idle.handle(_ev(pygame.MOUSEMOTION, pos=CARD_RECT.center, rel=(0, 0), buttons=(0, 0, 0)), ctx)  # type: ignore[arg-type]
    ov = idle.overlay(ctx)  # type: ignore[arg-type]
    assert ov.glow == {CARD: "usable"}  # no response window unless the layout says so
    assert ov.raised is None  # nothing rises unless the layout says so
    assert keyed_intent(ctx) is None  # type: ignore[arg-type]


def test_a_layout_declares_hover_range_rising_space_and_response_window() -> None:
    ctx = Ctx([Put(card=CARD, to=("slot", 0)), Done()])
    lay = ctx.layout
    lay.hover_kinds = ("reach",)
    lay.space_kinds = ("done",)
    lay.pass_kind = "done"
    lay.rises = lambda piece: True  # type: ignore[method-assign]
    lay.shows_range = lambda piece: True  # type: ignore[method-assign]
    idle = Idle()
    idle.handle(_ev(pygame.MOUSEMOTION, pos=CARD_RECT.center, rel=(0, 0), buttons=(0, 0, 0)), ctx)  # type: ignore[arg-type]
    ov = idle.overlay(ctx)  # type: ignore[arg-type]
    assert ov.glow == {CARD: "respond"} and ov.raised == CARD
    # ("slot", 0) is a legal drop now: bright (strong), not also in the "after a Move" style
    assert ov.strong == {"put": [("slot", 0)]} and ov.lit == {} and ctx.asked == [CARD]
    ctx._legal = [Put(card=CARD, to=("slot", 1)), Done()]  # ("slot", 0) only later now
    ov = idle.overlay(ctx)  # type: ignore[arg-type]
    assert ov.strong == {"put": [("slot", 1)]} and ov.lit == {"reach": [("slot", 0)]}
    assert keyed_intent(ctx) == Done()  # type: ignore[arg-type]


def test_keyboard_walks_tuple_pieces_and_zones() -> None:
    put = Put(card=CARD, to=("slot", 1))
    ctx = Ctx([Put(card=CARD, to=("slot", 0)), put])
    focus = KeyFocus.start(ctx)  # type: ignore[arg-type]
    assert isinstance(focus, KeyFocus) and focus.stop is not None and focus.stop.key == CARD
    picked = focus.handle(_ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0), ctx)  # type: ignore[arg-type]
    assert isinstance(picked, KeyTargets)
    assert [z for z, _ in picked.targets] == [("slot", 0), ("slot", 1)]
    picked.handle(_ev(pygame.KEYDOWN, key=pygame.K_TAB, mod=0), ctx)  # type: ignore[arg-type]
    assert picked.handle(_ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0), ctx) == put  # type: ignore[arg-type]


@pytest.mark.parametrize("x", [3, "a", ("card", 1), ("dofus", 0, "lock"), (2, 1)])
def test_id_key_matches_the_id_read_back_from_json(x: Any) -> None:
    import json

    back = json.loads(json.dumps(x))  # a tuple comes back a list
    assert id_key(back) == id_key(x)


def test_id_keys_of_different_ids_differ() -> None:
    assert len({id_key(3), id_key("3"), id_key((3,)), id_key(UNTARGETED)}) == 4
