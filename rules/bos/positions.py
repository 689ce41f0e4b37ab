"""BOS's ``position_key``: a position by its cards, not by which instance of a card is which.

The search deals the opponent's unseen cards afresh in every iteration (``determinize``), so
two deals reach the same position under other instance numbers; keyed by card ids, the end of
a whole-game rollout played from one is known for the other (``rules.agents.search``)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.bos.state import EMPTY, State


def position_key(state: State) -> Hashable | None:
    """Everything that decides how the game goes on, with each card instance named by its
    card and owner; None while a manual step is open or a card lies face down by hand (the
    table's own business, which no rollout plays). Per side: its life, vim, turns, boss state,
    wizards and the cards of its castle, spellbook and graveyard (sorted: which instance is
    where does not matter), then its boss and the summons of its slots."""
    if state.manual or state.face_down:
        return None
    cards, split, units = state.cards, state.split, state.units
    name = cards.__getitem__

    def unit(i: int) -> Hashable:
        if i == EMPTY:
            return None
        u = units.get(i)
        if u is None:
            return (cards[i], 0 if i < split else 1)
        under = sorted([(cards[j], 0 if j < split else 1) for j in u.under]) if u.under else ()
        return (cards[i], u.owner, u.strength, u.acted, tuple(under))

    sides = []
    for s in state.sides:
        sides.append(((s.life, s.vim, s.turns, s.boss_state, tuple(map(name, s.wizards)),
                       s.wizard_down, tuple(sorted(map(name, s.castle))),
                       tuple(sorted(map(name, s.spellbook))),
                       tuple(sorted(map(name, s.graveyard)))),
                      unit(s.boss), tuple(map(unit, s.slots))))
    a = state.attack
    attack = None if a is None else (unit(a.attacker), a.defender, a.column)
    return (sides[0], sides[1], state.active, state.first, state.turn, state.step, attack,
            state.defeated, state.halved, state.winner)
