"""Kyoukai's seed: "If one of these is a Fast Skill, it will have a Red Name and Cost Box".
The pack's one face function marks the Fast Skill's name red; the table/zoom/deck screen
(``spec_of``) and the print draw it red; a Normal Skill's name stays in ink."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest

from game.draw.cards import Block, render_face
from game.layouts.kyoukai import face_spec
from game.printing.face import _text_box
from rules.core.paths import asset
from rules.kyoukai.cards import Gate
from rules.kyoukai.pack import SKILL_COLOUR, face
from rules.kyoukai.ruleset import load

ZOOM = (250, 350)
FAST_NAME = SKILL_COLOUR["fast"]  # the seed's red, the same as the cost box (the tag)


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


def _cards() -> dict[str, Gate]:
    return load(asset("packs", "kyoukai").resolve())[0]


def test_a_fast_skill_name_is_red_and_a_normal_skill_name_is_not() -> None:
    cards = _cards()
    lion, cat = cards["wandering_lion"], cards["shadow_cat"]
    assert [s.kind for s in lion.skills] == ["fast"]
    assert [s.kind for s in cat.skills] == ["normal"]
    fast, = face(lion)["blocks"]
    normal, = face(cat)["blocks"]
    assert fast["title"] == "Primal Instinct" and fast.get("title_colour") == FAST_NAME
    assert "title_colour" not in normal
    # The table, the zoom and the deck screen draw what spec_of makes of that face.
    assert face_spec(lion).blocks[0].title_colour == FAST_NAME
    assert face_spec(cat).blocks[0].title_colour is None
    # The tag stays: it is the seed's red "Cost Box" (and names the kind in words).
    assert fast["tag"].startswith("Fast") and fast["tag_colour"] == SKILL_COLOUR["fast"]


def test_every_fast_skill_in_the_pack_has_a_red_name_and_no_other_skill_does() -> None:
    for card in _cards().values():
        if not card.skills:
            continue
        for skill, block in zip(card.skills, face(card)["blocks"][-len(card.skills):],
                                strict=True):
            assert block["title"] == skill.name
            assert (block.get("title_colour") == FAST_NAME) == (skill.kind == "fast"), skill


def _red_pixels(surf: pygame.Surface) -> int:
    w, h = surf.get_size()
    return sum(1 for x in range(w) for y in range(h) if surf.get_at((x, y))[:3] == FAST_NAME)


def test_the_zoomed_face_draws_a_coloured_title_in_its_colour() -> None:
    """Generic: any game's block may colour its title; the tag pill is that red too, so the
    red title adds red pixels to the face."""
    spec = face_spec(_cards()["wandering_lion"])
    plain = dataclasses.replace(
        spec, blocks=tuple(dataclasses.replace(b, title_colour=None) for b in spec.blocks))
    assert isinstance(spec.blocks[0], Block)
    assert _red_pixels(render_face(spec, ZOOM)) > _red_pixels(render_face(plain, ZOOM)) + 20


def test_the_print_draws_the_fast_skill_head_red_and_a_coloured_title_wins() -> None:
    cards = _cards()
    size = 30
    _, rows = _text_box(face(cards["wandering_lion"]), 600, size, 10_000)
    head = next(r for r in rows if r[0].startswith("Primal Instinct"))
    assert head[2] == FAST_NAME
    plain = face(cards["shadow_cat"])
    block = dict(plain["blocks"][0], title_colour=(1, 2, 3))
    _, rows = _text_box(dict(plain, blocks=[block]), 600, size, 10_000)  # type: ignore[arg-type]
    assert rows[0][2] == (1, 2, 3)
