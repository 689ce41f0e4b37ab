"""Tiny Cards' pack format: how Playtable's shared tools (``playtable check``, CSV import,
``print``, the deck screen, hot reload, the table's faces) read its card files."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.core.packs import Face, FaceBlock, PackFormat
from tinycards.cards import Card, Deck, copies, load_decks
from tinycards.game import GAME

QUICK = (196, 120, 40)
UNIT = (70, 110, 150)


def face(card: Card) -> Face:
    """What the face shows: the same on the table, in the zoom, on the deck screen and in
    print."""
    blocks: list[FaceBlock] = []
    if card.quick:
        blocks.append(FaceBlock(title="Quick", tag="", tag_colour=QUICK,
                                text="Enters ready: it may attack the turn it is played."))
    if card.text:
        blocks.append(FaceBlock(title="", tag="", tag_colour=UNIT, text=card.text))
    if not blocks:  # the rule every unit follows, where the card says nothing else
        blocks.append(FaceBlock(title="", tag="", tag_colour=UNIT,
                                text="Attacks the slot across: the unit there, else the "
                                     "player."))
    return Face(key=card.id, title=card.name, kind="unit", type="Quick unit" if card.quick
                else "Unit", colour=QUICK if card.quick else UNIT, cost=None,
                stats=[("P", card.power), ("H", card.health)], blocks=blocks, flavour="",
                art=card.art)


def deck_data(name: str, ids: list[str], cards: Mapping[str, Card]) -> dict[str, Any]:
    """A deck's TOML table from its copies (the deck screen saves decks with it)."""
    return {"name": name, "cards": dict(sorted(Counter(ids).items()))}


FORMAT: PackFormat[Card, Deck] = PackFormat(
    game=GAME.name,
    card_key="card",  # [[card]] tables
    card_model=Card,
    card_id=lambda c: c.id,
    id_field="id",
    face=face,
    load_decks=load_decks,
    deck_key="deck",  # [[deck]] tables in deck*.toml
    deck_cards=copies,
    deck_data=deck_data,
)
