"""Input handlers. The table scene feeds each event that pygame-gui did not consume to the
active handler, which answers with an intent for the rules, the next handler, or None.

Idle        nothing picked up; click/drag starts, Space passes, lit targets are clickable;
            a click on a card opens the menu of its actions (even one: ``clicked_act``), a
            drag onto a lit target acts, hovering or a right-click shows the card
Dragging    a piece follows the mouse; its legal zones are lit; the drop becomes an intent
Menu        a small action menu (pygame-gui buttons) of intents for one piece
Targeting   pick a zone for an action chosen from a menu
HandOver    hot-seat screen between two people; nothing of the table can be touched
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from game.draw.glyphs import ui_text
from game.draw.menus import menu_geometry
from game.draw.scale import anim_ms
from game.layouts.base import (
    UNTARGETED,
    Overlay,
    Piece,
    PieceId,
    Pos,
    TableLayout,
    ZoneId,
    aimed,
)
from rules.core.model import Intent

DRAG_SLOP = 6  # pixels the mouse must travel before a press counts as a drag
SNAP_MS = 160


class Ctx(Protocol):
    """What handlers may use from the table scene."""

    layout: TableLayout
    manager: pygame_gui.UIManager

    def legal(self) -> list[Intent]: ...

    def highlights(self, source: PieceId) -> dict[str, list[Any]]: ...

    def why_not(self, intent: Intent) -> str: ...

    def why_idle(self, source: PieceId, tries: list[Intent]) -> str: ...

    def say(self, text: str, error: bool = False) -> None: ...

    def button_intent(self, element: object) -> Intent | str | None: ...

    def take_seat(self, player: int) -> None: ...


class Handler:
    name = "handler"

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        return Overlay()

    def exit(self, ctx: Ctx) -> None:
        """Called when the scene leaves this handler (remove any UI it made)."""


def candidates(ctx: Ctx, source: PieceId) -> list[Intent]:
    return [i for i in ctx.legal() if ctx.layout.source_of(i) == source]


def untargeted(ctx: Ctx, intents: list[Intent]) -> list[Intent]:
    """The intents done by a click on their piece (no target)."""
    return [i for i in intents if ctx.layout.target_of(i) is UNTARGETED]


def zone_targets(ctx: Ctx, intents: list[Intent]) -> dict[str, list[ZoneId]]:
    out: dict[str, list[ZoneId]] = {}
    for i in intents:
        z = ctx.layout.target_of(i)
        if aimed(z):
            out.setdefault(ctx.layout.highlight_kind(i), []).append(z)
    return out


def responses(ctx: Ctx) -> list[Intent]:
    """What the "Respond…" button offers: everything legal but the layout's pass."""
    return [i for i in ctx.legal() if i.kind != ctx.layout.pass_kind]


def range_lit(ctx: Ctx, source: PieceId) -> dict[str, list[ZoneId]]:
    """What the piece could reach after a Move (drawn fainter than what is legal now): the
    rules' highlights of the layout's ``hover_kinds``, less every zone the piece can act on
    right now, kept to what the layout calls worth showing (``after_move``)."""
    hl = ctx.highlights(source)
    now = {z for zones in zone_targets(ctx, candidates(ctx, source)).values() for z in zones}
    out: dict[str, list[ZoneId]] = {}
    for k in ctx.layout.hover_kinds:
        later = ctx.layout.after_move(k, [z for z in hl.get(k, []) if z not in now], source)
        if later:
            out[k] = later
    return out


def dimmed(ctx: Ctx, legal: list[Intent]) -> set[PieceId]:
    """The pieces of the layout's ``dim_places`` with nothing legal now, while their owner
    decides (nothing is dimmed while someone else does)."""
    if not legal:
        return set()
    usable = {ctx.layout.source_of(i) for i in legal}
    places = ctx.layout.pieces()
    return {src for place in ctx.layout.dim_places for src in places.get(place, {})
            if src not in usable}


def why_idle(ctx: Ctx, piece: Piece) -> str:
    """Why a piece can do nothing now, in the rules' words (``Ruleset.why_idle``): their
    reason for that piece and what it could do in this step ("Gear Change is once per turn",
    "costs 3 Ki, you have 2"). The intents its drops would imply go with the question, for a
    game that gives no reason of its own for the piece."""
    tries = [i for zone in ctx.layout.zones()
             if (i := ctx.layout.implied(piece, zone)) is not None]
    return ctx.why_idle(piece.source, tries)


def clicked_act(ctx: Ctx, piece: Piece, mine: list[Intent]) -> bool:
    """Whether a click on ``piece`` does its one action at once. Never for a card (a piece
    with a face): players click a card to read it, so a click opens the menu of its actions,
    one item included, and only a drag onto a lit target acts. A faceless piece (a die's side,
    a token) is a button: its one untargeted action is what clicking it means."""
    return len(mine) == 1 and bool(untargeted(ctx, mine)) and ctx.layout.face(piece.source) is None


def keyed_intent(ctx: Ctx) -> Intent | None:
    """Space: the first legal intent of the layout's ``space_kinds`` (none by default)."""
    legal = ctx.legal()
    for kind in ctx.layout.space_kinds:
        for i in legal:
            if i.kind == kind:
                return i
    return None


def _click_targets(ctx: Ctx) -> list[Intent]:
    """Intents done by clicking a lit zone, no drag: choices (no source) and the follow-ups of
    the piece that is mid-action."""
    focus = ctx.layout.focus()
    out = []
    for i in ctx.legal():
        src = ctx.layout.source_of(i)
        z = ctx.layout.target_of(i)
        if aimed(z) and (src is None or (focus is not None and src == focus)):
            out.append(i)
    return out


def _pick(intents: list[Intent], ctx: Ctx, anchor: Pos) -> Intent | Handler | None:
    if len(intents) == 1:
        return intents[0]
    if intents:
        return Menu(ctx, intents, anchor)
    return None


class Idle(Handler):
    name = "idle"

    def __init__(self, snap: tuple[PieceId, Pos, Pos] | None = None) -> None:
        self.snap = snap
        self.snap_start = pygame.time.get_ticks()
        self.hover: Piece | None = None

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = ctx.layout.piece_at(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            legal = ctx.legal()
            if not legal:
                return None
            piece = ctx.layout.piece_at(ev.pos)
            own = ctx.layout.press(piece, ev.pos, ctx)
            if isinstance(own, Intent | Handler):
                return own
            if piece is not None and candidates(ctx, piece.source):
                return Dragging(piece, ev.pos)
            zone = ctx.layout.zone_at(ev.pos)
            if zone is not None:
                hit = [i for i in _click_targets(ctx) if ctx.layout.target_of(i) == zone]
                if hit:
                    return _pick(hit, ctx, ev.pos)
            if piece is not None:
                ctx.say(why_idle(ctx, piece), error=True)
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
            return keyed_intent(ctx)
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB:  # keyboard play
            from game.input.keyboard import KeyFocus

            return KeyFocus.start(ctx, backwards=bool(ev.mod & pygame.KMOD_SHIFT))
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_l:  # look at everything
            from game.input.look import Look

            return Look(ctx)
        elif ev.type == pygame_gui.UI_BUTTON_PRESSED:
            what = ctx.button_intent(ev.ui_element)
            if what == "respond":
                offered = responses(ctx)
                return Menu(ctx, offered, pygame.mouse.get_pos()) if offered else None
            if isinstance(what, Intent):
                return what
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Overlay()
        legal = ctx.legal()
        responding = ctx.layout.responding(legal)
        for i in legal:
            src = ctx.layout.source_of(i)
            if src is not None:
                ov.glow[src] = "respond" if responding else "usable"
        ov.dim = dimmed(ctx, legal)
        for kind, zones in zone_targets(ctx, _click_targets(ctx)).items():
            ov.strong.setdefault(kind, []).extend(zones)
        h = self.hover
        if h is not None:
            if ctx.layout.rises(h):
                ov.raised = h.source
            if ctx.layout.shows_range(h) and h.source in ov.glow and ctx.layout.focus() is None:
                ov.lit = range_lit(ctx, h.source)
                for kind, zones in zone_targets(ctx, candidates(ctx, h.source)).items():
                    ov.strong.setdefault(kind, []).extend(zones)
        if self.snap is not None:
            t = (pygame.time.get_ticks() - self.snap_start) / anim_ms(SNAP_MS)
            if t >= 1:
                self.snap = None
            else:
                src, a, b = self.snap
                e = 1 - (1 - t) ** 3
                ov.dragging = (src, (round(a[0] + (b[0] - a[0]) * e),
                                     round(a[1] + (b[1] - a[1]) * e)))
        return ov


class Dragging(Handler):
    name = "dragging"

    def __init__(self, piece: Piece, start: Pos) -> None:
        self.piece = piece
        self.start = start
        self.pos = start
        self.grab = (piece.rect.centerx - start[0], piece.rect.centery - start[1])
        self.moved = False

    def _centre(self) -> Pos:
        return (self.pos[0] + self.grab[0], self.pos[1] + self.grab[1])

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.MOUSEMOTION:
            self.pos = ev.pos
            if math.dist(self.pos, self.start) > DRAG_SLOP:
                self.moved = True
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.pos = ev.pos
            if math.dist(self.pos, self.start) > DRAG_SLOP:
                self.moved = True
            return self.drop(ctx)
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Idle(snap=(self.piece.source, self._centre(), self.piece.rect.center))
        return None

    def drop(self, ctx: Ctx) -> Intent | Handler | None:
        mine = candidates(ctx, self.piece.source)
        if not self.moved:
            if clicked_act(ctx, self.piece, mine):
                return mine[0]
            return Menu(ctx, mine, self.pos) if mine else Idle()
        zone = ctx.layout.zone_at(self.pos)
        back = Idle(snap=(self.piece.source, self._centre(), self.piece.rect.center))
        if zone is not None:
            here = [i for i in mine if ctx.layout.target_of(i) == zone]
            if here:
                return _pick(here, ctx, self.pos)
        loose = untargeted(ctx, mine)
        if len(loose) == 1 and ctx.layout.plays_loose_at(self.piece, self.pos):
            return loose[0]
        if zone is None:
            ctx.say(f"Drop it on the board: {ctx.layout.describe(loose[0])}." if len(loose) == 1
                    else "Drop it on a lit target.", error=True)
            return back
        implied = ctx.layout.implied(self.piece, zone)
        reason = ctx.why_not(implied) if implied is not None else "nothing can go there"
        ctx.say(reason, error=True)
        return back

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Overlay(dragging=(self.piece.source, self._centre()))
        mine = candidates(ctx, self.piece.source)
        ov.strong = zone_targets(ctx, mine)
        if ctx.layout.shows_range(self.piece):
            ov.lit = range_lit(ctx, self.piece.source)
        zone = ctx.layout.zone_at(self.pos)
        names = ", ".join(sorted({ctx.layout.describe(i) for i in mine
                                  if ctx.layout.target_of(i) == zone})) if zone is not None \
            else ""
        loose = untargeted(ctx, mine)
        if not names and len(loose) == 1 and ctx.layout.plays_loose_at(self.piece, self.pos):
            names = ctx.layout.describe(loose[0])  # what dropping it here does
        ov.hint = names
        return ov


def _without_piece_name(ctx: Ctx, intents: list[Intent],
                        entries: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A menu about one piece drops its name from the rules' words ("Lion: Move to B2" reads
    "Move to B2" on the Lion's own menu)."""
    sources = {ctx.layout.source_of(i) for i in intents}
    src = sources.pop() if len(sources) == 1 else None
    spec = ctx.layout.face(src) if src is not None else None
    if spec is None:
        return entries
    head = f"{spec.name}: "
    return [(label[len(head):] if label.startswith(head) else label, what)
            for label, what in entries]


class Menu(Handler):
    """A small action menu: one button per action; actions with several targets lead on to
    Targeting."""

    name = "menu"

    def __init__(self, ctx: Ctx, intents: list[Intent], anchor: Pos) -> None:
        groups: dict[tuple[str, PieceId | None, Hashable], list[Intent]] = {}
        for i in intents:
            key = (i.kind, ctx.layout.source_of(i), ctx.layout.group_key(i))
            groups.setdefault(key, []).append(i)
        entries: list[tuple[str, Intent | list[Intent]]] = []
        for group in groups.values():
            if len(group) <= 6:
                entries.extend((ctx.layout.describe(i), i) for i in group)
            else:  # many targets: pick the action here, the target on the field
                entries.append((ctx.layout.describe(group[0]).split(" → ")[0] + " …", group))
        entries = _without_piece_name(ctx, intents, entries)
        labels = [ui_text(label) for label, _ in entries]
        rect, bw, bh = menu_geometry(ctx.manager, [*labels, "Cancel (Esc)"], anchor)
        self.panel = UIPanel(rect, manager=ctx.manager, starting_height=5,
                             object_id="#action_menu")
        self.buttons: dict[object, Intent | list[Intent] | None] = {}
        for k, ((_, what), label) in enumerate(zip(entries, labels, strict=True)):
            b = UIButton(pygame.Rect(4, 4 + k * bh, bw, bh - 2), label, manager=ctx.manager,
                         container=self.panel)
            self.buttons[b] = what
        cancel = UIButton(pygame.Rect(4, 4 + len(entries) * bh, bw, bh - 2), "Cancel (Esc)",
                          manager=ctx.manager, container=self.panel)
        self.buttons[cancel] = None
        self.entries = entries
        self.focus = 0  # the button Enter presses (arrows / Tab move it)

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element in self.buttons:
            what = self.buttons[ev.ui_element]
            if what is None:
                return Idle()
            if isinstance(what, list):
                return Targeting(what)
            return what
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Idle()
        from game.input.keyboard import menu_key

        keyed = menu_key(self, ev, ctx)
        if keyed is not False:
            return keyed  # type: ignore[return-value]
        if ev.type == pygame.MOUSEBUTTONDOWN:  # a click outside the menu closes it
            return Idle()
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Overlay()
        ov.strong = zone_targets(ctx, [w for _, w in self.entries if isinstance(w, Intent)])
        ov.focus = pygame.Rect(list(self.buttons)[self.focus].rect)  # type: ignore[attr-defined]
        return ov

    def exit(self, ctx: Ctx) -> None:
        self.panel.kill()


class Confirm(Handler):
    """Asks once before a choice that harms the player's own piece: Yes does it, No (Esc or
    a click elsewhere) goes back. The table scene opens it (see ``TableLayout.confirm``)."""

    name = "confirm"

    def __init__(self, ctx: Ctx, intent: Intent, question: str, anchor: Pos) -> None:
        self.intent = intent
        self.question = question
        labels = [ui_text(question), "Yes, do it", "No (Esc)"]
        rect, bw, bh = menu_geometry(ctx.manager, labels, anchor)
        self.panel = UIPanel(rect, manager=ctx.manager, starting_height=5,
                             object_id="#action_menu")
        UILabel(pygame.Rect(4, 4, bw, bh - 2), labels[0], manager=ctx.manager,
                container=self.panel)
        self.yes = UIButton(pygame.Rect(4, 4 + bh, bw, bh - 2), labels[1], manager=ctx.manager,
                            container=self.panel)
        self.no = UIButton(pygame.Rect(4, 4 + 2 * bh, bw, bh - 2), labels[2],
                           manager=ctx.manager, container=self.panel)

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element is self.yes:
            return self.intent
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element is self.no:
            return Idle()
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_RETURN:
            return self.intent
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Idle()
        if ev.type == pygame.MOUSEBUTTONDOWN and not self.panel.rect.collidepoint(ev.pos):
            return Idle()
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Overlay()  # the question is on the panel itself
        ov.focus = pygame.Rect(self.yes.rect)
        return ov

    def exit(self, ctx: Ctx) -> None:
        self.panel.kill()


class Targeting(Handler):
    name = "targeting"

    def __init__(self, intents: list[Intent]) -> None:
        self.intents = intents

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if ev.type == pygame.MOUSEBUTTONDOWN:
            if ev.button != 1:
                return Idle()
            zone = ctx.layout.zone_at(ev.pos)
            hit = [i for i in self.intents if ctx.layout.target_of(i) == zone]
            if hit:
                return _pick(hit, ctx, ev.pos)
            ctx.say("Pick one of the lit zones (Esc cancels).", error=True)
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Idle()
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_RETURN):
            from game.input.keyboard import KeyTargets

            return KeyTargets(ctx, self.intents)
        return None

    def overlay(self, ctx: Ctx) -> Overlay:
        ov = Overlay(strong=zone_targets(ctx, self.intents))
        ov.hint = "Choose a target: " + ctx.layout.describe(self.intents[0]).split(" → ")[0]
        return ov


class HandOver(Handler):
    """Hot-seat: both hands hidden until the next person clicks."""

    name = "handover"

    def __init__(self, player: int) -> None:
        self.player = player

    def handle(self, ev: pygame.event.Event, ctx: Ctx) -> Intent | Handler | None:
        if (ev.type == pygame.MOUSEBUTTONUP and ev.button == 1) or (
                ev.type == pygame.KEYDOWN and ev.key in (pygame.K_SPACE, pygame.K_RETURN)):
            ctx.take_seat(self.player)
            return Idle()
        return None


class Watching(Handler):
    """Nothing to decide (the game is over, or only computers play)."""

    name = "watching"
