"""Issue 38: every player can read the table. Each of the five tables is drawn at 1280x720
with every highlight kind it declares lit (game/marks_gallery.py), under each palette, and
the screen's own pixels are read where the marks went:

- every lit kind's badge shows its glyph, and its rim its pattern (solid, dashed, dotted);
- every two kinds lit are told apart by colour (CIEDE2000 ≥ 15 between their rims, with
  normal vision and as simulated by coloraide for protanopia, deuteranopia, tritanopia and
  60 % protanomaly and deuteranomaly) or, when not, by distinct marks present in the pixels;
  in the colour-blind-safe palette every two kinds of different colours by colour alone;
- rims and badges stand 3:1 against what surrounds them;
- every text at the table reaches 4.5:1 against what is under it (7:1 in the high-contrast
  palette) and a design size of at least 13.
"""

from __future__ import annotations

import importlib.util
import itertools
import statistics
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game import gallery
from game.app import App
from game.draw.cards import CardFaces, FaceSpec, face_key, render_face_fit
from game.draw.marks import (
    GLYPHS,
    Drawn,
    KindMark,
    badge_size,
    draw_badge,
    glow_rim,
    least_badge,
    recording,
)
from game.draw.marks import Glow as GlowOf
from game.draw.palette import (
    BADGE_INK,
    HIGHLIGHTS,
    PRESETS,
    Color,
    contrast,
    highlight,
    text_floor,
    use_preset,
)
from game.draw.scale import px, scale
from game.draw.text import SMALLEST, TextRecorder
from game.marks_gallery import show_every_kind
from game.scenes.table import TableScene

ROOT = Path(__file__).resolve().parents[2]
TABLES = ("kyoukai", "krosmaster", "dreadnought", "bos", "nullshapers")


def _vision() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vision", ROOT / "tools" / "vision.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


VISION = _vision()


class Shot:
    """One table drawn under one palette: its pixels, the marks drawn and the texts."""

    def __init__(self, app: App, game: str, preset: str) -> None:
        self.game, self.preset = game, preset
        scene = app.scene
        assert isinstance(scene, TableScene)
        self.kinds: dict[str, KindMark] = scene.layout.kinds
        self.lit = show_every_kind(scene)
        rec = TextRecorder(app.size, grounds=True)
        screen, app.screen = app.screen, rec
        faces: dict[tuple[str, tuple[int, int]], FaceSpec] = {}
        real = CardFaces.face

        def noting(own: CardFaces, spec: FaceSpec, size: tuple[int, int]) -> pygame.Surface:
            faces[(face_key(spec), size)] = spec
            return real(own, spec, size)

        app.faces.clear()
        painter = getattr(scene.layout, "painter", None)
        if painter is not None:
            painter.clear()
        CardFaces.face = noting  # type: ignore[method-assign, assignment]
        try:
            with recording() as drawn:
                app.draw()
        finally:
            app.screen = screen
            CardFaces.face = real  # type: ignore[method-assign]
        self.screen = rec
        self.drawn: list[Drawn] = drawn
        self.texts = rec.looks
        self.faces = [(spec, size) for (_, size), spec in faces.items()]

    def at(self, p: tuple[float, float]) -> Color:
        x, y = round(p[0]), round(p[1])
        c = self.screen.get_at((max(0, min(x, self.screen.get_width() - 1)),
                                max(0, min(y, self.screen.get_height() - 1))))
        return (c.r, c.g, c.b)

    def badges(self, kind: str) -> list[Drawn]:
        return [d for d in self.drawn if d.kind == kind and d.what == "badge"]

    def rims(self, kind: str) -> list[Drawn]:
        return [d for d in self.drawn if d.kind == kind and d.what == "rim"]


@pytest.fixture(scope="module")
def shots() -> Iterator[dict[tuple[str, str], Shot]]:
    app = App((1280, 720))
    out: dict[tuple[str, str], Shot] = {}
    try:
        for game in TABLES:
            gallery.OPEN[game](app)
            for preset in PRESETS:
                app.apply_settings(app.settings.model_copy(update={"palette": preset}),
                                   save=False)
                gallery.frames(app, 1)
                out[(game, preset)] = Shot(app, game, preset)
            app.apply_settings(app.settings.model_copy(update={"palette": "default"}),
                               save=False)
        yield out
    finally:
        use_preset("default")
        app.close()


CASES = [(g, p) for g in TABLES for p in PRESETS]
IDS = [f"{g}-{p}" for g, p in CASES]


# ---- what the pixels hold -----------------------------------------------------------------
def glyph_mask(surf: pygame.Surface, box: pygame.Rect, kind: str) -> set[tuple[int, int]]:
    """The badge's glyph: the pixels inside its disc nearer the badge ink than its colour."""
    colour = highlight(kind)
    r2 = (box.w / 2 * 0.82) ** 2
    out = set()
    for x in range(box.w):
        for y in range(box.h):
            if (x - box.w / 2 + 0.5) ** 2 + (y - box.h / 2 + 0.5) ** 2 > r2:
                continue
            c = surf.get_at((box.x + x, box.y + y))
            ink = sum((a - b) ** 2 for a, b in zip((c.r, c.g, c.b), BADGE_INK, strict=True))
            bright = sum((a - b) ** 2 for a, b in zip((c.r, c.g, c.b), colour, strict=True))
            if ink < bright:
                out.add((x, y))
    return out


def reference(kind: str, glyph: str, d: int) -> set[tuple[int, int]]:
    """The glyph mask of a badge drawn alone."""
    surf = pygame.Surface((d + 8, d + 8))
    surf.fill((30, 70, 57))
    box = draw_badge(surf, ((d + 8) / 2, (d + 8) / 2), kind, glyph, d)
    return glyph_mask(surf, box, kind)


def overlap(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    """How much two glyph masks are one (intersection over union)."""
    return len(a & b) / max(1, len(a | b))


def distinct(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> bool:
    """Two glyphs differ in at least a third of the smaller one's pixels."""
    return len(a ^ b) >= 0.33 * min(len(a), len(b))


def pattern(shot: Shot, d: Drawn) -> tuple[str, float]:
    """The rim's pattern as its pixels show it (runs of its colour along its path) and how
    much of the path is in its colour."""
    colour = highlight(d.kind)
    pts = list(d.path) + [d.path[0]]
    on: list[bool] = []
    for a, b in itertools.pairwise(pts):
        n = max(1, round(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5))
        on += [shot.at((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)) == colour
               for k in range(n)]
    runs = [len(list(g)) for v, g in itertools.groupby(on) if v]
    share = sum(on) / max(1, len(on))
    if not runs:
        return "none", share
    if max(runs) >= 40 and share > 0.6:  # a solid rim a card or a badge covers in part
        return "solid", share
    run = statistics.median(runs)
    dot = 2 * 0.8 * d.width + 2
    return ("dotted" if run <= dot else "dashed" if run < 40 else "solid"), share


def around(shot: Shot, d: Drawn) -> Color:
    """What surrounds a rim: the median colour just outside its path."""
    cx, cy = d.box.center
    out = []
    for p in d.path[::2]:
        dx, dy = p[0] - cx, p[1] - cy
        n = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        k = d.width + px(3)
        out.append(shot.at((p[0] + dx / n * k, p[1] + dy / n * k)))
    return tuple(int(statistics.median(c[i] for c in out)) for i in range(3))  # type: ignore[return-value]


def target_kinds(shot: Shot) -> list[str]:
    return [k for k, m in shot.kinds.items() if m.on == "target"]


# ---- the tests ----------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset"), CASES, ids=IDS)
def test_every_kind_shows_its_badge_and_rim_pattern(shots: dict[tuple[str, str], Shot],
                                                     game: str, preset: str) -> None:
    shot = shots[(game, preset)]
    use_preset(preset)  # type: ignore[arg-type]
    problems = []
    for kind in target_kinds(shot):
        mark = shot.kinds[kind]
        badges, rims = shot.badges(kind), shot.rims(kind)
        if not badges or not rims:
            problems.append(f"{kind}: lit at {shot.lit.get(kind)} but drew no badge or rim")
            continue
        for b in badges:
            seen = glyph_mask(shot.screen, b.box, kind)
            want = reference(kind, mark.glyph, b.box.w)
            if overlap(seen, want) < 0.7:
                problems.append(f"{kind}: its {mark.glyph} badge at {b.box} is not in the "
                                f"pixels (overlap {overlap(seen, want):.2f})")
        for r in rims:
            got, share = pattern(shot, r)
            if got != mark.rim:
                problems.append(f"{kind}: its rim at {r.box} reads {got} ({share:.0%} in "
                                f"colour), declared {mark.rim}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game", "preset"), CASES, ids=IDS)
def test_every_two_kinds_differ_by_colour_or_by_mark(shots: dict[tuple[str, str], Shot],
                                                      game: str, preset: str) -> None:
    shot = shots[(game, preset)]
    use_preset(preset)  # type: ignore[arg-type]
    kinds = [k for k in target_kinds(shot) if shot.rims(k) and shot.badges(k)]
    assert len(kinds) >= 5, f"{game}: only {kinds} lit"
    problems = []
    for a, b in itertools.combinations(kinds, 2):
        ca, cb = shot.at(_on_rim(shot, a)), shot.at(_on_rim(shot, b))
        worst, where = VISION.worst_delta_e(ca, cb)
        same_colour = HIGHLIGHTS[preset][a] == HIGHLIGHTS[preset][b]  # type: ignore[index]
        if preset == "safe" and not same_colour and worst < 15:
            problems.append(f"{a} {ca} and {b} {cb}: ΔE00 {worst:.1f} with {where}")
        if worst >= 15:
            continue
        ga, gb = shot.kinds[a].glyph, shot.kinds[b].glyph
        d = shot.badges(a)[0].box.w
        if not distinct(reference(a, ga, d), reference(b, gb, d)):
            problems.append(f"{a} and {b}: ΔE00 {worst:.1f} with {where} and badges alike "
                            f"({ga}, {gb})")
    assert not problems, "\n".join(problems)


def _on_rim(shot: Shot, kind: str) -> tuple[float, float]:
    """A point of the kind's rim drawn in its colour."""
    colour = highlight(kind)
    for r in shot.rims(kind):
        for p in r.path:
            if shot.at(p) == colour:
                return p
    raise AssertionError(f"{kind}: no rim pixel in its colour")


@pytest.mark.parametrize(("game", "preset"), CASES, ids=IDS)
def test_rims_and_badges_stand_out_three_to_one(shots: dict[tuple[str, str], Shot],
                                                game: str, preset: str) -> None:
    shot = shots[(game, preset)]
    use_preset(preset)  # type: ignore[arg-type]
    problems = []
    for d in shot.drawn:
        colour = highlight(d.kind)
        if d.what == "badge" and contrast(colour, BADGE_INK) < 3:
            problems.append(f"{d.kind}: glyph on badge {contrast(colour, BADGE_INK):.1f}:1")
        if d.what == "rim":  # its colour, or the dark casing under it, against the ground
            ground = around(shot, d)
            seen = max(contrast(colour, ground), contrast(BADGE_INK, ground))
            if seen < 3 or contrast(colour, BADGE_INK) < 3:
                problems.append(f"{d.kind}: rim {colour} on {ground} at {d.box}: "
                                f"{seen:.1f}:1")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game", "preset"), CASES, ids=IDS)
def test_text_is_large_enough_and_stands_out(shots: dict[tuple[str, str], Shot], game: str,
                                             preset: str) -> None:
    shot = shots[(game, preset)]
    use_preset(preset)  # type: ignore[arg-type]
    floor = text_floor()
    problems = []
    for text, rect, size, ink, ground in shot.texts:
        if size < SMALLEST:
            problems.append(f"{text!r} at {rect}: size {size:g} (the least is {SMALLEST})")
        if contrast(ink, ground) < floor:
            problems.append(f"{text!r} at {rect}: {ink} on {ground} "
                            f"{contrast(ink, ground):.2f}:1 (needs {floor:g})")
    assert shot.texts, "no text recorded"
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize(("game", "preset"), CASES, ids=IDS)
def test_card_faces_at_the_table_keep_their_text_readable(
        shots: dict[tuple[str, str], Shot], game: str, preset: str) -> None:
    """Every face the table drew, at the size it drew it: its text at least the least size,
    4.5:1 (7:1) on what is under it; a name that does not fit is two lines or a type mark."""
    shot = shots[(game, preset)]
    use_preset(preset)  # type: ignore[arg-type]
    floor = text_floor()
    problems = set()
    assert shot.faces or game == "krosmaster", "no card face drawn"  # its own figure cards
    for spec, size in shot.faces:
        rec = TextRecorder(size, pygame.SRCALPHA, grounds=True)
        render_face_fit(spec, size, into=rec)
        for text, _, tsize, ink, ground in rec.looks:
            if tsize * scale() < SMALLEST - 1e-6 and text.strip("…"):
                problems.add(f"{spec.name} at {size}: {text!r} size {tsize:g}")
            if contrast(ink, ground) < floor:
                problems.add(f"{spec.name} at {size}: {text!r} {ink} on {ground} "
                             f"{contrast(ink, ground):.2f}:1")
    assert not problems, "\n".join(sorted(problems)[:40])


@pytest.mark.parametrize("preset", PRESETS)
def test_glows_sharing_a_colour_differ_by_rim_pattern(preset: str) -> None:
    """A piece's glow has no badge: where two glows share a colour (respond and chosen in
    every palette) their rim patterns differ, as the pixels of each show."""
    pygame.init()
    use_preset(preset)  # type: ignore[arg-type]
    from game.draw.marks import GLOWS

    try:
        seen = {}
        for kind, mark in GLOWS.items():
            surf = pygame.Surface((120, 160))
            surf.fill((30, 70, 57))
            rect = pygame.Rect(20, 20, 80, 120)
            glow_rim(surf, rect, GlowOf(highlight(kind), mark.rim), 3, 8)
            runs = [len(list(g)) for v, g in itertools.groupby(
                surf.get_at((20, y))[:3] == highlight(kind) for y in range(30, 130)) if v]
            seen[kind] = "solid" if runs == [100] else "dotted" if max(runs) <= 6 else "dashed"
            assert seen[kind] == mark.rim, (kind, runs)
        for a, b in itertools.combinations(GLOWS, 2):
            if highlight(a) == highlight(b):
                assert seen[a] != seen[b], (a, b)
    finally:
        use_preset("default")


def test_the_safe_palette_keeps_its_hues_apart_for_every_deficiency() -> None:
    """The palette itself, before any drawing: every two different highlight colours of the
    colour-blind-safe palette at ΔE00 ≥ 15 under each of the five (the candidate set's
    worst pair measures 17.9), and every one 3:1 on the felt."""
    from game.draw.palette import FELT

    colours = sorted(set(HIGHLIGHTS["safe"].values()))
    worst = min(VISION.worst_delta_e(a, b)[0] for a, b in itertools.combinations(colours, 2))
    assert worst >= 15
    assert all(contrast(c, FELT) >= 3 for p in PRESETS for c in HIGHLIGHTS[p].values())


def test_no_glyph_is_another_glyph() -> None:
    """The badge glyphs are told apart by their shape alone (grey, any palette)."""
    pygame.init()
    for d in (least_badge(), badge_size(), 33):  # the least drawn, the usual, a large one
        masks = {g: reference("move", g, d) for g in GLYPHS}
        for a, b in itertools.combinations(GLYPHS, 2):
            assert distinct(masks[a], masks[b]), (d, a, b)
