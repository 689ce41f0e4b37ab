"""What the greedy agent's one-ply look-ahead needs beyond the bare position: a declaration
changes nothing until its Sequence resolves, so a Move, Attack or Skill scores the same as a
pass unless the Sequence is played out (issue #11 item 1: attacks on its own Gates won ties)."""

from __future__ import annotations

from rules.kyoukai.cards import Gate
from rules.kyoukai.flow import advance
from rules.kyoukai.state import EMPTY, State

# What aiming harm at one of your own Gates costs in the score: a weak Summon's worth, so
# friendly fire (legal, K-20) is chosen only when the position it leads to is clearly better.
FRIENDLY_FIRE = 1.0
_GUARD = range(64)  # made once, as ``flow``'s
_HARMFUL = frozenset({"damage", "primal_instinct"})


def settled(state: State) -> State:
    """The position once the open Sequence resolves with nobody answering. A choice asked for
    on the way (Basic Slime's Ready) takes its first option, so the rest still resolves."""
    if not needs_settling(state):
        return state
    s = state.copy()
    settle(s)
    return s


def needs_settling(s: State) -> bool:
    seq = s.seq
    if seq is None or s.pending is not None or s.over or not seq.stack:
        return False
    # Moves change no material: most look-ahead candidates are Moves (the last item declared
    # read first: a Sequence holds one item most of the time)
    stack = seq.stack
    return stack[-1].kind != "move" or any(item.kind != "move" for item in stack)


def settle(d: State) -> None:
    """``settled`` in place, on a state of the caller's own (the greedy look-ahead scores the
    copy it applied the intent on)."""
    if not needs_settling(d):
        return
    seq = d.seq
    assert seq is not None
    origin = seq.stack[0]
    for _ in _GUARD:
        pending = d.pending
        if pending is None:
            seq.pass_until_closed()
        else:
            d.pending = None
            d.set_gate(pending.options[0], ready=True)
        advance(d)
        if d.over:
            return
        if d.pending is None:
            now = d.seq
            # by identity first: a copy of a Sequence shares its items, and comparing two
            # dataclasses field by field is what a look-ahead would spend its time on
            if now is None or not now.stack or not (now.stack[0] is origin
                                                    or now.stack[0] == origin):
                return  # that Sequence is over (a later one, like the End step's, is not ours)
            seq = now


def friendly_fire(state: State, player: int) -> int:
    """How many items ``player`` declared on the open Sequence harm one of their own Gates: an
    Attack, or a harmful Skill or opening as it will resolve (the item's own copy, ``does``)."""
    seq = state.seq
    if seq is None:
        return 0
    n = 0
    gates = state.gates
    for item in seq.stack:
        if item.player != player or item.target == EMPTY:
            continue
        target = gates.get(item.target)
        if target is not None and target.owner == player and (
                item.kind == "attack" or item.does is not None and item.does.effect in _HARMFUL):
            n += 1
    return n


def worths(state: State) -> dict[int, float | None]:
    """``worth`` of every card instance of ``state``, by instance (made once per card table:
    the score reads each Gate's)."""
    table = state.table
    known = table.worths
    if len(known) != len(table.by_iid):
        known.update({i: f.worth for i, f in table.by_iid.items()})
    return known


def worth(state: State, iid: int) -> float | None:
    """A Gate's worth to ``evaluate`` on the field (None for an Entrant, scored by its
    damage)."""
    return worths(state)[iid]


def card_worth(card: Gate) -> float | None:
    if card.type == "entrant":
        return None
    return 1.0 + 0.4 * ((card.attack or 0) + (card.defense or 0))
