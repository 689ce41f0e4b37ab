"""Issue 34 item 20: F1 at each table lists the highlight colours that game uses, with what
they mean, and only that game's words: Space is named by the table's own buttons marked
(Space), so no "Activation" (Kyoukai's and Krosmaster's word) at a Dreadnought table. Both
come from the game's layout (its ``legend`` and ``buttons``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.draw.text import TextRecorder
from game.layouts import playable
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _help(d: Driver) -> str:
    d.key(pygame.K_F1)
    rec = TextRecorder(d.app.size)
    screen, d.app.screen = d.app.screen, rec
    try:
        d.app.draw()
    finally:
        d.app.screen = screen
    return " ".join(t for t, _ in rec.texts)


@pytest.mark.parametrize("game", playable())
def test_f1_lists_this_games_colours_and_words(table: Make, game: str) -> None:
    d = table(game=game, seed=1, seats=("human", "computer"))
    d.frames(2)
    layout = d.scene.layout
    shown = _help(d)
    assert layout.legend, f"{game} explains none of its highlights"
    for line in layout.legend:
        assert f"{layout.kinds[line.kind].word}:" in shown and line.says.split()[0] in shown
    space = [b.replace("(Space)", "").strip() for b in layout.buttons().values()
             if "(Space)" in b]
    for word in space:
        assert word in shown
    if not any("Activation" in b for b in layout.buttons().values()):
        assert "Activation" not in shown, f"another game's word at the {game} table"
