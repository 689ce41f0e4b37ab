"""The quiet fast paths (``rules.bos.quick``) reach the states the Draft path reaches, and are
taken: a handler that always fell back to the Draft would pass the equality test unseen."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules.bos import quick
from rules.bos.state import State
from rules.core.model import Intent
from tests.bos.helpers import RS

DECKS = ["Ember Court", "Tide Circle", "Grove Wardens"]


def test_quiet_fast_paths_give_the_loud_states_for_every_deck_pairing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    taken: Counter[str] = Counter()

    def counted(name: str, fn: Any) -> Any:
        def run(s: State, p: int, i: Intent) -> State | None:
            out = fn(s, p, i)
            taken[name] += out is not None
            return out
        return run

    for name, fn in list(quick.QUIET.items()):
        monkeypatch.setitem(quick.QUIET, name, counted(name, fn))
    steps = 0
    for seed, (a, b) in enumerate((a, b) for a in DECKS for b in DECKS):
        r = random.Random(seed)
        loud = quiet = RS.new_game(seed=seed, options={"decks": [a, b], "first": seed % 2})
        while RS.to_act(loud) is not None:
            intent = r.choice(RS.legal_intents(loud))
            out_loud, out_quiet = RS.apply(loud, intent), RS.apply(quiet, intent, quiet=True)
            assert out_quiet.events == []
            assert RS.dump(out_quiet.state) == RS.dump(out_loud.state), (a, b, steps, intent)
            loud, quiet = out_loud.state, out_quiet.state
            steps += 1
        assert RS.to_act(quiet) is None
    assert set(taken) == set(quick.QUIET) and min(taken.values()) > 0, taken
