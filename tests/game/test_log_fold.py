"""Issue 34, item 17: the log view folds a run of passes into the line of what they let happen
("Both pass: Shock Lance resolves."), the full lines on hover; the session's log and the saved
record keep every pass."""

from __future__ import annotations

import random

import pygame

from game.draw.log import LogView
from game.log_fold import PASS, Shown, folded
from game.session import GameConfig, GameSession, record_log

RUN = ["Player 1 passes.", "Player 2 passes.", "Shock Lance resolves."]


def test_passes_fold_into_what_they_let_happen() -> None:
    assert folded(["Start.", *RUN]) == [
        Shown("Start."), Shown("Both pass: Shock Lance resolves.", tuple(RUN))]
    assert folded(["P2 passes.", "P2 passes.", "Signal Sniper attacks."]) == [
        Shown("Player 2 passes: Signal Sniper attacks.",
              ("P2 passes.", "P2 passes.", "Signal Sniper attacks."))]


def test_passes_nothing_followed_or_an_undo_stay_as_they_are() -> None:
    assert folded(["Player 1 passes."]) == [Shown("Player 1 passes.")]
    undo = "Undo: Player 1 takes back 1 intent."
    assert folded(["Player 1 passes.", undo]) == [Shown("Player 1 passes."), Shown(undo)]


def test_a_nullshapers_log_shows_far_fewer_pass_lines_and_the_record_keeps_them() -> None:
    s = GameSession(GameConfig(game="nullshapers", seed=2, seats=("human", "human"),
                               agent_delay=0.0, auto_pass=False, autosave=False))
    rng = random.Random(2)
    for _ in range(300):
        if s.to_act() is None:
            break
        assert s.submit(rng.choice(s.legal())) is None
    passes = sum(bool(PASS.match(x)) for x in s.log)
    shown = folded(s.log)
    assert passes > 20
    assert sum(bool(PASS.match(e.text)) for e in shown) < passes / 4
    assert [x for e in shown for x in (e.detail or (e.text,))] == s.log  # nothing lost
    assert record_log(s.live) == s.log  # the saved record's log has every pass


def test_hovering_a_folded_line_gives_its_lines_in_full() -> None:
    pygame.init()
    surf = pygame.Surface((800, 400))
    log = LogView()
    log.rect = pygame.Rect(500, 0, 300, 400)
    for line in RUN:
        log.add(line)
    log.draw(surf)
    assert len(log._lines) == 1 and log._lines[0][0].startswith("• Both pass: Shock Lance")
    (rect, _), = log._shown
    assert log.detail_at(rect.center) == tuple(RUN)
    log.draw(surf, rect.center)  # the tooltip beside the log draws without error
    assert log.detail_at((10, 10)) == ()
