"""Keyboard focus for the screens made of pygame-gui widgets: the menu, the replay viewer, the
deck screen, the game-over choice and the dialogs (the table's own pieces and targets are
game/input/keyboard.py's).

A :class:`FocusRing` walks its *stops* (widgets, or :class:`Spot` s such as the deck screen's
card grid) in screen order: Tab / Shift+Tab move the focus, drawn with the table's focus ring.
On the focused stop: Enter presses a button (the same ``UI_BUTTON_PRESSED`` a click posts, so
every listener, sounds included, sees it); Left/Right or Up/Down change a drop-down's value
(through its options, without opening it, posting ``UI_DROP_DOWN_MENU_CHANGED`` as a pick does)
and Enter, Space or an arrow toggles a check box; a text field takes pygame-gui's keyboard focus,
so typing edits it. A mouse click hides the ring until the next Tab.

The scene calls :meth:`FocusRing.key` *before* pygame-gui sees the event (a focused text field
would otherwise keep Tab and Enter) and :meth:`FocusRing.draw` after pygame-gui has drawn.
:class:`WindowKeys` does the same for whichever pygame-gui window is on top (messages,
confirmations, file dialogs): Tab through its controls, Enter its default button, Esc closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UITextEntryLine,
    UIWindow,
)

from game.draw.overlay import focus_ring

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ARROWS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}


@runtime_checkable
class Spot(Protocol):
    """A stop that is not a widget: it has a place on screen and keys of its own."""

    @property
    def rect(self) -> pygame.Rect: ...

    def key(self, ev: pygame.event.Event) -> bool:
        """A key while focused; True when it was used."""
        ...


def usable(stop: Any) -> bool:
    """A stop Tab may land on: a live, visible, enabled widget, or any spot."""
    if isinstance(stop, UIElement):
        return bool(stop.alive() and stop.visible and stop.is_enabled)
    return stop is not None


def press(button: UIButton) -> None:
    """What a click on ``button`` posts."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
        "ui_element": button, "ui_object_id": button.most_specific_combined_id,
        "mouse_button": pygame.BUTTON_LEFT}))


def options(menu: UIDropDownMenu) -> list[tuple[str, str]]:
    return [o if isinstance(o, tuple) else (o, o) for o in menu.options_list]


def choose_option(menu: UIDropDownMenu, option: tuple[str, str]) -> None:
    """Show ``option`` as the drop-down's choice and post the change, as a pick with the mouse."""
    menu.selected_option = option
    closed = menu.menu_states.get("closed")
    if closed is not None and menu.current_state is closed:
        closed.selected_option = option  # the closed box shows its own copy: make it again
        closed.finish()
        closed.start()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": option[0], "selected_option_id": option[1], "ui_element": menu,
        "ui_object_id": menu.most_specific_combined_id}))


def cycle(menu: UIDropDownMenu, d: int, skip: Sequence[str] = ()) -> None:
    """The previous / next option of ``menu`` (wrapping round), leaving out ``skip``."""
    opts = [o for o in options(menu) if o[0] not in skip]
    if not opts:
        return
    now = menu.selected_option
    now_t = now if isinstance(now, tuple) else (now, now)
    k = next((i for i, o in enumerate(opts) if o[0] == now_t[0]), -1 if d > 0 else 0)
    nxt = opts[(k + d) % len(opts)]
    if nxt[0] != now_t[0]:
        choose_option(menu, nxt)


def ring_rect(stop: Any) -> pygame.Rect:
    """Where the ring goes: the stop, and a check box's label beside its box."""
    r = pygame.Rect(stop.rect)
    label = getattr(stop, "text_label", None) if isinstance(stop, UICheckBox) else None
    if label is not None and getattr(label, "rect", None) is not None:
        r.union_ip(pygame.Rect(label.rect).inflate(4, 0))
    return r


class FocusRing:
    """Tab order and keys for a screen of widgets. ``stops`` is asked afresh at each key (a
    screen may rebuild its widgets); ``on_enter`` is Enter on a drop-down or text field (the
    screen's default action, e.g. the menu's Start); ``skip`` maps a drop-down to options its
    arrows pass over (those that open a dialog: Enter picks them instead)."""

    def __init__(self, manager: pygame_gui.UIManager, stops: Callable[[], Sequence[Any]],
                 on_enter: Callable[[], None] | None = None,
                 skip: Callable[[], dict[Any, tuple[str, ...]]] | None = None) -> None:
        self.manager = manager
        self._stops = stops
        self.on_enter = on_enter
        self._skip = skip
        self.index: int | None = None  # None: no focus shown (until the first Tab)

    def stops(self) -> list[Any]:
        return [s for s in self._stops() if usable(s)]

    @property
    def current(self) -> Any | None:
        stops = self.stops()
        if self.index is None or not stops:
            return None
        return stops[min(self.index, len(stops) - 1)]

    def focus(self, stop: Any | None) -> None:
        """Put the focus on ``stop`` (None: hide it)."""
        stops = self.stops()
        self.index = next((k for k, s in enumerate(stops) if s is stop), None)
        self._text_focus()

    def move(self, d: int) -> None:
        n = len(self.stops())
        if not n:
            self.index = None
            return
        if self.index is None:
            self.index = 0 if d > 0 else n - 1
        else:
            self.index = (min(self.index, n - 1) + d) % n
        self._text_focus()

    def _text_focus(self) -> None:
        """A focused text field gets the typing; leaving one takes it away."""
        cur = self.current
        if isinstance(cur, UITextEntryLine):
            self.manager.set_focus_set(cur)
            end = len(cur.get_text())  # Tab into a field: typing replaces its text
            cur.select_range = [0, end]
            cur.edit_position = end
        else:
            focused = self.manager.get_focus_set()
            if focused and any(isinstance(e, UITextEntryLine) for e in focused):
                self.manager.set_focus_set(None)

    def key(self, ev: pygame.event.Event) -> bool:
        """An event before pygame-gui sees it; True when the focus used it."""
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.index = None  # the mouse takes over
            return False
        if ev.type != pygame.KEYDOWN:
            return False
        if ev.key == pygame.K_TAB and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.move(-1 if ev.mod & pygame.KMOD_SHIFT else 1)
            return True
        cur = self.current
        if cur is None:
            return False
        if isinstance(cur, Spot) and not isinstance(cur, UIElement):
            return cur.key(ev)
        if isinstance(cur, UIButton):
            if ev.key in ENTER_KEYS:
                press(cur)
                return True
            return False
        if isinstance(cur, UICheckBox):
            if ev.key in (*ENTER_KEYS, pygame.K_SPACE, *ARROWS):
                cur.set_state(not cur.get_state())
                return True
            return False
        if isinstance(cur, UIDropDownMenu):
            if ev.key in ARROWS:
                skip = (self._skip() if self._skip else {}).get(cur, ())
                cycle(cur, ARROWS[ev.key], skip)
                return True
            if ev.key in ENTER_KEYS:
                skip = (self._skip() if self._skip else {}).get(cur, ())
                if skip:  # Enter picks what the arrows pass over (Choose folder…)
                    opt = next(o for o in options(cur) if o[0] == skip[0])
                    choose_option(cur, opt)
                    return True
                if self.on_enter is not None:
                    self.on_enter()
                    return True
            return False
        if isinstance(cur, UITextEntryLine) and ev.key in ENTER_KEYS and self.on_enter:
            self.on_enter()
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        cur = self.current
        if cur is not None:
            focus_ring(surf, ring_rect(cur))


DEFAULTS = ("confirm_button", "ok_button", "dismiss_button")


def window_stops(window: UIWindow) -> list[Any]:
    """A window's buttons, text fields, drop-downs and check boxes, in screen order."""
    found: list[Any] = []

    def walk(container: Any) -> None:
        for e in getattr(container, "elements", []):
            if isinstance(e, UIButton | UITextEntryLine | UIDropDownMenu | UICheckBox):
                found.append(e)
            elif hasattr(e, "elements"):
                walk(e)

    walk(window.get_container())
    return sorted(found, key=lambda e: (e.rect.top // 8, e.rect.left))


class WindowKeys:
    """Keys for the pygame-gui window on top (message, confirmation, file dialog): Tab through
    its controls (the ring starts on its default button: Confirm, OK, Dismiss), Enter presses,
    Esc closes it (as its close button does)."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.window: UIWindow | None = None
        self.ring: FocusRing | None = None

    def top(self) -> UIWindow | None:
        stack = [w for w in self.manager.get_window_stack().get_full_stack()
                 if isinstance(w, UIWindow) and w.alive() and w.visible]
        return stack[-1] if stack else None

    def _ring(self) -> FocusRing | None:
        top = self.top()
        if top is not self.window:
            self.window = top
            self.ring = None
            if top is not None:
                window = top
                self.ring = FocusRing(self.manager, lambda: window_stops(window))
                default = next((b for b in (getattr(top, n, None) for n in DEFAULTS)
                                if usable(b)), None)
                if default is None:  # a file dialog with nothing picked yet: the path
                    default = next((s for s in window_stops(top)
                                    if isinstance(s, UITextEntryLine)), None)
                self.ring.focus(default)
        return self.ring

    def key(self, ev: pygame.event.Event) -> bool:
        """True when the window on top used the event (Tab, Enter, Esc, its control's keys)."""
        if ev.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return False
        ring = self._ring()
        if ring is None or self.window is None:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            return ring.key(ev)
        if ev.key == pygame.K_ESCAPE:
            self.window.kill()  # posts UI_WINDOW_CLOSE, as its close button does
            return True
        if ring.key(ev):
            return True
        cur = ring.current
        clicked = any(isinstance(e, UITextEntryLine) for e in self.manager.get_focus_set() or ())
        if isinstance(cur, UITextEntryLine) or (cur is None and clicked):
            return False  # typing and Enter go to the field (reached by Tab or by a click)
        if ev.key in ENTER_KEYS:
            default = next((b for b in (getattr(self.window, n, None) for n in DEFAULTS)
                            if usable(b)), None)
            if default is not None:
                press(default)
            return True
        return False  # other keys: a modal dialog's screen waits anyway (FileActions.busy)

    def draw(self, surf: pygame.Surface) -> None:
        ring = self._ring()
        if ring is not None:
            ring.draw(surf)
