"""Turn flow: Ending, then the next player's Startup (ready, double vim, the 11th-turn halving),
then Summoning (skipped when no summon can be made) and Main."""

from __future__ import annotations

from rules.bos.legal import any_summonable, free_columns
from rules.bos.state import EMPTY, HALVING_TURN, MIN_STARTUP_VIM, TURN_CAP, State


def start_turn(s: State, p: int) -> None:
    """Startup for player ``p``: ready their acted cards and face-down wizards, double their
    vim (at least ``MIN_STARTUP_VIM``); from their 11th turn on halve their life and vim (after
    doubling, rounded down)."""
    s.active = p
    s.defeated = (0, 0)
    side = s.side(p)
    side.turns += 1
    turns = side.turns
    units = s.units
    for iid, u in units.items():
        if u.owner == p and u.acted:
            units[iid] = u.with_acted(False)
    doubled = vim = max(MIN_STARTUP_VIM, side.vim * 2)
    life = side.life
    s.halved = turns >= HALVING_TURN
    if s.halved:
        life, vim = life // 2, vim // 2
    side.vim, side.life = vim, life
    # A column whose wizard was taken away by hand stays down: nothing summons there.
    wizards = side.wizards
    side.wizard_down = tuple(map(EMPTY.__eq__, wizards)) if EMPTY in wizards \
        else (False,) * len(wizards)
    if s.loud:
        s.log("turn", f"Turn {s.turn}: Player {p + 1}'s turn {turns}. Startup: cards ready, "
              f"vim doubled to {doubled}.", p)
        if s.halved:
            s.log("halving", f"Player {p + 1}'s turn {turns} (11th or later): life halved to "
                  f"{life}, vim halved to {vim}.", p)
    s.check_loss(p)
    if s.winner is None:
        s.step = "summoning"
        skip_summoning_if_idle(s)


def skip_summoning_if_idle(s: State) -> None:
    """Go straight to Main when no summon can be made (no free wizard or no condition holds)."""
    p = s.active
    if free_columns(s, p) and any_summonable(s, p):
        return
    s.step = "main"
    if s.loud:
        s.log("step", f"Player {p + 1} has nothing to summon: Main phase.", p)


def end_turn(s: State) -> None:
    """Ending, then the other player's Startup (or a draw at the turn cap)."""
    p = s.active
    s.halved = False
    if s.loud:
        s.log("step", f"Player {p + 1} ends their turn.", p)
    if s.turn >= TURN_CAP:
        s.step = "over"
        if s.loud:
            s.log("draw", f"Turn {TURN_CAP} reached: the game is a draw.", None)
        return
    s.turn += 1
    start_turn(s, 1 - p)
