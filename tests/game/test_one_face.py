"""One face function per game: every card face the table (and its zoom) shows is the pack
format's ``Face`` of that card, the same one the deck screen and the print draw."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.draw.cards import spec_of
from game.layouts import playable
from game.packs import decks_of, fmt_of, shipped_pack
from game.scenes.decks import DeckScene
from tests.game.conftest import Driver


@pytest.mark.parametrize("game", playable())
def test_table_faces_are_the_packs_faces(table: Callable[..., Driver], game: str) -> None:
    d = table(game=game, seed=1, seats=("human", "computer"))
    lay = d.scene.layout
    folder = shipped_pack(game)
    pack = decks_of(game, folder).pack
    assert pack is not None
    printed = {spec_of(f, lay.pack_folder()) for f in pack.faces()}
    shown = [spec for place in lay.pieces().values() for src in place
             if (spec := lay.face(src)) is not None]
    assert shown, "the opening table shows some card faces"
    assert all(spec in printed for spec in shown)


@pytest.mark.parametrize("game", playable())
def test_deck_screen_draws_the_packs_faces(table: Callable[..., Driver],
                                                  game: str) -> None:
    d = table(game=game, seed=1)
    folder = shipped_pack(game)
    d.app.to_decks(game, folder, None)
    sc = d.app.scene
    assert isinstance(sc, DeckScene)
    fmt = fmt_of(game)
    pack = decks_of(game, folder).pack
    assert fmt is not None and pack is not None
    for cid, card in pack.cards.items():
        face = fmt.face(card)
        assert sc.specs[cid] == spec_of(face, folder)
