"""Deliberate presses: a step the game moved to by itself never takes a press aimed at the step
before it (issue 34 item 1).

In BOS the last possible summon moves the game to Main by itself; the button in the same place
and Space now end the turn, so a player who pressed to end Summoning lost the whole Main phase.
Every game has the pattern: a forced pass, a step the rules skip, the other side's last pass,
a Turn Action that ends with its last follow-up. The table scene asks this guard, for every
game alike:

- After the table changed by itself (not as the direct result of the player's own press), a
  press that arrives within the grace period (``GameConfig.grace``, 0.6 s) is not applied to
  the new step (the player aimed it at the old one), and a gesture under way (a drag, an open
  menu) is dropped.
- Ending a step or the turn (an intent of the rules' pass kinds, outside a response window)
  while other actions are still legal, in a step the player has not yet seen, takes a second,
  deliberate press of the same button or key within ``CONFIRM_SECONDS``; the first one only
  asks. Not yet seen: the player's own action moved the game on to it by itself (they acted
  in the step before and made no decision since). A step the player ended their way into,
  or a decision that came to them from the other side, they look at afresh.

What a step is comes from the table layout (``TableLayout.step_key``: the step on the phase bar
and whose turn it is) and what Space would do; the clock is injectable for tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame
import pygame_gui

GRACE_SECONDS = 0.6
CONFIRM_SECONDS = 6.0
ACTING_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class Moment:
    """Where the player's decision stands: the step (and turn) shown, and the intent kind
    Space or the step's button would play now (None: nothing)."""

    step: Hashable
    space: str | None


@dataclass
class Armed:
    """A first press of an ending intent, waiting for the second."""

    kind: str
    version: int
    until: float


class StepGuard:
    def __init__(self, grace: float = GRACE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.grace = grace
        self.clock = clock
        self.shown: Moment | None = None  # the moment last shown
        self.deciding = False  # whether the player was deciding then
        self.seen: Moment | None = None  # the moment the player last chose in, knowingly
        self.grace_until = 0.0
        self.armed: Armed | None = None

    # ---- what changed ----------------------------------------------------------------------
    def observe(self, now: Moment, deciding: bool, own: tuple[Moment, bool] | None) -> bool:
        """The table was re-read. ``own``: the moment before the player's own intent just
        applied and whether it ended a step. True when the decision moved under the player
        (a grace period started; the scene drops any gesture under way)."""
        moved = False
        if own is not None:
            before, ending = own
            if ending or now.step == before.step:
                # ended their way here, or acted within the step: they know where they are;
                # Space changing its meaning by itself (a Turn Action's last follow-up) still
                # gets the grace period
                self.seen = now
                moved = not ending and now.space != before.space
            else:  # their action moved the game to another step by itself: not seen
                moved = True
        elif deciding:
            moved = self.shown is not None and now != self.shown
            if not self.deciding:  # a decision that came to them: they look at it afresh
                self.seen = now
        self.shown, self.deciding = now, deciding
        if moved and deciding:
            self.grace_until = self.clock() + self.grace
        return moved and deciding

    def settle(self, now: Moment) -> None:
        """The player is placed at ``now`` knowingly (an undo or redo of their own, a seat
        taken): nothing there is new to them."""
        self.shown = self.seen = now
        self.deciding = True
        self.grace_until = 0.0
        self.armed = None

    # ---- presses ---------------------------------------------------------------------------
    def in_grace(self) -> bool:
        return self.clock() < self.grace_until

    def unseen(self, now: Moment) -> bool:
        """The player has not seen the step ``now`` shows (no decision of theirs in it)."""
        return self.seen is None or self.seen.step != now.step

    def needs_second_press(self, kind: str, version: int) -> bool:
        """Whether a press of ``kind`` (an ending intent in an unseen step, actions left) is a
        first one: it arms the guard and is not applied. A second press of the same kind, on
        the same state and in time, is."""
        a = self.armed
        if a is not None and a.kind == kind and a.version == version \
                and self.clock() <= a.until:
            self.armed = None
            return False
        self.armed = Armed(kind, version, self.clock() + CONFIRM_SECONDS)
        return True

    def expired(self, version: int) -> bool:
        """Drop an armed first press that timed out or whose state is gone; True when one
        was dropped (the scene then restores the button's words)."""
        a = self.armed
        if a is not None and (a.version != version or self.clock() > a.until):
            self.armed = None
            return True
        return False


def acting(ev: pygame.event.Event, game_buttons: Callable[[object], bool]) -> bool:
    """Whether ``ev`` would choose something at the table: a left press or release of the
    mouse, Space or Enter, a press of one of the game's buttons (not Undo, Menu, Settings)."""
    if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return bool(ev.button == 1)
    if ev.type == pygame.KEYDOWN:
        return ev.key in ACTING_KEYS and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
    if ev.type == pygame_gui.UI_BUTTON_PRESSED:
        return game_buttons(ev.ui_element)
    return False
