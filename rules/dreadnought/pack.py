"""Dreadnought card packs for the shared tools (check, CSV, print, hot reload): thin glue over
``rules.dreadnought.cards``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.core.packs import Face, FaceBlock, PackFormat
from rules.dreadnought.cards import Card, Deck, load_decks
from rules.dreadnought.effects import EFFECTS

TYPE_COLOUR = {"unit": (70, 110, 160), "caster": (170, 120, 50)}
TIMING_COLOUR = {"speed": (40, 140, 170), "fast": (180, 60, 50), "action": (90, 90, 90)}


def face(card: Card) -> Face:
    stats: list[tuple[str, int]] = []
    label = "Caster"
    if card.type == "unit":
        stats = [("BP", card.bp or 0)]
        label = f"Unit · size {card.size} · speed {card.grade}"
    blocks = [FaceBlock(title=a.name, tag=a.timing.capitalize(),
                        tag_colour=TIMING_COLOUR[a.timing], text=a.text) for a in card.abilities]
    return Face(key=card.id, title=card.name, kind=card.type, type=label,
                colour=TYPE_COLOUR[card.type],
                cost=card.cost if card.type == "unit" else None,
                stats=stats, blocks=blocks, flavour=card.text, art=card.art)


def deck_cards(deck: Deck) -> list[str]:
    return [*deck.casters, *(cid for cid, n in deck.cards.items() for _ in range(n))]


def deck_data(name: str, copies: list[str], cards: Mapping[str, Card]) -> dict[str, Any]:
    casters = [c for c in copies if (k := cards.get(c)) is not None and k.type == "caster"]
    units = Counter(cid for cid in copies if cid not in casters)
    return {"name": name, "casters": (casters + ["", ""])[:2], "cards": dict(units)}


def blank(card: Card) -> dict[str, Any]:
    """A card of the same type and log-cost with no ability: a unit of its size at the
    slowest grade with 0 BP; a caster without abilities."""
    out: dict[str, Any] = {"name": f"Blank {card.type.capitalize()}", "type": card.type}
    if card.type == "unit":
        out.update(size=card.size, grade="E", cost=card.cost, bp=0)
    return out


FORMAT: PackFormat[Card, Deck] = PackFormat(
    game="dreadnought",
    card_key="dreadnought",
    card_model=Card,
    face=face,
    load_decks=load_decks,
    deck_cards=deck_cards,
    deck_data=deck_data,
    deck_parts=("Casters", "Deck"),
    deck_part=lambda c: "Casters" if c.type == "caster" else "Deck",
    blank=blank,
    context={"effects": set(EFFECTS)},
)
