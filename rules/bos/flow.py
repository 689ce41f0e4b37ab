"""Turn flow: Ending, then the next player's Startup (ready, double vim, the 11th-turn halving),
then Summoning (skipped when no summon can be made) and Main."""

from __future__ import annotations

from rules.bos.draft import Draft
from rules.bos.legal import can_summon, free_columns
from rules.bos.state import EMPTY, HALVING_TURN, MIN_STARTUP_VIM, TURN_CAP


def start_turn(d: Draft, p: int) -> None:
    """Startup for player ``p``: ready their acted cards and face-down wizards, double their
    vim (at least ``MIN_STARTUP_VIM``); from their 11th turn on halve their life and vim (after
    doubling, rounded down)."""
    d.active = p
    d.defeated = (0, 0)
    side = d.sides[p]
    turns = side.turns + 1
    for iid, u in d.units.items():
        if u.owner == p and u.acted:
            d.unit(iid, acted=False)
    doubled = vim = max(MIN_STARTUP_VIM, side.vim * 2)
    life = side.life
    d.halved = turns >= HALVING_TURN
    if d.halved:
        life, vim = life // 2, vim // 2
    # A column whose wizard was taken away by hand stays down: nothing summons there.
    d.side(p, turns=turns, vim=vim, life=life,
           wizard_down=tuple(w == EMPTY for w in side.wizards))
    if d.loud:
        d.log("turn", f"Turn {d.turn}: Player {p + 1}'s turn {turns}. Startup: cards ready, "
              f"vim doubled to {doubled}.", p)
        if d.halved:
            d.log("halving", f"Player {p + 1}'s turn {turns} (11th or later): life halved to "
                  f"{life}, vim halved to {vim}.", p)
    d.check_loss(p)
    if d.winner is None:
        d.step = "summoning"
        skip_summoning_if_idle(d)


def skip_summoning_if_idle(d: Draft) -> None:
    """Go straight to Main when no summon can be made (no free wizard or no condition holds)."""
    p = d.active
    if free_columns(d, p) and any(can_summon(d, p, i) for i in d.sides[p].castle):
        return
    d.step = "main"
    if d.loud:
        d.log("step", f"Player {p + 1} has nothing to summon: Main phase.", p)


def end_turn(d: Draft) -> None:
    """Ending, then the other player's Startup (or a draw at the turn cap)."""
    p = d.active
    d.halved = False
    if d.loud:
        d.log("step", f"Player {p + 1} ends their turn.", p)
    if d.turn >= TURN_CAP:
        d.step = "over"
        if d.loud:
            d.log("draw", f"Turn {TURN_CAP} reached: the game is a draw.", None)
        return
    d.turn += 1
    start_turn(d, 1 - p)
