"""Nullshapers' table: the planet as three biome columns (both players' sectors facing each
other, their durability beside them), staging areas, energy rows, hands, decks, caches and the
answer queue, as a region table."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from game.draw.card_states import CardLook
from game.draw.cards import CardFaces, FaceSpec
from game.draw.marks import GLOWS, KindMark, Shown
from game.draw.palette import OWNER, Color
from game.draw.scale import px
from game.draw.text import TEXT
from game.layouts.base import CHANGED_BY_RELOAD, ManualSpot, Overlay, Piece, Pos, Seats
from game.layouts.face_specs import FaceSpecs
from game.layouts.region_spec import Content, Region, TableSpec, Target
from game.layouts.regions import RegionTable
from rules.core.manual_table import BOARD
from rules.core.model import Intent
from rules.nullshapers.cards import HIDDEN
from rules.nullshapers.effects import target_kind
from rules.nullshapers.flow import Blow, battle_preview, damage_order, speeds, to_act
from rules.nullshapers.game import GAME
from rules.nullshapers.intents import (
    Advance,
    Attach,
    AttackWith,
    Convert,
    Defend,
    Discard,
    LoseBiome,
    Order,
    Play,
)
from rules.nullshapers.pack import face as pack_face
from rules.nullshapers.ruleset import NullshapersRules
from rules.nullshapers.state import (
    BIOMES,
    DURABILITY,
    PHASES,
    STAGING,
    Entry,
    State,
    attack_of,
    defense_of,
)

ATTACK = (200, 60, 50)
DEFEND = (60, 110, 190)
BOOST = (40, 120, 70)
SPEED: dict[int, Color] = {1: (90, 90, 90), 2: (40, 110, 170), 3: (190, 60, 50)}
FADE_MS = 1100  # terminated agents and sector hits fade out over this long
CARD = "card"  # per-card targets: ((CARD, iid), None)
STEPS = ("Start", "Primary 1", "Advance", "Attack", "Defend", "Damage", "Primary 2", "End")
SHOWN = {"First primary": "Primary 1", "Second primary": "Primary 2"}

# Rows: their hand, their staging and energy, their sectors, the biome names, your sectors,
# your staging and energy, your hand (the tallest: at 1024x600 its cards were too small to
# read; theirs are only backs). Columns: three (sector, durability) pairs, the queue.
SPEC = TableSpec(
    rows=(0.42, 1.1, 1.2, 0.3, 1.2, 1.1, 1.7),
    cols=(2.65, 1.15, 2.65, 1.15, 2.65, 1.15, 1.95),
    regions=(
        Region("hand", "hand", cell=(6, 0), span=(1, 5), label="Hand"),
        Region("deck", "pile", cell=(6, 5), label="Deck"),
        Region("cache", "book", cell=(6, 6), label="Cache", face_up=True),
        Region("staging", "lane", cell=(5, 0), span=(1, 4), label="Staging area"),
        Region("energy", "lane", cell=(5, 4), label="Energy (face down)"),
        Region("anomaly", "lane", cell=(5, 5), span=(1, 2), label="Anomaly"),
        *(r for b in range(3) for r in (
            Region(f"sector{b}", "lane", cell=(4, 2 * b), label=f"Sector · {BIOMES[b]}"),
            Region(f"dur{b}", "counter", cell=(4, 2 * b + 1), label="Durability"))),
        *(Region(f"biome{b}", "panel", cell=(3, 2 * b), span=(1, 2), mirror=False)
          for b in range(3)),
        Region("queue", "column", cell=(2, 6), span=(3, 1), mirror=False,
               label="Queue"),
    ),
)
_CARD_PLACES = ("staging", "sector0", "sector1", "sector2", "queue")


class NullshapersTable(RegionTable):
    game = GAME.name
    spec = SPEC
    steps = STEPS
    space_kinds = ("pass", "done")
    pass_kind = "pass"
    sequence_title = "Queue  (top executes first)"
    highlight_kinds = {"play": "open", "convert": "skill", "advance": "move",
                       "attach": "skill", "attack": "attack", "defend": "move",
                       "order": "choose", "discard": "choose", "lose_biome": "choose"}
    # A manual step's drops (``manual_spots``): a sector is the board's biome; the staging
    # area holds agents (the board's STAGING) and gear (its pile).
    manual_regions = {"hand": (("hand", 0),), "deck": (("deck", 0),),
                      "cache": (("cache", 0),), "energy": (("energy", 0),),
                      "anomaly": (("anomaly", 0),),
                      "staging": ((BOARD, STAGING), ("staging", 0)),
                      **{f"sector{b}": ((BOARD, b),) for b in range(3)}}

    kinds = {**GLOWS,
             "open": KindMark("Play", "plus", "solid"),
             "move": KindMark("Advance", "arrow", "solid"),
             "skill": KindMark("Convert", "bolt", "dotted"),
             "attack": KindMark("Attack", "swords", "dashed"),
             "choose": KindMark("Choose", "diamond", "dotted")}
    legend = (
        Shown("usable", "glow", "a card you can use now"),
        Shown("respond", "glow", "a card you can answer the queue with"),
        Shown("open", "bright", "play the card here"),
        Shown("move", "bright", "advance into this biome, or defend this attacker"),
        Shown("skill", "bright", "convert into energy, or attach the gear here"),
        Shown("attack", "bright", "attack with it"),
        Shown("choose", "bright", "a choice to click"),
    )

    def __init__(self, faces: CardFaces | None = None) -> None:
        super().__init__(faces, NullshapersRules())
        self.specs = FaceSpecs(pack_face, self.pack_folder)
        # What just happened, fading out: terminated agents where they stood, and sectors
        # that lost durability (start time in ms, what, where).
        self._ghosts: list[tuple[int, CardLook, tuple[int, int], pygame.Rect]] = []
        self._hits: list[tuple[int, int, Hashable]] = []
        self._held: Hashable | None = None

    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        old: State | None = self.view
        before = {d.look.id: d for d in self.cards if isinstance(d.look.id, int)}
        super().update(view, seats, legal)
        new: State | None = view
        if old is None or new is None or old.turn > new.turn or \
                (old.turn == new.turn and len(old.agents) + 5 < len(new.agents)):
            return  # a new game, an undo or a jump: nothing to animate
        now = pygame.time.get_ticks()
        for iid in old.agents:
            d = before.get(iid)
            if iid not in new.agents and d is not None:
                self._ghosts.append((now, d.look, d.size, d.box.copy()))
        for p in (0, 1):
            for b in range(3):
                lost = old.sides[p].durability[b] - new.sides[p].durability[b]
                if lost > 0:
                    self._hits.append((now, lost, (f"sector{b}", p)))

    def animating(self) -> bool:
        now = pygame.time.get_ticks()
        self._ghosts = [g for g in self._ghosts if now - g[0] < FADE_MS]
        self._hits = [h for h in self._hits if now - h[0] < FADE_MS]
        return bool(self._ghosts or self._hits)

    def _draw_fading(self, surf: pygame.Surface) -> None:
        now = pygame.time.get_ticks()
        for start, look, size, box in self._ghosts:
            t = (now - start) / FADE_MS
            if t >= 1:
                continue
            img = self.painter.surface(look, size).copy()
            img.set_alpha(round(255 * (1 - t)))
            surf.blit(img, img.get_rect(center=box.center))
            w = max(2, px(4))
            pygame.draw.line(surf, (230, 40, 40), box.topleft, box.bottomright, w)
            pygame.draw.line(surf, (230, 40, 40), box.topright, box.bottomleft, w)
        rects = {p.id: p.rect for p in self.placed}
        for start, lost, rid in self._hits:
            t = (now - start) / FADE_MS
            r = rects.get(rid)
            if t >= 1 or r is None:
                continue
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((220, 40, 40, round(120 * (1 - t))))
            surf.blit(glow, r.topleft)
            text = TEXT.get(f"-{lost}", 34, (255, 235, 220), True)
            surf.blit(text, text.get_rect(center=(r.centerx, r.centery - round(t * px(20)))))

    def buttons(self) -> dict[str, str]:
        return {"pass": "Pass (Space)", "done": "Done (Space)"}

    # ---- faces and looks -----------------------------------------------------------------
    def _face(self, v: State, iid: int) -> FaceSpec | None:
        cid = v.cards.get(iid, HIDDEN)
        if cid == HIDDEN:
            return None
        return self.specs.get(cid, v.catalog[cid])

    def _queued(self, v: State, e: Entry) -> CardLook:
        """A queue entry drawn from its own copy of its card: the face and Speed it executes
        with, whatever a hot reload did to the card since it was played."""
        card = e.played
        if card is None or v.cards.get(e.card, HIDDEN) == HIDDEN:
            face, speed = self._face(v, e.card), v.card(e.card).speed
        else:
            face, speed = self.specs.get(("queued", e.card), card), card.speed
        return CardLook(("skill", e.card) if e.skill else e.card, face,
                        counters=((f"S{speed}" if not e.skill else "skill",
                                   SPEED.get(speed, SPEED[1])),))

    def _agent(self, v: State, iid: int) -> CardLook:
        ag = v.agents[iid]
        counters: list[tuple[str, Color]] = []
        if iid in v.attackers:
            counters.append(("ATTACKING", ATTACK))
        for x, a in v.blocks:
            if x == iid:
                counters.append((f"defends {v.name(a)}", DEFEND))
        for a in v.attackers:
            order = damage_order(v, a)
            if iid in order and len(order) > 1 and (iid in v.ordered or v.at != "order"):
                counters.append((f"#{order.index(iid) + 1}", DEFEND))
        if iid in v.advancing:
            counters.append((f"→ {BIOMES[v.advance_biome].split()[0]}", BOOST))
        card = v.card(iid)
        a, d = attack_of(v, iid), defense_of(v, iid)
        if (a, d) != (card.attack, card.defense):
            counters.append((f"ATK {a} · DEF {d}", BOOST))  # a slash vanishes at this size
        if ag.locked:
            counters.append(("locked", (110, 110, 110)))
        return CardLook(iid, self._face(v, iid), sideways=ag.locked, damage=ag.damage,
                        counters=tuple(counters),
                        under=tuple(CardLook(g, self._face(v, g)) for g in ag.gear))

    def manual_spots(self, card: Hashable, pos: Pos) -> list[ManualSpot]:
        """As the regions say, but a card that is no agent goes into the staging area as
        gear (its pile), not onto the board."""
        spots = super().manual_spots(card, pos)
        v: State | None = self.view
        try:
            agent = v is not None and isinstance(card, int) and v.card(card).kind == "agent"
        except (KeyError, IndexError, AttributeError):
            agent = False
        return spots if agent else sorted(spots, key=lambda s: s[0] == BOARD)

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        v: State = view
        out: dict[Hashable, Content] = {}
        for p, side in enumerate(v.sides):
            hidden = p != seats.viewer or seats.hide_hands
            out[("hand", p)] = Content(cards=tuple(
                CardLook(-1 - k - 100 * p) if hidden or v.cards.get(c) == HIDDEN
                else CardLook(c, self._face(v, c)) for k, c in enumerate(side.hand)))
            out[("deck", p)] = Content(count=len(side.deck))
            out[("cache", p)] = Content(cards=tuple(CardLook(c, self._face(v, c))
                                                    for c in side.cache))
            mine = sorted(i for i, a in v.agents.items() if a.owner == p and a.biome == STAGING)
            out[("staging", p)] = Content(cards=(
                *(self._agent(v, i) for i in mine),
                *(CardLook(c, self._face(v, c)) for c in side.staging)))
            out[("energy", p)] = Content(cards=tuple(
                CardLook(-1000 - c, None, sideways=k < side.spent)
                for k, c in enumerate(side.energy)))
            out[("anomaly", p)] = Content(cards=(CardLook(side.anomaly,
                                                          self._face(v, side.anomaly)),)
                                          if side.anomaly >= 0 else ())
            for b in range(3):
                here = sorted(i for i, a in v.agents.items() if a.owner == p and a.biome == b)
                out[(f"sector{b}", p)] = Content(cards=tuple(self._agent(v, i) for i in here),
                                                 active=bool(here))
                out[(f"dur{b}", p)] = Content(value="lost" if side.lost[b]
                                              else side.durability[b])
        for b in range(3):
            lost = [p for p in (0, 1) if v.sides[p].lost[b]]
            state = f"lost by {seats.names[lost[0]]}" if lost else "fought over"
            out[f"biome{b}"] = Content(lines=(f"{BIOMES[b]} · {state}",),
                                       active=v.advance_biome == b)
        stack = v.queue.stack if v.queue is not None else ()
        out["queue"] = Content(cards=tuple(self._queued(v, e) for e in reversed(stack)),
                               active=bool(stack))
        return out

    def draw_marks(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v: State | None = self.view
        if v is None:
            return
        if self._ghosts or self._hits:
            self._draw_fading(surf)
        for p in self.placed:  # each sector's durability as a bar under its number
            name = p.region.name
            if not name.startswith("dur") or p.owner is None:
                continue
            b = int(name[3:])
            side = v.sides[p.owner]
            frac = 0.0 if side.lost[b] else side.durability[b] / DURABILITY
            bar = pygame.Rect(p.rect.x + px(8), p.rect.bottom - px(18), p.rect.w - px(16),
                              px(10))
            pygame.draw.rect(surf, (34, 38, 40), bar, border_radius=px(4))
            fill = pygame.Rect(bar.x, bar.y, round(bar.w * frac), bar.h)
            colour = (70, 190, 90) if frac > 0.5 else (230, 180, 60) if frac > 0.25 \
                else (220, 70, 60)
            if fill.w:
                pygame.draw.rect(surf, colour, fill, border_radius=px(4))

    # ---- per-card targets (an agent, a queued card) ---------------------------------------
    def _arrange(self) -> None:
        super()._arrange()
        base = [t for t in self._targets if not _card_target(t[0])]
        cards: list[tuple[Target, pygame.Rect]] = [
            (((CARD, d.look.id), None), d.box) for d in self.cards
            if d.where in _CARD_PLACES and isinstance(d.look.id, int) and not d.browsed]
        self._targets = base + cards
        self.zone_of = {t: k for k, (t, _) in enumerate(self._targets)}

    def card_zone(self, zone: int) -> bool:
        return _card_target(self._targets[zone][0][0])

    def zones_under(self, pos: tuple[int, int]) -> list[int]:
        """Every zone at ``pos``, the smallest first (a card before the region it lies in)."""
        hits = [(r.w * r.h, k) for k, (_, r) in enumerate(self._targets) if r.collidepoint(pos)]
        return [k for _, k in sorted(hits)]

    def press(self, piece: Piece | None, pos: tuple[int, int], ctx: Any) -> Any:
        self._held = piece.source if piece is not None else None  # what a drop would carry
        return super().press(piece, pos, ctx)

    def zone_at(self, pos: tuple[int, int]) -> int | None:
        """The smallest zone at ``pos`` that takes the piece being carried: a drop on a card
        that takes nothing from it falls through to the region under it (an agent dropped on
        another one in the staging area is played there)."""
        under = self.zones_under(pos)
        held = self._held
        if held is not None and len(under) > 1:
            for zone in under:
                if any(self.source_of(i) == held and self.target_of(i) == zone
                       for i in self.legal):
                    return zone
        return under[0] if under else None

    # ---- intents on the table -------------------------------------------------------------
    def card_source(self, intent: Intent) -> Hashable | None:
        if isinstance(intent, Play | Convert | Discard):
            return intent.card
        if isinstance(intent, Advance | AttackWith | Defend | Order):
            return intent.agent
        if isinstance(intent, Attach):
            return intent.gear
        return None

    def card_target(self, intent: Intent) -> Target | None:
        v: State | None = self.view
        if v is None:
            return None
        me = to_act(v)
        if isinstance(intent, Play):
            card = v.card(intent.card)
            if intent.biome >= 0:
                return ((f"sector{intent.biome}", me), None)
            if card.kind in ("agent", "hardware", "software"):
                return (("staging", me), None)
            if card.kind == "anomaly":
                return (("anomaly", me), None)
            kind = target_kind(card)
            if kind == "none":
                return ("queue", None)
            if kind == "biome":
                return ((f"sector{intent.target}", me), None)
            return ((CARD, intent.target), None)
        if isinstance(intent, Convert):
            return (("energy", me), None)
        if isinstance(intent, Advance):
            return ((f"sector{intent.biome}", me), None)
        if isinstance(intent, Attach):
            return ((CARD, intent.agent), None)
        if isinstance(intent, Defend):
            return ((CARD, intent.attacker), None)
        if isinstance(intent, Discard):
            return (("cache", me), None)
        if isinstance(intent, LoseBiome):
            return (f"biome{intent.biome}", None)
        return None  # attack and order: a click on the agent

    def implied_intent(self, card: Hashable, target: Target) -> Intent | None:
        v: State | None = self.view
        if v is None or not isinstance(card, int):
            return None
        region, _ = target
        p = to_act(v)
        if p is None:
            return None
        if card in v.sides[p].hand:
            if region == ("energy", p):
                return Convert(card=card)
            if region == ("cache", p):
                return Discard(card=card)
            if isinstance(region, tuple) and region[0] == CARD:
                return Play(card=card, target=region[1])
            if isinstance(region, tuple) and str(region[0]).startswith("sector"):
                b = int(str(region[0])[-1])
                if v.card(card).kind == "agent":
                    return Play(card=card, biome=b)
                return Play(card=card, target=b)
            if region in (("staging", p), ("anomaly", p), "queue"):
                return Play(card=card)
            return None
        if card in v.agents and isinstance(region, tuple):
            if str(region[0]).startswith("sector"):
                return Advance(agent=card, biome=int(str(region[0])[-1]))
            if region[0] == CARD:
                return Defend(agent=card, attacker=region[1])
        if card in v.sides[p].staging and isinstance(region, tuple) and region[0] == CARD:
            return Attach(gear=card, agent=region[1])
        return None

    # ---- words ------------------------------------------------------------------------------
    def status(self) -> tuple[str, str]:
        v: State | None = self.view
        if v is None:
            return ("", "")
        phase, step = PHASES[v.at]
        shown = step if step in ("Advance", "Attack", "Defend") else SHOWN.get(phase, phase)
        if v.over:
            return (f"Turn {v.turn}", "")
        return (f"Turn {v.turn} · P{v.active + 1}", shown)

    def sequence_lines(self) -> list[tuple[str, Color]]:
        v: State | None = self.view
        if v is None or v.over:
            return []
        out: list[tuple[str, Color]] = []
        stack = v.queue.stack if v.queue is not None else ()
        for e in reversed(stack):
            # The entry's own copy of its card: what executes, whatever a hot reload did to the
            # card since it was played.
            card = e.played if e.played is not None else v.card(e.card)
            aim = ""
            if e.biome >= 0:
                aim = f" → {BIOMES[e.biome]}" if e.biome < len(BIOMES) else ""
            elif e.target >= 0:
                # Never indexed blind: what does not fit (a state edited by hand) is drawn so.
                biome = target_kind(card) == "biome"
                if biome and e.target < len(BIOMES):
                    aim = f" → {BIOMES[e.target]}"
                elif not biome and e.target in v.cards:
                    aim = f" → {v.name(e.target) if v.cards[e.target] != HIDDEN else '?'}"
                else:
                    aim = f" {CHANGED_BY_RELOAD}"
            what = f"{card.name}'s reactive skill" if e.skill else f"{card.name}{aim}"
            out.append((f"[Speed {card.speed}] {what} · {self.seats.names[e.player]}",
                        OWNER[e.player]))
        if v.at in ("defenders", "order", "defend_after"):
            blows = battle_preview(v)  # the rules' own battle, on a copy
            out.extend((self._preview(v, a, blow), ATTACK) for a, blow in blows.items())
        who = to_act(v)
        if who is not None:
            out.append((self._now(v, who), (200, 200, 200)))
        return out

    def sequence_numbered(self) -> int | None:
        """Only queued cards are numbered: the previews and the prompt under them are not."""
        v: State | None = self.view
        return len(v.queue.stack) if v is not None and v.queue is not None else 0

    def _preview(self, v: State, a: int, blow: Blow) -> str:
        """What one attacker will deal if nothing more is played, as the rules' battle goes
        (ranged strikes first): each defender in order, then the sector."""
        head = f"{v.name(a)} ({attack_of(v, a)} damage)"
        if not blow.struck:
            why = "terminated by a ranged strike first" if not blow.survives \
                else "does not strike (the game ends first)"
            return f"{head}: {why}, deals nothing"
        parts = [f"#{k + 1} {v.name(x)} takes {n}" for k, (x, n) in enumerate(blow.hits)]
        parts.append(f"sector takes {blow.sector}")
        fate = "" if blow.survives else ", then is terminated"
        return f"{head}: {', '.join(parts)}{fate}"

    def responding(self, legal: Sequence[Intent]) -> bool:
        """Answering: the queue holds something (an empty window is acting, not answering)."""
        v: State | None = self.view
        return v is not None and v.queue is not None and bool(v.queue.stack) \
            and any(i.kind == "pass" for i in legal)

    def sequence_footer(self, deciding: bool) -> str:
        v: State | None = self.view
        if v is not None and v.queue is None and not v.sides[0].must_lose \
                and not v.sides[1].must_lose:
            if not deciding:
                return "Waiting for the other player…"
            return "Then Done (Space)." if v.at in ("advance_pick", "attackers", "defenders") \
                else "Click to choose."
        if deciding and v is not None and v.queue is not None and not v.queue.stack:
            return "Play a lit card, or Pass (Space)."
        return super().sequence_footer(deciding)

    def _now(self, v: State, who: int) -> str:
        name = self.seats.names[who]
        if v.sides[who].must_lose:
            return f"{name}'s deck is empty: click the biome you give up."
        if v.queue is not None:
            sp = speeds(v, who)
            if not sp:  # attackers chosen: the attacking player only answers
                return f"Now: {name} may only answer the other player: Pass."
            return f"Now: {name} may act at Speed {'/'.join(map(str, sp))}, or Pass."
        return {
            "advance_pick": f"{name} advances: drag agents onto a biome, gear onto them; Done.",
            "attackers": f"{name}: click agents in biomes to attack, then Done.",
            "defenders": f"{name}: drag defenders onto the attackers they block, then Done.",
            "order": f"{name}: click defenders in the order they take damage.",
            "discard": f"{name}: discard down to 7 (drag to the cache).",
        }.get(v.at, "")

    def opening_lines(self, state: Any, names: tuple[str, str]) -> list[str]:
        s: State = state
        return [f"{names[s.first]} starts (draws 1 on the first turn). Lose 2 of the 3 biomes "
                f"and you lose."]


def _card_target(region: Hashable) -> bool:
    return isinstance(region, tuple) and len(region) == 2 and region[0] == CARD
