"""Kyoukai's quiet ``apply`` without a Draft (``rules.kyoukai.quick``) reaches the state the
Draft path reaches, on every fast path: random games played loud and quiet side by side, with
each path counted so a path that stopped being taken fails the test instead of passing it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import rules
from rules.kyoukai import quick


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How often each fast path gave a state (a path that returns None is not counted)."""
    counts: Counter[str] = Counter()

    def counting(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(s: Any, *args: Any) -> Any:
            out = f(s, *args)
            if out is not None:
                counts[name] += 1
                if name == "_turn_ends":
                    nxt = s.players[1 - s.active]
                    counts["cleanup" if out.step == "cleanup" else
                           "empty deck" if not nxt.deck else "draw"] += 1
                if name in ("_lone_skill_resolves", "_lone_gate_opens"):
                    item = s.seq.stack[0]
                    card = s.card(item.source)
                    effect = card.skills[item.skill].effect if item.kind == "skill" \
                        else card.effect or card.type
                    counts[f"{item.kind} {effect}"] += 1
                if name == "_lone_attack_resolves" and len(out.gates) < len(s.gates):
                    counts["attack discards"] += 1
            return out
        return wrapped

    for name in ("_turn_ends", "_lone_move_resolves", "_lone_attack_resolves",
                 "_lone_gate_opens", "_lone_skill_resolves"):
        monkeypatch.setattr(quick, name, counting(name, getattr(quick, name)))
    yield counts


def test_quiet_games_reach_the_loud_games_states_on_every_fast_path(
        taken: Counter[str]) -> None:
    rs = rules.get("kyoukai")
    for seed in range(12):
        r = random.Random(seed)
        loud = quiet = rs.new_game(seed=seed)
        while rs.to_act(loud) is not None:
            intent = r.choice(rs.legal_intents(loud))
            loud = rs.apply(loud, intent).state
            quiet = rs.apply(quiet, intent, quiet=True).state
            assert quiet == loud, (seed, intent)
        assert rs.dump(quiet) == rs.dump(loud)
    for path in ("cleanup", "empty deck", "draw", "_lone_move_resolves", "attack discards",
                 "skill damage", "skill rebirth", "skill shield", "open summon", "open draw",
                 "open damage", "open branch_self", "open heal"):
        assert taken[path] >= 3, (path, taken)


def test_loud_fast_paths_give_the_drafts_state_and_events() -> None:
    """``quick.loud_apply`` (an open pass, ending a Turn Action, declaring a Move or an Attack,
    opening a Gate) against the
    Draft path it stands for, event by event, fields set included."""
    from rules.kyoukai.actions import KINDS
    from rules.kyoukai.draft import Draft
    from rules.kyoukai.flow import advance

    rs = rules.get("kyoukai")
    taken: Counter[str] = Counter()
    for seed in range(6):
        r = random.Random(seed)
        state = rs.new_game(seed=seed)
        while (p := rs.to_act(state)) is not None:
            for intent in rs.legal_intents(state):
                fast = quick.loud_apply(state, p, intent)
                if fast is None:
                    continue
                d = Draft(state)
                KINDS[intent.kind].apply(d, p, intent)
                advance(d)
                assert fast[0] == d.freeze(), (seed, intent)
                assert fast[1] == d.events, (seed, intent)
                taken[intent.kind] += 1
            state = rs.apply(state, r.choice(rs.legal_intents(state))).state
    assert min(taken[k] for k in ("pass", "end_action", "move", "attack", "open")) > 50, taken
