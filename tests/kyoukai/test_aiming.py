"""``aiming.aims`` answers ``zone in TARGETS[rule](...)`` for one zone: the same answer on
every rule, zone, source zone, range and player of positions from random games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import rules
from rules.kyoukai.aiming import aims, open_params, skill_params
from rules.kyoukai.effects import TARGETS, Params
from rules.kyoukai.state import EMPTY, GRID


def _positions(seed: int, every: int) -> list[Any]:
    rs = rules.get("kyoukai")
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    out = []
    step = 0
    while rs.to_act(state) is not None:
        if step % every == 0:
            out.append(state)
        step += 1
        state = rs.apply(state, r.choice(rs.legal_intents(state)), quiet=True).state
    return out


def test_aims_is_membership_of_the_target_rules_list() -> None:
    agreed: Counter[tuple[str, bool]] = Counter()
    for seed in (1, 2):
        for state in _positions(seed, 40):
            sources = [EMPTY] + [z for z, i in enumerate(state.field) if i != EMPTY]
            for rule, targets in TARGETS.items():
                for player in (0, 1):
                    for src in sources:
                        if rule == "bordering_gate" and src == EMPTY:
                            continue  # the rule is only asked from a Gate on the field
                        for near in (0, 1, 2, 3):
                            prm = Params(amount=1, range=near)
                            allowed = targets(state, player, src, prm)
                            for zone in range(EMPTY, GRID.size):
                                got = aims(state, rule, player, src, prm, zone)
                                assert got == (zone in allowed), (rule, player, src, near, zone)
                                agreed[rule, got] += 1
    # Both answers came up for the rules answered directly, not through the list.
    for rule in ("gate_in_range", "own_gate"):
        assert agreed[rule, True] > 100 and agreed[rule, False] > 100, agreed


def test_effect_parameters_are_made_once_per_card_and_skill() -> None:
    rs = rules.get("kyoukai")
    catalog = rs.new_game(seed=1).catalog
    for card in catalog.values():
        prm = open_params(card)
        assert prm == Params(card.amount, card.range)
        assert open_params(card) is prm
        for sk in card.skills:
            got = skill_params(sk)
            assert got == Params(sk.amount, sk.range, sk.attack, sk.defense)
            assert skill_params(sk) is got
