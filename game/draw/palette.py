"""Colours of the table, in one place."""

from __future__ import annotations

Color = tuple[int, int, int]

FELT = (22, 54, 44)
FELT_DARK = (12, 32, 26)
FELT_LINE = (60, 104, 86)
ZONE_FILL = (30, 70, 57)
ZONE_FILL_ALT = (27, 63, 52)
PANEL = (16, 22, 28)
PANEL_EDGE = (58, 72, 84)
INK = (236, 232, 220)
INK_DIM = (150, 160, 160)
INK_DARK = (30, 28, 26)
GOLD = (240, 196, 80)
ERROR = (255, 110, 96)

# Highlight colours by kind: the glows the generic input handlers put on pieces (open: legal
# now, respond: legal in a response window, choose: picked by keyboard) and the usual lit-zone
# kinds a layout may name; move and attack must read as clearly different (K-05).
HIGHLIGHT: dict[str, Color] = {
    "move": (70, 170, 255),
    "attack": (255, 86, 64),
    "skill": (196, 120, 255),
    "open": (110, 230, 130),
    "choose": (255, 210, 80),
    "respond": (255, 210, 80),
}

OWNER: tuple[Color, Color] = ((96, 168, 255), (255, 150, 72))

CARD_BACK = (54, 40, 82)
CARD_BACK_EDGE = (150, 120, 200)
