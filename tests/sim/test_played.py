"""Every game names the cards its intents play (``Ruleset.played_cards``), by keys its pack
knows; Krosmaster splits figures and spells; an intent that plays nothing names nothing."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.played import Played


def played_in_random_game(game: str, seed: int) -> tuple[set[Played], int, set[str]]:
    rs = rules.get(game)
    state = rs.new_game(seed=seed)
    keys = set(rs.card_hashes(state))
    r = random.Random(seed)
    seen: set[Played] = set()
    silent = 0
    while rs.to_act(state) is not None:
        intent = r.choice(rs.legal_intents(state))
        got = rs.played_cards(state, intent)
        seen.update(got)
        silent += not got
        state = rs.apply(state, intent, quiet=True).state
    return seen, silent, keys


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_every_game_names_played_cards_by_pack_keys(game: str) -> None:
    seen, silent, keys = played_in_random_game(game, 3)
    assert seen, f"{game}: a whole game played no card"
    assert silent > 0  # passes and the like play nothing
    for p in seen:
        assert p.name
        figure = p.card.split("/")[0]  # a Krosmaster spell is "figure/spell"
        assert figure in keys, f"{game}: {p} is not a card of the pack"


def test_krosmaster_counts_figures_and_spells_apart() -> None:
    seen, _, _ = played_in_random_game("krosmaster", 1)
    groups = {p.group for p in seen}
    assert groups == {"figure", "spell"}
    spell = next(p for p in seen if p.group == "spell")
    figure_name = spell.card.split("/")[0]
    assert Played("figure", figure_name, figure_name) in seen


def test_a_game_without_played_kinds_names_nothing() -> None:
    rs = rules.get("kyoukai")
    state = rs.new_game(seed=0)
    intent = rs.legal_intents(state)[0]
    saved = type(rs).played_kinds
    try:
        type(rs).played_kinds = {}
        assert rs.played_cards(state, intent) == ()
    finally:
        type(rs).played_kinds = saved
