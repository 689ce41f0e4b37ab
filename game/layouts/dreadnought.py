"""Dreadnought's table as a region table: for each player the Speed Area, two casters (their
HP cards a face-down stack beneath), the two Battle Areas between them, the log, the deck and
the hand; the speed comparison in large type across the middle."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from game.draw.card_states import CardLook
from game.draw.cards import CardFaces, FaceSpec
from game.draw.marks import GLOWS, KindMark, Shown
from game.draw.palette import GOLD, INK, INK_DIM, OWNER, PANEL, Color
from game.draw.scale import px
from game.draw.text import TEXT, fit, wrap
from game.layouts.base import Overlay, Piece, Seats
from game.layouts.face_specs import FaceSpecs
from game.layouts.region_parts import REGION_FILL, region_label
from game.layouts.region_spec import Content, Placed, Region, TableSpec, Target
from game.layouts.regions import RegionTable
from rules.core.manual_table import BOARD
from rules.core.model import Intent
from rules.dreadnought import reading
from rules.dreadnought.cards import HIDDEN
from rules.dreadnought.intents import (
    Attack,
    Block,
    CastDummy,
    CastUnit,
    Check,
    ChooseSpeed,
    DiscardUnit,
    GearChange,
    MoveUnit,
    PayLog,
    UseAbility,
)
from rules.dreadnought.legal import current, to_act
from rules.dreadnought.pack import face as pack_face
from rules.dreadnought.ruleset import DreadnoughtRules
from rules.dreadnought.state import AREA_SIZE, EMPTY, State, area_of

AREAS = ("left", "right")
CASTERS = ("caster_left", "caster_right")
PHASE_NAMES = {"choose": "Speed", "speed": "Speed", "cast": "Cast", "fast": "Fast",
               "action": "Action", "over": "End"}
DUMMY_PILL: Color = (90, 90, 110)
HP_PILL: Color = (170, 40, 50)
SIZE_PILL: Color = (40, 70, 120)
BP_PILL: Color = (40, 110, 60)
CAST_PILL: Color = (150, 110, 30)
FLASH_MS = 1600  # how long a speed comparison stays large over the table
FLIP_MS = 500  # the first part of it: both speed cards turn over together, back to face

# Rows: the other player's hand, their table, the middle strip, your table, your hand.
# Columns: Speed Area, left caster, left Battle Area, right Battle Area, right caster, log.
SPEC = TableSpec(
    rows=(0.62, 1.45, 0.42, 1.45, 1.15),
    cols=(0.85, 0.85, 1.6, 1.6, 0.85, 0.85),
    regions=(
        Region("hand", "hand", cell=(4, 1), span=(1, 4)),
        Region("deck", "pile", cell=(4, 5), label="Deck"),
        Region("hp", "counter", cell=(4, 0), label="HP left"),
        Region("speed", "slots", cell=(3, 0), capacity=1, label="Speed Area"),
        Region("caster_left", "slots", cell=(3, 1), capacity=1, label="Caster"),
        Region("left", "slots", cell=(3, 2), capacity=2, label="Left Battle Area"),
        Region("right", "slots", cell=(3, 3), capacity=2, label="Right Battle Area"),
        Region("caster_right", "slots", cell=(3, 4), capacity=1, label="Caster"),
        Region("log", "book", cell=(3, 5), label="Log", face_up=True),  # a public pile
        Region("info", "panel", cell=(2, 0), span=(1, 6), mirror=False),
    ),
)


def slot_target(owner: int, slot: int) -> Target:
    return ((AREAS[area_of(slot)], owner), slot % 2)


def casting_label(v: State) -> str:
    assert v.paying is not None
    return f"Casting: {v.name(v.paying.card)}"


def bp_text(v: State, iid: int) -> str:
    """A unit's BP as the rules count it (``reading.bp_of``: base plus until-End bonus), the
    bonus after it: "BP 170 (+70)"."""
    bonus = v.units[iid].bonus
    return f"BP {reading.bp_of(v, iid)}" + (f" ({bonus:+d})" if bonus else "")


def room_note(p: Placed, left: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """The "2 of 3 size left" note of a Battle Area and where it goes: at the area's top
    right beside its label, shortened ("2 of 3 left") when the label leaves too little
    room, else under the label (at 1024x600 "Right Battle Area" and the note ran into each
    other)."""
    label = region_label(p.region.label, p.rect.w - px(12), INK_DIM)
    start = p.rect.x + px(7) + label.get_width() + px(8)
    for words in (f"{left} of {AREA_SIZE} size left", f"{left} of {AREA_SIZE} left"):
        t = TEXT.get(words, 13, INK_DIM)
        if p.rect.right - px(8) - t.get_width() >= start:
            return t, (p.rect.right - px(8) - t.get_width(), p.rect.y + px(6))
    return t, (p.rect.x + px(7), p.rect.y + px(5) + label.get_height())


class DreadnoughtTable(RegionTable):
    game = "dreadnought"
    spec = SPEC
    steps = ("Speed", "Draw", "Cast", "Fast", "Action", "End")
    space_kinds = ("pass",)
    highlight_kinds = {"cast": "open", "dummy": "choose", "move": "move", "attack": "attack",
                       "ability": "skill", "choose_speed": "open", "gear_change": "choose",
                       "discard": "choose"}
    kinds = {**GLOWS,
             "open": KindMark("Cast", "plus", "solid"),
             "choose": KindMark("Choose", "diamond", "dotted"),
             "move": KindMark("Move", "arrow", "solid"),
             "attack": KindMark("Attack", "swords", "dashed"),
             "skill": KindMark("Ability", "bolt", "dotted")}
    legend = (
        Shown("usable", "glow", "a card you can use now (click for its menu)"),
        Shown("open", "bright", "where a unit is cast, or a speed card goes"),
        Shown("choose", "bright", "where a dummy goes; a Gear Change or a discard"),
        Shown("move", "bright", "a slot to move the unit to"),
        Shown("attack", "bright", "the Battle Area to attack"),
        Shown("skill", "bright", "a target of the ability"),
    )
    # A manual step's drops (``RegionTable.manual_spots``): the two Battle Areas are board
    # slots 0-1 and 2-3, a caster stands for its HP cards.
    manual_regions = {"hand": (("hand", 0),), "deck": (("deck", 0),), "log": (("log", 0),),
                      "left": ((BOARD, 0),), "right": ((BOARD, 2),),
                      "caster_left": (("hp_left", 0),), "caster_right": (("hp_right", 0),),
                      "speed": (("speed", 0),)}

    def __init__(self, faces: CardFaces | None = None) -> None:
        self.specs = FaceSpecs(pack_face, self.pack_folder)
        self._seen: tuple[int, int] = (0, 0)  # the last comparison shown: (turn, which)
        self._flash_until = 0  # ms: the comparison shown large over the table until then
        super().__init__(faces, DreadnoughtRules())

    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        super().update(view, seats, legal)
        v: State | None = view
        if v is not None and v.compared and (v.turn, v.compared) != self._seen:
            self._seen = (v.turn, v.compared)
            self._flash_until = pygame.time.get_ticks() + FLASH_MS

    def animating(self) -> bool:
        return pygame.time.get_ticks() < self._flash_until

    def end_flash(self) -> None:
        """Take the speed comparison off the table now (a picture of the table under it)."""
        self._flash_until = 0

    # Dreadnought has priority windows, not a Sequence: nothing stacks or resolves.
    sequence_title = "Priority"

    def sequence_numbered(self) -> int | None:
        return 0  # its lines say who may act and how, none is a queued item

    def buttons(self) -> dict[str, str]:
        return {"pass": "Pass (Space)", "swap_areas": "Swap Battle Areas"}

    # ---- the view, region by region --------------------------------------------------------
    def _face(self, v: State, iid: int) -> FaceSpec | None:
        cid = v.cards.get(iid, HIDDEN)
        if cid == HIDDEN:
            return None
        return self.specs.get(cid, v.catalog[cid])

    def _tag(self, v: State, iid: int) -> tuple[tuple[str, Color], ...]:
        """Size and speed grade, which decide where a card fits and how fast it is."""
        cid = v.cards.get(iid, HIDDEN)
        c = v.catalog[cid] if cid != HIDDEN else None
        if c is None or c.size is None:
            return ()
        return ((f"{c.size} · {c.grade}", SIZE_PILL),)

    def _unit(self, v: State, iid: int) -> CardLook:
        u = v.units[iid]
        pills: list[tuple[str, Color]] = []
        if u.dummy:
            pills.append((f"Dummy · {bp_text(v, iid)}", DUMMY_PILL))
        else:
            pills.extend(self._tag(v, iid))
            if u.bonus:  # the face prints the base BP; the pill says what the rules count
                pills.append((bp_text(v, iid), BP_PILL))
        # A dummy lies Closed: its back for everybody.
        return CardLook(iid, None if u.dummy else self._face(v, iid), sideways=u.checked,
                        damage=u.damage, counters=tuple(pills))

    def casting(self, v: State) -> tuple[int, int] | None:
        """(player, slot) of the unit whose log-cost is being paid: it is in neither the hand
        nor a slot until paid, so the table shows it at the slot it is cast into."""
        pay = v.paying
        if pay is None or v.over or current(v) != "pay":
            return None
        p = to_act(v)
        if p is None or v.players[p].slots[pay.slot] != EMPTY:
            return None
        return (p, pay.slot)

    def _ghost(self, v: State) -> CardLook:
        """The unit being cast, dimmed at its destination, with how much is left to log."""
        pay = v.paying
        assert pay is not None
        return CardLook(pay.card, self._face(v, pay.card), dimmed=True,
                        counters=((f"Log {pay.left} more", CAST_PILL),))

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        v: State = view
        out: dict[Hashable, Content] = {}
        acting = current(v)
        cast = self.casting(v)
        for p, pl in enumerate(v.players):
            hidden = p != seats.viewer or seats.hide_hands
            # The size and grade pill from the left edge: the next card of the fan covers
            # the right, and the grade is what a speed card is chosen by.
            out[("hand", p)] = Content(cards=tuple(
                CardLook(c) if hidden else CardLook(c, self._face(v, c), counters=self._tag(v, c),
                                                    pills_left=True)
                for c in pl.hand))
            out[("deck", p)] = Content(count=len(pl.deck))
            out[("hp", p)] = Content(value=f"{len(pl.hp[0])} · {len(pl.hp[1])}")
            out[("log", p)] = Content(cards=tuple(CardLook(c, self._face(v, c)) for c in pl.log))
            speed = None
            if pl.speed != EMPTY:
                shown = not pl.closed or (p == seats.viewer and not seats.hide_hands)
                speed = CardLook(pl.speed, self._face(v, pl.speed) if shown else None,
                                 counters=(("Closed", DUMMY_PILL),) if pl.closed
                                 else self._tag(v, pl.speed))
            out[("speed", p)] = Content(slots=(speed,), active=acting == "choose"
                                        and v.chooser == p)
            for k in (0, 1):
                c = pl.casters[k]
                hp = len(pl.hp[k])
                out[(CASTERS[k], p)] = Content(slots=(CardLook(
                    c, self._face(v, c), dimmed=hp == 0,
                    counters=((f"HP {hp}", HP_PILL),),
                    under=tuple(CardLook(h) for h in pl.hp[k])),))
                out[(AREAS[k], p)] = Content(slots=tuple(
                    (self._ghost(v) if cast == (p, s) else None) if pl.slots[s] == EMPTY
                    else self._unit(v, pl.slots[s])
                    for s in (2 * k, 2 * k + 1)),
                    active=v.target == k and v.window is not None
                    and v.window.priority != p)
        out["info"] = Content()  # drawn large by ``draw``: the comparison and what to do
        return out

    def _who(self, p: int | None) -> str:
        return "nobody" if p is None else self.seats.names[p]

    def _info(self, v: State) -> list[str]:
        """The middle strip: the speed comparison and what the deciding player may do."""
        lines: list[str] = []
        st = current(v)
        if v.over:
            lines.append("The game is over.")
        elif st == "choose":
            lines.append(f"{self._who(v.chooser)}: drag a hand card onto your Speed Area "
                         "(it stays Closed until both chose).")
        elif st == "pay":
            assert v.paying is not None
            lines.append(f"Log-cost: click {v.paying.left} more hand card"
                         f"{'s' if v.paying.left > 1 else ''} to put into the log.")
        elif st == "attack":
            lines.append("Click more of your Normal units to Check them, then click an "
                         "opponent's Battle Area to attack it.")
        elif st == "block":
            lines.append("Choose a blocker: click a lit unit of the attacked area or its "
                         "caster (the caster loses 1 HP).")
        return lines

    def _banner(self, v: State) -> str:
        if v.compared == 0:
            return f"Turn {v.turn} · Speed phase: both choose a speed card"
        a, b = (reading.grade_label(g) for g in v.grades)
        names = self.seats.names
        if v.compared == 1:
            return f"Speed {a} vs {b}: {names[v.faster]} is faster" + self._now(v, (a, b))
        return f"Speed {a} vs {b}: {names[v.first]} is the first player"

    def _now(self, v: State, compared: tuple[str, str]) -> str:
        """During the Speed actions, the grades as they stand now when abilities or a Gear
        Change moved them since the comparison (a Closed card's grade is not known yet)."""
        if v.phase != "speed":
            return ""
        now = tuple("?" if pl.closed else reading.grade_label(reading.grade_index(v, p))
                    for p, pl in enumerate(v.players))
        return "" if now == compared else f" · now {now[0]} vs {now[1]}"

    # ---- intents on the table ---------------------------------------------------------------
    def card_source(self, intent: Intent) -> Hashable | None:
        if isinstance(intent, ChooseSpeed | GearChange | CastUnit | CastDummy | PayLog):
            return intent.card
        if isinstance(intent, DiscardUnit | MoveUnit | Check):
            return intent.unit
        if isinstance(intent, UseAbility):
            return intent.source
        if isinstance(intent, Block):
            return intent.blocker
        return None

    def _owner(self) -> int:
        v: State | None = self.view
        p = self.rules.to_act(v) if v is not None else None
        return 0 if p is None else int(p)

    def card_target(self, intent: Intent) -> Target | None:
        v: State | None = self.view
        if v is None:
            return None
        me = self._owner()
        if isinstance(intent, ChooseSpeed | GearChange):
            return (("speed", me), 0)
        if isinstance(intent, CastUnit | CastDummy | MoveUnit):
            return slot_target(me, intent.slot)
        if isinstance(intent, DiscardUnit):
            return (("log", me), None)
        if isinstance(intent, Attack):
            return ((AREAS[intent.area], 1 - me), None)
        if isinstance(intent, UseAbility) and intent.target != EMPTY:
            u = v.units.get(intent.target)
            if u is not None:
                return slot_target(u.owner, v.players[u.owner].slots.index(intent.target))
        return None

    def implied_intent(self, card: Hashable, target: Target) -> Intent | None:
        v: State | None = self.view
        if v is None or not isinstance(card, int):
            return None
        region, slot = target
        me = self._owner()
        if not isinstance(region, tuple) or region[1] != me:
            return None
        name = region[0]
        if name == "speed":
            return (ChooseSpeed if v.phase == "choose" else GearChange)(card=card)
        if name in AREAS and slot is not None:
            k = AREAS.index(name) * 2 + slot
            if card in v.units:
                return MoveUnit(unit=card, slot=k)
            return CastUnit(card=card, slot=k)
        return None

    def zone_at(self, pos: tuple[int, int]) -> int | None:
        """While an attack is declared, a click anywhere on an opponent's Battle Area (its
        units included) chooses that area."""
        zone = super().zone_at(pos)
        v: State | None = self.view
        if zone is None or v is None or not v.attackers or v.target != EMPTY:
            return zone
        region, slot = self._targets[zone][0]
        if slot is not None and isinstance(region, tuple) and region[0] in AREAS:
            return self.zone_of.get((region, None), zone)
        return zone

    def group_key(self, intent: Intent) -> Hashable:
        return getattr(intent, "index", None)  # one menu group per ability of a card

    def step_key(self) -> Hashable:
        """The turn and phase: the bar's mode and priority holder change within one."""
        v: State | None = self.view
        return None if v is None else (v.turn, v.phase)

    def status(self) -> tuple[str, str]:
        v: State | None = self.view
        if v is None:
            return ("", "")
        st = current(v)
        who = self._who(self.rules.to_act(v))
        if v.over:
            w = v.winner
            return (f"Turn {v.turn} · " + ("a draw" if w is None else
                                           f"{self.seats.names[w]} wins"), "End")
        if st in ("speed", "cast", "fast"):
            mode = "act any number of times, then Pass"
        elif st == "action":
            mode = "one action each, in turn"
        elif st == "choose":
            mode = "choose a speed card"
        elif st == "pay":
            mode = "pay the log-cost"
        elif st == "attack":
            mode = "declaring an attack"
        else:
            mode = "choose a blocker"
        return (f"Turn {v.turn} · {who}: {mode}", PHASE_NAMES[v.phase])

    def sequence_footer(self, deciding: bool) -> str:
        v: State | None = self.view
        if not deciding or v is None:
            return "Waiting for the other player…"
        if v.paying is not None:
            return "Click hand cards to log them."
        if v.target != EMPTY:
            return "Click a lit unit or caster to block."
        if v.attackers:
            return "Click more units, then an enemy Battle Area."
        return "Act with a lit card, or Pass."

    def sequence_lines(self) -> list[tuple[str, Color]]:
        """The phase's priority window: who holds it, in which mode, and the attack or the
        payment under way."""
        v: State | None = self.view
        if v is None or v.window is None or v.over:
            return []
        w = v.window
        holder = w.priority
        out: list[tuple[str, Color]] = []
        if v.attackers:
            total = sum(reading.bp_of(v, u) for u in v.attackers)
            aim = "" if v.target == EMPTY else f" at the {AREAS[v.target]} Battle Area"
            out.append((f"Attack: {len(v.attackers)} unit{'s' if len(v.attackers) > 1 else ''},"
                        f" {total} BP{aim}", OWNER[holder]))
        if v.paying is not None:
            out.append((f"Paying {v.card(v.paying.card).name}'s log-cost: "
                        f"{v.paying.left} left", OWNER[holder]))
        if w.mode == "hold":
            text = (f"{PHASE_NAMES[v.phase]} phase: {self.seats.names[holder]} acts any number "
                    "of times, then passes" + (" (the other already passed)" if w.passes else ""))
        else:
            text = (f"Action phase: one action each; {self.seats.names[holder]} now"
                    + (" (the other passed)" if w.passes else ""))
        out.append((text, OWNER[holder]))
        return out

    # ---- drawing ----------------------------------------------------------------------------
    def draw_marks(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v: State | None = self.view
        if v is None:
            return
        for p in self.placed:
            if not isinstance(p.id, tuple) or p.id[0] not in AREAS or p.owner is None:
                continue
            left = AREA_SIZE - reading.area_used(v, p.owner, AREAS.index(p.id[0]))
            t, at = room_note(p, left)
            surf.blit(t, at)
        self._draw_casting(surf, v)
        info = next((p for p in self.placed if p.id == "info"), None)
        if info is not None:
            lines = self._info(v)
            t = TEXT.get(fit(self._banner(v), 22, info.rect.w - px(16), True), 22, GOLD, True)
            y = info.rect.centery - (t.get_height() // 2 if not lines else t.get_height() * 2 // 3)
            surf.blit(t, t.get_rect(midtop=(info.rect.centerx, y)))
            if lines:
                s = TEXT.get(fit(lines[0], 14, info.rect.w - px(16)), 14, INK_DIM)
                surf.blit(s, s.get_rect(midtop=(info.rect.centerx, y + t.get_height())))
            if self.animating():
                self._draw_flip(surf, v)
                self._draw_flash(surf, v, self._flash_box(info.rect))

    def _draw_casting(self, surf: pygame.Surface, v: State) -> None:
        """What the log-cost pays for, named across the dimmed unit at its destination."""
        d = self._by_id.get(v.paying.card) if self.casting(v) and v.paying else None
        if d is None:
            return
        room = d.box.w - px(8)  # a long name wraps under "Casting:" rather than being cut
        lines = [TEXT.get(fit(line, 13, room, True), 13, INK, True)
                 for line in wrap(casting_label(v), 13, room, True)[:2]]
        step = lines[0].get_height()
        band = pygame.Rect(d.box.x, 0, d.box.w, step * len(lines) + px(6))
        band.center = d.box.center
        pygame.draw.rect(surf, PANEL, band)
        pygame.draw.rect(surf, CAST_PILL, band, width=max(1, px(2)))
        for k, t in enumerate(lines):
            surf.blit(t, t.get_rect(centerx=band.centerx, top=band.top + px(3) + k * step))

    def manual_piece_at(self, pos: tuple[int, int]) -> Piece | None:
        """The unit being cast is shown, not placed: a manual step cannot pick it up."""
        piece = self.piece_at(pos)
        v: State | None = self.view
        if piece is not None and v is not None and v.paying is not None \
                and piece.source == v.paying.card and self.casting(v):
            return None
        return piece

    def flip_progress(self) -> float | None:
        """How far the speed cards have turned over (0 back, 1 face), None when not turning:
        only at the first comparison, the one where both cards open together (D-01)."""
        left = self._flash_until - pygame.time.get_ticks()
        gone = FLASH_MS - left
        if left <= 0 or gone >= FLIP_MS or self._seen[1] != 1:
            return None
        return max(0.0, gone / FLIP_MS)

    def _draw_flip(self, surf: pygame.Surface, v: State) -> None:
        """Both open speed cards, drawn face up by the regions, repainted as a card turning
        over: its back narrowing to the edge, then its face widening."""
        t = self.flip_progress()
        if t is None:
            return
        for pl in v.players:
            d = self._by_id.get(pl.speed)
            if pl.speed == EMPTY or d is None or pl.closed:
                continue
            box = d.box.clip(surf.get_rect())
            if box.w < 4 or box.h < 4:
                continue
            face = surf.subsurface(box).copy()
            surf.fill(REGION_FILL, box)
            img = self.faces.back(box.size) if t < 0.5 else face
            w = max(1, int(box.w * abs(1.0 - 2.0 * t)))
            turned = pygame.transform.scale(img, (w, box.h))
            surf.blit(turned, turned.get_rect(center=box.center))

    @staticmethod
    def _flash_box(strip: pygame.Rect) -> pygame.Rect:
        box = pygame.Rect(0, 0, min(strip.w - px(40), px(620)), strip.h + px(150))
        box.center = strip.center
        return box

    def _draw_flash(self, surf: pygame.Surface, v: State, box: pygame.Rect) -> None:
        """The comparison as a moment (in ``box``, over the strip): both grades side by side
        in large type, and who is faster (first comparison) or the first player (second)."""
        names = self.seats.names
        who = v.faster if v.compared == 1 else v.first
        head = "Speed cards revealed" if v.compared == 1 else "Second comparison"
        tail = f"{names[who]} is faster" if v.compared == 1 else \
            f"{names[who]} is the first player"
        box = box.clip(surf.get_rect())
        # one opaque picture (the table under its round corners): what it covers is hidden
        card = surf.subsurface(box).copy()
        pygame.draw.rect(card, PANEL, card.get_rect(), border_radius=px(12))
        pygame.draw.rect(card, GOLD, card.get_rect(), width=px(3), border_radius=px(12))
        surf.blit(card, box)
        h = TEXT.get(head, 16, INK_DIM, True)
        surf.blit(h, h.get_rect(midtop=(box.centerx, box.y + px(10))))
        for p, x in ((0, box.x + box.w // 4), (1, box.right - box.w // 4)):
            g = TEXT.get(reading.grade_label(v.grades[p]), 54, OWNER[p], True)
            n = TEXT.get(fit(names[p], 15, box.w // 2 - px(20)), 15, OWNER[p])
            surf.blit(g, g.get_rect(center=(x, box.centery - px(6))))
            surf.blit(n, n.get_rect(midtop=(x, box.centery + px(26))))
        vs = TEXT.get("vs", 20, INK, True)
        surf.blit(vs, vs.get_rect(center=(box.centerx, box.centery - px(6))))
        t = TEXT.get(fit(tail, 26, box.w - px(20), True), 26, GOLD, True)
        surf.blit(t, t.get_rect(midbottom=(box.centerx, box.bottom - px(10))))
