"""What the app asks of a scene."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement

if TYPE_CHECKING:
    from game.app import App


def root_elements(manager: pygame_gui.UIManager) -> list[UIElement]:
    """The widgets placed straight in the window (not inside a panel or a window)."""
    root = manager.get_root_container()
    return [e for e in root or () if isinstance(e, UIElement)]


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True  # something changed that the screen does not show yet

    def animating(self) -> bool:
        """Something moves on its own (dice rolling, a card snapping back): draw every frame.
        Otherwise the app draws only on input, on ``dirty`` and at a low idle rate."""
        return False

    def before_ui(self, ev: pygame.event.Event) -> bool:
        """An event before pygame-gui sees it (keyboard focus); True when it was used."""
        return False

    def handle(self, ev: pygame.event.Event) -> None:
        """An event pygame-gui did not consume."""

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface) -> None: ...

    def draw_over_ui(self, surf: pygame.Surface) -> None:
        """Drawn after pygame-gui (dragged pieces, hover zoom)."""

    def resize(self, size: tuple[int, int]) -> None: ...

    def close(self) -> None:
        """Leaving this scene: kill its UI elements, stop its workers."""
