"""The example game package (examples/tinycards) in Playtable's client, registered from the test
as its entry point registers it once installed, and played in the real app loop by real mouse
and keyboard events: drags from the hand into a slot, clicks on ready units, the End turn
button; hot seat; a card file saved while the game is open; its own How to play page and menu
rows."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game.scenes.howto import page_text
from game.scenes.menu import MenuScene
from rules.records import load_record, replay
from tests.game.conftest import Driver
from tests.game.test_pack_reload import _until
from tinycards.game import GAME
from tinycards.state import SLOTS, State
from tinycards.table import TinyTable

Make = Callable[..., Driver]


def _choice(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A plain plan: attack with every ready unit, play a card (onto an empty slot across
    from an enemy first), then end the turn."""
    kinds = {x["intent"]["kind"]: x for x in legal}
    if "attack" in kinds:
        return kinds["attack"]
    plays = [x for x in legal if x["intent"]["kind"] == "play"]
    me, them = state.sides[state.active], state.sides[1 - state.active]
    for want in (lambda k: me.row[k] is None and them.row[k] is not None,
                 lambda k: me.row[k] is None, lambda k: True):
        hit = [x for x in plays if want(x["intent"]["slot"])]
        if hit:
            return hit[0]
    return kinds["end_turn"]


def perform(d: Driver, entry: dict[str, Any]) -> None:
    """``entry`` (of the layout file's legal list) done as a person does it."""
    info = d.info()
    kind = entry["intent"]["kind"]
    if kind == "end_turn":
        d.click(tuple(info["buttons"]["end_turn"]))
        return
    pieces = {k: v for place in info["pieces"].values() for k, v in place.items()}
    src = tuple(pieces[str(entry["source"])])
    if kind == "play":
        d.drag(src, tuple(info["zones"][str(entry["zone"])]))
    else:  # a click on a card opens its menu, even of one action: choose it there
        d.click(src)
        hit = next(m for m in d.info()["menu"] if m["describe"] == entry["describe"])
        d.click(tuple(hit["pos"]))


def play_to_the_end(d: Driver, seconds: float = 300) -> dict[str, int]:
    """Whole turns by mouse for the person's seat until the game is over."""
    s = d.scene.session
    done: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    while not s.over and time.monotonic() < deadline:
        if d.scene.legal() and d.scene.handler.name == "idle":
            entry = _choice(s.state, d.info()["legal"])
            n = len(s.intents)
            perform(d, entry)
            assert s.intents[n:] == (entry["intent"],), (entry, d.scene.message)
            done[entry["intent"]["kind"]] = done.get(entry["intent"]["kind"], 0) + 1
        else:
            d.frames()
    assert s.over, f"not over after {done}"
    return done


@pytest.mark.slow
def test_tiny_cards_plays_by_mouse_to_game_over(table: Make, tmp_path: Path) -> None:
    d = table(game=GAME.name, seed=4, seats=("human", "computer"), options={"life": 5})
    assert isinstance(d.scene.layout, TinyTable)
    assert [s.life for s in d.scene.session.state.sides] == [5, 5]
    done = play_to_the_end(d)
    assert done.get("play", 0) > 2 and done.get("attack", 0) > 2 and done.get("end_turn")
    s = d.scene.session
    assert s.winner() is not None, "someone reached 0 life"
    d.frames(2)
    assert d.scene.handler.name == "watching" and d.scene._over_ui
    state, _ = replay(load_record(tmp_path / "record.json"))
    assert state == s.state


def test_a_drop_on_the_other_players_row_is_refused_with_a_reason(table: Make) -> None:
    d = table(game=GAME.name, seed=1, seats=("human", "human"))
    s = d.scene.session
    info = d.info()
    card, pos = next(iter(info["pieces"]["hand"].items()))
    lay = d.scene.layout
    theirs = lay.zone_of[(("row", 1), 0)]
    d.drag(tuple(pos), lay.zone_center(theirs))
    assert s.intents == ()
    assert "nothing can go there" in d.scene.message
    mine = lay.zone_of[(("row", 0), SLOTS - 1)]
    d.drag(tuple(pos), lay.zone_center(mine))
    assert s.intents == ({"kind": "play", "card": int(card), "slot": SLOTS - 1},)
    second = next(iter(d.info()["pieces"]["hand"].values()))
    d.drag(tuple(second), lay.zone_center(lay.zone_of[(("row", 0), 0)]))
    assert len(s.intents) == 1
    # no second play a turn, and the rules say so (not just "Nothing to do with that now.")
    assert d.scene.message == "you have already played a card this turn"


def test_hot_seat_hides_the_hands_and_turns_the_table(table: Make) -> None:
    d = table(game=GAME.name, seed=2, seats=("human", "human"))
    s = d.scene.session
    lay = d.scene.layout
    assert isinstance(lay, TinyTable)
    assert not any(look.face for look in lay.held[("hand", 1)].cards)  # the other hand: backs
    d.click(tuple(d.info()["buttons"]["end_turn"]))
    assert s.intents == ({"kind": "end_turn"},)
    assert d.scene.handler.name == "handover"
    assert not any(look.face for look in lay.held[("hand", 0)].cards)  # both hands hidden
    d.click((640, 360))  # the next player sits down
    rect = {p.id: p.rect for p in lay.placed}
    assert d.scene.viewer == 1 and rect[("row", 1)].y > rect[("row", 0)].y
    assert set(d.info()["pieces"]["hand"]) == {str(c) for c in s.state.sides[1].hand}


def test_the_same_intents_by_keyboard(table: Make) -> None:
    d = table(game=GAME.name, seed=3, seats=("human", "human"))
    s = d.scene.session
    hand = d.info()["pieces"]["hand"]
    first = min(hand, key=lambda c: hand[c][0])  # Tab starts on the leftmost hand card
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)  # pick it up: its targets are the three slots of the row
    assert d.scene.handler.name == "keytargets"
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    assert s.intents == ({"kind": "play", "card": int(first), "slot": 1},)
    d.key(pygame.K_SPACE)
    assert s.intents[-1] == {"kind": "end_turn"}


def test_a_saved_card_file_changes_the_cards_on_the_table(table: Make, tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(GAME.pack, pack)  # type: ignore[arg-type]
    d = table(game=GAME.name, seed=1, seats=("human", "human"), options={"pack": str(pack)})
    d.frames(2)

    def power() -> int:
        return int(d.scene.session.view(0).catalog["blaze"].power)

    assert power() == 4
    text = (pack / "cards.toml").read_text(encoding="utf-8")
    (pack / "cards.toml").write_text(text.replace('name = "Blaze"\npower = 4',
                                                  'name = "Blaze"\npower = 7'), encoding="utf-8")
    _until(d, lambda: power() == 7)
    assert any(line.startswith("Card changed: Blaze: power 4 to 7")
               for line in d.scene.session.log)


def test_its_how_to_play_page_and_option_are_in_the_menu(menu: Callable[[], Driver]) -> None:
    assert page_text(GAME.name).startswith("# Tiny Cards\n")
    d = menu()
    m = d.app.scene
    assert isinstance(m, MenuScene)
    m.game.selected_option = (GAME.title, "#tinycards")  # type: ignore[assignment]
    d.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=m.game, text=GAME.title)
    d.frames()
    m = d.app.scene
    assert isinstance(m, MenuScene) and len(m.deck) == 1
    (life,) = m.option_rows
    assert life.spec.name == "life" and life.entry is not None
    life.entry.set_text("12")
    cfg = m.config()
    assert cfg.game == GAME.name and cfg.options["life"] == 12
    assert cfg.options["decks"] == ["Starter"]
