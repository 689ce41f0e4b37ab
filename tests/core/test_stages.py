"""The stage table (who acts, in which mode, with which intents) and the flow guard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from rules.core.model import Intent
from rules.core.stages import Stage, Stages
from rules.core.window_state import WindowState


class Play(Intent):
    kind: Literal["play"] = "play"
    card: int


class Pass(Intent):
    kind: Literal["pass"] = "pass"


class Discard(Intent):
    kind: Literal["discard"] = "discard"
    card: int


@dataclass
class Toy:
    step: str
    active: int
    hand: tuple[tuple[int, ...], tuple[int, ...]]
    window: WindowState[int] | None = None
    over: bool = False


def _current(s: Toy) -> str:
    if s.over:
        return "over"
    return "respond" if s.window is not None else s.step


def _plays(s: Toy, p: int) -> list[Intent]:
    return [Play(card=c) for c in s.hand[p]]


STAGES: Stages[Toy] = Stages([
    Stage("main", lambda s: s.active, ("play", "pass"), title="the Main step",
          generate=lambda s, p, only: [*_plays(s, p), Pass()]),
    Stage("respond", lambda s: s.window.priority if s.window else None, ("pass", "play"),
          mode="respond", generate=lambda s, p, only: [Pass(), *_plays(s, p)]),
    Stage("cleanup", lambda s: s.active, ("discard",), title="the Cleanup step",
          generate=lambda s, p, only: [Discard(card=c) for c in s.hand[p]]),
    Stage("over", lambda s: None, ()),
], _current)


def test_stage_table_lists_allowed_kinds_for_the_deciding_player_in_order() -> None:
    s = Toy(step="main", active=0, hand=((1, 2), (7,)))
    assert STAGES.to_act(s) == 0
    assert STAGES.legal(s) == [Play(card=1), Play(card=2), Pass()]
    s.window = WindowState[int].open(1, by=0)  # player 1 answers first
    assert STAGES.to_act(s) == 1
    assert STAGES.legal(s) == [Pass(), Play(card=7)]
    assert STAGES.stage(s).mode == "respond"


def test_stage_table_gives_the_reason_an_intent_kind_is_refused() -> None:
    s = Toy(step="cleanup", active=1, hand=((), (3,)))
    assert STAGES.legal(s) == [Discard(card=3)]
    assert STAGES.why_not(s, "discard") is None
    why = STAGES.why_not(s, "play", {"play": "playing a card", "discard": "discarding"})
    assert why == "playing a card is not allowed in the Cleanup step (allowed: discarding)"
    s.over = True
    assert STAGES.to_act(s) is None and STAGES.legal(s) == []
    assert STAGES.why_not(s, "discard") == "nobody may act now"


def test_undeclared_stage_and_duplicate_names_are_errors() -> None:
    with pytest.raises(ValueError, match="undeclared stage 'elsewhere'"):
        STAGES.stage(Toy(step="elsewhere", active=0, hand=((), ())))
    with pytest.raises(ValueError):
        Stages([Stage("a", lambda s: 0, ()), Stage("a", lambda s: 1, ())], lambda s: "a")


@pytest.mark.parametrize("game", ["kyoukai", "krosmaster", "dreadnought"])
def test_shipped_games_list_only_the_kinds_their_stage_table_allows(game: str) -> None:
    """The stage table is the games' timing: who decides is the stage's actor, and every legal
    intent is of a kind the current stage declares."""
    import random

    import rules
    from rules.dreadnought.legal import STAGES as DREADNOUGHT
    from rules.krosmaster.legal import STAGES as KROSMASTER
    from rules.kyoukai.legal import STAGES as KYOUKAI

    stages: Stages[object] = {"kyoukai": KYOUKAI, "krosmaster": KROSMASTER,
                              "dreadnought": DREADNOUGHT}[game]  # type: ignore[assignment]
    rs = rules.get(game)
    seen: set[str] = set()
    for seed in range(3):
        r = random.Random(seed)
        s = rs.new_game(seed=seed)
        for _ in range(400):
            st = stages.stage(s)
            seen.add(st.name)
            assert stages.to_act(s) == rs.to_act(s)
            legal = rs.legal_intents(s)
            if rs.to_act(s) is None:
                assert legal == [] and st.moves == ()
                break
            assert legal and {i.kind for i in legal} <= set(st.moves), st.name
            s = rs.apply(s, r.choice(legal)).state
    assert len(seen) >= 3  # the playouts went through several stages


def test_legal_given_the_deciding_player_does_not_ask_the_stage_again() -> None:
    """The contract asks ``to_act`` first every step: ``legal`` given its answer lists the
    same intents without asking the stage's actor a second time."""
    asked: list[str] = []

    def actor(s: Toy) -> int:
        asked.append(s.step)
        return s.active

    stages: Stages[Toy] = Stages([Stage("main", actor, ("play",),
                                        generate=lambda s, p, only: _plays(s, p))],
                                 lambda s: s.step)
    s = Toy(step="main", active=1, hand=((1,), (7, 8)))
    p = stages.to_act(s)
    assert asked == ["main"]
    assert stages.legal(s, None, p) == [Play(card=7), Play(card=8)]
    assert asked == ["main"]
    assert stages.legal(s) == [Play(card=7), Play(card=8)]  # not given: asked
    assert asked == ["main", "main"]
