"""Nullshapers packs for the shared tools (check, CSV, print, hot reload): glue over
``rules.nullshapers.cards``, which knows the card model and the deck rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.core.packs import Face, FaceBlock, PackFormat
from rules.nullshapers.cards import Deck, NCard, load_decks
from rules.nullshapers.effects import ANOMALY_EFFECTS, EVENT_EFFECTS, REACTIVE_EFFECTS

KIND_COLOUR = {
    "agent": (70, 120, 170),
    "event": (176, 70, 60),
    "software": (70, 140, 100),
    "hardware": (130, 110, 80),
    "anomaly": (130, 80, 160),
}
SPEED_COLOUR = {1: (90, 90, 90), 2: (40, 110, 170), 3: (190, 60, 50)}


def type_line(card: NCard) -> str:
    kind = "Hardware (gear)" if card.kind == "hardware" else card.kind.capitalize()
    if card.kind == "agent":
        kind = f"{(card.reach or '').capitalize()} agent"
    return f"{kind} · Speed {card.speed}"


REACTS_TAG = {"start": "Start of your turn", "end": "End of your turn",
              "each_start": "Start of each turn", "each_end": "End of each turn"}


def face(card: NCard) -> Face:
    stats: list[tuple[str, int]] = []
    if card.kind == "agent":
        stats = [("A", card.attack), ("D", card.defense)]
    elif card.kind == "hardware":
        stats = [("+A", card.attack), ("+D", card.defense)]
    blocks: list[FaceBlock] = []
    if card.text:
        tag = REACTS_TAG.get(card.reacts or "", "")
        blocks.append(FaceBlock(title="Reactive" if tag else "", tag=tag,
                                tag_colour=SPEED_COLOUR[card.speed], text=card.text))
    return Face(key=card.id, title=card.name, kind=card.kind, type=type_line(card),
                colour=KIND_COLOUR[card.kind], cost=card.cost, stats=stats, blocks=blocks,
                flavour="", art=card.art)


def deck_cards(deck: Deck) -> list[str]:
    return [cid for cid, n in deck.cards.items() for _ in range(n)]


def deck_data(name: str, copies: list[str], cards: Mapping[str, NCard]) -> dict[str, Any]:
    return {"name": name, "cards": dict(Counter(copies))}


def blank(card: NCard) -> dict[str, Any]:
    """A card of the same kind and cost that does nothing: an agent with Attack 0 and the
    least Defense (1), hardware with the least bonus (Defense +1), an event or anomaly whose
    effect has amount 0, software without a skill."""
    out: dict[str, Any] = {"name": f"Blank {card.kind.capitalize()}", "kind": card.kind,
                           "cost": card.cost}
    out.update(_BLANK.get(card.kind, {}))
    return out


_BLANK: dict[str, dict[str, Any]] = {
    "agent": {"defense": 1, "reach": "melee"}, "hardware": {"defense": 1},
    "event": {"effect": "draw"}, "anomaly": {"effect": "melee_attack"}}


FORMAT: PackFormat[NCard, Deck] = PackFormat(
    game="nullshapers",
    card_key="card",
    card_model=NCard,
    face=face,
    load_decks=load_decks,
    deck_cards=deck_cards,
    deck_data=deck_data,
    blank=blank,
    context={"event_effects": set(EVENT_EFFECTS), "anomaly_effects": set(ANOMALY_EFFECTS),
             "reactive_effects": set(REACTIVE_EFFECTS)},
)
