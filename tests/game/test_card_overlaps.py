"""Issue 34 item 14: nothing drawn on a card or a panel covers another thing drawn there.
An upright card's pills (Nullshapers' "→ Crystal" and "ATK 4 · DEF 3", BOS's "Strength 11")
stack in rows inside the card's width above its stats row, and a long one ("face down ·
condition not met") wraps onto more lines rather than running past its card."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.draw.card_states import CardLook, pill_rects, pill_texts
from game.draw.cards import FaceSpec, stats_top
from game.draw.scale import px, set_scale
from game.draw.text import font, reset_fonts


@pytest.fixture(autouse=True, params=[1.0, 1.5])
def _pygame(request: pytest.FixtureRequest) -> Iterator[None]:
    pygame.init()
    reset_fonts()
    set_scale(request.param)
    yield
    set_scale(1.0)


def _agent() -> FaceSpec:
    return FaceSpec(key="t-brawler", name="Scrap Brawler", type_label="Agent",
                    colour=(40, 90, 160), cost=1, stats=(("A", 4), ("D", 3)), blocks=())


def _pills(box: pygame.Rect, look: CardLook) -> list[pygame.Rect]:
    return pill_rects(box, look, [t.get_size() for t in pill_texts(box, look)])


@pytest.mark.parametrize("size", [(46, 64), (60, 84), (80, 112)])  # staging cards, 1024..1920
def test_staging_pills_keep_apart_inside_the_card_above_its_stats(size: tuple[int, int]
                                                                  ) -> None:
    look = CardLook(1, _agent(), counters=(("→ Crystal", (90, 60, 160)),
                                           ("ATK 4 · DEF 3", (90, 60, 160))))
    box = pygame.Rect(300, 200, px(size[0]), px(size[1]))
    pills = _pills(box, look)
    for k, a in enumerate(pills):
        for b in pills[k + 1:]:
            assert not a.colliderect(b), (a, b)
    stats = box.top + stats_top(box.size)
    for p in pills:
        assert p.bottom <= stats, f"pill {p} covers the stats row from y={stats} of {box}"
    widest = max(t.get_width() for t in pill_texts(box, look))
    if widest + 8 <= box.w - 4:  # each fits across the card: none hangs past its edges
        assert all(box.left <= p.left and p.right <= box.right for p in pills), (box, pills)


def test_a_long_boss_pill_wraps_inside_its_card() -> None:
    boss = FaceSpec(key="t-boss", name="Leviathan", type_label="Boss", colour=(40, 90, 160),
                    cost=None, stats=(("S", 14),), blocks=())
    box = pygame.Rect(300, 200, px(72), px(100))  # a boss at 1024x600
    look = CardLook(2, boss, counters=(("face down · condition not met", (110, 110, 110)),))
    (pill,) = _pills(box, look)
    assert box.left <= pill.left and pill.right <= box.right, (box, pill)
    (text,) = pill_texts(box, look)
    assert text.get_height() > 1.5 * font(13, True).get_height()  # on more than one line
