"""Kyoukai's table: the 5×5 field as a diamond, hands, piles, Spirit decks and Entrants."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.draw.board_diamond import DiamondBoard
from game.draw.card_states import face_down_mark
from game.draw.cards import CardFaces, FaceSpec, spec_of
from game.draw.hand import HandFan
from game.draw.legend import draw_key
from game.draw.marks import GLOWS, KindMark, Shown, by_zone, glow_of, glow_rim
from game.draw.palette import (
    GOLD,
    HIGHLIGHT,
    INK,
    INK_DIM,
    OWNER,
    PANEL,
    PANEL_EDGE,
    Color,
)
from game.draw.piles import badge, draw_pile
from game.draw.scale import px, pxs
from game.draw.text import TEXT, fit
from game.layouts.base import (
    UNTARGETED,
    ManualSpot,
    Overlay,
    Piece,
    PieceId,
    Pos,
    Seats,
    TableLayout,
    ZoneId,
    cells,
    top_bar,
)
from game.layouts.face_specs import FaceSpecs
from rules.core.card_states import face_down
from rules.core.manual_table import BOARD
from rules.core.model import Intent
from rules.kyoukai.cards import HIDDEN, Gate
from rules.kyoukai.effects import zone_label
from rules.kyoukai.explain import harms_own
from rules.kyoukai.intents import (
    Attack,
    Choose,
    Discard,
    Move,
    OpenGate,
    UseSkill,
)
from rules.kyoukai.pack import face as pack_face
from rules.kyoukai.state import ENTRANT_LIFE, State

LIT: dict[str, Color] = HIGHLIGHT  # the field's highlight kinds and the pieces' glows
HAND_MARGIN = 14  # pixels between the hand fan and the window's bottom edge
STEP_NAMES = {"draw": "Draw", "ready": "Ready", "main": "Main", "end": "End",
              "cleanup": "Cleanup"}


def face_spec(card: Gate, pack: Path | None = None) -> FaceSpec:
    """The card's face: the pack's own face function (the deck screen and the print use it
    too); its art is looked up in the ``pack`` folder."""
    return spec_of(pack_face(card), pack)


class KyoukaiTable(TableLayout):
    """Pieces are card instance ids (ints), zones the 25 zone numbers of the field."""

    game = "kyoukai"
    steps = ("Draw", "Ready", "Main", "End", "Cleanup")
    # Space: Pass in a Sequence, else end the Turn Action, else end the step
    space_kinds = ("pass", "end_action", "end_step")
    pass_kind = "pass"  # legal exactly while a Sequence waits for this player's response
    hover_kinds = ("move", "attack")
    kinds = {**GLOWS,
             "open": KindMark("Open", "plus", "solid"),
             "move": KindMark("Move", "arrow", "solid"),
             "attack": KindMark("Attack", "swords", "dashed"),
             "skill": KindMark("Skill", "bolt", "dotted"),
             "choose": KindMark("Choose", "diamond", "dotted")}
    legend = (
        Shown("usable", "glow", "a card or Gate you can use now"),
        Shown("respond", "glow", "a card you can respond with"),
        Shown("open", "bright", "open the Gate here (drop it here)"),
        Shown("move", "bright", "Move here now (drop it here)"),
        Shown("attack", "bright", "a Gate it can Attack now"),
        Shown("attack", "hatched", "hatched: an enemy Gate it could Attack after a Move"),
        Shown("skill", "bright", "a target of its Skill now"),
        Shown("choose", "bright", "a choice to click"),
    )

    def buttons(self) -> dict[str, str]:
        return {"pass": "Pass (Space)", "end_action": "End Turn Action",
                "end_step": "End Main step (Space)"}

    def rises(self, piece: Piece) -> bool:
        return piece.where == "hand"

    def shows_range(self, piece: Piece) -> bool:
        return piece.where == "field"

    def after_move(self, kind: str, zones: list[ZoneId], source: PieceId) -> list[ZoneId]:
        """Only enemy Gates are worth an Attack after a Move (not empty zones, not your own)."""
        v = self.view
        if v is None or kind != "attack" or source not in v.gates:
            return zones if kind != "attack" else []
        owner = v.gates[source].owner
        return [z for z in zones if isinstance(z, int) and v.field[z] >= 0
                and v.field[z] in v.gates and v.gates[v.field[z]].owner != owner]

    def confirm(self, intent: Intent) -> str | None:
        if self.view is None or not harms_own(self.view, intent):
            return None
        return f"{self.describe(intent)}: this harms your own piece. Do it?"

    def key(self, overlay: Overlay) -> list[Shown]:
        """The legend lines for the highlights on the table now (its small on-table key)."""
        shown = {(k, "bright") for k, z in overlay.strong.items() if z}
        shown |= {(k, "hatched") for k, z in overlay.lit.items() if z}
        return [e for e in self.legend if (e.kind, e.style) in shown]

    def group_key(self, intent: Intent) -> Hashable:
        return getattr(intent, "skill", None)  # one menu group per skill of a card

    def zones(self) -> Sequence[ZoneId]:
        return range(self.board.size)

    def __init__(self, faces: CardFaces | None = None) -> None:
        self.faces = faces or CardFaces()
        self.board = DiamondBoard(5, 5, label=zone_label)
        self.hand = HandFan()
        from rules.kyoukai.ruleset import KyoukaiRules

        self.rs = KyoukaiRules()  # its describe() words menus, hints and drops
        self.view: State | None = None
        self.seats = Seats(0, False, ("Player 1", "Player 2"))
        self.legal: Sequence[Intent] = ()
        self.size: Pos = (1280, 720)
        self.specs = FaceSpecs(pack_face, self.pack_folder)
        self._pieces: list[Piece] = []  # side pieces (spirits, discard) for hit-testing
        self.card_size: Pos = (60, 84)
        self.rested_size: Pos = (48, 67)
        self.hand_card: Pos = (96, 134)
        self.mini: Pos = (44, 62)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.center = pygame.Rect(0, 0, 0, 0)
        self.resize(self.size)

    # ---- geometry -------------------------------------------------------------------------
    def resize(self, size: Pos) -> None:
        self.size = w, h = (max(640, size[0]), max(400, size[1]))
        tb = top_bar()
        lw = max(px(200), min(px(300), int(w * 0.19)))
        rw = max(px(240), min(px(380), int(w * 0.24)))
        self.left = pygame.Rect(px(8), tb + px(8), lw - px(8), h - tb - px(16))
        self.side = pygame.Rect(w - rw, tb + px(8), rw - px(8), h - tb - px(16))
        hc_h = max(px(84), min(px(170), int(h * 0.18)))
        self.hand_card = (int(hc_h * 0.71), hc_h)
        # The board ends above the hand fan (its raised middle and tilted corners included), so
        # a Gate standing on the bottom zone, its Life badge too, is never covered.
        fan_top = h - px(HAND_MARGIN) - hc_h - int(hc_h * 0.14)
        board_area = pygame.Rect(lw + px(8), tb + px(6), w - lw - rw - px(16),
                                 fan_top - px(6) - (tb + px(6)))
        self.board.fit(board_area)
        self.center = pygame.Rect(lw, tb, w - lw - rw, h - tb)
        cw = int(min(self.board.dx * 0.9, self.board.dy * 2 * 0.78 / 1.4))
        self.card_size = (cw, int(cw * 1.4))
        rh = int(min(self.board.dy * 0.96, cw * 0.9))  # rested: turned, no wider than a zone
        self.rested_size = (rh, int(rh * 1.4))
        mini = max(px(34), int(lw * 0.17))
        self.mini = (mini, int(mini * 1.4))
        self._layout_hand()

    def _layout_hand(self) -> None:
        w, h = self.size
        area = pygame.Rect(self.center.x + px(10), h - self.hand_card[1] - px(HAND_MARGIN),
                           self.center.w - px(20),
                           self.hand_card[1])
        ids: Sequence[int] = ()
        if self.view is not None and not self.seats.hide_hands:
            ids = self.view.players[self.seats.viewer].hand
        self.hand.layout(area, self.hand_card, ids)

    def side_rect(self) -> pygame.Rect:
        return self.side

    def zone_center(self, zone: ZoneId) -> Pos:
        assert isinstance(zone, int)
        return self.board.center(zone)

    def zone_name(self, zone: ZoneId) -> str:
        return f"Zone {zone_label(zone)}" if isinstance(zone, int) else str(zone)

    def zone_at(self, pos: Pos) -> int | None:
        return self.board.zone_at(pos)

    def zone_rect(self, zone: ZoneId) -> pygame.Rect:
        assert isinstance(zone, int)
        x, y = self.board.center(zone)
        dx, dy = round(self.board.dx), round(self.board.dy)
        return pygame.Rect(x - dx, y - dy, 2 * dx, 2 * dy)

    def manual_piece_at(self, pos: Pos) -> Piece | None:
        """Any card a piece, and the top of either Discard (public) too."""
        piece = self.piece_at(pos)
        if piece is not None or self.view is None:
            return piece
        for p in (0, 1):
            r = self._discard_rect(p, self._panel_rect(p))
            if r.collidepoint(pos) and self.view.players[p].discard:
                return Piece(self.view.players[p].discard[-1], "discard", r)
        return None

    def manual_spots(self, card: PieceId, pos: Pos) -> list[ManualSpot]:
        """A field zone; in a player's column its Deck, Discard, Spirit deck or (anywhere
        else) their hand; the viewer's hand fan."""
        z = self.board.zone_at(pos)
        if z is not None:
            return [(BOARD, -1, z)]
        if self.hand.area.collidepoint(pos):
            return [("hand", self.seats.viewer, -1)]
        for p in (0, 1):
            rect = self._panel_rect(p)
            if not rect.collidepoint(pos):
                continue
            spirits = pygame.Rect(self._spirit_origin(p, rect), self.mini)
            spirits.w = rect.right - spirits.x
            for zone, r in (("deck", self._deck_rect(p, rect)),
                            ("discard", self._discard_rect(p, rect)), ("spirits", spirits)):
                if r.inflate(px(6), px(6)).collidepoint(pos):
                    return [(zone, p, -1)]
            return [("hand", p, -1)]
        return []

    # ---- state ----------------------------------------------------------------------------
    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        self.view, self.seats, self.legal = view, seats, legal
        self._layout_hand()
        self._pieces = []
        if view is None:
            return
        for iid, g in view.gates.items():
            host = self._gate_rect(iid) if g.branches else None
            if host is not None:
                for b, r in zip(g.branches, self._branch_rects(host, len(g.branches)),
                                strict=True):
                    self._pieces.append(Piece(b, "branch", pygame.Rect(r.x, r.y, r.w,
                                                                       host.top - r.y)))
        for p, rect in ((0, self._panel_rect(0)), (1, self._panel_rect(1))):
            pl = view.players[p]
            sx, y = self._spirit_origin(p, rect)
            step = self._spirit_step(rect, len(pl.spirits))
            for k, iid in enumerate(pl.spirits):
                self._pieces.append(Piece(iid, "spirits", pygame.Rect(
                    sx + round(k * step), y, *self.mini)))
            if p == seats.viewer:
                usable = [i for i in self._sources_of(legal) if i in pl.discard]
                dx, dy = self._discard_rect(p, rect).topleft
                for k, iid in enumerate(usable):  # lifted above the pile, side by side
                    self._pieces.append(Piece(iid, "discard", pygame.Rect(
                        dx + k * (self.mini[0] + px(4)), dy - self.mini[1] - px(8), *self.mini)))

    def _sources_of(self, legal: Sequence[Intent]) -> list[int]:
        out: list[int] = []
        for i in legal:
            s = self.source_of(i)
            if s is not None and s not in out:
                out.append(s)
        return out

    def _gate_rect(self, iid: int) -> pygame.Rect | None:
        assert self.view is not None
        z = self.view.zone_of(iid)
        if z < 0:
            return None
        g = self.view.gates[iid]
        size = self.card_size if g.ready else (self.rested_size[1], self.rested_size[0])
        return pygame.Rect(0, 0, *size).move(self.board.center(z)[0] - size[0] // 2,
                                              self.board.center(z)[1] - size[1] // 2)

    def piece_at(self, pos: Pos) -> Piece | None:
        if self.view is None:
            return None
        iid = self.hand.at(pos)
        if iid is not None:
            r = self.hand.rects[self.hand.ids.index(iid)]
            return Piece(iid, "hand", r)
        for piece in reversed(self._pieces):
            if piece.rect.collidepoint(pos):
                return piece
        z = self.board.zone_at(pos)
        if z is not None and self.view.field[z] >= 0:
            iid = self.view.field[z]
            gate = self._gate_rect(iid)
            if gate is not None:
                return Piece(iid, "field", gate)
        return None

    def pieces(self) -> dict[str, dict[PieceId, Pos]]:
        out: dict[str, dict[PieceId, Pos]] = {"hand": {}, "field": {}, "spirits": {}, "discard": {},
                                          "branch": {}}
        for iid in self.hand.ids:
            out["hand"][iid] = self.hand.grab_point(iid)
        for p in self._pieces:
            out[p.where][p.source] = p.rect.center
        if self.view is not None:
            for z, iid in enumerate(self.view.field):
                if iid >= 0:
                    out["field"][iid] = self.board.center(z)
        return out

    # ---- intents --------------------------------------------------------------------------
    def source_of(self, intent: Intent) -> int | None:
        if isinstance(intent, OpenGate | Discard):
            return intent.card
        if isinstance(intent, Move | Attack | UseSkill):
            return intent.gate
        return None

    def target_of(self, intent: Intent) -> ZoneId | None:
        if isinstance(intent, Move):
            return intent.to
        if isinstance(intent, Attack | UseSkill | OpenGate):  # -1: needs no target
            return intent.zone if intent.zone >= 0 else UNTARGETED
        if isinstance(intent, Choose) and self.view is not None:
            return self.view.zone_of(intent.gate)
        if isinstance(intent, Discard):
            return UNTARGETED
        return None

    def highlight_kind(self, intent: Intent) -> str:
        return {"move": "move", "attack": "attack", "skill": "skill", "open": "open",
                "choose": "choose"}.get(intent.kind, "respond")

    def plays_loose_at(self, piece: Piece, pos: Pos) -> bool:
        """A Gate that needs no target is opened by a drop anywhere on the board."""
        return self.board.rect.collidepoint(pos)

    def focus(self) -> int | None:
        v = self.view
        return v.action.gate if v is not None and v.action is not None else None

    def implied(self, piece: Piece, zone: ZoneId) -> Intent | None:
        if self.view is None or not isinstance(zone, int) or not isinstance(piece.source, int):
            return None
        if piece.where in ("hand", "spirits"):
            return OpenGate(card=piece.source, zone=zone)
        if piece.where == "field":
            if self.view.field[zone] >= 0:
                return Attack(gate=piece.source, zone=zone)
            return Move(gate=piece.source, to=zone)
        if piece.where == "discard":
            card = self.view.card(piece.source)
            for k, s in enumerate(card.skills):
                if s.kind == "location":
                    return UseSkill(gate=piece.source, skill=k, zone=zone)
        return None

    def _name(self, iid: int) -> str:
        assert self.view is not None
        return self.view.card(iid).name

    def _at(self, zone: int) -> str:
        assert self.view is not None
        if zone < 0:
            return ""
        iid = self.view.field[zone]
        return f"{self._name(iid)} ({zone_label(zone)})" if iid >= 0 else zone_label(zone)

    def describe(self, intent: Intent) -> str:
        """The ruleset's own words for ``intent`` ("Wandering Lion: Move to B2"), on the view."""
        if self.view is None:
            return intent.label()
        try:
            return self.rs.describe(self.view, intent)
        except Exception:  # noqa: BLE001 - a label must never end the game
            return intent.label()

    def face(self, source: PieceId) -> FaceSpec | None:
        if self.view is None or not isinstance(source, int) or source not in self.view.cards:
            return None
        cid = self.view.cards[source]
        if cid == HIDDEN:
            return None
        return self.specs.get(cid, self.view.catalog[cid])

    def opening_lines(self, state: Any, names: tuple[str, str]) -> list[str]:
        st: State = state
        who = [f"{names[p]} plays {st.card(st.players[p].entrant).name} from "
               f"{zone_label(st.zone_of(st.players[p].entrant))}" for p in (0, 1)]
        hand = len(st.players[st.first].hand)
        return ["; ".join(who) + ".", f"Each player draws {hand} cards.",
                f"Turn {st.turn}: {names[st.active]}."]

    def status(self) -> tuple[str, str]:
        v = self.view
        if v is None:
            return "", ""
        return (f"Turn {v.turn} · {self.seats.names[v.active]}", STEP_NAMES[v.step])

    def sequence_lines(self) -> list[tuple[str, Color]]:
        v = self.view
        if v is None or v.seq is None:
            return []
        out: list[tuple[str, Color]] = []
        for item in reversed(v.seq.stack):
            who = self.seats.names[item.player]
            if item.kind == "end":
                text = f"{who}: End step"
            elif item.kind == "move":
                text = f"{self._name(item.source)} moves to {zone_label(item.zone)}"
            elif item.kind == "attack":
                tgt = self._name(item.target) if item.target >= 0 else "—"
                text = f"{self._name(item.source)} attacks {tgt} ({zone_label(item.zone)})"
            elif item.kind == "skill":
                # The item's own copy of its Skill: what resolves, whatever a hot reload did
                # to the card since it was declared (the card's Skills are never indexed).
                sk = item.does.name if item.does is not None else "a Skill"
                aim = f" on {self._at(item.zone)}" if item.zone >= 0 else ""
                text = f"{self._name(item.source)}: {sk}{aim}"
            else:
                aim = "" if item.zone < 0 else (
                    f" on {self._at(item.zone)}" if item.target >= 0
                    else f" into {zone_label(item.zone)}")
                opened = item.does.name if item.does is not None else self._name(item.source)
                text = f"{who} opens {opened}{aim}"
            out.append((text, OWNER[item.player]))
        return out

    # ---- drawing --------------------------------------------------------------------------
    def _panel_rect(self, p: int) -> pygame.Rect:
        """Player p's column block, on p's side of the board: player 1 (index 0) sits at the
        bottom in every view, so hot-seat players keep their places."""
        h = min(self.left.h // 2 - px(6), px(250))
        y = self.left.bottom - h if p == 0 else self.left.top
        return pygame.Rect(self.left.x, y, self.left.w, h)

    def _pile_row_y(self, rect: pygame.Rect) -> int:
        return rect.bottom - self.mini[1] - px(26)

    def _deck_rect(self, p: int, rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x + px(10), self._pile_row_y(rect), *self.mini)

    def _discard_rect(self, p: int, rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x + px(20) + self.mini[0], self._pile_row_y(rect), *self.mini)

    def _spirit_origin(self, p: int, rect: pygame.Rect) -> Pos:
        return (rect.x + px(34) + 2 * self.mini[0], self._pile_row_y(rect))

    def _spirit_step(self, rect: pygame.Rect, n: int) -> float:
        """Spacing of the Spirit deck's cards: side by side while the panel has room, so each
        name can be read; overlapping, closer and closer, when they would run past its right
        edge."""
        if n <= 1:
            return 0.0
        room = rect.right - px(8) - self.mini[0] - self._spirit_origin(0, rect)[0]
        return max(px(4), min(self.mini[0] + px(4), room / (n - 1)))

    def _branch_rects(self, host: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Branches are tucked under their host, each peeking out above it a little more
        (the last one attached nearest the host)."""
        w, h = self.card_size
        peek = max(px(12), h // 5)
        return [pygame.Rect(host.centerx - w // 2 + px(6) * (k + 1), host.top - peek * (k + 1),
                            w, h) for k in range(n)]

    def draw(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v = self.view
        self.board.draw_base(surf)
        if v is None:
            return
        for kind in ("move", "open", "skill", "choose", "attack"):
            if overlay.lit.get(kind):  # reachable only after a Move: hatched, not filled
                self.board.draw_hatched(surf, cells(overlay.lit[kind]), LIT[kind])
            if overlay.strong.get(kind):
                self.board.draw_lit(surf, cells(overlay.strong[kind]), LIT[kind],
                                    _alpha(kind, strong=True))
        order = list(self.kinds)
        lit = [(z, kinds, strong) for ov, strong in ((overlay.lit, False), (overlay.strong, True))
               for z, kinds in by_zone(ov, order).items() if isinstance(z, int)]
        for z, kinds, strong in lit:
            self.board.draw_rims(surf, z, kinds, self.kinds, strong)
        self.board.draw_labels(surf)
        hand_top = self.size[1] - self.hand_card[1] - px(HAND_MARGIN)
        draw_key(surf, (self.center.x + px(10), hand_top - px(8)), self.key(overlay), self.kinds)
        dragged = overlay.dragging[0] if overlay.dragging else None
        for z, iid in enumerate(v.field):
            if iid >= 0 and iid != dragged:
                self._draw_gate(surf, iid, z, overlay.glow.get(iid))
        for z, kinds, _ in lit:  # over the Gates, so none hides them
            self.board.draw_badges(surf, z, kinds, self.kinds)
        for p in (0, 1):
            self._draw_panel(surf, p, overlay)
        self.hand.draw(surf, self.faces, self.face, skip=dragged,
                       raised=overlay.raised,
                       glow=lambda i: glow_of(overlay.glow.get(i), self.kinds),
                       dim=overlay.dim)

    def draw_dragged(self, surf: pygame.Surface, overlay: Overlay) -> None:
        if overlay.dragging is None:
            return
        iid, pos = overlay.dragging
        spec = self.face(iid)
        size = self.hand_card if self.hand.center_of(iid) is not None else self.card_size
        img = self.faces.back(size) if spec is None else self.faces.face(spec, size)
        shadow = pygame.Rect(0, 0, *size)
        shadow.center = (pos[0] + px(6), pos[1] + px(8))
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=6)
        surf.blit(img, img.get_rect(center=pos))

    def hint_at(self) -> Pos:
        return (self.board.rect.centerx, top_bar() + px(8))

    def message_at(self) -> Pos:
        return (self.center.centerx, self.size[1] - self.hand_card[1] - px(14))

    def _draw_gate(self, surf: pygame.Surface, iid: int, zone: int, glow: str | None) -> None:
        assert self.view is not None
        g = self.view.gates[iid]
        spec = self.face(iid)  # None: put face down by hand, seen from the other side
        cx, cy = self.board.center(zone)
        if spec is None:
            back = self.faces.back(self.card_size)
            img = back if g.ready else pygame.transform.rotate(back, -90)
        else:
            img = self.faces.face(spec, self.card_size) if g.ready \
                else self.faces.rested(spec, self.rested_size)
        rect = img.get_rect(center=(cx, cy))
        ring = OWNER[g.owner]
        down = face_down(self.view)
        if g.branches:  # tucked under the host: drawn first, the top strips show
            rects = self._branch_rects(rect, len(g.branches))
            for b, r in reversed(list(zip(g.branches, rects, strict=True))):
                bspec = self.face(b)
                bimg = self.faces.back(r.size) if bspec is None \
                    else self.faces.face(bspec, r.size)
                pygame.draw.rect(surf, (0, 0, 0), r.move(2, 3), border_radius=6)
                surf.blit(bimg, r)
                if bspec is not None and b in down:  # its owner's face-down Branch
                    face_down_mark(surf, r, top=max(px(12), r.h // 5))
                pygame.draw.rect(surf, (40, 90, 50), r, width=2, border_radius=6)
        pygame.draw.rect(surf, (0, 0, 0), rect.move(px(3), px(4)), border_radius=px(6))
        pygame.draw.rect(surf, ring, rect.inflate(px(6), px(6)), border_radius=px(7))
        surf.blit(img, rect)
        if spec is not None and iid in down:
            face_down_mark(surf, rect)
        lit = glow_of(glow, self.kinds)
        if lit is not None:
            glow_rim(surf, rect.inflate(px(10), px(10)), lit, px(3), px(8))
        card = self.view.card(iid)
        if card.type == "entrant" and spec is not None:
            life = max(0, ENTRANT_LIFE - g.damage)  # the killing blow may overshoot
            badge(surf, f"Life {life}", (rect.centerx, rect.bottom + px(2)), (150, 30, 40),
                  size=16)

    def _draw_panel(self, surf: pygame.Surface, p: int, overlay: Overlay) -> None:
        v = self.view
        assert v is not None
        rect = self._panel_rect(p)
        pl = v.players[p]
        pygame.draw.rect(surf, PANEL, rect, border_radius=px(8))
        edge = OWNER[p] if v.active == p else PANEL_EDGE
        pygame.draw.rect(surf, edge, rect, width=px(2), border_radius=px(8))
        name = self.seats.names[p]
        t = TEXT.get(fit(name, 20, rect.w - px(20), True), 20, OWNER[p], True)
        surf.blit(t, (rect.x + px(10), rect.y + px(8)))
        ent = v.gates.get(pl.entrant)
        life = max(0, ENTRANT_LIFE - (ent.damage if ent else 0))
        ename = v.card(pl.entrant).name
        y = rect.y + px(32)
        line = TEXT.get(fit(ename, 17, rect.w - px(20)), 17, INK)
        surf.blit(line, (rect.x + px(10), y))
        y += px(20)
        x = rect.x + px(10)
        for label, colour in ((f"Life {life}", (220, 80, 90)), (f"Ki {pl.ki}", (130, 180, 255)),
                              (f"Hand {len(pl.hand)}", INK_DIM)):
            lt = TEXT.get(label, 18, colour, True)
            surf.blit(lt, (x, y))
            x += lt.get_width() + px(14)
        y += px(24)
        # the other player's hand as a row of backs (or the viewer's when hands are hidden)
        if p != self.seats.viewer or self.seats.hide_hands:
            back = self.faces.back(pxs(26, 36))
            n = len(pl.hand)
            step = min(px(16), (rect.w - px(46)) / max(1, n - 1))
            for k in range(n):
                surf.blit(back, (rect.x + px(10) + round(k * step), y))
        draw_pile(surf, self.faces, self._deck_rect(p, rect), len(pl.deck), "Deck")
        top = self.face(pl.discard[-1]) if pl.discard else None
        draw_pile(surf, self.faces, self._discard_rect(p, rect), len(pl.discard), "Discard",
                  top=top, face_down=False)
        sx, sy = self._spirit_origin(p, rect)
        lt = TEXT.get(f"Spirits {len(pl.spirits)}", 15, INK_DIM)
        surf.blit(lt, (sx, sy + self.mini[1] + px(4)))
        dragged = overlay.dragging[0] if overlay.dragging else None
        for piece in self._pieces:
            if piece.source == dragged or piece.source not in pl.spirits + pl.discard:
                continue
            spec = self.face(piece.source)
            if spec is None:
                continue
            surf.blit(self.faces.face(spec, self.mini), piece.rect)
            lit = glow_of(overlay.glow.get(piece.source), self.kinds)
            if lit is not None:
                glow_rim(surf, piece.rect.inflate(px(6), px(6)), lit, px(3), px(6))
        if p == v.active:
            t = TEXT.get("active", 14, GOLD)
            surf.blit(t, t.get_rect(topright=(rect.right - px(10), rect.y + px(10))))


def _alpha(kind: str, strong: bool) -> int:
    """Lit zones: stronger when legal right now; attack a little stronger so it reads."""
    return (150 if strong else 85) + (25 if kind == "attack" else 0)
