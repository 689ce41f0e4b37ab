"""Issue 34 item 23: a hot reload that adds cards to the pack says they are in the pack for the
next game (this game's decks were dealt before they existed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.game.conftest import Driver
from tests.game.test_pack_reload import _pack, _until

Make = Callable[..., Driver]

SKY_WHALE = """
[[card]]
id = "sky_whale"
name = "Sky Whale"
type = "summon"
cost = 4
movement = 1
attack = 4
defense = 3
"""


def test_a_reload_that_adds_a_card_says_it_is_for_the_next_game(table: Make,
                                                                 tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    d = table(seed=3, options={"pack": str(pack)})
    _until(d, lambda: d.scene.reload.known is not None)
    summons = pack / "summons.toml"
    summons.write_text(summons.read_text(encoding="utf-8") + SKY_WHALE, encoding="utf-8")
    _until(d, lambda: d.scene.reload.reloads == 1)
    assert d.scene.message == ("Cards reloaded: no card in this game changed. "
                               "New in the pack, for the next game: Sky Whale.")
    # A later edit that adds nothing says nothing of new cards.
    summons.write_text(summons.read_text(encoding="utf-8").replace("attack = 4\ndefense = 3",
                                                                   "attack = 5\ndefense = 3"),
                       encoding="utf-8")
    _until(d, lambda: d.scene.reload.reloads == 2)
    assert "New in the pack" not in d.scene.message
