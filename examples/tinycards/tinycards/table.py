"""Tiny Cards' table for Playtable's client: the regions as data (a ``TableSpec``) and one
function from the rules' view to what each region holds. Playtable draws, lays out, lights
targets and takes the mouse and keyboard; the rules decide what is legal."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from game.draw.card_states import CardLook
from game.draw.cards import CardFaces, FaceSpec
from game.layouts.base import Seats
from game.layouts.face_specs import FaceSpecs
from game.layouts.region_spec import Content, Region, TableSpec, Target
from game.layouts.regions import RegionTable
from rules.core.model import Intent
from tinycards.cards import HIDDEN
from tinycards.game import GAME
from tinycards.intents import Attack, Play
from tinycards.pack import face
from tinycards.rules import TinyRules
from tinycards.state import State

# Rows: the other player's hand, their row, the middle line, your row, your hand. Each
# player's regions are mirrored across the table; "mirror=False" is shared.
SPEC = TableSpec(
    rows=(0.75, 1.35, 0.3, 1.35, 1.25),
    cols=(0.9, 4.0, 0.9),
    regions=(
        Region("hand", "hand", cell=(4, 1), span=(1, 2)),
        Region("row", "slots", cell=(3, 1), capacity=3, label="Row"),
        Region("life", "counter", cell=(3, 0), label="Life"),
        Region("grave", "book", cell=(3, 2), label="Grave"),
        Region("deck", "pile", cell=(4, 0), label="Deck", mirror=False),
        Region("info", "panel", cell=(2, 0), span=(1, 3), mirror=False),
    ),
)


class TinyTable(RegionTable):
    game = GAME.name
    spec = SPEC
    space_kinds = ("end_turn",)  # Space ends the turn
    # the highlight a legal intent lights on its target: "open" (green), "attack" (red)
    highlight_kinds = {"play": "open", "attack": "attack"}

    def __init__(self, faces: CardFaces | None = None) -> None:
        super().__init__(faces, TinyRules())
        self.specs = FaceSpecs(face, self.pack_folder)  # faces from the pack's own function

    def buttons(self) -> dict[str, str]:
        return {"end_turn": "End turn (Space)"}

    def _face(self, v: State, number: int) -> FaceSpec | None:
        cid = v.cards[number]
        return None if cid == HIDDEN else self.specs.get(cid, v.catalog[cid])

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        v: State = view
        out: dict[Hashable, Content] = {}
        for p, side in enumerate(v.sides):
            hidden = p != seats.viewer or seats.hide_hands
            out[("hand", p)] = Content(cards=tuple(
                CardLook(-1 - k - 100 * p) if hidden or v.cards[c] == HIDDEN
                else CardLook(c, self._face(v, c), dimmed=v.played and p == v.active)
                for k, c in enumerate(side.hand)))
            out[("row", p)] = Content(slots=tuple(
                None if u is None else CardLook(
                    u.card, self._face(v, u.card), sideways=not u.ready, damage=u.damage,
                    counters=((f"+{v.health(u) - v.card(u.card).health} H", (40, 110, 60)),)
                    if u.under else (),
                    under=tuple(CardLook(c, self._face(v, c)) for c in u.under))
                for u in side.row), active=p == v.active)
            out[("life", p)] = Content(value=side.life)
            out[("grave", p)] = Content(cards=tuple(CardLook(c, self._face(v, c))
                                                    for c in side.grave))
        out["deck"] = Content(count=len(v.deck))
        out["info"] = Content(lines=(
            f"Turn {v.turn} · {seats.names[v.active]} to play",
            "Drag a card into a slot (onto your own unit it stacks); click a ready unit to "
            "attack."))
        return out

    # the rules' intents <-> the table's cards and regions
    def card_source(self, intent: Intent) -> Hashable | None:
        return intent.card if isinstance(intent, Play | Attack) else None

    def card_target(self, intent: Intent) -> Target | None:
        if isinstance(intent, Play) and self.view is not None:
            return (("row", self.view.active), intent.slot)
        return None  # an attack is a click on the unit (its menu), not a drop

    def implied_intent(self, card: Hashable, target: Target) -> Intent | None:
        """What a drop of ``card`` on ``target`` would mean, legal or not: the rules then say
        why it is refused ("you have already played a card this turn")."""
        region, slot = target
        mine = self.view is not None and region == ("row", self.view.active)
        if mine and slot is not None and isinstance(card, int):
            return Play(card=card, slot=slot)
        return None

    def status(self) -> tuple[str, str]:
        v: State | None = self.view
        return (f"Turn {v.turn}", "") if v is not None else ("", "")
