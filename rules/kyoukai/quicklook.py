"""The greedy look-ahead's score of a declaration made outside a Sequence, or of passing on a
Sequence that holds one item, without a Draft.

Outside a Sequence a declaration opens one holding only itself; settling it (nobody answers)
resolves that one item and the turn goes on in the Main step. Passing on a Sequence of one
item settles it the same way. Most of what resolving does is invisible to ``evaluate`` (Ready
flags, Ki, the Discard, Branches, Defense bonuses that end with the Sequence): the score sees
only the Gates' damage, which Gates stand on the field, the hand sizes and the end of the game.
So for these (Attacks, damage, opening a Gate, most Skills) the score is the position's score
with one Gate hit, removed or added and the hand sizes changed, computed by the same additions
in the same order as ``ruleset._score`` (the same float, not a near one). Anything else returns
None and takes the Draft path.

A rules change to resolution or to the score is made here too: tests/kyoukai/
test_quicklook.py checks this against the Draft path on every intent of many positions.
"""

from __future__ import annotations

from rules.core.model import Intent
from rules.kyoukai.flow import EMPTY_DECK_DAMAGE
from rules.kyoukai.foresight import FRIENDLY_FIRE, friendly_fire, worth, worths
from rules.kyoukai.quickpos import Position, gate_stats, item_fields, position
from rules.kyoukai.quicksettle import settled_score
from rules.kyoukai.state import (
    EMPTY,
    ENTRANT_LIFE,
    HAND_LIMIT,
    TURN_CAP,
    State,
    seq_item,
)

_NONE = -2  # no Gate (iids are >= 0, EMPTY is -1)
# What resolving these effects changes that the score reads: nothing (shield ends with the
# Sequence; Ready, Branches and the Discard are not scored).
_SILENT = frozenset({"shield", "ready", "branch_self", "graft", "nothing"})

# What resolving one item changes that the score reads, as a tuple (the key of the scores
# found for one position): (declarer, ff, hit, hit_damage, won, gone, added, hand 0, hand 1):
# ``ff`` 1 when a harmful item still on the Sequence aims at its declarer's own Gate (counted
# for the declarer only); an Entrant ``hit`` whose damage becomes ``hit_damage`` (``won``: it
# reached its Life and the game ends); a Gate ``gone`` from the field; a Gate ``added`` to it
# by the declarer; each player's hand size change. ``_NONE`` for no Gate.
Change = tuple[int, int, int, int, bool, int, int, int, int]


def quick_lookahead(s: State, intent: Intent, player: int) -> float | None:
    """``evaluate`` (for ``player``) after ``intent`` and its settling, or None when this
    intent or position needs the Draft path."""
    return quick_score(position(s, player), intent)


def quick_score(pos: Position, intent: Intent, kind: str | None = None) -> float | None:
    """``quick_lookahead`` of ``intent`` (of ``kind``, if read already) in the position
    ``pos``."""
    if not pos.plain:
        return None
    player = pos.player
    if kind is None:
        kind = intent.kind
    seq = pos.seq
    if seq is not None:
        stack = pos.stack
        if kind == "pass":
            # Passing settles the items as declared. A pass that closes the Sequence resolves
            # them before the score counts friendly fire (nothing is left on it); one that
            # does not leaves them there to be counted.
            if len(stack) == 1:
                it, opened = item_fields(stack[0]), pos.passes == 0
                change = _resolved(pos, *it, 0, 0, opened)
                if change is not None:
                    return _score(pos, change)
            return settled_score(pos.s, stack, pos.passes == 0, [0, 0], player, pos=pos)
        if kind not in ("open", "skill"):
            return None
        if len(stack) != 1 or item_fields(stack[0])[0] != "move" or pos.priority != player:
            return _answer_settled(pos, intent, kind)
        # An answer to a lone Move resolves first, then the Move, which changes no material
        # whether it still goes or fizzles: the answer scores as if declared on its own.
    elif pos.active != player:
        return None
    p = player
    field = pos.field
    if kind == "attack":
        gate: int = intent.gate  # type: ignore[attr-defined]
        zone: int = intent.zone  # type: ignore[attr-defined]
        return _finish(pos, _hit(pos, p, field[zone], pos.stat(gate)[0], True, 0, 0))
    if kind == "open":
        c: int = intent.card  # type: ignore[attr-defined]
        zone = intent.zone  # type: ignore[attr-defined]
        # The card leaves the hand (a Spirit the Spirit deck) when declared.
        lost = -1 if c in pos.hands[p] else 0
        return _finish(pos, _resolved(pos, "open", p, c, -1, zone,
                                      field[zone] if zone != EMPTY else EMPTY,
                                      lost if p == 0 else 0, lost if p == 1 else 0, True))
    if kind == "skill":
        g: int = intent.gate  # type: ignore[attr-defined]
        zone = intent.zone  # type: ignore[attr-defined]
        k: int = intent.skill  # type: ignore[attr-defined]
        pay: tuple[int, ...] = intent.pay  # type: ignore[attr-defined]
        lost = -len(pay[:pos.card(g).skills[k].cost.discard])
        return _finish(pos, _resolved(pos, "skill", p, g, k, zone,
                                      field[zone] if zone != EMPTY else EMPTY,
                                      lost if p == 0 else 0, lost if p == 1 else 0, True))
    if kind in ("move", "end_action"):
        # Outside a Sequence: a Move opens one of Moves only, which settles to nothing the
        # score reads; ending a Turn Action changes nothing it reads either.
        return _score(pos, (p, 0, _NONE, 0, False, _NONE, _NONE, 0, 0)) if seq is None else None
    if kind == "end_step":
        return _turn_ends(pos) if seq is None else None
    return None


def _turn_ends(pos: Position) -> float | None:
    """The End step's Sequence settles: Clean-up waits for discards when the hand is over its
    limit, else the turn passes and the next player draws a card, or takes 2 damage on their
    Entrant from an empty deck (``flow.advance``); None when the turn limit ends the game
    (the Draft path)."""
    s = pos.s
    p = s.active
    nxt = s.players[1 - p]
    if len(s.players[p].hand) > HAND_LIMIT:
        return _score(pos, (p, 0, _NONE, 0, False, _NONE, _NONE, 0, 0))
    if s.turn >= TURN_CAP:
        return None
    if nxt.deck:
        drawn = (1, 0) if p == 1 else (0, 1)
        return _score(pos, (p, 0, _NONE, 0, False, _NONE, _NONE, *drawn))
    g = s.gates.get(nxt.entrant)
    if g is not None:
        # ``Draft.damage`` from the draw step: the Sequence's Defense bonuses are over.
        through = max(0, EMPTY_DECK_DAMAGE - max(0, pos.stat(nxt.entrant)[1]))
        if through > 0:
            damage = g.damage + through
            return _score(pos, (p, 0, nxt.entrant, damage, damage >= ENTRANT_LIFE, _NONE,
                                _NONE, 0, 0))
    return _score(pos, (p, 0, _NONE, 0, False, _NONE, _NONE, 0, 0))


def _answer_settled(pos: Position, intent: Intent, kind: str) -> float | None:
    """An answer declared on the open Sequence, and every item on it settled
    (``quicksettle``)."""
    s = pos.s
    p = pos.priority
    hands = [0, 0]
    zone: int = intent.zone  # type: ignore[attr-defined]
    target = pos.field[zone] if zone != EMPTY else EMPTY
    if kind == "open":
        c: int = intent.card  # type: ignore[attr-defined]
        if c in pos.hands[p]:
            hands[p] = -1
        item = seq_item("open", p, c, -1, zone, target)
    else:
        g: int = intent.gate  # type: ignore[attr-defined]
        k: int = intent.skill  # type: ignore[attr-defined]
        pay: tuple[int, ...] = intent.pay  # type: ignore[attr-defined]
        hands[p] = -len(pay[:pos.card(g).skills[k].cost.discard])
        item = seq_item("skill", p, g, k, zone, target)
    if pos.ff_below is None:
        pos.ff_below = friendly_fire(s, pos.player)
    return settled_score(s, pos.stack + (item,), True, hands, pos.player, pos.ff_below, pos)


def _finish(pos: Position, change: Change | None) -> float | None:
    return None if change is None else _score(pos, change)


def _resolved(pos: Position, kind: str, p: int, source: int, skill_no: int, zone: int,
              target: int, h0: int, h1: int, declared: bool) -> Change | None:
    """What the item (``kind``, ``p`` … ``target``: ``Item``'s fields) resolving alone
    changes, with the hand sizes changed by ``h0`` and ``h1`` first; ``declared``: it is
    still on the Sequence when the score counts friendly fire (a harmful item aimed at its
    declarer's own Gate)."""
    if kind == "open":
        card = pos.card(source)
        if pos.type_of(source) in ("summon", "spirit", "entrant"):
            if pos.field[zone] != EMPTY:
                return None
            return (p, 0, _NONE, 0, False, _NONE, source, h0, h1)
        return _effect(pos, p, card.effect, card.amount, target, declared, h0, h1)
    if kind == "skill":
        skill = pos.card(source).skills[skill_no]
        if skill.kind != "location" and source not in pos.gates:
            return None
        effect = skill.effect
        if effect == "primal_instinct":
            return _hit(pos, p, target, pos.stat(source)[0], declared, h0, h1)
        if effect == "rebirth":
            if pos.field[zone] != EMPTY:
                return None
            return (p, 0, _NONE, 0, False, _NONE, source, h0, h1)
        return _effect(pos, p, effect, skill.amount, target, declared, h0, h1)
    if kind == "move":
        return (p, 0, _NONE, 0, False, _NONE, _NONE, h0, h1)  # a Move changes no material
    if kind == "attack":
        if source not in pos.gates:
            return None
        return _hit(pos, p, target, pos.stat(source)[0], declared, h0, h1)
    return None  # the End step's item ends the turn: the Draft path


def _effect(pos: Position, p: int, effect: str | None, amount: int, target: int,
            declared: bool, h0: int, h1: int) -> Change | None:
    if effect == "damage":
        return _hit(pos, p, target, amount, declared, h0, h1)
    if effect in _SILENT:
        return (p, 0, _NONE, 0, False, _NONE, _NONE, h0, h1)
    if effect == "draw":
        taken = len(pos.s.players[p].deck[:amount])
        if p == 0:
            h0 += taken
        else:
            h1 += taken
        return (p, 0, _NONE, 0, False, _NONE, _NONE, h0, h1)
    if effect == "heal":
        ent = pos.s.players[p].entrant
        g = pos.gates.get(ent)
        if g is None:
            return (p, 0, _NONE, 0, False, _NONE, _NONE, h0, h1)
        return (p, 0, ent, g.damage - min(amount, g.damage), False, _NONE, _NONE, h0, h1)
    if effect == "return_to_hand":
        g = pos.gates.get(target)
        if g is None:
            return None
        # The Gate goes back to its owner's hand; its Branches to the Discard.
        if g.owner == 0:
            h0 += 1
        else:
            h1 += 1
        return (p, 0, _NONE, 0, False, target, _NONE, h0, h1)
    return None


def attack_of(s: State, iid: int) -> int:
    """The Gate's Attack with its Branches' bonus (as ``Draft.attack_of``)."""
    return gate_stats(s, iid)[0]


def defense_of(s: State, iid: int) -> int:
    """The Gate's Defense with its Branches' bonus (a Sequence's shields not counted)."""
    return gate_stats(s, iid)[1]


def _hit(pos: Position, p: int, target: int, amount: int, declared: bool, h0: int,
         h1: int) -> Change | None:
    """``amount`` damage dealt to ``target`` by a harmful item ``p`` declared (as
    ``Draft.damage`` with nothing absorbed yet)."""
    g = pos.gates.get(target)
    if g is None:
        return None
    ff = 1 if declared and g.owner == p else 0
    through = max(0, amount - max(0, pos.stat(target)[1])) if amount > 0 else 0
    if through == 0:
        return (p, ff, _NONE, 0, False, _NONE, _NONE, h0, h1)
    if pos.type_of(target) == "entrant":
        damage = g.damage + through
        return (p, ff, target, damage, damage >= ENTRANT_LIFE, _NONE, _NONE, h0, h1)
    return (p, ff, _NONE, 0, False, target, _NONE, h0, h1)


def _score(pos: Position, change: Change) -> float:
    """``ruleset._score`` for the position's player with ``change`` made, once per change."""
    got = pos.scores.get(change)
    if got is None:
        got = pos.scores[change] = _score_of(pos, change)
    return got


def _score_of(pos: Position, change: Change) -> float:
    """``ruleset._score`` for the position's player of its state with ``change`` made (a Gate
    ``added`` is put on the field last, as ``Draft.place`` does)."""
    s, player = pos.s, pos.player
    declarer, ff, hit, hit_damage, won, gone, added, h0, h1 = change
    score = -FRIENDLY_FIRE * (ff if declarer == player else 0)
    if won:
        winner = 1 - s.gates[hit].owner  # the Entrant's damage ends the game (no winner yet)
        return score + (1000.0 if winner == player else -1000.0)
    if added != _NONE and added in s.gates:
        return _score_plain(s, player, change)
    # The shares before the first Gate the change touches add up as in the position.
    terms = pos.shares()
    n = len(terms.gates)
    index = terms.index
    k = n if gone == _NONE else index.get(gone, n)
    if hit != _NONE:
        k = min(k, index.get(hit, n))
    score = terms.sums(ff if declarer == player else 0)[k]
    if k < n:
        gates, shares, mine_at = terms.gates, terms.terms, terms.mine
        for j in range(k, n):
            i = gates[j]
            if i == gone:
                continue
            if i == hit:
                score += -float(hit_damage) if mine_at[j] else float(hit_damage)
            else:
                score += shares[j]
    if added != _NONE:
        known = worths(s)
        if added in known:
            w = known[added]
        else:
            w = known[added] = worth(s, added)
        mine = declarer == player
        if w is None:
            score += -0.0 if mine else 0.0  # undamaged
        else:
            score += w if mine else -w
    mine_h, them_h = (h0, h1) if player == 0 else (h1, h0)
    score += 0.3 * ((len(pos.hands[player]) + mine_h) - (len(pos.hands[1 - player]) + them_h))
    return score


def _score_plain(s: State, player: int, change: Change) -> float:
    """``_score`` Gate by Gate (for an ``added`` Gate that is already on the field)."""
    declarer, ff, hit, hit_damage, _won, gone, added, h0, h1 = change
    score = -FRIENDLY_FIRE * (ff if declarer == player else 0)
    gates = s.gates
    known = worths(s)
    order = [*gates, added]
    for i in order:
        if i == gone:
            continue
        if i in known:
            w = known[i]
        else:
            w = known[i] = worth(s, i)
        if i == added:  # undamaged, its declarer's
            mine = declarer == player
            if w is None:
                if mine:
                    score -= 0
                else:
                    score += 0
            elif mine:
                score += w
            else:
                score -= w
            continue
        g = gates[i]
        if w is None:
            dmg = hit_damage if i == hit else g.damage
            if g.owner == player:
                score -= dmg
            else:
                score += dmg
        elif g.owner == player:
            score += w
        else:
            score -= w
    me, them = s.players[player], s.players[1 - player]
    mine_h, them_h = (h0, h1) if player == 0 else (h1, h0)
    score += 0.3 * ((len(me.hand) + mine_h) - (len(them.hand) + them_h))
    return score
