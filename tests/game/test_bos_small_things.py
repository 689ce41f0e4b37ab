"""Issue 34 item 24 (BOS): the castle does not reflow after a summon (each card left keeps
its spot, so the next drag finds the card it aims at), and the opponent's wizards, whose
faces the rules hide, are not backs labelled "face up"."""

from __future__ import annotations

from collections.abc import Callable

from game.layouts.bos import BosTable
from game.scenes.table import TableScene
from tests.game.conftest import Driver

Make = Callable[..., Driver]


def _castle(scene: TableScene) -> dict[object, tuple[int, int]]:
    layout = scene.layout
    assert isinstance(layout, BosTable)
    return {d.look.id: d.center for d in layout.cards if d.where == "castle"}


def test_the_castle_keeps_each_cards_spot_after_a_summon(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "human"))
    d.frames(2)
    scene = d.scene
    assert isinstance(scene, TableScene)
    for _ in range(2):  # two summons in a row, from the front of the castle
        before = _castle(scene)
        summon = next(i for i in scene.session.legal() if i.kind == "summon"
                      and i.card in before)
        assert scene.session.submit(summon) is None
        d.frames(2)
        after = _castle(scene)
        assert summon.card not in after
        moved = {c: (before.get(c), at) for c, at in after.items() if before.get(c) != at}
        assert not moved, f"castle cards moved after summoning {summon.card}: {moved}"


def test_the_opponents_hidden_wizards_are_not_labelled_face_up(table: Make) -> None:
    d = table(game="bos", seed=1, seats=("human", "computer"))
    d.frames(2)
    scene = d.scene
    layout = scene.layout
    assert isinstance(layout, BosTable)
    theirs = layout.held[("wizards", 1)].slots
    backs = [w for w in theirs if w is not None and w.face is None]
    assert backs, "the opponent's wizards are shown as backs"
    for w in backs:
        assert all("face up" not in text for text, _ in w.counters), w.counters
