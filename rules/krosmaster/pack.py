"""Krosmaster packs for the shared tools (check, CSV, print, hot reload): glue over
``rules.krosmaster.cards``. Cards are keyed by name (teams name their members)."""

from __future__ import annotations

from typing import Any

from rules.core.packs import Face, FaceBlock, PackFormat
from rules.krosmaster.cards import KrosmasterCard, Team, _check_card, load_teams

CARD_COLOUR = (150, 96, 48)
SPELL_COLOUR = (60, 90, 150)


def face(card: KrosmasterCard) -> Face:
    blocks: list[FaceBlock] = []
    if card.powers:
        blocks.append(FaceBlock(title="", tag="", tag_colour=(0, 0, 0),
                                text="Powers: " + ", ".join(p.capitalize() for p in card.powers)))
    for s in card.spells:
        lo, hi = s.range
        tag = f"{s.ap} AP · range {lo}-{hi}" if lo != hi else f"{s.ap} AP · range {lo}"
        bits = [f"{s.damage} damage" if s.damage else ""]
        bits += [f"{e.name} {e.amount}" for e in s.effects]
        bits += ["line" if s.line else "", "" if s.los else "no sight needed"]
        detail = ", ".join(b for b in bits if b)
        text = f"{detail}. {s.text}".strip() if detail else s.text
        blocks.append(FaceBlock(title=s.name, tag=tag, tag_colour=SPELL_COLOUR, text=text))
    return Face(key=card.name, title=card.name, kind="krosmaster", type=f"Level {card.level}",
                colour=CARD_COLOUR, cost=card.level,
                stats=[("Ini", card.initiative), ("MP", card.mp), ("HP", card.hp),
                       ("AP", card.ap)],
                blocks=blocks, flavour=card.text, art=card.art)


def blank(card: KrosmasterCard) -> dict[str, Any]:
    """A Krosmaster of the same level (a team's levels still add up) that does nothing: 1 HP,
    no MP, no AP, Initiative 0, one spell it cannot afford."""
    return {"level": card.level, "initiative": 0, "mp": 0, "hp": 1, "ap": 0,
            "spells": [{"name": "Nothing", "ap": 12, "range": [1, 1]}]}


FORMAT: PackFormat[KrosmasterCard, Team] = PackFormat(
    game="krosmaster",
    card_key="krosmaster",
    card_model=KrosmasterCard,
    card_id=lambda c: c.name,
    id_field="name",
    face=face,
    load_decks=load_teams,
    deck_key="team",
    card_check=_check_card,
    deck_cards=lambda team: list(team.members),
    deck_data=lambda name, copies, cards: {"name": name, "members": list(copies)},
    blank=blank,
)
