"""Issue 34 item 15 (the rest): the Nullshapers hand at 1024x600 was too small to read (its
names cut short on 45-pixel cards); its row now takes more of the table, so each hand card's
name is drawn whole at every supported size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.draw import cards
from game.scenes.table import TableScene
from tests.game.test_top_bar import SIZES, _table, scaled  # noqa: F401 (a fixture)


@pytest.mark.usefixtures("scaled")
@pytest.mark.parametrize(("size", "ui"), SIZES, ids=[f"{w}x{h}@{u}" for (w, h), u in SIZES])
def test_nullshapers_hand_names_are_whole(size: tuple[int, int], ui: float, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    app = _table("nullshapers", size, ui, tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, TableScene)
        lay: Any = scene.layout
        hand = [d for d in lay.cards if d.where == "hand" and d.look.face is not None]
        assert hand
        drawn: list[str] = []
        real = cards.TEXT.get

        def noting(text: str, *a: Any, **kw: Any) -> pygame.Surface:
            drawn.append(text)
            return real(text, *a, **kw)

        monkeypatch.setattr(cards.TEXT, "get", noting)
        app.faces.clear()
        for d in hand:
            drawn.clear()
            app.faces.clear()  # a second copy of a card is drawn again, not taken from cache
            app.faces.face(d.look.face, d.size)
            # whole, on one line or two; where even two lines at the least size (issue 38)
            # do not hold it, its type's mark (the zoom shows the name), never a cut word
            name, kind = d.look.face.name, d.look.face.type_label.split()[0]
            two = {f"{a} {b}" for a, b in zip(drawn, drawn[1:], strict=False)}
            assert name in drawn or name in two or (drawn and drawn[0] in (kind, kind[0])), \
                f"{name} is shortened at {d.size}: {drawn}"
            assert not any(t.endswith("…") for t in drawn)
    finally:
        app.close()
