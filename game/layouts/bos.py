"""BOS's table: three columns per side facing each other (wizards at each owner's end, the
summon slots in front), the boss beside them, life and vim counters, graveyards, and the
castle and spellbook as browsable books. The regions are data; ``contents`` reads the view."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.draw.card_states import CardLook
from game.draw.cards import CardFaces, FaceSpec, spec_of
from game.draw.marks import GLOWS, KindMark, Shown
from game.draw.palette import GOLD, HIGHLIGHT, INK, PANEL, Color
from game.draw.scale import px
from game.draw.text import TEXT, wrap
from game.layouts.base import Overlay, Piece, Seats
from game.layouts.face_specs import FaceSpecs
from game.layouts.region_spec import Content, Region, TableSpec, Target
from game.layouts.regions import RegionTable
from rules.bos.cards import HIDDEN, Card
from rules.bos.explain import unusable
from rules.bos.game import GAME
from rules.bos.intents import (
    Attack,
    Block,
    Cast,
    PlayerAttack,
    Summon,
    UseAbility,
)
from rules.bos.pack import face as pack_face
from rules.bos.ruleset import BosRules
from rules.bos.state import EMPTY, State
from rules.core.manual_table import BOARD
from rules.core.model import Intent

# Rows for the player at the bottom, top to bottom: the opponent's wizards and summons
# (mirrored), the middle strip, then the player's own summons and wizards. Columns: the three
# battle columns, boss / life, graveyard / vim, then each player's book (castle and spellbook
# as tabs, a page of faces) at their side of the table, beside the columns it is dropped on.
SPEC = TableSpec(
    rows=(0.9, 1.35, 0.42, 1.35, 0.9),
    cols=(2.5, 1.05, 1.05, 2.8),
    regions=(
        Region("field", "slots", cell=(3, 0), capacity=3, label="Summons · columns 1 · 2 · 3"),
        Region("wizards", "slots", cell=(4, 0), capacity=3, label="Wizards"),
        Region("boss", "slots", cell=(3, 1), capacity=1, label="Boss"),
        Region("grave", "book", cell=(3, 2), label="Graveyard", face_up=True),
        Region("life", "counter", cell=(4, 1), label="Life"),
        Region("vim", "counter", cell=(4, 2), label="Vim"),
        Region("book", "book", cell=(3, 3), span=(2, 1), label="Book", inline=True,
               tabs=(("castle", "Castle"), ("spells", "Spellbook"))),
        Region("info", "panel", cell=(2, 0), span=(1, 4), mirror=False),
    ),
)
STEP_NAMES = {"summoning": "Summoning", "main": "Main", "block": "Main", "over": "Ending"}
WARN: Color = (190, 60, 50)
STRENGTH: Color = (60, 90, 150)
FACE_DOWN: Color = (90, 70, 120)
READY_WIZARD: Color = (50, 120, 70)


def face_spec(card: Card, pack: Path | None = None) -> FaceSpec:
    """The card's face from the pack's own face function (deck screen and print use it); its
    art is looked up in the ``pack`` folder."""
    return spec_of(pack_face(card), pack)


def short(reason: str, cost: int) -> str:
    """A pill's worth of an unusable card's reason (the full sentence comes on hover)."""
    if "costs" in reason:
        return f"{cost} vim"
    if "condition" in reason:
        return "cond."
    if "Summoning phase" in reason:
        return "next turn"
    if reason.startswith("nothing to cast"):
        return "no target"
    return "wizard" if "wizard" in reason else "later"


class BosTable(RegionTable):
    game = GAME.name
    spec = SPEC
    steps = ("Startup", "Summoning", "Main", "Ending")
    space_kinds = ("end_summoning", "end_turn")
    highlight_kinds = {"summon": "move", "attack": "attack", "player_attack": "attack",
                       "cast": "skill", "ability": "skill", "block": "choose",
                       "reveal_boss": "open"}
    # A manual step's drops (``RegionTable.manual_spots``): the summons' columns are the board;
    # the book's shown tab is the pile a card dropped on it goes to.
    manual_regions = {"field": ((BOARD, 0),), "grave": (("graveyard", 0),),
                      "castle": (("castle", 0),), "spells": (("spellbook", 0),),
                      "wizards": (("wizards", 0),), "boss": (("boss", 0),)}
    kinds = {**GLOWS,
             "open": KindMark("Reveal", "plus", "solid"),
             "move": KindMark("Summon", "arrow", "solid"),
             "attack": KindMark("Attack", "swords", "dashed"),
             "skill": KindMark("Cast", "bolt", "dotted"),
             "choose": KindMark("Block", "diamond", "dotted")}
    legend = (
        Shown("usable", "glow", "a card you can use now (click for its menu)"),
        Shown("move", "bright", "a column to summon into"),
        Shown("attack", "bright", "a summon or player it can attack"),
        Shown("skill", "bright", "a target of the spell or ability"),
        Shown("choose", "bright", "a card that can block"),
        Shown("open", "bright", "a boss to reveal"),
    )
    dim_places = ("castle", "spells")

    def __init__(self, faces: CardFaces | None = None) -> None:
        self.specs = FaceSpecs(pack_face, self.pack_folder)
        self.why: dict[int, str] = {}  # dimmed castle / spellbook card -> the rules' reason
        self._phase: tuple[int, str, int] | None = None  # (turn, step, viewer) last shown
        super().__init__(faces, BosRules())

    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        """The book opens on the tab the phase needs, once as it begins (Castle in
        Summoning, Spellbook in Main); the player's own clicks choose after that."""
        v: State | None = view
        if v is not None:
            phase = (v.turn, "main" if v.step == "block" else v.step, seats.viewer)
            if phase != self._phase and v.active == seats.viewer and \
                    v.step in ("summoning", "main"):
                self.book_tab[("book", seats.viewer)] = 0 if v.step == "summoning" else 1
            if phase != self._phase:  # the gaps summons and casts left close up
                self.book_spots.clear()
            self._phase = phase
        super().update(view, seats, legal)

    def rises(self, piece: Piece) -> bool:
        """Castle and spellbook cards report the hover (``Overlay.raised``), so a dimmed one
        can say why it is dimmed."""
        return piece.where in ("castle", "spells")

    def buttons(self) -> dict[str, str]:
        return {"end_summoning": "End Summoning (Space)", "end_turn": "End turn (Space)",
                "take_it": "Take it (no block)"}

    # ---- the view, region by region ---------------------------------------------------------
    def _face(self, card: Card) -> FaceSpec:
        """Faces by card id, made again only when the card's data changes (hot reload)."""
        return self.specs.get(card.id, card)

    def _look(self, v: State, iid: int, **kw: Any) -> CardLook:
        cid = v.cards[iid]
        if cid == HIDDEN:
            return CardLook(iid, **kw)
        return CardLook(iid, self._face(v.catalog[cid]), **kw)

    def _unit(self, v: State, iid: int) -> CardLook:
        u = v.units[iid]
        printed = v.card(iid).strength or 0
        colour = STRENGTH if u.strength >= printed else WARN
        return self._look(v, iid, sideways=u.acted, damage=max(0, printed - u.strength),
                          counters=((f"Strength {u.strength}", colour),),
                          under=tuple(self._look(v, s) for s in u.under))

    def _pages(self, v: State, ids: Sequence[int], hidden: bool) -> tuple[CardLook, ...]:
        """One tab of a book: backs when hidden, else faces, an unusable one dimmed with a
        short pill (its whole reason is kept in ``why`` for the hover)."""
        if hidden:
            return tuple(CardLook(i) for i in ids)
        looks = []
        for i in ids:
            why = unusable(v, i) if v.active == v.owner(i) and v.step in ("summoning", "main") \
                else ""
            if why:
                self.why[i] = why
            looks.append(self._look(v, i, dimmed=bool(why),
                                    counters=((short(why, v.card(i).cost), WARN),) if why
                                    else ()))
        return tuple(looks)

    def contents(self, view: Any, seats: Seats) -> dict[Hashable, Content]:
        v: State = view
        out: dict[Hashable, Content] = {}
        self.why = {}
        for p, side in enumerate(v.sides):
            hidden = p != seats.viewer or seats.hide_hands
            out[("book", p)] = Content(tabs=(self._pages(v, side.castle, hidden),
                                             self._pages(v, side.spellbook, hidden)))
            out[("field", p)] = Content(slots=tuple(
                None if i == EMPTY else self._unit(v, i) for i in side.slots),
                active=p == v.active)
            wiz: list[CardLook | None] = []
            for k, w in enumerate(side.wizards):
                if w == EMPTY:  # taken away by hand in a manual step
                    wiz.append(None)
                elif side.wizard_down[k]:
                    # Dimmed: its column cannot be summoned into, and a face-down back must not
                    # read like the ready backs beside it (those carry the "ready" pill).
                    wiz.append(CardLook(w, dimmed=True))
                elif v.cards[w] == HIDDEN or hidden:
                    # A face the rules hide: a back standing ready to summon, said so ("face
                    # up" on a back read as a contradiction)
                    wiz.append(CardLook(w, counters=(("ready", READY_WIZARD),)))
                else:
                    wiz.append(self._look(v, w))
            out[("wizards", p)] = Content(slots=tuple(wiz))
            out[("boss", p)] = Content(slots=(self._boss(v, p, hidden),))
            out[("life", p)] = Content(value=side.life, active=v.halved and p == v.active)
            out[("vim", p)] = Content(value=side.vim)
            out[("grave", p)] = Content(cards=tuple(self._look(v, i) for i in side.graveyard))
        out["info"] = Content(lines=self._info(v, seats))
        return {k: self._whose(k, c, seats.viewer) for k, c in out.items()}

    @staticmethod
    def _whose(key: Hashable, c: Content, viewer: int) -> Content:
        """Each side's regions say whose they are: a newcomer reads "Your castle", not a
        colour."""
        if not isinstance(key, tuple):
            return c
        name, p = key
        label = next(r.label for r in SPEC.regions if r.name == name)
        mine = "Your" if p == viewer else "Their"
        return replace(c, label=f"{mine} {label[0].lower()}{label[1:]}")

    def _boss(self, v: State, p: int, hidden: bool) -> CardLook | None:
        side = v.sides[p]
        if side.boss_state == "gone":
            return None
        if side.boss_state == "up":
            return self._unit(v, side.boss)
        if hidden or v.cards[side.boss] == HIDDEN:
            return CardLook(side.boss)
        why = unusable(v, side.boss) if v.active == p and v.step == "main" else "face down"
        return self._look(v, side.boss, dimmed=True,
                          counters=(("face down" + (" · condition not met"
                                                    if "condition" in why else ""), FACE_DOWN),))

    def _info(self, v: State, seats: Seats) -> tuple[str, ...]:
        who = seats.names[v.active]
        side = v.sides[v.active]
        lines = []
        if v.winner is not None:
            lines.append(f"{seats.names[v.winner]} wins!")
        elif v.step == "over":
            lines.append("The game is a draw.")
        elif v.attack is not None:
            a = v.attack
            lines.append(f"{v.name(a.attacker)} ({v.units[a.attacker].strength}) attacks "
                         f"{seats.names[a.defender]}: block with a lit card, or Take it.")
        else:
            lines.append(f"{who}'s turn {side.turns} · {STEP_NAMES[v.step]} phase")
        if v.attack is not None:
            lines.append("A summon in a column next to the attacked one moves in to block; a "
                         "face-up boss blocks from its place.")
        if v.halved and v.winner is None:  # first: the strip's bright line
            lines.insert(0, f"{who}'s turn {side.turns} (11th or later): Startup halved their "
                            f"life to {side.life} and vim to {side.vim}!")
        elif v.step == "summoning":
            lines.append("Drag a glowing summon from your Castle onto one of your columns "
                         "whose wizard is face up; Space ends Summoning.")
        elif v.step == "main" and v.winner is None:
            lines.append("Drag a summon onto a card to attack it, onto a Life box to attack "
                         "that player; spells from the Spellbook onto their target; click a "
                         "glowing card for its abilities.")
        return tuple(lines)

    def zoom_at(self, size: tuple[int, int], mouse: tuple[int, int]) -> tuple[int, int] | None:
        """A book card's big face goes over the log, beside the book: not over the columns
        the card is about to be dragged to."""
        if not any(p.id in self.leaves and p.rect.collidepoint(mouse) for p in self.placed):
            return None
        return (self.side.x + max(0, (self.side.w - size[0]) // 2), self.side.y + px(30))

    # ---- the reason a hovered card is dimmed -------------------------------------------------
    def draw(self, surf: pygame.Surface, overlay: Overlay) -> None:
        super().draw(surf, overlay)
        if not isinstance(overlay.raised, int) or overlay.dragging is not None:
            return
        tip = self.tooltip(overlay.raised)
        if tip is None:
            return
        box, lines = tip
        h = TEXT.get("Ag", 16, INK).get_height()
        pygame.draw.rect(surf, PANEL, box, border_radius=px(6))
        pygame.draw.rect(surf, GOLD, box, width=1, border_radius=px(6))
        for k, line in enumerate(lines):
            surf.blit(TEXT.get(line, 16, INK), (box.x + px(10), box.y + px(6) + k * h))

    def tooltip(self, iid: int) -> tuple[pygame.Rect, list[str]] | None:
        """The box and lines saying why the dimmed card ``iid`` cannot be used now (the
        rules' whole sentence, wrapped, above the card), None for a usable one."""
        why = self.why.get(iid)
        d = self._by_id.get(iid)
        if why is None or d is None:
            return None
        lines = wrap(f"Not now: {why}.", 16, px(300))
        h = TEXT.get("Ag", 16, INK).get_height()
        box = pygame.Rect(0, 0, px(320), h * len(lines) + px(12))
        box.midbottom = (d.box.centerx, d.box.top - px(4))
        box.clamp_ip(self.area)
        return box, lines

    # ---- intents as drags -------------------------------------------------------------------
    def card_source(self, intent: Intent) -> Hashable | None:
        card = getattr(intent, "card", None)
        return card if isinstance(card, int) else None

    def _where(self, iid: int) -> Target | None:
        v: State | None = self.view
        if v is None:
            return None
        p = v.owner(iid)
        if v.sides[p].boss == iid:
            return (("boss", p), 0)
        if iid in v.sides[p].slots:
            return (("field", p), v.sides[p].slots.index(iid))
        return None

    def card_target(self, intent: Intent) -> Target | None:
        v: State | None = self.view
        if v is None:
            return None
        if isinstance(intent, Summon):
            return (("field", v.active), intent.column)
        if isinstance(intent, Attack):
            return self._where(intent.target)
        if isinstance(intent, PlayerAttack):
            return (("life", intent.player), None)
        if isinstance(intent, Cast | UseAbility):
            if intent.target >= 0:
                return self._where(intent.target)
            if intent.player >= 0:
                return (("life", intent.player), None)
            return None
        if isinstance(intent, Block) and v.attack is not None and \
                v.sides[v.attack.defender].boss != intent.card:
            return (("field", v.attack.defender), v.attack.column)
        return None

    def implied_intent(self, card: Hashable, target: Target) -> Intent | None:
        v: State | None = self.view
        if v is None or not isinstance(card, int) or card not in v.cards:
            return None
        (region, slot) = target
        name, owner = region if isinstance(region, tuple) else (region, None)
        if owner is None:
            return None
        side = v.sides[v.owner(card)]
        on = None
        if name == "field" and slot is not None:
            on = v.sides[owner].slots[slot]
        elif name == "boss":
            on = v.sides[owner].boss
        if v.attack is not None and name == "field":
            return Block(card=card)
        if card in side.castle and name == "field" and slot is not None:
            return Summon(card=card, column=slot)
        if card in side.spellbook:
            if name == "life":
                return Cast(card=card, player=owner)
            if on is not None and on != EMPTY:
                return Cast(card=card, target=on)
        if card in v.units:
            if name == "life":
                return PlayerAttack(card=card, player=owner)
            if on is not None and on != EMPTY:
                return Attack(card=card, target=on)
        return None

    def status(self) -> tuple[str, str]:
        v: State | None = self.view
        if v is None:
            return ("", "")
        turns = v.sides[v.active].turns
        return (f"Turn {v.turn} · {self.seats.names[v.active]}'s turn {turns}",
                STEP_NAMES[v.step])

    def sequence_lines(self) -> list[tuple[str, Color]]:
        v: State | None = self.view
        if v is None or v.attack is None:
            return []
        a = v.attack
        where = f" in column {a.column + 1}" if a.column != EMPTY else ""  # a boss: anywhere
        return [(f"{v.name(a.attacker)} ({v.units[a.attacker].strength}) attacks "
                 f"{self.seats.names[a.defender]}{where}", HIGHLIGHT["attack"])]

    # BOS has no stack: the panel holds the one player attack waiting for a block decision.
    sequence_title = "Player attack"

    def sequence_numbered(self) -> int | None:
        return 0  # one pending attack, not a queue to number

    def sequence_footer(self, deciding: bool) -> str:
        return "Block with a lit card, or Take it." if deciding else \
            "Waiting for the defender to block or take it…"

    def opening_lines(self, state: Any, names: tuple[str, str]) -> list[str]:
        return [f"{names[state.first]} goes first. Each Startup readies your cards and "
                "doubles your vim; from your 11th turn it halves your life and vim."]
