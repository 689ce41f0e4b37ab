"""Kyoukai card packs for the shared tools (check, CSV, print, hot reload): thin glue over
``rules.kyoukai.cards``, which stays the one place that knows Gates and deck rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.packs import Face, FaceBlock, PackFormat
from rules.kyoukai.cards import Deck, Gate, Skill, load_decks
from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS
from rules.kyoukai.state import ENTRANT_LIFE

# Same hues as the table (game/draw/palette.py) so printed cards match the screen.
TYPE_COLOUR = {
    "entrant": (196, 154, 58),
    "summon": (66, 140, 84),
    "spirit": (64, 128, 190),
    "normal": (122, 112, 104),
    "fast": (190, 62, 56),
}
SKILL_COLOUR = {
    "normal": (70, 70, 70),
    "fast": (176, 40, 36),
    "passive": (60, 100, 150),
    "branch": (60, 130, 70),
    "location": (120, 80, 150),
}
# The seed: "If one of these is a Fast Skill, it will have a Red Name and Cost Box". The
# cost box is the tag (same red); this red reads on the cream text box (5.7:1) and on the
# printed paper (6.1:1), over the 4.5:1 asked of body text (WCAG AA).
FAST_NAME = SKILL_COLOUR["fast"]


def _skill_block(skill: Skill) -> FaceBlock:
    cost = skill.cost.label()  # the tag: the kind, and the written cost if any ("Fast · 2 Ki")
    tag = f"{skill.kind.capitalize()} · {cost}" if cost else skill.kind.capitalize()
    block = FaceBlock(title=skill.name, tag=tag,
                      tag_colour=SKILL_COLOUR[skill.kind], text=skill.text)
    if skill.kind == "fast":
        block["title_colour"] = FAST_NAME
    return block


def face(card: Gate) -> Face:
    stats: list[tuple[str, int]] = []
    if card.has_stats:
        stats = [("M", card.movement or 0), ("A", card.attack or 0), ("D", card.defense or 0)]
    blocks = [_skill_block(s) for s in card.skills]
    flavour = card.text
    if card.type in ("normal", "fast") and card.text:
        # On a Normal/Fast Gate the text is its rules text, not flavour.
        blocks.insert(0, FaceBlock(title="", tag="", tag_colour=(0, 0, 0), text=card.text))
        flavour = ""
    label = f"{card.type.capitalize()} Gate" if card.type in ("normal", "fast") \
        else card.type.capitalize()
    if card.type == "entrant":
        label += f" · {ENTRANT_LIFE} Life"
    return Face(key=card.id, title=card.name, kind=card.type, type=label,
                colour=TYPE_COLOUR[card.type],
                cost=None if card.type == "entrant" else card.cost,
                stats=stats, blocks=blocks, flavour=flavour, art=card.art)


def deck_cards(deck: Deck) -> list[str]:
    copies = [*deck.gates.items(), *deck.spirits.items()]
    return [deck.entrant] + [cid for cid, n in copies for _ in range(n)]


def deck_data(name: str, copies: list[str], cards: Mapping[str, Gate]) -> dict[str, Any]:
    """[[deck]] table: the (last) Entrant, Gate copies and Spirits counted by id."""
    entrant = ""
    gates: dict[str, int] = {}
    spirits: dict[str, int] = {}
    for cid in copies:
        card = cards.get(cid)
        kind = card.type if card is not None else ""
        if kind == "entrant":
            entrant = cid
        else:
            into = spirits if kind == "spirit" else gates
            into[cid] = into.get(cid, 0) + 1
    out: dict[str, Any] = {"name": name, "entrant": entrant, "gates": gates}
    if spirits:
        out["spirits"] = spirits
    return out


def blank(card: Gate) -> dict[str, Any]:
    """A card of the same type and cost with no Skill and no effect: a field Gate with
    Movement 1, Attack 0 and Defense 0; a Normal or Fast Gate that does nothing when opened."""
    out: dict[str, Any] = {"name": f"Blank {card.type.capitalize()}", "type": card.type,
                           "cost": card.cost}
    if card.type in ("entrant", "summon", "spirit"):
        out.update(movement=1, attack=0, defense=0)
    else:
        out["effect"] = "nothing"
    return out


FORMAT: PackFormat[Gate, Deck] = PackFormat(
    game="kyoukai",
    card_key="card",
    card_model=Gate,
    face=face,
    load_decks=load_decks,
    deck_cards=deck_cards,
    deck_data=deck_data,
    deck_parts=("Entrant", "Spirits", "Gates"),
    deck_part=lambda c: {"entrant": "Entrant", "spirit": "Spirits"}.get(c.type, "Gates"),
    blank=blank,
    context={"skill_effects": set(SKILL_EFFECTS), "open_effects": set(OPEN_EFFECTS)},
)
