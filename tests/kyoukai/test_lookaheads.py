"""``lookaheads`` scores each intent of a position as ``lookahead`` scores it alone, though it
plays out only one of the intents it proves score alike (``ruleset._alike``): copies of one
card opened, effects the score cannot see (a shield on a Gate no item of the Sequence aims
at, a Gate risen into an empty zone), an Attack and a Skill dealing one amount of damage to
one Gate, and amounts of damage that do alike to one Gate."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from rules.agents.greedy import GreedyAgent
from rules.core.model import Intent
from rules.kyoukai import ruleset
from rules.kyoukai.intents import Attack, OpenGate, UseSkill
from rules.kyoukai.state import State
from tests.kyoukai.helpers import rs

# Effects whose target the score cannot see once their Sequence has resolved.
_UNSEEN = ("shield", "ready", "branch_self", "graft")


def _alone(view: State, legal: list[Intent], me: int) -> list[float | None]:
    out: list[float | None] = []
    for intent in legal:
        try:
            out.append(rs.lookahead(view, intent, me))
        except Exception:  # noqa: BLE001 - as ``lookaheads``: None for a guess it cannot make
            out.append(None)
    return out


def _effect(view: State, intent: Intent) -> tuple[str, int, int] | None:
    """What ``intent`` opens or uses, by its effect: (effect, card, skill number)."""
    if isinstance(intent, OpenGate):
        return str(view.card(intent.card).effect), intent.card, -1
    if isinstance(intent, UseSkill):
        return view.card(intent.gate).skills[intent.skill].effect, intent.gate, intent.skill
    return None


def test_lookaheads_score_every_intent_as_lookahead_alone_in_greedy_games() -> None:
    shared = Counter[str]()
    for seed in (11, 12, 13):
        agents = [GreedyAgent(seed * 2), GreedyAgent(seed * 2 + 1)]
        state = rs.new_game(seed=seed)
        while (p := rs.to_act(state)) is not None:
            legal = rs.legal_intents(state)
            if len(legal) > 1:
                view = rs.view(state, p)
                assert rs.lookaheads(view, legal, p) == _alone(view, legal, p), seed
                # The same card opened (or the same Skill used) at several targets.
                aims = Counter(_effect(view, i) for i in legal)
                for effect, n in aims.items():
                    if effect is not None and n > 1 and effect[0] in _UNSEEN:
                        shared[f"{effect[0]} {'in' if view.seq else 'outside'}"] += 1
                # Two copies of one card that could be opened.
                copies = Counter(view.cards[c] for c in {i.card for i in legal
                                                         if isinstance(i, OpenGate)})
                shared["copies"] += any(n > 1 for n in copies.values())
                intent = agents[p].choose(rs, view, legal)
            else:
                intent = legal[0]
            state = rs.push(state, intent)
    # The positions compared include the intents scored once for several targets.
    assert shared["shield outside"] and shared["ready in"] and shared["branch_self outside"]
    assert shared["copies"]


def _damage_pair(view: State, legal: list[Intent]) -> list[Intent] | None:
    """Outside a Sequence: an Attack and a Skill paid with no card that deal one amount of
    damage to one Gate."""
    if view.seq is not None:
        return None
    for a in legal:
        if not isinstance(a, Attack):
            continue
        for b in legal:
            if isinstance(b, UseSkill) and b.zone == a.zone and not b.pay:
                does = view.table.by_iid[b.gate].declares[b.skill]
                if does.effect == "damage" and does.kind != "location" \
                        and does.amount == view.attack_of(a.gate):
                    return [a, b]
    return None


def _aim(view: State, intent: Intent) -> tuple[int, int] | None:
    """The zone an Attack, or a damage Skill paid with no card, aims at and the damage it
    deals there."""
    if isinstance(intent, Attack):
        return intent.zone, view.attack_of(intent.gate)
    if isinstance(intent, UseSkill) and not intent.pay:
        does = view.table.by_iid[intent.gate].declares[intent.skill]
        if does.effect == "damage" and does.kind != "location":
            return intent.zone, does.amount
    return None


def _harm_pair(view: State, legal: list[Intent]) -> list[Intent] | None:
    """Outside a Sequence: two amounts of damage to one Gate that do alike to it (both stopped
    by its Defense, or both discarding it)."""
    if view.seq is not None:
        return None
    aims = [(i, aim) for i in legal if (aim := _aim(view, i)) is not None]
    for a, (zone, x) in aims:
        for b, (other, y) in aims:
            target = view.field[zone]
            if zone == other and x != y and view.harm(target, x)[1] == view.harm(target, y)[1]:
                return [a, b]
    return None


def _shield_pair(view: State, legal: list[Intent]) -> list[Intent] | None:
    """In a Sequence: one Skill's shield on two Gates none of its items aims at."""
    if view.seq is None:
        return None
    aimed = {item.target for item in view.seq.stack}
    free = [i for i in legal if isinstance(i, UseSkill)
            and view.card(i.gate).skills[i.skill].effect == "shield"
            and view.field[i.zone] not in aimed]
    for a in free:
        for b in free:
            if (a.gate, a.skill, a.pay) == (b.gate, b.skill, b.pay) and a.zone != b.zone:
                return [a, b]
    return None


def _copies_pair(view: State, legal: list[Intent]) -> list[Intent] | None:
    """Two copies of one damage card from the hand opened at one Gate."""
    p = rs.to_act(view)
    assert p is not None
    hand = view.players[p].hand
    opens = [i for i in legal if isinstance(i, OpenGate) and i.card in hand
             and view.card(i.card).effect == "damage"]
    for a in opens:
        for b in opens:
            if a.card != b.card and a.zone == b.zone and view.cards[a.card] == view.cards[b.card]:
                return [a, b]
    return None


def _rebirth_pair(view: State, legal: list[Intent]) -> list[Intent] | None:
    """Outside a Sequence: one Gate risen from the Discard into two empty zones."""
    rises = [i for i in legal if isinstance(i, UseSkill) and view.seq is None
             and view.card(i.gate).skills[i.skill].effect == "rebirth"]
    for a in rises:
        for b in rises:
            if (a.gate, a.skill, a.pay) == (b.gate, b.skill, b.pay) and a.zone != b.zone:
                return [a, b]
    return None


@pytest.mark.parametrize("find", [_damage_pair, _harm_pair, _shield_pair, _copies_pair,
                                  _rebirth_pair])
def test_lookaheads_play_out_once_the_intents_it_proves_alike(
        find: Callable[[State, list[Intent]], list[Intent] | None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[Intent] = []
    after = ruleset._after

    def counted(state: State, p: int, intent: Intent, player: int,
                known: dict[int, float | None]) -> float:
        played.append(intent)
        return after(state, p, intent, player, known)

    for seed in range(11, 31):
        agents = [GreedyAgent(seed * 2), GreedyAgent(seed * 2 + 1)]
        state = rs.new_game(seed=seed)
        while (p := rs.to_act(state)) is not None:
            legal = rs.legal_intents(state)
            if len(legal) == 1:
                state = rs.push(state, legal[0])
                continue
            view = rs.view(state, p)
            pair = find(view, legal)
            if pair is not None:
                monkeypatch.setattr(ruleset, "_after", counted)
                scores = rs.lookaheads(view, pair, p)
                assert len(played) == 1, (seed, pair)
                monkeypatch.setattr(ruleset, "_after", after)
                assert scores == _alone(view, pair, p)
                return
            state = rs.push(state, agents[p].choose(rs, view, legal))
    pytest.fail(f"no position in 20 greedy games has {find.__doc__}")
