"""Issue 11 item 11: after Continue the log reads exactly as it did while playing, undo and
redo lines where they happened and the lines of intents undone for good still there."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import rules
from game.session import GameConfig, GameSession, config_for, record_log
from game.userdata import autosave_path
from rules.core.packs import format_for, load_pack
from rules.core.paths import asset
from rules.records import Session, cut, load_record


def _play(s: GameSession, n: int) -> None:
    for _ in range(n):
        p = s.to_act()
        assert p is not None
        legal = s.legal()
        # Not always the first: a pass loop would make the log all alike.
        assert s.submit(legal[len(s.intents) % len(legal)]) is None


def _continued(s: GameSession) -> GameSession:
    s.close()
    live, note = Session.resume(autosave_path())
    assert note is None
    return GameSession(config_for(live, s.cfg), live=live)


def _new(game: str) -> GameSession:
    return GameSession(GameConfig(game=game, seed=3, seats=("human", "human"),
                                  agent_delay=0.0, auto_pass=False))


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_play_undo_redo_play_then_continue_gives_the_same_log(game: str) -> None:
    s = _new(game)
    _play(s, 4)
    p = s.to_act()
    assert p is not None
    assert s.undo(p, designer_mode=True) > 0
    assert s.redo() > 0
    _play(s, 2)
    before = list(s.log)
    assert sum(line.startswith(("Undo:", "Redo:")) for line in before) == 2
    assert before.index(next(x for x in before if x.startswith("Undo:"))) > 0
    assert _continued(s).log == before


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_lines_of_intents_undone_for_good_come_back_where_they_were(game: str) -> None:
    s = _new(game)
    _play(s, 3)
    played = list(s.log)
    p = s.to_act()
    assert p is not None
    taken = s.undo(p, designer_mode=True)
    assert taken > 0
    _play(s, 2)  # the new intents drop the redo: the record no longer holds the undone ones
    assert not s.can_redo()
    before = list(s.log)
    assert before[:len(played)] == played  # the undone intents' lines stay in the log
    after = _continued(s)
    assert after.log == before
    # ... and so does a second Continue of the record written by the first.
    assert _continued(after).log == before


def test_several_undo_steps_are_one_mark_in_the_record_as_in_the_log() -> None:
    s = _new("kyoukai")
    _play(s, 5)
    marks = len(s.live.record.marks)
    p = s.to_act()
    assert p is not None
    while s.can_undo(p, designer_mode=True) and len(s.intents) > 1:
        s.undo(p, designer_mode=True)
    record = load_record(autosave_path())
    undo_lines = [x for x in s.log if x.startswith("Undo:")]
    assert len(record.marks) - marks == len(undo_lines)
    assert sum(len(m.undone) for m in record.marks) == sum(m.count for m in record.marks)
    assert _continued(s).log == s.log


def test_card_reloads_between_undos_come_back_where_they_were(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), pack)
    boar = pack / "summons.toml"
    fmt = format_for("kyoukai", rules.GAMES)

    def reload_with_boar_cost(cost: int) -> list[str]:
        text = boar.read_text(encoding="utf-8")
        anchor = 'name = "Iron Boar"\ntype = "summon"\ncost = '
        at = text.index(anchor) + len(anchor)
        boar.write_text(text[:at] + str(cost) + text[text.index("\n", at):], encoding="utf-8")
        return s.reload_cards(dict(load_pack(fmt, pack).cards))

    s = _new("kyoukai")
    _play(s, 3)
    assert reload_with_boar_cost(5)  # after intent 3; the undo below moves it to intent 2
    _play(s, 1)
    while len(s.intents) > 2:  # back past the reload
        p = s.to_act()
        assert p is not None and s.undo(p, designer_mode=True) > 0
    assert s.live.record.reloads[0].at == len(s.intents)
    _play(s, 2)
    assert reload_with_boar_cost(6)
    _play(s, 1)
    before = list(s.log)
    assert sum("Iron Boar" in line for line in before) == 2
    assert _continued(s).log == before
    # "Play from here" at the second edit starts a new log: each edit kept follows the lines
    # of the intent it came after in the new game, whatever the first game's undos were.
    rec = s.live.record
    k = rec.reloads[1].at
    taken = cut(rec.model_copy(update={"intents": rec.intents[:k], "redo": (), "marks": ()}),
                k)
    live = Session(taken)
    log = record_log(live)
    edit = [n for n, line in enumerate(log) if "Iron Boar" in line]
    before_first = sum(len(evs) for evs in live.events[:rec.reloads[0].at])
    played = sum(len(evs) for evs in live.events)
    assert edit == [before_first, len(log) - 1] and played == len(log) - 2


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_random_play_against_the_computer_with_undos_and_redos_continues_exactly(
        game: str) -> None:
    s = GameSession(GameConfig(game=game, seed=4, seats=("human", "computer"),
                               agent_delay=0.0))
    rnd = random.Random(4)
    now = 0.0
    for _ in range(80):
        if s.over:
            break
        if s.is_human(s.to_act()):
            r = rnd.random()
            if r < 0.1 and s.can_undo(0):
                s.undo(0)
            elif r < 0.15 and s.can_redo():
                s.redo()
            elif r < 0.2 and s.can_undo(0, designer_mode=True):
                s.undo(0, designer_mode=True)
            else:
                assert s.submit(rnd.choice(s.legal())) is None
            continue
        for _ in range(2000):  # the computer thinks on its thread; tick until it has moved
            now += 1.0
            if s.tick(now):
                break
    assert sum(line.startswith(("Undo:", "Redo:")) for line in s.log) >= 3
    assert _continued(s).log == s.log
