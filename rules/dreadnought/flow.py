"""The turn's automatic parts: the speed comparisons (D-01, D-04), the Draw phase, moving from
one phase's window to the next, and the End phase (D-07, D-12)."""

from __future__ import annotations

from rules.core.window_state import WindowState
from rules.dreadnought import reading
from rules.dreadnought.state import EMPTY, TIE_REVEALS, TURN_CAP, State


def start_turn(d: State) -> None:
    """Speed phase, first part: both players choose a speed card, hidden until both chose."""
    d.phase = "choose"
    d.ties = 0
    d.compared = 0
    next_chooser(d, 0)


def next_chooser(d: State, start: int) -> None:
    """The next player from ``start`` who still has to choose (after changes by hand, from 0:
    not one left with no hand card); none left: reveal."""
    for p in range(start, 2):
        if d.players[p].speed == EMPTY and d.players[p].hand:
            d.chooser = p
            return
    reveal(d)


def _compare(d: State, which: int) -> int | None:
    """Comparison ``which`` (1 or 2): Closed speed cards open and the grades are compared;
    the faster player, None on a tie."""
    for p in (0, 1):
        if d.players[p].closed:
            d.own(p).closed = False
    g0, g1 = reading.grade_index(d, 0), reading.grade_index(d, 1)
    d.grades = (g0, g1)
    d.compared = which
    if g0 == g1:
        return None
    return 0 if g0 < g1 else 1


def reveal(d: State) -> None:
    """The first comparison: both speed cards open together (D-01). A tie: both discard and
    reveal again, while both have cards and at most TIE_REVEALS times; after that the player
    who was not first last turn is faster."""
    faster = _compare(d, 1)
    a, b = (reading.grade_label(g) for g in d.grades)
    if faster is None:
        if d.ties < TIE_REVEALS and all(pl.hand for pl in d.players):
            d.ties += 1
            if d.loud:
                d.log("speed", f"Speed grades {a} and {b} tie: both discard and reveal again.")
            for p in (0, 1):
                if d.players[p].speed != EMPTY:
                    pl = d.own(p)
                    pl.log += (pl.speed,)
                    pl.speed = EMPTY
            d.phase = "choose"
            next_chooser(d, 0)
            return
        faster = 1 - d.first
    d.faster = faster
    if d.loud:
        d.log("speed", f"Speed grades: Player 1 {a}, Player 2 {b}. Player {faster + 1} is "
              "faster and takes Speed actions first.", faster, reveals=(0, 1))
    d.phase = "speed"
    d.window = WindowState.round("hold", faster)


def second_comparison(d: State) -> None:
    """D-04: Closed speed cards open, grades compared again; the faster is the first player
    (a tie keeps the first comparison's faster player). Then the Draw phase and Cast."""
    faster = _compare(d, 2)
    first = d.faster if faster is None else faster
    d.first = first
    if d.loud:
        a, b = (reading.grade_label(g) for g in d.grades)
        d.log("speed", f"Second comparison: Player 1 {a}, Player 2 {b}. Player {first + 1} is "
              "the first player this turn.", first, reveals=(0, 1))
    for p in (first, 1 - first):
        d.draw(p)
        if d.over:
            return
    d.phase = "cast"
    d.window = WindowState.round("hold", first)


def end_phase(d: State) -> None:
    """D-12 and D-07: speed cards and dummies go to the log; Checked units return to Normal;
    damage and until-End bonuses wear off."""
    for p in (0, 1):
        pl = d.own(p)
        if pl.speed != EMPTY:
            pl.log += (pl.speed,)
        for k, i in enumerate(pl.slots):
            if i != EMPTY and d.units[i].dummy:
                pl.log += (i,)
                del d.units[i]
                pl.place(k, EMPTY)
        pl.speed, pl.closed, pl.geared = EMPTY, False, False
        pl.shift, pl.used, pl.moves = 0, (), 0
    for i, u in d.units.items():
        if u.checked or u.damage or u.bonus:
            u = d.own_unit(i)
            u.checked, u.damage, u.bonus = False, 0, 0
    if d.loud:
        d.log("end", f"End of turn {d.turn}: speed cards and dummies go to the log; Checked "
              "units return to Normal.")
    d.window = None
    d.turn += 1
    if d.turn > TURN_CAP:
        d.over = True
        d.phase = "over"
        d.winner = None
        if d.loud:
            d.log("win", f"Turn {TURN_CAP} is over: the game is a draw.")
        return
    if d.loud:
        d.log("turn", f"Turn {d.turn}.")
    start_turn(d)


NEXT = {"cast": "fast", "fast": "action"}


def advance(d: State) -> None:
    """After an intent: when the phase's window has closed, on to the next phase (not while
    a manual step is open: its Done goes on from there)."""
    if d.manual:  # ``paused``, read directly: every step ends here
        return
    while not d.over and d.window is not None and d.window.closed and d.paying is None:
        if d.phase == "speed":
            second_comparison(d)
        elif d.phase in NEXT:
            d.phase = NEXT[d.phase]  # type: ignore[assignment]
            d.window = WindowState.round("alternate" if d.phase == "action" else "hold", d.first)
            if d.loud:
                d.log("phase", f"{d.phase.capitalize()} phase: Player {d.first + 1} first.")
        else:
            end_phase(d)
