"""A table with every highlight kind it declares lit at once: each target kind on its own
zone, the first two together on one more (so both badges show), each glow on its own piece.
The marks test samples it under each palette (tests/game/test_marks_palettes.py) and
tools/marks_shots.py saves it as seen with a colour-vision deficiency and in grey."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.input.handlers import Ctx, Handler
from game.layouts.base import Overlay, TableLayout, ZoneId
from game.scenes.table import TableScene

RING_STYLES = ("ring",)  # legend styles drawn round what stands on a zone


class Showing(Handler):
    """An input handler that only shows a fixed overlay (nothing it is given does a thing)."""

    name = "showing"

    def __init__(self, overlay: Overlay) -> None:
        self.shown = overlay

    def overlay(self, ctx: Ctx) -> Overlay:
        return Overlay(lit={k: list(v) for k, v in self.shown.lit.items()},
                       strong={k: list(v) for k, v in self.shown.strong.items()},
                       glow=dict(self.shown.glow))


def _styles(layout: TableLayout) -> dict[str, str]:
    """Each kind's first legend style (bright when the legend has none)."""
    out: dict[str, str] = {}
    for line in layout.legend:
        out.setdefault(line.kind, line.style)
    return out


def _free(layout: TableLayout, zones: list[ZoneId], taken: list[pygame.Rect]) -> ZoneId | None:
    """The first of ``zones`` whose box (its middle) meets none already taken."""
    for z in zones:
        r = layout.zone_rect(z)
        core = r.inflate(-r.w // 4, -r.h // 4)
        if r.w > 0 and not any(core.colliderect(t) for t in taken):
            taken.append(core)
            return z
    return None


def show_every_kind(scene: TableScene) -> dict[str, list[ZoneId]]:
    """Light every kind at the table ``scene`` (until its handler changes); the zones lit for
    each target kind. What lies over the table for a while (Dreadnought's speed comparison)
    is taken off."""
    end_flash = getattr(scene.layout, "end_flash", None)
    if callable(end_flash):
        end_flash()
    ov, lit = every_kind(scene.layout)
    scene.handler = Showing(ov)
    return lit


def every_kind(layout: TableLayout) -> tuple[Overlay, dict[str, list[ZoneId]]]:
    """The overlay, and the zones lit for each target kind."""
    styles = _styles(layout)
    occupied = _occupied(layout)
    zones = [z for z in layout.zones() if z not in occupied]
    zones = zones[len(zones) // 5:] + zones[:len(zones) // 5]  # away from the far edge
    taken: list[pygame.Rect] = []
    ov = Overlay()
    lit: dict[str, list[ZoneId]] = {}
    targets = [k for k, m in layout.kinds.items() if m.on == "target"]
    for kind in targets:
        ringed = styles.get(kind) in RING_STYLES
        z = _free(layout, list(occupied) if ringed else zones, taken)
        if z is None:
            continue
        faint = styles.get(kind) in ("hatched", "outline")
        (ov.lit if faint else ov.strong).setdefault(kind, []).append(z)
        lit.setdefault(kind, []).append(z)
    pair = [k for k in targets if styles.get(k, "bright") == "bright"][:2]
    z = _free(layout, zones, taken)
    if len(pair) == 2 and z is not None:
        for kind in pair:
            ov.strong.setdefault(kind, []).append(z)
            lit.setdefault(kind, []).append(z)
    pieces = [src for place in ("hand", *layout.pieces()) for src in
              layout.pieces().get(place, {})]
    glows = [k for k, m in layout.kinds.items() if m.on == "piece"]
    for kind, src in zip(glows, dict.fromkeys(pieces), strict=False):
        ov.glow[src] = kind
    return ov, lit


def _occupied(layout: TableLayout) -> list[ZoneId]:
    """Zones a piece stands on (Krosmaster's figures), for the kinds ringed round one."""
    out: list[ZoneId] = []
    for src, pos in layout.pieces().get("field", {}).items():
        z = layout.zone_at(pos)
        if z is not None and z not in out and isinstance(src, Hashable):
            out.append(z)
    return out
