"""BOS's ``position_key``: a position by its cards, not by which instance of a card is which.

The search deals the opponent's unseen cards afresh in every iteration (``determinize``), so
two deals reach the same position under other instance numbers; keyed by card ids, the end of
a whole-game rollout played from one is known for the other (``rules.agents.search``)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.bos.state import EMPTY, Side, State


def position_key(state: State) -> Hashable | None:
    """Everything that decides how the game goes on, with each card instance named by its
    card and owner; None while a manual step is open or a card lies face down by hand (the
    table's own business, which no rollout plays)."""
    if state.manual or state.face_down:
        return None
    cards, split, units = state.cards, state.split, state.units

    def card(i: int) -> tuple[str, int] | None:
        return None if i == EMPTY else (cards[i], 0 if i < split else 1)

    def unit(i: int) -> Hashable:
        u = units.get(i)
        if u is None:
            return card(i)
        under = sorted((cards[j], 0 if j < split else 1) for j in u.under)
        return (cards[i], u.owner, u.strength, u.acted, tuple(under))

    def side(s: Side) -> Hashable:
        return (_cards_of(s, cards), unit(s.boss), tuple(map(unit, s.slots)))

    a = state.attack
    attack = None if a is None else (unit(a.attacker), a.defender, a.column)
    return (side(state.sides[0]), side(state.sides[1]), state.active, state.first, state.turn,
            state.step, attack, tuple(state.defeated), state.halved, state.winner)


def _cards_of(s: Side, cards: dict[int, str]) -> Hashable:
    """The side's life, vim, turns and cards off the battlefield (its units' part is read
    from the state's units)."""
    return (s.life, s.vim, s.turns, s.boss_state, tuple([cards[w] for w in s.wizards]),
            tuple(s.wizard_down), tuple(sorted([cards[i] for i in s.castle])),
            tuple(sorted([cards[i] for i in s.spellbook])),
            tuple(sorted([cards[i] for i in s.graveyard])))
