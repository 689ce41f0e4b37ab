"""Write the sample card art of the shipped Kyoukai pack (assets/packs/kyoukai/art/).

    python tools/make_art.py

The picture is drawn by code with pygame (flat shapes, a few colours, so the PNG stays a few
KB): our own work, CC0. It shows designers the ``art = "art/…"`` field on a real card.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "assets" / "packs" / "kyoukai" / "art"
SIZE = (240, 150)

LICENCE = """wandering_lion.png is drawn by code in this repository (tools/make_art.py, pygame
shapes only). It is our own work, dedicated to the public domain: CC0 1.0
(https://creativecommons.org/publicdomain/zero/1.0/).
"""


def wandering_lion() -> pygame.Surface:
    """A lion's head before a setting sun over two ridges of hills."""
    w, h = SIZE
    s = pygame.Surface(SIZE)
    sky = [(250, 214, 140), (246, 186, 120), (236, 150, 104), (214, 116, 96)]
    for k, c in enumerate(sky):  # banded sky, lightest at the horizon
        pygame.draw.rect(s, c, (0, h * (3 - k) // 6, w, h // 6 + 1))
    pygame.draw.rect(s, sky[0], (0, h // 2, w, h // 2))
    pygame.draw.circle(s, (255, 238, 180), (int(w * 0.72), int(h * 0.5)), 34)
    far = [(0, h)] + [(x, int(h * 0.62 + 10 * math.sin(x / 23))) for x in range(0, w + 8, 8)]
    pygame.draw.polygon(s, (150, 104, 96), far + [(w, h)])
    near = [(0, h)] + [(x, int(h * 0.78 + 8 * math.sin(x / 17 + 2))) for x in range(0, w + 8, 8)]
    pygame.draw.polygon(s, (92, 70, 74), near + [(w, h)])
    cx, cy = int(w * 0.36), int(h * 0.56)
    rays = []
    for k in range(28):  # the mane: a ring of points
        a = k * math.pi / 14
        r = 50 if k % 2 == 0 else 38
        rays.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(s, (176, 84, 40), rays)
    pygame.draw.circle(s, (196, 108, 52), (cx, cy), 36)
    pygame.draw.circle(s, (238, 176, 92), (cx, cy + 2), 27)
    for ex in (-10, 10):
        pygame.draw.circle(s, (58, 36, 30), (cx + ex, cy - 4), 4)
    pygame.draw.polygon(s, (120, 58, 46), [(cx - 7, cy + 8), (cx + 7, cy + 8), (cx, cy + 15)])
    pygame.draw.line(s, (120, 58, 46), (cx, cy + 15), (cx, cy + 21), 2)
    pygame.draw.arc(s, (120, 58, 46), (cx - 10, cy + 14, 10, 10), math.pi, 2 * math.pi, 2)
    pygame.draw.arc(s, (120, 58, 46), (cx, cy + 14, 10, 10), math.pi, 2 * math.pi, 2)
    for ex in (-24, 24):  # ears
        pygame.draw.circle(s, (196, 108, 52), (cx + ex, cy - 24), 8)
        pygame.draw.circle(s, (238, 176, 92), (cx + ex, cy - 24), 4)
    return s


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "wandering_lion.png"
    pygame.image.save(wandering_lion(), str(path))
    (OUT / "LICENCE.txt").write_text(LICENCE, encoding="utf-8")
    print(f"{path.name}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
