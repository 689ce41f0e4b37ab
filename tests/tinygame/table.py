"""Tiny Cards' table: the regions as data, and the one function from the rules' view to what each
region holds."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from game.draw.card_states import CardLook
from game.draw.cards import Block, CardFaces, FaceSpec
from game.layouts.base import Seats
from game.layouts.region_spec import Content, Region, TableSpec, Target
from game.layouts.regions import RegionTable
from rules.core.model import Intent
from tests.tinygame.game import GAME
from tests.tinygame.rules import HIDDEN, NAMES, Attack, Play, State, TinyRules, health, power

COLOURS = ((150, 96, 60), (176, 70, 52), (196, 120, 40), (200, 60, 90))

# Rows: the other player's hand, their row, the middle line, your row, your hand.
SPEC = TableSpec(
    rows=(0.75, 1.35, 0.3, 1.35, 1.25),
    cols=(0.9, 4.0, 0.9),
    regions=(
        Region("hand", "hand", cell=(4, 1), span=(1, 2)),
        Region("row", "slots", cell=(3, 1), capacity=3, label="Row"),
        Region("life", "counter", cell=(3, 0), label="Life"),
        Region("grave", "book", cell=(3, 2), label="Grave"),
        Region("deck", "pile", cell=(4, 0), label="Deck"),
        Region("info", "panel", cell=(2, 0), span=(1, 3), mirror=False),
    ),
)


def face(card: int) -> FaceSpec:
    k = card % 4
    return FaceSpec(key=f"tiny-{k}", name=NAMES[k], type_label="Unit", colour=COLOURS[k],
                    cost=None, stats=(("P", power(card)), ("H", health(card))),
                    blocks=(Block("", "", (0, 0, 0),
                                  "Attacks the slot across: the unit there, else the player."),))


class TinyTable(RegionTable):
    game = GAME.name
    spec = SPEC
    space_kinds = ("end_turn",)
    highlight_kinds = {"play": "open", "attack": "attack"}

    def __init__(self, faces: CardFaces | None = None) -> None:
        super().__init__(faces, TinyRules())

    def buttons(self) -> dict[str, str]:
        return {"end_turn": "End turn (Space)"}

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        v: State = view
        out: dict[Hashable, Content] = {}
        for p, side in enumerate(v.sides):
            hidden = p != seats.viewer or seats.hide_hands
            out[("hand", p)] = Content(cards=tuple(
                CardLook(-1 - k - 100 * p) if hidden or c == HIDDEN
                else CardLook(c, face(c), dimmed=v.played and p == v.active)
                for k, c in enumerate(side.hand)))
            out[("row", p)] = Content(slots=tuple(
                None if u is None else CardLook(
                    u.card, face(u.card), sideways=not u.ready, damage=u.damage,
                    counters=((f"+{u.health - health(u.card)} H", (40, 110, 60)),)
                    if u.under else (),
                    under=tuple(CardLook(c, face(c)) for c in u.under))
                for u in side.row), active=p == v.active)
            out[("life", p)] = Content(value=side.life)
            out[("grave", p)] = Content(cards=tuple(CardLook(c, face(c)) for c in side.grave))
            out[("deck", p)] = Content(count=len(side.deck))
        who = seats.names[v.active]
        out["info"] = Content(lines=(
            f"Turn {v.turn} · {who} to play",
            "Drag a card into a slot (onto your own unit it stacks); click a ready unit to "
            "attack."))
        return out

    def card_source(self, intent: Intent) -> Hashable | None:
        return intent.card if isinstance(intent, Play | Attack) else None

    def card_target(self, intent: Intent) -> Target | None:
        if isinstance(intent, Play) and self.view is not None:
            return (("row", self.view.active), intent.slot)
        return None

    def implied_intent(self, card: Hashable, target: Target) -> Intent | None:
        region, slot = target
        mine = self.view is not None and region == ("row", self.view.active)
        if mine and slot is not None and isinstance(card, int):
            return Play(card=card, slot=slot)
        return None

    def status(self) -> tuple[str, str]:
        v: State | None = self.view
        if v is None:
            return ("", "")
        return (f"Turn {v.turn}", "")  # whose decision it is stands at the bar's right end

