"""Every log line is a sentence: it starts with a capital letter or a digit, in every game."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.model import Event


def _texts(game: str, seeds: range, steps: int) -> list[str]:
    """The event texts of random loud games of ``game``."""
    rs = rules.get(game)
    out: list[str] = []
    for seed in seeds:
        r = random.Random(seed)
        state = rs.new_game(seed=seed)
        for _ in range(steps):
            if rs.to_act(state) is None:
                break
            outcome = rs.apply(state, r.choice(rs.legal_intents(state)))
            out += [e.text for e in outcome.events]
            state = outcome.state
    return out


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_every_event_text_of_random_games_starts_with_a_capital_or_a_digit(game: str) -> None:
    texts = _texts(game, range(4), 400)
    assert texts, "random games logged nothing"
    bad = sorted({t for t in texts if not (t[:1].isupper() or t[:1].isdigit())})
    assert bad == []


def test_an_event_made_with_a_lower_case_text_starts_with_a_capital() -> None:
    # A designer's card may be named "iron golem": the sentence it starts still starts with one.
    assert Event(kind="x", text="a dummy blocks 80 BP.").text == "A dummy blocks 80 BP."
    assert Event(kind="x", text="3 cards drawn.").text == "3 cards drawn."
