"""Issue 11 item 10 (Krosmaster): the map shows the coordinates the log names cells by, the
"click a ringed target" banner leaves the top row free, the hover zoom stays off the card
list, and the Tension tray says why a reroll gives one die for two."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.draw.board_square import COORD, SquareBoard
from game.draw.scale import pxs
from game.scenes.table import ZOOM
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _has(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    """Some pixel of ``rect`` is near the (dark) ``colour``: text, antialiased."""
    return any(sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], colour, strict=True))
               < 60 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom))


def test_edge_cells_carry_row_and_column_numbers() -> None:
    pygame.init()
    board = SquareBoard(12, 12, ["floor"] * 144)
    board.fit(pygame.Rect(0, 0, 480, 480))
    base = board._render_base()
    c = board.cell
    assert _has(base, pygame.Rect(5 * c + c // 4, 0, c // 2, c // 3), COORD)  # column 5, top
    assert _has(base, pygame.Rect(0, 7 * c + c // 4, c // 3, c // 2), COORD)  # row 7, left
    assert not _has(base, pygame.Rect(5 * c, 5 * c, c, c), COORD)  # not inside the map


def test_banner_and_zoom_leave_the_targets_and_the_card_list_free(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"))
    lay = d.scene.layout
    board = lay.board.rect  # type: ignore[attr-defined]
    top_row = pygame.Rect(board.x, board.y, board.w, lay.board.cell)  # type: ignore[attr-defined]
    hint = pygame.Rect(0, 0, 300, 30)
    hint.midtop = lay.hint_at()
    assert not hint.colliderect(top_row) and hint.bottom <= d.app.size[1]
    zoom = pxs(*ZOOM)
    for mouse in (board.midright, board.center, board.midleft, lay.left.center):  # type: ignore[attr-defined]
        at = lay.zoom_at(zoom, mouse)
        assert at is not None
        r = pygame.Rect(at, zoom)
        assert not r.colliderect(lay.left) and not r.colliderect(board)  # type: ignore[attr-defined]


def test_tension_tray_says_why_the_reroll_is_one_die(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"))
    lay = d.scene.layout
    for _ in range(60):  # play on until Player 1 may reroll
        if "reroll" in d.scene.buttons and d.scene.buttons["reroll"].visible:
            break
        d.frames(5)
    notes: list[str] = []
    real = lay.tray.draw  # type: ignore[attr-defined]
    lay.tray.draw = lambda surf, title, note, *a: (notes.append(note), real(surf, title, note, *a))  # type: ignore[attr-defined]
    d.frames(2)
    assert any("1 new die replaces both" in n for n in notes), notes
