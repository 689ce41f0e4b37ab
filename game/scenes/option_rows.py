"""The menu's rows for a game's own options, built from its options model
(``rules.core.options.own_options``): a number is a field with − and + beside it (and its
range), a choice a drop-down, yes/no a check box, text a field. The field's description is the
tooltip. Nothing here names a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from rules.core.options import OptionSpec

Rect = Callable[[int, int, int, int], pygame.Rect]  # design pixels -> the panel's rect


class OptionRow:
    """One option's controls; ``value()`` reads them back as the option's value."""

    def __init__(self, spec: OptionSpec, value: Any, y: int, rect: Rect,
                 manager: pygame_gui.UIManager, container: Any) -> None:
        self.spec = spec
        tip = spec.help or None
        self.widgets: list[Any] = [UILabel(rect(16, y, 100, 34), spec.label, manager=manager,
                                           container=container)]
        self.about: UIButton | None = None
        if tip:  # labels and drop-downs take no tooltip: a "?" beside the name holds it
            self.about = UIButton(rect(112, y + 7, 20, 20), "?", manager=manager,
                                  container=container, tool_tip_text=tip)
            self.widgets.append(self.about)
        self.entry: UITextEntryLine | None = None
        self.check: UICheckBox | None = None
        self.menu: UIDropDownMenu | None = None
        self.minus: UIButton | None = None
        self.plus: UIButton | None = None
        if spec.kind == "switch":
            self.check = UICheckBox(rect(140, y + 7, 20, 20), "", manager=manager,
                                    container=container, initial_state=bool(value),
                                    tool_tip_text=tip)
            self.widgets.append(self.check)
        elif spec.kind == "choice":
            shown: list[str | tuple[str, str]] = [_shown(c) for c in spec.choices]
            now = _shown(value) if _shown(value) in shown else _shown(spec.default)
            self.menu = UIDropDownMenu(shown, now, rect(140, y, 290, 34), manager=manager,
                                       container=container)
            self.widgets.append(self.menu)
        elif spec.kind == "number":
            self.entry = UITextEntryLine(rect(140, y, 112, 34), manager=manager,
                                         container=container, initial_text=_shown(value))
            self.entry.set_allowed_characters([*"0123456789-", *("." * (not spec.integer))])
            self.minus = UIButton(rect(256, y, 34, 34), "-", manager=manager,
                                  container=container, tool_tip_text=tip)
            self.plus = UIButton(rect(294, y, 34, 34), "+", manager=manager,
                                 container=container, tool_tip_text=tip)
            self.widgets += [self.entry, self.minus, self.plus]
            if spec.low is not None or spec.high is not None:
                self.widgets.append(UILabel(rect(332, y, 98, 34), _range(spec),
                                            manager=manager, container=container))
        else:
            self.entry = UITextEntryLine(rect(140, y, 290, 34), manager=manager,
                                         container=container, initial_text=_shown(value))
            self.widgets.append(self.entry)

    def controls(self) -> list[Any]:
        """What Tab stops on, in screen order."""
        return [w for w in (self.check, self.menu, self.entry, self.minus, self.plus)
                if w is not None]

    def value(self) -> Any:
        s = self.spec
        if self.check is not None:
            return self.check.get_state()
        if self.menu is not None:
            picked = self.menu.selected_option
            text = picked[0] if isinstance(picked, tuple) else picked
            picked_value = next((c for c in s.choices if _shown(c) == text), s.default)
            return getattr(picked_value, "value", picked_value)  # an Enum's value: JSON
        assert self.entry is not None
        text = self.entry.get_text().strip()
        if s.kind == "text":
            return text
        return self._clamped(text)

    def _clamped(self, text: str) -> int | float:
        s = self.spec
        try:
            n: int | float = int(text) if s.integer else float(text)
        except ValueError:
            return s.default  # type: ignore[no-any-return]
        if s.low is not None:
            n = max(n, int(s.low) if s.integer else s.low)
        if s.high is not None:
            n = min(n, int(s.high) if s.integer else s.high)
        return n

    def handle(self, ev: pygame.event.Event) -> bool:
        """− and + step the number (within its range); True when the event was one."""
        if ev.type != pygame_gui.UI_BUTTON_PRESSED or ev.ui_element not in (self.minus,
                                                                             self.plus):
            return False
        assert self.entry is not None
        step = -1 if ev.ui_element is self.minus else 1
        self.entry.set_text(_shown(self._clamped(str(self.value() + step))))
        return True

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()


def option_rows(specs: list[OptionSpec], values: Mapping[str, Any], top: int, pitch: int,
                rect: Rect, manager: pygame_gui.UIManager, container: Any) -> list[OptionRow]:
    """A row per option from design y ``top`` on, each showing ``values``' value or the
    option's default."""
    return [OptionRow(s, values.get(s.name, s.default), top + k * pitch, rect, manager,
                      container) for k, s in enumerate(specs)]


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(getattr(value, "value", value))


def _range(spec: OptionSpec) -> str:
    low = "" if spec.low is None else _shown(spec.low)
    high = "" if spec.high is None else _shown(spec.high)
    if low and high:
        return f"{low} to {high}"
    return f"at least {low}" if low else f"at most {high}"
