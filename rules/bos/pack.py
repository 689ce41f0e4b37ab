"""BOS card packs for the shared tools (check, CSV, print, hot reload): thin glue over
``rules.bos.cards``. The face function here is the one the table, zoom and print use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.bos.cards import Card, Deck, load_decks
from rules.bos.effects import CONDITIONS, EFFECTS, condition_text, effect_text
from rules.core.packs import Face, FaceBlock, PackFormat

COLOUR = {"red": (184, 64, 48), "blue": (54, 104, 176), "green": (58, 134, 72),
          "grey": (112, 108, 104)}
TRIGGER = {"act": ("Act", (70, 70, 70)), "defeat": ("When defeated", (130, 40, 40))}
TYPE_LABEL = {"boss": "Boss", "wizard": "Wizard", "summon": "Summon", "spell": "Spell"}
ZONE = {"boss": "boss", "wizard": "wizards", "spell": "spellbook"}  # a deck's; else the castle


def face(card: Card) -> Face:
    blocks: list[FaceBlock] = []
    cond = condition_text(card.condition, card.condition_n)
    if cond:
        tag = "Summoning condition" if card.type in ("summon", "boss") else "Condition"
        blocks.append(FaceBlock(title="", tag=tag, tag_colour=(90, 70, 120), text=f"{cond}."))
    if card.effect is not None:
        blocks.append(FaceBlock(title="", tag="Enchant" if card.is_enchant else "",
                                tag_colour=(120, 80, 150),
                                text=effect_text(card.effect, card.amount)))
    for ab in card.abilities:
        tag, colour = TRIGGER[ab.trigger]
        blocks.append(FaceBlock(title=ab.name, tag=tag, tag_colour=colour,
                                text=ab.text or effect_text(ab.effect, ab.amount)))
    label = TYPE_LABEL[card.type]
    if card.colour != "grey":
        label += f" · {card.colour.capitalize()}"
    return Face(key=card.id, title=card.name, kind=card.type, type=label,
                colour=COLOUR[card.colour], cost=card.cost if card.type == "spell" else None,
                stats=[("S", card.strength)] if card.strength is not None else [],
                blocks=blocks, flavour=card.text, art=card.art)


def deck_cards(deck: Deck) -> list[str]:
    return [deck.boss, *deck.wizards, *deck.castle, *deck.spellbook]


def deck_data(name: str, copies: list[str], cards: Mapping[str, Card]) -> dict[str, Any]:
    """[[deck]] table from a list of copies: sorted into boss, wizards, castle, spellbook."""
    out: dict[str, Any] = {"name": name, "boss": "", "wizards": [], "castle": [],
                           "spellbook": []}
    for cid in copies:
        card = cards.get(cid)
        zone = ZONE.get(card.type if card is not None else "", "castle")
        if zone == "boss":
            out["boss"] = cid
        else:
            out[zone].append(cid)
    return out


def blank(card: Card) -> dict[str, Any]:
    """A card of the same type, colour and cost without abilities: a summon or boss of
    Strength 1 that may always be summoned, a spell that gains 0 vim."""
    out: dict[str, Any] = {"name": f"Blank {card.type.capitalize()}", "type": card.type,
                           "colour": card.colour, "cost": card.cost}
    if card.type in ("summon", "boss"):
        out["strength"] = 1
    elif card.type == "spell":
        out.update(effect="gain_vim", amount=0)
    return out


FORMAT: PackFormat[Card, Deck] = PackFormat(
    game="bos",
    card_key="bos",  # [[bos]] tables: the pack guesser tells BOS files by it
    card_model=Card,
    face=face,
    load_decks=load_decks,
    deck_cards=deck_cards,
    deck_data=deck_data,
    deck_parts=("Boss", "Wizards", "Castle", "Spellbook"),
    deck_part=lambda c: ZONE.get(c.type, "castle").capitalize(),
    blank=blank,
    context={"effects": set(EFFECTS), "conditions": set(CONDITIONS)},
)
