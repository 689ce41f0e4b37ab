"""Krosmaster figure cards drawn from card data: name, level, Initiative, MP/HP/AP, spells with
AP cost, range, line-of-sight and straight-line markers, powers, and the Inspiration dice lying
on the card. Spell rows are returned so the table can make them clickable."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.draw.dice import die_surface
from game.draw.marks import Glow, glow_rim
from game.draw.palette import GOLD, INK, INK_DARK, OWNER, Color, highlight
from game.draw.scale import px
from game.draw.text import TEXT, fit
from rules.krosmaster.cards import KrosmasterCard, Spell
from rules.krosmaster.state import Figure

PAPER = (238, 228, 204)
PAPER_DIM = (168, 162, 150)
# dark enough under white text for 7:1 (the high-contrast palette's floor)
AP_BLUE = (34, 74, 160)
MP_GREEN = (24, 88, 42)
HP_RED = (150, 30, 36)
SPELL_ROW = 15
HEADER = 38


def card_height(card: KrosmasterCard, detailed: bool) -> int:
    return px(HEADER) + (px(SPELL_ROW) * len(card.spells) + px(3) if detailed else 0)


def _chip(surf: pygame.Surface, x: int, y: int, label: str, colour: Color,
          size: int = 14) -> int:
    t = TEXT.get(label, size, INK, True)
    r = t.get_rect(topleft=(x, y)).inflate(px(8), px(2))
    r.topleft = (x, y)
    pygame.draw.rect(surf, colour, r, border_radius=r.h // 2)
    surf.blit(t, t.get_rect(center=r.center))
    return r.right + px(3)


def _eye(surf: pygame.Surface, center: tuple[int, int], crossed: bool, colour: Color) -> None:
    """Line-of-sight marker: an eye; crossed out when the spell ignores line of sight."""
    cx, cy = center
    pygame.draw.ellipse(surf, colour, (cx - px(7), cy - px(4), px(14), px(8)), width=px(1))
    pygame.draw.circle(surf, colour, center, px(2))
    if crossed:
        pygame.draw.line(surf, (190, 40, 40), (cx - px(7), cy + px(5)), (cx + px(7), cy - px(5)),
                         px(2))


def _line_marker(surf: pygame.Surface, center: tuple[int, int], colour: Color) -> None:
    """Straight-line marker: a cross of four arrows (rows and columns only)."""
    cx, cy = center
    a, b = px(6), px(3)
    pygame.draw.line(surf, colour, (cx - a, cy), (cx + a, cy), px(2))
    pygame.draw.line(surf, colour, (cx, cy - a), (cx, cy + a), px(2))
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        tip = (cx + a * dx, cy + a * dy)
        pygame.draw.polygon(surf, colour, [tip, (tip[0] - b * dx - b * dy, tip[1] - b * dy - b
                                                 * dx), (tip[0] - b * dx + b * dy,
                                                         tip[1] - b * dy + b * dx)])


def spell_summary(spell: Spell) -> str:
    lo, hi = spell.range
    bits = [f"r{lo}" if lo == hi else f"r{lo}-{hi}"]
    if spell.damage:
        bits.append(f"{spell.damage} dmg")
    bits += [f"{e.name.replace('_', ' ')} {e.amount}" for e in spell.effects]
    if spell.target == "ally":
        bits.append("ally")
    return "  ".join(bits)


def draw_figure_card(surf: pygame.Surface, rect: pygame.Rect, card: KrosmasterCard,
                     fig: Figure, acting: bool = False, detailed: bool = True,
                     selected_spell: int | None = None, castable: Sequence[int] = (),
                     glow: Glow | None = None) -> list[pygame.Rect]:
    """Draw one card; returns the rect of each spell row (empty when not detailed)."""
    alive = fig.alive
    paper = PAPER if alive else PAPER_DIM
    owner = OWNER[fig.owner]
    pygame.draw.rect(surf, (0, 0, 0), rect.move(px(2), px(3)), border_radius=px(6))
    pygame.draw.rect(surf, paper, rect, border_radius=px(6))
    pygame.draw.rect(surf, owner, (rect.x, rect.y, px(6), rect.h),
                     border_top_left_radius=px(6), border_bottom_left_radius=px(6))
    edge = GOLD if acting else (90, 80, 66)
    pygame.draw.rect(surf, edge, rect, width=px(3) if acting else px(1), border_radius=px(6))
    if glow is not None:
        glow_rim(surf, rect.inflate(px(6), px(6)), glow, px(3), px(8))
    x0 = rect.x + px(12)
    # level gem, name, initiative
    gem = (x0 + px(9), rect.y + px(12))
    pygame.draw.circle(surf, (70, 50, 110), gem, px(10))
    pygame.draw.circle(surf, (200, 180, 255), gem, px(10), width=px(1))
    lt = TEXT.get(str(card.level), 16, INK, True)
    surf.blit(lt, lt.get_rect(center=(gem[0], gem[1] + 1)))
    it = TEXT.get(f"Init {card.initiative}", 15, INK, True)
    ir = it.get_rect(topright=(rect.right - px(8), rect.y + px(4))).inflate(px(8), px(2))
    ir.topright = (rect.right - px(6), rect.y + px(4))
    pygame.draw.rect(surf, (88, 66, 28), ir, border_radius=ir.h // 2)
    surf.blit(it, it.get_rect(center=ir.center))
    name = fit(card.name, 18, ir.x - x0 - px(30), True)
    nt = TEXT.get(name, 18, INK_DARK, True)
    surf.blit(nt, (x0 + px(24), rect.y + px(5)))
    if acting:
        at = TEXT.get("acting", 13, (150, 100, 0), True)
        surf.blit(at, (x0 + px(28) + nt.get_width(), rect.y + px(8)))
    # stats: MP and AP left while acting, HP current / printed
    y = rect.y + px(21)
    x = x0
    mp = f"MP {fig.mp}/{card.mp}" if acting else f"MP {card.mp}"
    ap = f"AP {fig.ap}/{card.ap}" if acting else f"AP {card.ap}"
    x = _chip(surf, x, y, mp, MP_GREEN)
    x = _chip(surf, x, y, f"HP {fig.hp}/{card.hp}", HP_RED)
    x = _chip(surf, x, y, ap, AP_BLUE)
    for p in card.powers:  # printed powers: a small die face on a dark chip
        pr = pygame.Rect(x, y, px(17), px(17))
        pygame.draw.rect(surf, (60, 54, 48), pr, border_radius=px(4))
        surf.blit(die_surface(p, px(15)), (x + px(1), y + px(1)))
        x += px(20)
    # Inspiration dice lying on the card (right side)
    d = px(18)
    for k, face in enumerate(fig.inspiration):
        dx = rect.right - px(8) - (k + 1) * (d + px(3))
        pygame.draw.rect(surf, GOLD, (dx - 1, y - 1, d + 2, d + 2), border_radius=px(5))
        surf.blit(die_surface(face, d), (dx, y))
    rows: list[pygame.Rect] = []
    if detailed:
        y = rect.y + px(HEADER)
        for k, spell in enumerate(card.spells):
            row = pygame.Rect(rect.x + px(8), y, rect.w - px(14), px(SPELL_ROW) - 1)
            rows.append(row)
            if k == selected_spell:
                pygame.draw.rect(surf, highlight("selected"), row, border_radius=px(4))
            elif k in castable:
                pygame.draw.rect(surf, (250, 240, 210), row, border_radius=px(4))
                pygame.draw.rect(surf, (200, 150, 40), row, width=px(1), border_radius=px(4))
            ink = INK_DARK if (not acting or spell.ap <= fig.ap) else (130, 120, 110)
            pygame.draw.circle(surf, AP_BLUE, (row.x + px(9), row.centery), px(7))
            at = TEXT.get(str(spell.ap), 14, INK, True)
            surf.blit(at, at.get_rect(center=(row.x + px(9), row.centery + 1)))
            mark_x = row.right - px(10)
            if spell.line:
                _line_marker(surf, (mark_x, row.centery), INK_DARK)
                mark_x -= px(18)
            _eye(surf, (mark_x, row.centery), not spell.los, INK_DARK)
            summary = TEXT.get(spell_summary(spell), 14, (70, 60, 50))
            sx = mark_x - px(12) - summary.get_width()
            st = TEXT.get(fit(spell.name, 15, sx - row.x - px(26), True), 15, ink, True)
            surf.blit(st, st.get_rect(midleft=(row.x + px(21), row.centery + 1)))
            surf.blit(summary, summary.get_rect(midleft=(sx, row.centery + 1)))
            y += px(SPELL_ROW)
    if not alive:
        ko = TEXT.get("KO", 22, (150, 20, 20), True)
        surf.blit(ko, ko.get_rect(midright=(rect.right - px(70), rect.y + px(14))))
    return rows
