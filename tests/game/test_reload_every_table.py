"""Issue 34 item 10: every game's table redraws the cards whose data a hot reload changed. All
layouts share one face cache (``FaceSpecs``) that makes a face again when its card's data
changes; Nullshapers' kept a face until the card's name changed."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.layouts import playable, table_for
from game.layouts.base import Seats
from rules.core.paths import asset
from tests.game.conftest import Driver
from tests.game.test_pack_reload import _until

Make = Callable[..., Driver]
EDITED = "Edited while the game ran. "


def _faces(layout: Any) -> dict[str, Any]:
    """Every face the table shows, by piece."""
    out = {}
    for place in layout.pieces().values():
        for src in place:
            spec = layout.face(src)
            if spec is not None:
                out[repr(src)] = spec
    return out


def _fresh(d: Driver) -> dict[str, Any]:
    """The faces a table made now, from nothing, would show for the same view."""
    sc = d.scene
    lay = table_for(sc.cfg.game, sc.app.faces, sc.layout.pack)
    lay.resize(sc.app.size)
    lay.update(sc.session.view(sc.viewer), Seats(sc.viewer, sc.hide_hands, sc.names),
               sc.legal())
    return _faces(lay)


@pytest.mark.parametrize("game", playable())
def test_a_reload_redraws_the_changed_cards_on_every_table(table: Make, tmp_path: Path,
                                                           game: str) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(asset("packs", game), pack)
    d = table(game=game, seed=1, seats=("human", "computer"), options={"pack": str(pack)})
    d.frames(3)
    before = _faces(d.scene.layout)
    assert before, "no card face on the table"
    for f in pack.glob("*.toml"):  # every card's rules text, in every file
        text = f.read_text(encoding="utf-8")
        f.write_text(text.replace('\ntext = "', f'\ntext = "{EDITED}'), encoding="utf-8")
    _until(d, lambda: d.scene.reload.reloads >= 1)
    d.frames(3)
    now = _faces(d.scene.layout)
    assert any(now[k] != before[k] for k in now.keys() & before.keys()), \
        "the edit changed no face on the table (nothing to test)"
    fresh = _fresh(d)
    stale = [now[k].name for k in now.keys() & fresh.keys() if now[k] != fresh[k]]
    assert not stale, f"faces not redrawn after the reload: {stale}"
