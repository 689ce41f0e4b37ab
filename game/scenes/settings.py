"""The Settings screen, over the scene it was opened from (menu or table), which waits under it.

Each row is a setting with its value between two arrows: click an arrow, or use the keys (Up /
Down or Tab pick a row, Left / Right change it). A change is put in force at once (window,
fullscreen, UI scale, animation speed, sound, volume); Done keeps it, Cancel (Esc) goes back to
how it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.draw.overlay import focus_ring, modal_panel
from game.draw.palette import GOLD, INK, INK_DIM, PANEL_EDGE, PRESET_NAMES, PRESETS
from game.draw.scale import at_scale, needed_size, px, scale
from game.draw.text import TEXT
from game.scenes.base import Scene, root_elements
from game.settings import SCALES, SIZES, SPEEDS, Settings

if TYPE_CHECKING:
    from game.app import App

ROW_H = 50
PANEL_W = 600


def _near(options: Sequence[Any], value: Any) -> int:
    if value in options:
        return list(options).index(value)
    if isinstance(value, str):
        return 0
    return min(range(len(options)), key=lambda k: abs(float(options[k]) - float(value)))


SWITCHES = ("fullscreen", "sound", "confirm_own_harm")  # On / Off rows


class SettingsScene(Scene):
    ROWS = ("size", "fullscreen", "ui_scale", "palette", "animation_speed", "confirm_own_harm",
            "sound", "volume")
    LABELS = {"size": "Window size", "fullscreen": "Fullscreen", "ui_scale": "UI scale",
              "animation_speed": "Animation speed", "sound": "Sound", "volume": "Volume",
              "confirm_own_harm": "Confirm friendly fire", "palette": "Colours"}

    def __init__(self, app: App, back: Scene) -> None:
        super().__init__(app)
        self.back = back
        self.original = app.settings.model_copy()
        self.row = 0
        self.k = scale()  # this screen's own UI scale while it is up
        self._size = app.size
        self.hidden: list[Any] = []
        self.buttons: list[UIButton] = []
        self._arrows: list[tuple[pygame.Rect, int, int]] = []  # rect, row, step
        self._hide_others()
        self._make_buttons()

    # ---- values ---------------------------------------------------------------------------
    def options(self, key: str) -> list[Any]:
        s = self.app.settings
        if key == "size":
            sizes = list(SIZES)
            if s.size not in sizes:
                sizes.append(s.size)
            return sorted(sizes)
        if key in SWITCHES:
            return [False, True]
        if key == "ui_scale":
            return sorted(set(SCALES) | {s.ui_scale})
        if key == "animation_speed":
            return sorted(set(SPEEDS) | {s.animation_speed})
        if key == "palette":
            return list(PRESETS)
        return [round(k / 10, 1) for k in range(11)]

    def value(self, key: str) -> Any:
        s = self.app.settings
        return s.size if key == "size" else getattr(s, key)

    def text(self, key: str) -> str:
        v = self.value(key)
        if key == "size":
            return f"{v[0]} × {v[1]}" + ("  (fullscreen: the screen's)" if
                                          self.app.settings.fullscreen else "")
        if key in SWITCHES:
            return "On" if v else "Off"
        if key == "palette":
            return PRESET_NAMES[v]
        if key == "ui_scale":
            if scale() < v - 1e-6:  # the window cannot hold the screens at v
                w, h = needed_size(v)
                return f"{v:g}× needs {w}×{h} (now {scale():g}×)"
            return f"{v:.2f}×" + ("  (high-DPI)" if v >= 1.5 else "")
        if key == "animation_speed":
            word = "slow" if v < 1 else "normal" if v == 1 else "fast"
            return f"{v:g}×  ({word})"
        return f"{round(v * 100)} %"

    def change(self, key: str, d: int) -> None:
        opts = self.options(key)
        k = max(0, min(len(opts) - 1, _near(opts, self.value(key)) + d))
        v = opts[k]
        upd: dict[str, Any] = {"width": v[0], "height": v[1]} if key == "size" else {key: v}
        self.app.apply_settings(self.app.settings.model_copy(update=upd), save=False)

    # ---- UI ---------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        with at_scale(self.k):
            w, h = self.app.size
            pw, ph = px(PANEL_W), px(90 + ROW_H * len(self.ROWS) + 80)
            return pygame.Rect((w - pw) // 2, max(px(10), (h - ph) // 2), pw, ph)

    def _hide_others(self) -> None:
        """The waiting scene's buttons are hidden while this screen is up."""
        mine = set(self.buttons)
        for e in root_elements(self.app.manager):
            if e not in mine and e.visible:
                e.hide()
                self.hidden.append(e)

    def _make_buttons(self) -> None:
        for b in self.buttons:
            b.kill()
        r = self.panel_rect()
        m = self.app.manager
        with at_scale(self.k):
            bw, bh, pad, edge = px(150), px(42), px(24), px(20)
        self.cancel = UIButton(pygame.Rect(0, 0, bw, bh), "Cancel (Esc)", manager=m,
                               starting_height=3)
        self.done = UIButton(pygame.Rect(0, 0, bw, bh), "Done (Enter)",
                             manager=m, starting_height=3, object_id="#start_button")
        self.buttons = [self.cancel, self.done]
        # their text is at the scale in force (it may be larger than this screen's): grow
        font = self.done.font
        assert font is not None  # a button's theme font, set when it is made
        text_w, text_h = font.size("Done (Enter)")
        bw, bh = max(bw, text_w + pad), max(bh, text_h + pad // 2)
        y = r.bottom - edge - bh
        for b, x in ((self.cancel, r.x + pad), (self.done, r.right - pad - bw)):
            b.set_dimensions((bw, bh))
            b.set_relative_position((x, y))

    def close_screen(self, keep: bool) -> None:
        if keep:
            self.app.apply_settings(self.app.settings, save=True)
        else:
            self.app.apply_settings(self.original, save=False)
        for b in self.buttons:
            b.kill()
        for e in self.hidden:
            if e.alive():
                e.show()
        self.app.scene = self.back
        self.back.resize(self.app.size)

    # ---- events -----------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if ev.ui_element is self.done:
                self.close_screen(True)
            elif ev.ui_element is self.cancel:
                self.close_screen(False)
        elif ev.type == pygame.KEYDOWN:
            key = self.ROWS[self.row]
            if ev.key == pygame.K_ESCAPE:
                self.close_screen(False)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close_screen(True)
            elif ev.key in (pygame.K_DOWN,) or (ev.key == pygame.K_TAB
                                                and not ev.mod & pygame.KMOD_SHIFT):
                self.row = (self.row + 1) % len(self.ROWS)
            elif ev.key in (pygame.K_UP, pygame.K_TAB):
                self.row = (self.row - 1) % len(self.ROWS)
            elif ev.key == pygame.K_LEFT:
                self.change(key, -1)
            elif ev.key in (pygame.K_RIGHT, pygame.K_SPACE):
                self.change(key, 1)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for rect, row, d in self._arrows:
                if rect.collidepoint(ev.pos):
                    self.row = row
                    self.change(self.ROWS[row], d)
                    return

    def resize(self, size: tuple[int, int]) -> None:
        if size != self._size:  # a new window: the screen takes the scale that fits it
            self.k, self._size = scale(), size
        self.back.resize(size)
        self._hide_others()
        self._make_buttons()

    def update(self, dt: float) -> None: ...

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.back.draw(surf)
        with at_scale(self.k):
            self._draw_panel(surf)

    def _draw_panel(self, surf: pygame.Surface) -> None:
        r = self.panel_rect()
        modal_panel(surf, r, "Settings", "Up/Down: pick · Left/Right: change · F1: keys",
                    title_size=34, hint_size=16, dim_alpha=170, edge=PANEL_EDGE, edge_width=1,
                    inset=24, title_dy=18, hint_dy=30)
        self._arrows = []
        y = r.y + px(80)
        for k, key in enumerate(self.ROWS):
            row = pygame.Rect(r.x + px(16), y, r.w - px(32), px(ROW_H - 6))
            on = k == self.row
            pygame.draw.rect(surf, (38, 50, 62) if on else (24, 32, 40), row,
                             border_radius=px(8))
            lt = TEXT.get(self.LABELS[key], 21, INK if on else INK_DIM, True)
            surf.blit(lt, lt.get_rect(midleft=(row.x + px(14), row.centery)))
            vx0 = row.x + px(250)
            left = pygame.Rect(vx0, row.centery - px(14), px(28), px(28))
            right = pygame.Rect(row.right - px(40), row.centery - px(14), px(28), px(28))
            opts = self.options(key)
            at = _near(opts, self.value(key))
            for rect, d, pts in ((left, -1, ((0.7, 0.2), (0.25, 0.5), (0.7, 0.8))),
                                 (right, 1, ((0.3, 0.2), (0.75, 0.5), (0.3, 0.8)))):
                live = 0 <= at + d < len(opts)
                pygame.draw.rect(surf, (52, 66, 80) if live else (30, 38, 46), rect,
                                 border_radius=px(6))
                poly = [(rect.x + round(a * rect.w), rect.y + round(b * rect.h)) for a, b in pts]
                pygame.draw.polygon(surf, GOLD if live else INK_DIM, poly)
                self._arrows.append((rect, k, d))
            vt = TEXT.get(self.text(key), 20, GOLD if on else INK)
            surf.blit(vt, vt.get_rect(center=((left.right + right.x) // 2, row.centery)))
            if on:
                focus_ring(surf, row.inflate(-px(6), -px(6)))
            y += px(ROW_H)

    def close(self) -> None:
        for b in self.buttons:
            b.kill()
        self.back.close()

    @property
    def settings(self) -> Settings:
        return self.app.settings
