"""Krosmaster Arena's table: the 12×12 map, figure tokens, the Timeline strip, the figure cards,
each player's GG and Kamas, and the Tension dice tray.

Pieces (the ``source`` ids the generic handlers pass around, as the rules name them):
- a figure token is its figure id (drag it to move);
- a spell row on a card is ``(figure, spell)``, the id the rules' ``highlights`` take (click,
  then click a target);
- a Tension die in the tray is ``("die", die)`` (drag it onto a card or token to inspire);
- a Dofus side choice is ``("dofus", die, face)`` (click).
Zones are board cells; a figure's card counts as the cell its figure stands on.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

import pygame

from game.draw.board_square import TERRAIN_LEGEND, SquareBoard, draw_terrain, draw_token
from game.draw.card_states import face_down_mark
from game.draw.cards import CardFaces, FaceSpec, spec_of
from game.draw.dice import DiceTray, draw_die, draw_kama
from game.draw.marks import GLOWS, KindMark, Shown, by_zone, glow_of, target_ring
from game.draw.palette import GOLD, INK, INK_DIM, OWNER, PANEL, PANEL_EDGE, Color, highlight
from game.draw.scale import px
from game.draw.text import TEXT, fit, fit_smaller
from game.layouts.base import (
    CHANGED_BY_RELOAD,
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
from game.layouts.krosmaster.figure_card import (
    HEADER,
    HP_RED,
    SPELL_ROW,
    card_height,
    draw_figure_card,
)
from rules.core.card_states import face_down
from rules.core.manual_table import BOARD
from rules.core.model import Intent
from rules.krosmaster import house
from rules.krosmaster.intents import Cast, Inspire, Move, SetDofus
from rules.krosmaster.manual import MASKED, OUT
from rules.krosmaster.pack import face as pack_face
from rules.krosmaster.ruleset import KrosmasterRules
from rules.krosmaster.state import KState

SpellId = tuple[int, int]  # (figure, spell)
DieId = tuple[str, int]  # ("die", die)
DofusId = tuple[str, int, str]  # ("dofus", die, face)
DOFUS_SIDES = ("critical", "armour", "dodge", "lock")

RINGED = ("aim", "inspire")  # kinds drawn as a ring round the figure on the cell
STEP = {"tension": "Tension", "dofus": "Tension", "inspiration": "Inspiration",
        "activation": "Activation", "over": ""}


def face_spec(card: Any, pack: Path | None = None) -> FaceSpec:
    """The figure's card face: the pack's own face function, as on the deck screen and the
    print; its art is looked up in the ``pack`` folder."""
    return spec_of(pack_face(card), pack)


class KrosmasterTable(TableLayout):
    game = "krosmaster"
    steps = ("Tension", "Inspiration", "Activation")
    space_kinds = ("end_activation",)
    hover_kinds = ("move", "attack")
    kinds = {**GLOWS,
             "move": KindMark("Move", "arrow", "solid"),
             "attack": KindMark("Reach", "swords", "dashed"),
             "target": KindMark("In sight", "triangle", "solid"),
             "blocked": KindMark("Blocked", "slash", "dotted"),
             "aim": KindMark("Target", "sight", "dashed"),
             "inspire": KindMark("Inspire", "die", "solid"),
             "selected": KindMark("Picked", "check", "solid", "piece"),
             "choose": KindMark("Choose", "diamond", "dotted")}
    legend = (
        Shown("usable", "glow", "a figure or die you can use now"),
        Shown("move", "bright", "cells the figure can move to now"),
        Shown("attack", "outline", "cells it could cast on from here"),
        Shown("target", "bright", "spell: in range and in sight"),
        Shown("blocked", "hatched", "spell: in range, sight blocked"),
        Shown("aim", "ring", "a legal target of the picked spell"),
        Shown("inspire", "ring", "where a die can go"),
        Shown("selected", "bright", "the spell picked"),
    )

    def shows_range(self, piece: Piece) -> bool:
        return piece.where == "field"

    def zones(self) -> Sequence[ZoneId]:
        b = self.view.board if self.view is not None else None
        return range(b.width * b.height) if b is not None else ()

    def buttons(self) -> dict[str, str]:
        return {"reroll": "Reroll (1 die)", "keep": "Keep",
                "end_inspiration": "Done: sell the rest", "buy_gg": "Buy GG (12 k)",
                "end_activation": "End Activation (Space)"}

    def __init__(self, faces: CardFaces | None = None) -> None:
        self.faces = faces or CardFaces()
        self.rs = KrosmasterRules()
        self.view: KState | None = None
        self.seats = Seats(0, False, ("Player 1", "Player 2"))
        self.legal: Sequence[Intent] = ()
        self.size: Pos = (1280, 720)
        self.board: SquareBoard | None = None
        self.tray = DiceTray()
        self._rolled: tuple[int, int, bool] | None = None
        self._cards: dict[int, pygame.Rect] = {}  # figure id -> card rect
        self._detailed: dict[int, bool] = {}
        self._spells: dict[SpellId, pygame.Rect] = {}  # spell -> row rect
        self._dice: dict[DieId, pygame.Rect] = {}  # die -> rect
        self._dofus: dict[DofusId, pygame.Rect] = {}  # side choice -> rect
        self._kama_at: dict[int, Pos] = {}
        self.specs = FaceSpecs(pack_face, self.pack_folder)
        self._spell_hl: dict[tuple[int, int], dict[str, list[Any]]] = {}
        self.left = self.right = self.center = self.timeline = pygame.Rect(0, 0, 0, 0)
        self.pools = self.side = self.board_area = pygame.Rect(0, 0, 0, 0)
        self.resize(self.size)

    # ---- geometry -------------------------------------------------------------------------
    def resize(self, size: Pos) -> None:
        self.size = w, h = (max(640, size[0]), max(400, size[1]))
        tb = top_bar()
        lw = max(px(240), min(px(380), int(w * 0.27)))
        rw = max(px(230), min(px(340), int(w * 0.23)))
        self.left = pygame.Rect(px(8), tb + px(8), lw - px(8), h - tb - px(16))
        self.right = pygame.Rect(w - rw, tb + px(8), rw - px(8), h - tb - px(16))
        self.center = pygame.Rect(lw + px(8), tb + px(6), w - lw - rw - px(16),
                                  h - tb - px(12))
        self.timeline = pygame.Rect(self.center.x, self.center.y, self.center.w, px(50))
        self.board_area = pygame.Rect(self.center.x, self.timeline.bottom + px(12),
                                      self.center.w,
                                      self.center.bottom - self.timeline.bottom - px(40))
        self.pools = pygame.Rect(self.right.x, self.right.y, self.right.w, px(84))
        self.tray.rect = pygame.Rect(self.right.x, self.pools.bottom + px(8), self.right.w,
                                     px(104))
        self.tray.die = px(44)
        self.side = pygame.Rect(self.right.x, self.tray.rect.bottom + px(8), self.right.w,
                                self.right.bottom - self.tray.rect.bottom - px(8))
        if self.board is not None:
            self.board.fit(self.board_area)
        self._layout()

    def _cols(self) -> tuple[int, int]:
        """x of the GG and Kamas columns in the pools panel."""
        r = self.pools
        return r.x + int(r.w * 0.5), r.x + int(r.w * 0.72)

    def side_rect(self) -> pygame.Rect:
        return self.side

    def zone_center(self, zone: ZoneId) -> Pos:
        assert isinstance(zone, int)
        return self.board.center(zone) if self.board is not None else (0, 0)

    def zone_name(self, zone: ZoneId) -> str:
        """A cell by its column and row (as the board's edges number them) and its ground."""
        v = self.view
        if v is None or not isinstance(zone, int):
            return f"Cell {zone}"
        row, col = divmod(zone, v.board.width)
        return f"Cell {col}, {row} ({v.board.terrain[zone]})"

    def piece_name(self, source: PieceId) -> str:
        v = self.view
        if v is None:
            return str(source)
        if isinstance(source, int) and 0 <= source < len(v.figures):
            return f"{v.name(v.figures[source])} ({self.seats.names[v.figures[source].owner]})"
        if isinstance(source, tuple) and source and source[0] == "die":
            k = int(source[1])
            return f"Tension die: {v.dice[k]}" if 0 <= k < len(v.dice) else "Tension die"
        if isinstance(source, tuple) and source and source[0] == "dofus":
            return f"Dofus die side: {source[2]}"
        if isinstance(source, tuple) and len(source) == 2:
            return f"Spell {self.spell_name(int(source[0]), int(source[1]))}"
        return str(source)

    def zone_rect(self, zone: ZoneId) -> pygame.Rect:
        assert isinstance(zone, int)
        return self.board.cell_rect(zone) if self.board is not None else super().zone_rect(zone)

    def board_cell(self, pos: Pos) -> int | None:
        return self.board.cell_at(pos) if self.board is not None else None

    def zone_at(self, pos: Pos) -> int | None:
        cell = self.board_cell(pos)
        if cell is not None or self.view is None:
            return cell
        for fid, r in self._cards.items():  # a card stands for its figure's cell
            if r.collidepoint(pos):
                return self.view.figures[fid].cell
        return None

    def _block(self, p: int) -> pygame.Rect:
        """Player p's column of cards: player 1 on top (their start cells are on top)."""
        h = (self.left.h - px(8)) // 2
        return pygame.Rect(self.left.x, self.left.y + p * (h + px(8)), self.left.w, h)

    def _layout(self) -> None:
        """Card rects (detailed while they fit), spell rows, tray dice, Dofus choices."""
        self._cards, self._detailed, self._spells = {}, {}, {}
        self._dice, self._dofus = {}, {}
        v = self.view
        if v is None:
            return
        acting = v.acting()
        for p in (0, 1):
            block = self._block(p)
            figs = [v.figures[i] for i in v.timelines[p]]
            room = block.h - px(20)
            gap = px(4)
            detailed = {f.id: False for f in figs}
            need = sum(card_height(v.card(f), False) + gap for f in figs)
            order = sorted(figs, key=lambda f: (acting is None or f.id != acting.id,
                                                not f.alive, v.timelines[p].index(f.id)))
            for f in order:
                extra = card_height(v.card(f), True) - card_height(v.card(f), False)
                if need + extra <= room:
                    detailed[f.id] = True
                    need += extra
            y = block.y + px(20)
            for f in figs:
                hgt = card_height(v.card(f), detailed[f.id])
                r = pygame.Rect(block.x, y, block.w, hgt)
                self._cards[f.id] = r
                self._detailed[f.id] = detailed[f.id]
                if detailed[f.id]:
                    for k in range(len(v.card(f).spells)):
                        self._spells[self.spell_id(f.id, k)] = pygame.Rect(
                            r.x + px(8), r.y + px(HEADER) + k * px(SPELL_ROW), r.w - px(14),
                            px(SPELL_ROW) - 1)
                y += hgt + gap
        for k, c in enumerate(self.tray.centers(len(v.dice))):
            d = self.tray.die
            self._dice[("die", k)] = pygame.Rect(c[0] - d // 2, c[1] - d // 2, d, d)
        if v.phase == "dofus":
            die = next((k for k, f in enumerate(v.dice) if f == house.WILD_FACE), 0)
            x0 = self.tray.rect.x + px(26) + len(v.dice) * (self.tray.die + px(18))
            for j in range(4):
                r = pygame.Rect(x0 + (j % 2) * px(34), self.tray.rect.y + px(26)
                                + (j // 2) * px(34), px(30), px(30))
                self._dofus[("dofus", die, DOFUS_SIDES[j])] = r
        for p in (0, 1):
            self._kama_at[p] = (self._cols()[1] + px(6), self.pools.y + px(24 + p * 22 + 8))

    # ---- state ----------------------------------------------------------------------------
    def update(self, view: Any, seats: Seats, legal: Sequence[Intent]) -> None:
        old = self.view
        self.view, self.seats, self.legal = view, seats, legal
        if view is None:
            return
        if self.board is None or old is None or old.board is not view.board:
            b = view.board
            self.board = SquareBoard(b.width, b.height, b.terrain)
            self.board.fit(self.board_area)
        if old is not view:
            self._spell_hl = {}
        self._animate(old, view)
        self._layout()

    def _animate(self, old: KState | None, v: KState) -> None:
        key = (v.turn, v.active, v.rerolled)
        if v.dice and v.phase in ("tension", "dofus", "inspiration") and key != self._rolled:
            self._rolled = key
            self.tray.roll(v.dice)
        else:
            self.tray.set(v.dice)
        if old is None or not old.dice:
            return
        starts = self.tray.centers(len(old.dice))
        for f in v.figures:  # a die placed on a card flies there
            was = old.figures[f.id].inspiration if f.id < len(old.figures) else ()
            if len(f.inspiration) > len(was) and f.id in self._cards:
                r = self._cards[f.id]
                face = f.inspiration[-1]
                k = old.dice.index(face) if face in old.dice else 0
                self.tray.fly([face], [starts[k]], (r.right - px(20), r.y + px(30)))
        p = old.active
        if not v.dice and v.kamas[p] > old.kamas[p]:  # sold in the Refund: to the Kamas
            left = [d for d in old.dice]
            for f in v.figures:
                was = old.figures[f.id].inspiration if f.id < len(old.figures) else ()
                for face in f.inspiration[len(was):]:
                    if face in left:
                        left.remove(face)
            self.tray.fly(left, starts[:len(left)], self._kama_at.get(p, self.pools.center))

    def spell_id(self, fid: int, k: int) -> SpellId:
        """The piece id of a spell row: the source the rules' ``highlights`` take."""
        return (fid, k)

    def spell_name(self, fid: int, k: int) -> str:
        """Spell ``k`` of figure ``fid``'s card; the card's name and CHANGED_BY_RELOAD when a
        hot reload took that spell off the card since it was picked."""
        assert self.view is not None
        card = self.view.card(self.view.figures[fid])
        return card.spells[k].name if 0 <= k < len(card.spells) \
            else f"{card.name} {CHANGED_BY_RELOAD}"

    def spell_highlights(self, fid: int, k: int) -> dict[str, list[Any]]:
        """Cells in range and sight ("target") and in range but blocked ("blocked")."""
        if self.view is None:
            return {}
        got = self._spell_hl.get((fid, k))
        if got is None:
            try:
                got = self.rs.highlights(self.view, (fid, k))
            except Exception:  # noqa: BLE001 - a rules bug must not take the table down
                got = {}
            self._spell_hl[(fid, k)] = got
        return got

    def piece_at(self, pos: Pos) -> Piece | None:
        v = self.view
        if v is None:
            return None
        tables: tuple[tuple[dict[Any, pygame.Rect], str], ...] = (
            (self._dofus, "dofus"), (self._dice, "dice"), (self._spells, "spell"))
        for table, where in tables:
            for code, r in table.items():
                if r.collidepoint(pos):
                    return Piece(code, where, r)
        cell = self.board_cell(pos)
        if cell is not None:
            occ = v.occupant()
            if cell in occ and self.board is not None:
                return Piece(occ[cell], "field", self._token_rect(cell))
        return None

    def manual_piece_at(self, pos: Pos) -> Piece | None:
        """A figure on the board, or any figure by its card (a knocked-out one too)."""
        piece = self.piece_at(pos)
        if piece is not None and piece.where == "field":
            return piece
        for fid, r in self._cards.items():
            if r.collidepoint(pos):
                return Piece(fid, "card", r)
        return None

    def manual_spots(self, card: PieceId, pos: Pos) -> list[ManualSpot]:
        """A free cell of the board; a player's column of cards: knocked out, theirs."""
        cell = self.board_cell(pos)
        if cell is not None:
            return [(BOARD, -1, cell)]
        return [(OUT, p, -1) for p in (0, 1) if self._block(p).collidepoint(pos)]

    def _token_rect(self, cell: int) -> pygame.Rect:
        assert self.board is not None
        r = self._radius()
        cx, cy = self.board.center(cell)
        return pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)

    def _radius(self) -> int:
        return max(px(8), int(self.board.cell * 0.4)) if self.board is not None else px(16)

    def pieces(self) -> dict[str, dict[PieceId, Pos]]:
        out: dict[str, dict[PieceId, Pos]] = {"field": {}, "card": {}, "spell": {}, "dice": {},
                                              "dofus": {}, "hand": {}}
        v = self.view
        if v is None or self.board is None:
            return out
        for f in v.figures:
            if f.cell is not None:
                out["field"][f.id] = self.board.center(f.cell)
        for fid, r in self._cards.items():
            out["card"][fid] = (r.x + px(40), r.y + px(12))
        tables: tuple[tuple[str, dict[Any, pygame.Rect]], ...] = (
            ("spell", self._spells), ("dice", self._dice), ("dofus", self._dofus))
        for where, table in tables:
            for code, r in table.items():
                out[where][code] = r.center
        return out

    def press(self, piece: Piece | None, pos: Pos, ctx: Any) -> Any:
        from game.input.handlers import Idle
        from game.layouts.krosmaster.spell_input import SpellTargeting

        v = self.view
        if v is None or piece is None:
            return None
        if piece.where == "spell":
            src = piece.source
            assert isinstance(src, tuple)
            fid, k = int(src[0]), int(src[1])
            casts = [i for i in ctx.legal() if isinstance(i, Cast) and i.figure == fid
                     and i.spell == k]
            fig = v.figures[fid]
            acting = v.acting()
            if acting is None or acting.id != fid:
                ctx.say(f"{v.name(fig)} is not acting now: its range is shown.")
            elif not casts:
                spells = v.card(fig).spells
                if not 0 <= k < len(spells):  # a row drawn before a hot reload took it away
                    ctx.say(f"{self.spell_name(fid, k)}: that spell is no longer on the card.",
                            error=True)
                    return Idle()
                spell = spells[k]
                if spell.ap > fig.ap:
                    ctx.say(f"{spell.name} costs {spell.ap} AP; {v.name(fig)} has {fig.ap}.",
                            error=True)
                    return Idle()
            return SpellTargeting(self, fid, k, list(casts))
        if piece.where == "field" and not any(self.source_of(i) == piece.source
                                              for i in ctx.legal()):
            return Idle()  # someone else's token: nothing to do, nothing to say
        return None

    # ---- intents --------------------------------------------------------------------------
    def source_of(self, intent: Intent) -> PieceId | None:
        if isinstance(intent, Move):
            return intent.figure
        if isinstance(intent, Cast):
            return self.spell_id(intent.figure, intent.spell)
        if isinstance(intent, Inspire):
            return ("die", intent.die)
        if isinstance(intent, SetDofus):
            return ("dofus", intent.die, intent.face)
        return None

    def target_of(self, intent: Intent) -> ZoneId | None:
        if isinstance(intent, Move):
            return intent.to
        if isinstance(intent, Cast):
            return intent.target
        if isinstance(intent, Inspire) and self.view is not None \
                and 0 <= intent.figure < len(self.view.figures):
            cell = self.view.figures[intent.figure].cell
            return UNTARGETED if cell is None else cell
        if isinstance(intent, SetDofus):
            return UNTARGETED
        return None

    def highlight_kind(self, intent: Intent) -> str:
        return {"move": "move", "cast": "aim", "inspire": "inspire"}.get(intent.kind,
                                                                             "choose")

    def focus(self) -> PieceId | None:
        return None

    def confirm(self, intent: Intent) -> str | None:
        """A damaging spell on one of the caster's own figures asks once."""
        v = self.view
        if v is None or not isinstance(intent, Cast) or not 0 <= intent.figure < len(v.figures):
            return None
        caster = v.figures[intent.figure]
        spells = v.card(caster).spells
        hit = v.occupant().get(intent.target)
        if not 0 <= intent.spell < len(spells) or not spells[intent.spell].damage \
                or hit is None or v.figures[hit].owner != caster.owner:
            return None
        return f"{self.describe(intent)}: this harms your own figure. Do it?"

    def implied(self, piece: Piece, zone: ZoneId) -> Intent | None:
        v = self.view
        if v is None or not isinstance(zone, int):
            return None
        src: Hashable = piece.source
        if piece.where == "field" and isinstance(src, int):
            return Move(figure=src, to=zone)
        if piece.where == "dice" and isinstance(src, tuple):
            occ = v.occupant()
            if zone in occ:
                return Inspire(die=src[1], figure=occ[zone])
        return None

    def describe(self, intent: Intent) -> str:
        if self.view is None:
            return intent.label()
        try:
            return self.rs.describe(self.view, intent)
        except Exception:  # noqa: BLE001
            return intent.label()

    def face(self, source: PieceId) -> FaceSpec | None:
        v = self.view
        if v is None or not isinstance(source, int) or not 0 <= source < len(v.figures):
            return None
        card = v.card(v.figures[source])
        return self.specs.get(card.name, card)

    def opening_lines(self, state: Any, names: tuple[str, str]) -> list[str]:
        st: KState = state
        init = [sum(st.card(st.figures[i]).initiative for i in st.timelines[p]) for p in (0, 1)]
        teams = [f"{names[p]}: {st.team_names[p]} (Initiative {init[p]})" for p in (0, 1)]
        return [f"{teams[0]} against {teams[1]} on {st.board.name}.",
                f"{names[st.first]} plays first, with no Roll for Tension on the first turn."]

    def step_key(self) -> Hashable:
        """The turn, whose it is and the phase (the bar names the acting figure only in a
        wide window)."""
        v = self.view
        return None if v is None else (v.turn, v.active, v.phase)

    def status(self) -> tuple[str, str]:
        v = self.view
        if v is None:
            return "", ""
        fig = v.acting()
        who = f" · {v.name(fig)} acts" if fig is not None and self.size[0] >= 1100 else ""
        return (f"Turn {v.turn} · {self.seats.names[v.active]}{who}", STEP[v.phase])

    def sequence_lines(self) -> list[tuple[str, Color]]:
        return []

    def hint_at(self) -> Pos:
        """Below the board, over the terrain key: the top row holds the targets."""
        b = self.board.rect if self.board is not None else self.center
        return (b.centerx, b.bottom + px(8))

    def zoom_at(self, size: Pos, mouse: Pos) -> Pos | None:
        """Over the right-hand column, never over the card list (which shows the same card)."""
        return (self.side.x + (self.side.w - size[0]) // 2, self.side.y + px(40))

    def message_at(self) -> Pos:
        b = self.board.rect if self.board is not None else self.center
        return (b.centerx, b.bottom - px(10))

    # ---- drawing --------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.tray.rolling() or bool(self.tray.flights)

    def draw(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v = self.view
        if v is None or self.board is None:
            return
        board = self.board
        board.draw_base(surf)
        board.draw_kamas(surf, v.kama_cells)
        lit = {k: cells(z) for k, z in overlay.lit.items()}
        strong = {k: cells(z) for k, z in overlay.strong.items()}
        move = set(lit.get("move", ())) | set(strong.get("move", ()))
        if move:
            board.draw_lit(surf, move, highlight("move"), alpha=70)
        if lit.get("target"):
            board.draw_lit(surf, lit["target"], highlight("target"), alpha=95)
        if lit.get("blocked"):
            board.draw_hatched(surf, lit["blocked"], highlight("blocked"))
        if strong.get("move"):
            board.draw_lit(surf, strong["move"], highlight("move"), alpha=110)
        shown = self._lit_cells(overlay, move)
        for c, kinds, on in shown:
            board.draw_rims(surf, c, [k for k in kinds if k not in RINGED], self.kinds, on)
        acting = v.acting()
        dragged = overlay.dragging[0] if overlay.dragging else None
        rad = self._radius()
        down = face_down(v)
        for f in v.figures:
            if f.cell is None or f.id == dragged:
                continue
            box = draw_token(surf, board.center(f.cell), rad, v.name(f), f.owner, f.hp,
                             v.card(f).hp, acting=acting is not None and acting.id == f.id,
                             glow=glow_of(overlay.glow.get(f.id), self.kinds),
                             dice=f.inspiration)
            if f.id in down and v.name(f) != MASKED:  # its owner's: the other sees it masked
                face_down_mark(surf, box)
        for kind in RINGED:  # the picked spell's legal targets; where a die can go
            for c in strong.get(kind, ()):
                if isinstance(c, int):
                    target_ring(surf, board.center(c), rad + px(5), kind, self.kinds, px(4))
        for c, kinds, on in shown:
            board.draw_badges(surf, c, kinds, self.kinds, on)
        if isinstance(dragged, int) and dragged < len(v.figures):  # where it was
            f = v.figures[dragged]
            if f.cell is not None:
                pygame.draw.circle(surf, OWNER[f.owner], board.center(f.cell), rad, width=px(2))
        self._draw_legend(surf)
        self._draw_timeline(surf)
        self._draw_cards(surf, overlay)
        self._draw_pools(surf)
        self._draw_tray(surf, overlay)
        self.tray.draw_flights(surf)

    def _lit_cells(self, overlay: Overlay, move: AbstractSet[ZoneId]
                   ) -> list[tuple[int, list[str], bool]]:
        """Each lit cell with its kinds, faint ones (reach after hovering) first; a cell the
        figure can move to shows no reach (the move's light covers it)."""
        order = list(self.kinds)
        lit = {k: [c for c in zs if k != "attack" or c not in move]
               for k, zs in overlay.lit.items() if k != "move"}
        out: list[tuple[int, list[str], bool]] = []
        for ov, on in ((lit, False), (overlay.strong, True)):
            for c, kinds in by_zone(ov, order).items():
                if isinstance(c, int):
                    out.append((c, kinds, on))
        out += [(c, ["move"], False) for c in overlay.lit.get("move", ())
                if isinstance(c, int) and c not in overlay.strong.get("move", ())]
        return out

    def _draw_legend(self, surf: pygame.Surface) -> None:
        assert self.board is not None
        x = self.board.rect.x
        y = self.board.rect.bottom + px(10)
        for kind, label in TERRAIN_LEGEND:
            sw = pygame.Rect(x, y, px(16), px(16))
            draw_terrain(surf, kind, sw, 0)
            if kind == "tree":
                pygame.draw.circle(surf, (36, 104, 46), sw.center, px(7))
            if kind == "kama":
                draw_kama(surf, sw.center, px(4))
            t = TEXT.get(label, 14, INK_DIM)
            surf.blit(t, (x + px(20), y + px(2)))
            x += px(26) + t.get_width()
            if x > self.center.right - px(60):
                break

    def _draw_timeline(self, surf: pygame.Surface) -> None:
        v = self.view
        assert v is not None
        r = self.timeline
        pygame.draw.rect(surf, PANEL, r, border_radius=px(8))
        pygame.draw.rect(surf, PANEL_EDGE, r, width=px(1), border_radius=px(8))
        acting = v.acting()
        for p in (0, 1):
            y = r.y + px(4 + p * 22)
            line = v.timelines[p]
            on = v.active == p and v.phase != "over"
            tag = TEXT.get(f"P{p + 1}", 15, (20, 20, 20) if on else OWNER[p], True)
            tr = pygame.Rect(r.x + px(6), y, px(30), px(19))
            if on:
                pygame.draw.rect(surf, OWNER[p], tr, border_radius=px(9))
            else:
                pygame.draw.rect(surf, OWNER[p], tr, width=px(1), border_radius=px(9))
            surf.blit(tag, tag.get_rect(center=tr.center))
            n = max(1, len(line))
            slot = (r.w - px(48)) / n
            for k, fid in enumerate(line):
                f = v.figures[fid]
                cell = pygame.Rect(round(r.x + px(42) + k * slot), y, round(slot) - px(4),
                                   px(19))
                now = acting is not None and acting.id == fid
                done = on and v.phase == "activation" and k < v.slot
                if now:
                    pygame.draw.rect(surf, GOLD, cell, border_radius=px(5))
                else:
                    pygame.draw.rect(surf, (34, 42, 50), cell, border_radius=px(5))
                ink = (20, 20, 20) if now else (INK_DIM if (done or not f.alive) else INK)
                pygame.draw.circle(surf, OWNER[f.owner], (cell.x + px(9), cell.centery), px(6))
                label = v.name(f) if f.alive else f"{v.name(f)} (KO)"
                chip = self._hp_chip(surf, cell, f.hp) if f.alive else 0
                label, size = fit_smaller(label, 14, cell.w - px(24) - chip, now, 10)
                nt = TEXT.get(label, size, ink, now)
                surf.blit(nt, nt.get_rect(midleft=(cell.x + px(18), cell.centery)))
                if not f.alive:
                    pygame.draw.line(surf, INK_DIM, (cell.x + px(3), cell.centery),
                                     (cell.right - px(3), cell.centery), px(1))

    @staticmethod
    def _hp_chip(surf: pygame.Surface, cell: pygame.Rect, hp: int) -> int:
        """A figure's HP as white on the HP red at the right of its Timeline cell (the plain
        red digits were hard to read at 1280x720); returns the width it takes."""
        text = TEXT.get(str(hp), 14, (255, 255, 255), True)
        chip = pygame.Rect(0, 0, text.get_width() + px(10), cell.h - px(4))
        chip.midright = (cell.right - px(2), cell.centery)
        pygame.draw.rect(surf, HP_RED, chip, border_radius=px(7))
        surf.blit(text, text.get_rect(center=chip.center))
        return chip.w + px(4)

    def _draw_cards(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v = self.view
        assert v is not None
        acting = v.acting()
        castable: dict[int, list[int]] = {}
        for i in self.legal:
            if isinstance(i, Cast):
                castable.setdefault(i.figure, []).append(i.spell)
        inspire = set(overlay.strong.get("inspire", ()))
        for p in (0, 1):
            block = self._block(p)
            name = self.seats.names[p]
            t = TEXT.get(fit(f"{name} · {v.team_names[p]}", 17, block.w - px(10), True), 17,
                         OWNER[p], True)
            surf.blit(t, (block.x + px(2), block.y + px(2)))
            for fid in v.timelines[p]:
                f = v.figures[fid]
                r = self._cards.get(fid)
                if r is None:
                    continue
                sel = next((k for k in range(4) if overlay.glow.get(self.spell_id(fid, k))
                            == "selected"), None)
                glow = glow_of("inspire", self.kinds) if f.cell is not None \
                    and f.cell in inspire else None
                draw_figure_card(surf, r, v.card(f), f,
                                 acting=acting is not None and acting.id == fid,
                                 detailed=self._detailed.get(fid, False), selected_spell=sel,
                                 castable=castable.get(fid, ()), glow=glow)

    def _draw_pools(self, surf: pygame.Surface) -> None:
        v = self.view
        assert v is not None
        r = self.pools
        pygame.draw.rect(surf, PANEL, r, border_radius=px(8))
        pygame.draw.rect(surf, PANEL_EDGE, r, width=px(1), border_radius=px(8))
        head = TEXT.get("GG", 15, INK_DIM, True)
        gx, kx = self._cols()
        surf.blit(head, (gx + px(4), r.y + px(5)))
        kh = TEXT.get("Kamas", 15, INK_DIM, True)
        surf.blit(kh, (kx - px(6), r.y + px(5)))
        for p in (0, 1):
            y = r.y + px(24 + p * 22)
            name, size = fit_smaller(self.seats.names[p], 17, gx - r.x - px(24), True, 11)
            nt = TEXT.get(name, size, OWNER[p], True)
            surf.blit(nt, nt.get_rect(midleft=(r.x + px(8), y + px(9))))
            _gg(surf, (gx, y + px(8)))
            gt = TEXT.get(str(v.gg[p]), 19, INK, True)
            surf.blit(gt, (gx + px(12), y))
            kx, ky = self._kama_at[p]
            draw_kama(surf, (kx, ky), px(7))
            kt = TEXT.get(str(v.kamas[p]), 19, INK, True)
            surf.blit(kt, (kx + px(12), y))
        wy = r.bottom - px(12)
        _gg(surf, (r.x + px(14), wy))
        wt = TEXT.get(f"Wild GG {v.wild_gg}", 16, GOLD, True)
        surf.blit(wt, wt.get_rect(midleft=(r.x + px(24), wy + 1)))
        if any(c == "demon" for c in v.board.terrain) and r.w >= px(290):
            dt = TEXT.get(f"1 GG = {house.GG_PRICE} kamas on a demon cell", 13, INK_DIM)
            surf.blit(dt, dt.get_rect(midright=(r.right - px(8), wy + 1)))

    def _draw_tray(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v = self.view
        assert v is not None
        notes = {"tension": "Reroll: 1 new die replaces both (R-03)",
                 "dofus": "Choose the Dofus side",
                 "inspiration": "Drag a die onto a card"}
        note = notes.get(v.phase, "")
        gain = house.REFUND_KAMAS.get(len(v.dice), 0)
        if v.phase == "inspiration" and gain:  # what Done earns (the Refund, R-09)
            note = f"Drag onto a card, or sell: +{gain} Kamas"
        if not v.dice and v.phase == "activation":
            note = "Unplaced dice are sold for Kamas"
        if v.rerolled and v.dice:
            note = "Rerolled: " + note
        dragged = overlay.dragging[0] if overlay.dragging else None
        skip = dragged[1] if isinstance(dragged, tuple) and dragged in self._dice else None
        glowing = [c[1] for c in self._dice if c in overlay.glow]
        title = f"Tension dice · {self.seats.names[v.active]}"
        if self._dofus:  # the die whose side is being chosen glows; the sides sit beside it
            glowing = [next(iter(self._dofus))[1]]
            title, note = "Dofus die: click the side it shows", ""
        self.tray.draw(surf, fit(title, 17, self.tray.rect.w - px(16), True), note, glowing,
                       skip, glow_of("usable", self.kinds))
        for code, r in self._dofus.items():
            side = code[2]
            draw_die(surf, side, r.center, r.w,
                     glow=glow_of(overlay.glow.get(code), self.kinds))

    def draw_dragged(self, surf: pygame.Surface, overlay: Overlay) -> None:
        v = self.view
        if overlay.dragging is None or v is None:
            return
        src, pos = overlay.dragging
        if isinstance(src, tuple) and src in self._dice:
            k = src[1]
            if k < len(v.dice):
                draw_die(surf, v.dice[k], pos, self.tray.die)
            return
        if isinstance(src, int) and 0 <= src < len(v.figures):
            f = v.figures[src]
            draw_token(surf, pos, self._radius(), v.name(f), f.owner, f.hp, v.card(f).hp,
                       dice=f.inspiration)


def _gg(surf: pygame.Surface, center: Pos) -> None:
    """A GG token: a small green gem."""
    cx, cy = center
    pts = [(cx + px(x), cy + px(y)) for x, y in ((0, -7), (6, -2), (4, 6), (-4, 6), (-6, -2))]
    pygame.draw.polygon(surf, (60, 200, 120), pts)
    pygame.draw.polygon(surf, (200, 255, 220), pts, width=px(1))
