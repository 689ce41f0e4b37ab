"""Faces of the example game's starter cards by number (``face(k)``, cycling through them), for
tests of the region table and its painter that need some real card faces."""

from __future__ import annotations

from functools import cache

from game.draw.cards import FaceSpec, spec_of
from rules.core.packs import load_pack
from tinycards.cards import Card
from tinycards.game import GAME
from tinycards.pack import FORMAT


@cache
def cards() -> tuple[Card, ...]:
    assert GAME.pack is not None
    return tuple(load_pack(FORMAT, GAME.pack).cards.values())


def face(k: int) -> FaceSpec:
    """The face of the starter pack's card ``k`` (modulo their number)."""
    return spec_of(FORMAT.face(cards()[k % len(cards())]), GAME.pack)


def face_of(card: Card) -> FaceSpec:
    return spec_of(FORMAT.face(card), GAME.pack)
