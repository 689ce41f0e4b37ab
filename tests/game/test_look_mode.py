"""Issue 38 item 4: look mode. L at the table visits every piece and every zone, legal or
not, and reads each out on screen and in the window title (what screen readers read); the
focus ring is drawn over everything, the zoom of the card looked at is put clear of it, and
a dragged card never hides it."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.layouts.base import Overlay, id_key
from game.marks_gallery import Showing
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _look(d: Driver) -> None:
    d.key(pygame.K_l)
    assert d.scene.handler.name == "look", d.scene.message


@pytest.mark.parametrize("game", ["kyoukai", "dreadnought", "krosmaster"])
def test_look_mode_visits_every_piece_and_zone_and_reads_it(table: Make, game: str) -> None:
    d = table(game=game, seed=1, seats=("human", "human"))  # nothing moves meanwhile
    d.frames(2)
    lay = d.scene.layout
    pieces = {id_key(src) for spots in lay.pieces().values() for src in spots}
    zones = {id_key(z) for z in lay.zones()}
    _look(d)
    look = d.scene.handler
    seen_pieces: set[str] = set()
    seen_zones: set[str] = set()
    lines: set[str] = set()
    for _ in range(len(look.spots)):  # type: ignore[attr-defined]
        sp = look.spot  # type: ignore[attr-defined]
        d.app.draw()
        line = look.reading(d.scene)  # type: ignore[attr-defined]
        assert pygame.display.get_caption()[0] == f"Playtable: {line}"  # for screen readers
        lines.add(line)
        (seen_pieces if sp.kind == "piece" else seen_zones).add(id_key(sp.key))
        d.key(pygame.K_TAB)
    assert seen_pieces == pieces and seen_zones == zones
    assert any("nothing to do with it now" in ln for ln in lines)  # not only the legal ones
    assert any("can: " in ln or "click: " in ln for ln in lines)
    d.key(pygame.K_ESCAPE)
    assert d.scene.handler.name == "idle" and pygame.display.get_caption()[0] == "Playtable"


def test_look_mode_names_a_target_zone_by_its_marks_word(table: Make) -> None:
    """A zone a piece may be dropped on reads what the drop does and the mark it is lit
    with (the kind's word and badge), as a sighted player sees it while dragging."""
    d = table(game="kyoukai", seed=1, seats=("human", "computer"))
    d.frames(2)
    _look(d)
    look = d.scene.handler
    lay = d.scene.layout
    aimed = {z for i in d.scene.legal() if (z := lay.target_of(i)) in set(lay.zones())}
    assert aimed
    read = []
    for _ in range(len(look.spots)):  # type: ignore[attr-defined]
        sp = look.spot  # type: ignore[attr-defined]
        if sp.kind == "zone" and sp.key in aimed:
            read.append(look.reading(d.scene))  # type: ignore[attr-defined]
        d.key(pygame.K_TAB)
    assert len(read) == len(aimed)
    for line in read:
        kinds = [m.word for m in lay.kinds.values()]
        assert "a drop here: " in line and "badge" in line, line
        assert any(f"lit {w} (" in line for w in kinds), line


def _ring_shows(d: Driver, focus: pygame.Rect) -> bool:
    """The focus ring's white line is on screen above ``focus``."""
    col = [tuple(d.app.screen.get_at((focus.centerx, y)))[:3]
           for y in range(max(0, focus.top - 20), focus.top)]
    return (255, 255, 255) in col


def test_the_zoom_of_the_card_looked_at_keeps_clear_of_the_focus(table: Make) -> None:
    d = table(game="kyoukai", seed=1, seats=("human", "computer"))
    d.frames(2)
    _look(d)
    look = d.scene.handler
    while look.spot.where != "hand":  # type: ignore[attr-defined]
        d.key(pygame.K_TAB)
    d.app.draw()
    ov = look.overlay(d.scene)
    assert ov.looked is not None and ov.focus is not None
    assert not d.scene.zoom_rect(ov.focus).colliderect(ov.focus)
    assert _ring_shows(d, ov.focus)


def test_a_dragged_card_never_hides_the_focus_ring(table: Make) -> None:
    d = table(game="kyoukai", seed=1, seats=("human", "computer"))
    d.frames(2)
    lay = d.scene.layout
    src, at = next(iter(lay.pieces()["hand"].items()))
    focus = pygame.Rect(0, 0, 80, 80)
    focus.center = (int(at[0]), int(at[1]) - 60)
    d.scene.handler = Showing(Overlay(focus=focus, dragging=(src, focus.center)))
    d.scene.handler.overlay = lambda ctx: Overlay(  # type: ignore[method-assign]
        focus=focus, dragging=(src, focus.center))
    d.app.draw()
    assert _ring_shows(d, focus)


RING = 8  # design pixels the focus ring reaches beyond its rect (``focus_ring``: 6 + its edge)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", ["kyoukai", "dreadnought", "krosmaster", "bos",
                                  "nullshapers"])
def test_the_reading_never_covers_the_board_the_focus_ring_or_the_zoom(
        table: Make, game: str, size: tuple[int, int]) -> None:
    """Look mode's reading stands clear of the board (every piece and zone look mode visits,
    and the box they span), of the focus ring on each of them, and of the zoom of the card
    looked at; the log makes room for it."""
    from game.draw.scale import px

    d = table(game=game, seed=1, seats=("human", "human"))
    d.app.resize(size)
    d.frames(2)
    _look(d)
    look, scene = d.scene.handler, d.scene
    spots = [pygame.Rect(sp.rect) for sp in look.spots]  # type: ignore[attr-defined]
    board = spots[0].unionall(spots[1:])
    for _ in range(len(spots)):
        ov = look.overlay(scene)
        reading = scene.reading_rect(ov.hint)
        assert reading is not None and ov.focus is not None
        where = f"{game} {size}: {look.reading(scene)}"  # type: ignore[attr-defined]
        assert not reading.colliderect(board), f"{where} {reading} {board}"
        ring = ov.focus.inflate(2 * px(RING), 2 * px(RING))
        assert not reading.colliderect(ring), f"{where} {reading} {ring}"
        if ov.looked is not None:
            assert not scene.zoom_rect(ov.focus, above=reading).colliderect(reading), where
        d.key(pygame.K_TAB)
    d.app.draw()
    reading = scene.reading_rect(look.overlay(scene).hint)
    assert reading is not None and scene.log.rect.bottom <= reading.top


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", ["kyoukai", "dreadnought", "krosmaster", "bos",
                                  "nullshapers"])
def test_the_zoom_of_the_card_looked_at_shows_every_name_whole(
        table: Make, game: str, size: tuple[int, int]) -> None:
    """The card looked at is drawn at its zoom's size with every text whole: an ability's
    name beside its tag goes under it rather than be cut ("Fireb…", Krosmaster at 1024x600),
    and the art window gives way before the text is marked "… more"."""
    from game.draw.cards import render_face_fit
    from game.draw.text import TextRecorder, cut_from

    d = table(game=game, seed=1, seats=("human", "human"))
    d.app.resize(size)
    d.frames(2)
    _look(d)
    look, scene = d.scene.handler, d.scene
    seen, problems = 0, []
    for _ in range(len(look.spots)):  # type: ignore[attr-defined]
        ov = look.overlay(scene)
        spec = None if ov.looked is None else scene.layout.face(ov.looked)
        if spec is not None:
            r = scene.zoom_rect(ov.focus, above=scene.reading_rect(ov.hint))
            rec = TextRecorder(r.size)
            _, fit = render_face_fit(spec, r.size, into=rec)
            seen += 1
            problems += [f"{spec.name} {r.size}: {t!r} is cut" for t, _ in rec.texts
                         if cut_from(t) is not None]
            if fit is not None and fit.more:
                problems.append(f"{spec.name} {r.size}: its text ends in '… more'")
        d.key(pygame.K_TAB)
    assert seen and not problems, "\n".join(problems)
