"""What the greedy agent's one-ply look-ahead needs beyond the bare position: a declaration
changes nothing until its Sequence resolves, so a Move, Attack or Skill scores the same as a
pass unless the Sequence is played out (issue #11 item 1: attacks on its own Gates won ties)."""

from __future__ import annotations

from rules.kyoukai.cards import Gate
from rules.kyoukai.draft import Draft
from rules.kyoukai.flow import advance
from rules.kyoukai.state import EMPTY, Item, State

# What aiming harm at one of your own Gates costs in the score: a weak Summon's worth, so
# friendly fire (legal, K-20) is chosen only when the position it leads to is clearly better.
FRIENDLY_FIRE = 1.0
_GUARD = 64
_HARMFUL = frozenset({"damage", "primal_instinct"})


def settled(state: State) -> State:
    """The position once the open Sequence resolves with nobody answering. A choice asked for
    on the way (Basic Slime's Ready) takes its first option, so the rest still resolves."""
    if not needs_settling(state):
        return state
    d = Draft(state, True)
    settle(d)
    return d.freeze()


def needs_settling(s: State | Draft) -> bool:
    seq = s.seq
    if seq is None or s.pending is not None or s.over or not seq.stack:
        return False
    # Moves change no material: most look-ahead candidates are Moves
    return not all(item.kind == "move" for item in seq.stack)


def settle(d: Draft) -> None:
    """``settled`` on a draft, in place (the greedy look-ahead scores the draft it applied
    the intent on, without freezing it in between)."""
    if not needs_settling(d):
        return
    assert d.seq is not None
    origin = d.seq.stack[0]
    for _ in range(_GUARD):
        if d.over:
            break
        if d.pending is not None:
            ready, d.pending = d.pending.options[0], None
            d.gate(ready, ready=True)
        elif d.seq is not None and d.seq.stack[:1] == (origin,):
            d.seq = d.seq.pass_until_closed()
        else:
            break  # that Sequence is over (a later one, like the End step's, is not ours)
        advance(d)


def friendly_fire(state: State | Draft, player: int) -> int:
    """How many items ``player`` declared on the open Sequence harm one of their own Gates."""
    if state.seq is None:
        return 0
    return sum(1 for item in state.seq.stack
               if item.player == player and harms_own(state, item, player))


def harms_own(state: State | Draft, item: Item, player: int) -> bool:
    target = state.gates.get(item.target) if item.target != EMPTY else None
    if target is None or target.owner != player:
        return False
    if item.kind == "attack":
        return True
    if item.kind == "skill":
        return state.card(item.source).skills[item.skill].effect in _HARMFUL
    if item.kind == "open":
        return state.card(item.source).effect in _HARMFUL
    return False


# Each card instance's worth to ``evaluate`` (None for an Entrant, scored by its damage), one
# table per game's card tables: the greedy agent scores every lookahead. Entries hold the
# tables, so a reused id is never mistaken for them.
_WORTHS: dict[int, tuple[dict[int, str], dict[str, Gate], dict[int, float | None]]] = {}


def worths(state: State | Draft) -> dict[int, float | None]:
    """The worths found so far for ``state``'s card tables (fill it with ``worth``)."""
    hit = _WORTHS.get(id(state.cards))
    if hit is None or hit[0] is not state.cards or hit[1] is not state.catalog:
        if len(_WORTHS) >= 256:
            _WORTHS.clear()
        hit = _WORTHS[id(state.cards)] = (state.cards, state.catalog, {})
    return hit[2]


def worth(state: State | Draft, iid: int) -> float | None:
    card = state.card(iid)
    if card.type == "entrant":
        return None
    return 1.0 + 0.4 * ((card.attack or 0) + (card.defense or 0))
