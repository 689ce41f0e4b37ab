"""Colours of the table, in one place, and the three palettes a player chooses among in
Settings (``use_preset``): the default, a colour-blind-safe one and a high-contrast one. The
highlight kinds' colours (``HIGHLIGHT``) and the players' colours (``OWNER``) follow the
preset; they are changed in place, so every module that imported them sees the change."""

from __future__ import annotations

from typing import Literal

Color = tuple[int, int, int]
Preset = Literal["default", "safe", "contrast"]
PRESETS: tuple[Preset, ...] = ("default", "safe", "contrast")
PRESET_NAMES: dict[Preset, str] = {"default": "Default", "safe": "Colour-blind safe",
                                   "contrast": "High contrast"}

FELT = (22, 54, 44)
FELT_DARK = (12, 32, 26)
FELT_LINE = (60, 104, 86)
ZONE_FILL = (30, 70, 57)
ZONE_FILL_ALT = (27, 63, 52)
PANEL = (16, 22, 28)
PANEL_EDGE = (58, 72, 84)
INK = (236, 232, 220)
INK_DIM = (168, 178, 178)  # 4.5:1 and more on the felt, the zones and the panels
INK_DARK = (30, 28, 26)
GOLD = (240, 196, 80)
ERROR = (255, 110, 96)
BADGE_INK = (14, 16, 20)  # a badge's glyph and ring: dark on every highlight colour

# Highlight colours by kind: the glows the generic input handlers put on pieces (usable: legal
# now, respond: legal in a response window, chosen: picked by keyboard), the usual lit-zone
# kinds a layout may name and Krosmaster's own (target, blocked, aim, inspire, selected). Move
# and attack must read as clearly different (K-05); each kind has a mark too (draw/marks.py).
_DEFAULT: dict[str, Color] = {
    "move": (70, 170, 255),
    "attack": (255, 86, 64),
    "skill": (196, 120, 255),
    "open": (110, 230, 130),
    "choose": (255, 210, 80),
    "respond": (255, 210, 80),
    "usable": (110, 230, 130),
    "chosen": (255, 210, 80),
    "target": (255, 150, 40),
    "blocked": (150, 110, 230),
    "aim": (255, 50, 50),
    "inspire": GOLD,
    "selected": GOLD,
}
# Five hues apart by ΔE00 ≥ 17.9 under protanopia, deuteranopia, tritanopia and 60 %
# protanomaly and deuteranomaly (tests/game/test_marks_palettes.py measures it on the table):
# sky, red, violet, white, yellow. Kinds that share one are told apart by their marks.
SKY, RED, VIOLET, WHITE, YELLOW = (140, 217, 255), (255, 77, 77), (154, 126, 230), \
    (255, 255, 255), (255, 219, 77)
_SAFE: dict[str, Color] = {
    "move": SKY, "attack": RED, "skill": VIOLET, "open": WHITE, "choose": YELLOW,
    "respond": YELLOW, "usable": WHITE, "chosen": YELLOW, "target": YELLOW,
    "blocked": VIOLET, "aim": RED, "inspire": WHITE, "selected": YELLOW,
}
# The most light and saturation each hue takes: bright on the dark felt, 7:1 text.
_CONTRAST: dict[str, Color] = {
    "move": (0, 200, 255), "attack": (255, 60, 60), "skill": (215, 140, 255),
    "open": (60, 255, 110), "choose": (255, 235, 0), "respond": (255, 235, 0),
    "usable": (60, 255, 110), "chosen": (255, 235, 0), "target": (255, 160, 0),
    "blocked": (200, 150, 255), "aim": (255, 40, 40), "inspire": (255, 235, 0),
    "selected": (255, 235, 0),
}
HIGHLIGHTS: dict[Preset, dict[str, Color]] = {"default": _DEFAULT, "safe": _SAFE,
                                              "contrast": _CONTRAST}
OWNERS: dict[Preset, tuple[Color, Color]] = {
    "default": ((96, 168, 255), (255, 150, 72)),
    "safe": ((86, 180, 233), (230, 159, 0)),  # Okabe-Ito's blue and orange
    "contrast": ((110, 200, 255), (255, 175, 40)),
}

HIGHLIGHT: dict[str, Color] = dict(_DEFAULT)  # the preset in force (changed in place)
OWNER: list[Color] = list(OWNERS["default"])  # player 1's and player 2's colour, in force


class _InForce:
    preset: Preset = "default"
    version = 0  # changes with each change of preset (caches of drawn pictures key on it)


def use_preset(name: Preset) -> None:
    """Put the palette ``name`` in force: highlight kinds and player colours."""
    if name not in HIGHLIGHTS:
        raise ValueError(f"no palette {name!r}; there are {', '.join(PRESETS)}")
    HIGHLIGHT.clear()
    HIGHLIGHT.update(HIGHLIGHTS[name])
    OWNER[:] = OWNERS[name]
    if _InForce.preset != name:
        _InForce.preset = name
        _InForce.version += 1


def preset() -> Preset:
    return _InForce.preset


def version() -> int:
    """Changes with each change of preset (caches of drawn pictures key on it)."""
    return _InForce.version


def highlight(kind: str) -> Color:
    """The colour of highlight ``kind`` in force (a kind no palette names: the usable one)."""
    return HIGHLIGHT.get(kind, HIGHLIGHT["usable"])


def text_floor() -> float:
    """The contrast every text must reach against what is behind it (WCAG 1.4.3, and 1.4.6
    in the high-contrast palette)."""
    return 7.0 if preset() == "contrast" else 4.5


def luminance(c: Color) -> float:
    """Relative luminance (WCAG 2.2)."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def ink_on(ground: Color) -> Color:
    """Text ink for a ground of any colour (a tag, a pill): the light or the dark ink,
    whichever stands out more (one of them always reaches 4.5:1)."""
    return INK if contrast(INK, ground) >= contrast(INK_DARK, ground) else INK_DARK


def reach(ink: Color, ground: Color, ratio: float) -> Color:
    """``ink`` taken towards white (or black, on a light ground) just far enough to stand
    ``ratio``:1 against ``ground``; as it is when it already does."""
    end = (255, 255, 255) if luminance(ground) < 0.18 else (0, 0, 0)
    for k in range(11):
        c: Color = (round(ink[0] + (end[0] - ink[0]) * k / 10),
                    round(ink[1] + (end[1] - ink[1]) * k / 10),
                    round(ink[2] + (end[2] - ink[2]) * k / 10))
        if contrast(c, ground) >= ratio:
            return c
    return end


def text_ink(colour: Color) -> Color:
    """Text ``colour`` as the palette in force draws it: in the high-contrast palette a light
    ink goes halfway to white and a dark one halfway to black."""
    if preset() != "contrast":
        return colour
    if luminance(colour) >= 0.18:
        return (255 - (255 - colour[0]) // 2, 255 - (255 - colour[1]) // 2,
                255 - (255 - colour[2]) // 2)
    return (colour[0] // 2, colour[1] // 2, colour[2] // 2)


CARD_BACK = (54, 40, 82)
CARD_BACK_EDGE = (150, 120, 200)
