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
from rules.kyoukai.foresight import FRIENDLY_FIRE, worth, worths
from rules.kyoukai.quicksettle import settled_score
from rules.kyoukai.state import (
    EMPTY,
    ENTRANT_LIFE,
    HAND_LIMIT,
    TURN_CAP,
    Item,
    State,
    seq_item,
)

_NONE = -2  # no Gate (iids are >= 0, EMPTY is -1)
# What resolving these effects changes that the score reads: nothing (shield ends with the
# Sequence; Ready, Branches and the Discard are not scored).
_SILENT = frozenset({"shield", "ready", "branch_self", "graft", "nothing"})


class _Change:
    """What resolving one item changes that the score reads (``declarer`` declared it)."""

    __slots__ = ("declarer", "ff", "hit", "hit_damage", "won", "gone", "added", "hands")

    def __init__(self, declarer: int, hands: tuple[int, int]) -> None:
        self.declarer = declarer
        self.ff = 0  # friendly fire counted for the scoring player
        self.hit = _NONE  # an Entrant whose damage becomes ``hit_damage``
        self.hit_damage = 0
        self.won = False  # ``hit`` reached its Life: the game ends
        self.gone = _NONE  # a Gate that leaves the field
        self.added = _NONE  # a Gate put on the field by ``declarer``
        self.hands = hands  # each player's hand size change


def quick_lookahead(s: State, intent: Intent, player: int) -> float | None:
    """``evaluate`` (for ``player``) after ``intent`` and its settling, or None when this
    intent or position needs the Draft path."""
    if (s.pending is not None or s.over or s.winner is not None or s.absorbed or s.shield
            or s.step != "main"):
        return None
    kind = intent.kind
    seq = s.seq
    if seq is not None:
        if kind == "pass":
            # Passing settles the items as declared. A pass that closes the Sequence resolves
            # them before the score counts friendly fire (nothing is left on it); one that
            # does not leaves them there to be counted.
            if len(seq.stack) == 1:
                change = _resolved(s, seq.stack[0], (0, 0), declared=seq.passes == 0)
                if change is not None:
                    return _score(s, player, change)
            return settled_score(s, seq.stack, seq.passes == 0, [0, 0], player)
        if kind not in ("open", "skill"):
            return None
        if len(seq.stack) != 1 or seq.stack[0].kind != "move" or seq.priority != player:
            return _answer_settled(s, intent, player)
        # An answer to a lone Move resolves first, then the Move, which changes no material
        # whether it still goes or fizzles: the answer scores as if declared on its own.
    elif s.active != player:
        return None
    p = player
    if kind in ("move", "end_action"):
        # Outside a Sequence: a Move opens one of Moves only, which settles to nothing the
        # score reads; ending a Turn Action changes nothing it reads either.
        return _score(s, player, _Change(p, (0, 0))) if seq is None else None
    if kind == "end_step":
        return _turn_ends(s, player) if seq is None else None
    if kind == "attack":
        gate: int = intent.gate  # type: ignore[attr-defined]
        zone: int = intent.zone  # type: ignore[attr-defined]
        change = _Change(p, (0, 0))
        return _finish(s, player, _hit(s, change, s.field[zone], attack_of(s, gate), True))
    if kind == "open":
        c: int = intent.card  # type: ignore[attr-defined]
        zone = intent.zone  # type: ignore[attr-defined]
        # The card leaves the hand (a Spirit the Spirit deck) when declared.
        lost = -1 if c in s.players[p].hand else 0
        item = seq_item("open", p, c, -1, zone, s.field[zone] if zone != EMPTY else EMPTY)
        return _finish(s, player, _resolved(s, item, _hands(p, lost), declared=True))
    if kind == "skill":
        g: int = intent.gate  # type: ignore[attr-defined]
        zone = intent.zone  # type: ignore[attr-defined]
        k: int = intent.skill  # type: ignore[attr-defined]
        pay: tuple[int, ...] = intent.pay  # type: ignore[attr-defined]
        skill = s.card(g).skills[k]
        item = seq_item("skill", p, g, k, zone, s.field[zone] if zone != EMPTY else EMPTY)
        lost = -len(pay[:skill.cost.discard])
        return _finish(s, player, _resolved(s, item, _hands(p, lost), declared=True))
    return None


def _turn_ends(s: State, player: int) -> float | None:
    """The End step's Sequence settles: Clean-up waits for discards when the hand is over its
    limit, else the turn passes and the next player draws a card, or takes 2 damage on their
    Entrant from an empty deck (``flow.advance``); None when the turn limit ends the game
    (the Draft path)."""
    p = s.active
    nxt = s.players[1 - p]
    if len(s.players[p].hand) > HAND_LIMIT:
        return _score(s, player, _Change(p, (0, 0)))
    if s.turn >= TURN_CAP:
        return None
    if nxt.deck:
        return _score(s, player, _Change(p, _hands(1 - p, 1)))
    change = _Change(p, (0, 0))
    g = s.gates.get(nxt.entrant)
    if g is not None:
        # ``Draft.damage`` from the draw step: the Sequence's Defense bonuses are over.
        through = max(0, EMPTY_DECK_DAMAGE - max(0, defense_of(s, nxt.entrant)))
        if through > 0:
            change.hit, change.hit_damage = nxt.entrant, g.damage + through
            change.won = change.hit_damage >= ENTRANT_LIFE
    return _score(s, player, change)


def _answer_settled(s: State, intent: Intent, player: int) -> float | None:
    """An answer declared on the open Sequence, and every item on it settled
    (``quicksettle``)."""
    seq = s.seq
    assert seq is not None
    p = seq.priority
    hands = [0, 0]
    zone: int = intent.zone  # type: ignore[attr-defined]
    target = s.field[zone] if zone != EMPTY else EMPTY
    if intent.kind == "open":
        c: int = intent.card  # type: ignore[attr-defined]
        if c in s.players[p].hand:
            hands[p] = -1
        item = seq_item("open", p, c, -1, zone, target)
    else:
        g: int = intent.gate  # type: ignore[attr-defined]
        k: int = intent.skill  # type: ignore[attr-defined]
        pay: tuple[int, ...] = intent.pay  # type: ignore[attr-defined]
        hands[p] = -len(pay[:s.card(g).skills[k].cost.discard])
        item = seq_item("skill", p, g, k, zone, target)
    return settled_score(s, seq.stack + (item,), True, hands, player)


def _hands(p: int, change: int) -> tuple[int, int]:
    return (change, 0) if p == 0 else (0, change)


def _finish(s: State, player: int, change: _Change | None) -> float | None:
    return None if change is None else _score(s, player, change)


def _resolved(s: State, item: Item, hands: tuple[int, int],
              declared: bool = False) -> _Change | None:
    """What ``item`` resolving alone changes; ``declared``: it is still on the Sequence when the
    score counts friendly fire (a harmful item aimed at its declarer's own Gate)."""
    p = item.player
    change = _Change(p, hands)
    if item.kind == "move":
        return change  # a Move changes no material
    if item.kind == "attack":
        if item.source not in s.gates:
            return None
        return _hit(s, change, item.target, attack_of(s, item.source), declared)
    if item.kind == "open":
        card = s.card(item.source)
        if card.type in ("summon", "spirit", "entrant"):
            if s.field[item.zone] != EMPTY:
                return None
            change.added = item.source
            return change
        return _effect(s, change, card.effect, card.amount, item.target, declared)
    if item.kind == "skill":
        g = item.source
        skill = s.card(g).skills[item.skill]
        if skill.kind != "location" and g not in s.gates:
            return None
        if skill.effect == "primal_instinct":
            return _hit(s, change, item.target, attack_of(s, g), declared)
        if skill.effect == "rebirth":
            if s.field[item.zone] != EMPTY:
                return None
            change.added = g
            return change
        return _effect(s, change, skill.effect, skill.amount, item.target, declared)
    return None  # the End step's item ends the turn: the Draft path


def _effect(s: State, change: _Change, effect: str | None, amount: int, target: int,
            declared: bool) -> _Change | None:
    p = change.declarer
    if effect == "damage":
        return _hit(s, change, target, amount, declared)
    if effect in _SILENT:
        return change
    if effect == "draw":
        taken = len(s.players[p].deck[:amount])
        h = change.hands
        change.hands = (h[0] + taken, h[1]) if p == 0 else (h[0], h[1] + taken)
        return change
    if effect == "heal":
        ent = s.players[p].entrant
        g = s.gates.get(ent)
        if g is not None:
            change.hit, change.hit_damage = ent, g.damage - min(amount, g.damage)
        return change
    if effect == "return_to_hand":
        g = s.gates.get(target)
        if g is None:
            return None
        # The Gate goes back to its owner's hand; its Branches to the Discard.
        change.gone = target
        h = change.hands
        change.hands = (h[0] + 1, h[1]) if g.owner == 0 else (h[0], h[1] + 1)
        return change
    return None


def attack_of(s: State, iid: int) -> int:
    """The Gate's Attack with its Branches' bonus (as ``Draft.attack_of``)."""
    total = s.card(iid).attack or 0
    for b in s.gates[iid].branches:
        for sk in s.card(b).skills:
            if sk.kind == "branch" and sk.effect == "stat_bonus":
                total += sk.attack
    return total


def defense_of(s: State, iid: int) -> int:
    """The Gate's Defense with its Branches' bonus (a Sequence's shields not counted)."""
    total = s.card(iid).defense or 0
    for b in s.gates[iid].branches:
        for sk in s.card(b).skills:
            if sk.kind == "branch" and sk.effect == "stat_bonus":
                total += sk.defense
    return total


def _hit(s: State, change: _Change, target: int, amount: int, declared: bool) -> _Change | None:
    """``amount`` damage dealt to ``target`` by a harmful item (as ``Draft.damage`` with
    nothing absorbed yet)."""
    g = s.gates.get(target)
    if g is None:
        return None
    if declared and g.owner == change.declarer:
        change.ff = 1
    through = max(0, amount - max(0, defense_of(s, target))) if amount > 0 else 0
    if through == 0:
        return change
    if s.card(target).type == "entrant":
        change.hit, change.hit_damage = target, g.damage + through
        change.won = change.hit_damage >= ENTRANT_LIFE
    else:
        change.gone = target
    return change


def _score(s: State, player: int, change: _Change) -> float:
    """``ruleset._score`` for ``player`` of ``s`` with ``change`` made (a Gate ``added`` is put
    on the field last, as ``Draft.place`` does)."""
    ff = change.ff if change.declarer == player else 0
    score = -FRIENDLY_FIRE * ff
    hit, added, gone = change.hit, change.added, change.gone
    if change.won:
        won = 1 - s.gates[hit].owner  # the Entrant's damage ends the game (no winner yet)
        return score + (1000.0 if won == player else -1000.0)
    if added != _NONE and added in s.gates:
        return _score_plain(s, player, change)
    # Subtracting a value is adding its negation (the same float), so each Gate's share is
    # one signed term, added in the Gates' order.
    for i, term, mine in _terms(s, player):
        if i == gone:
            continue
        if i == hit:
            term = -float(change.hit_damage) if mine else float(change.hit_damage)
        score += term
    if added != _NONE:
        known = worths(s)
        if added in known:
            w = known[added]
        else:
            w = known[added] = worth(s, added)
        mine = change.declarer == player
        if w is None:
            score += -0.0 if mine else 0.0  # undamaged
        else:
            score += w if mine else -w
    me, them = s.players[player], s.players[1 - player]
    h = change.hands
    score += 0.3 * ((len(me.hand) + h[player]) - (len(them.hand) + h[1 - player]))
    return score


_Term = tuple[int, float, bool]
# The last state's terms per scoring player (the entry holds the state): the greedy agent
# scores every legal intent of one view.
_TERMS: dict[int, tuple[State, list[_Term]]] = {}


def _terms(s: State, player: int) -> list[_Term]:
    """Each Gate's signed share of ``player``'s score, in the Gates' order: (Gate, term,
    whether ``player`` owns it)."""
    hit = _TERMS.get(player)
    if hit is not None and hit[0] is s:
        return hit[1]
    known = worths(s)
    out: list[_Term] = []
    for i, g in s.gates.items():
        if i in known:
            w = known[i]
        else:
            w = known[i] = worth(s, i)
        mine = g.owner == player
        if w is None:
            out.append((i, -float(g.damage) if mine else float(g.damage), mine))
        else:
            out.append((i, w if mine else -w, mine))
    _TERMS[player] = (s, out)
    return out


def _score_plain(s: State, player: int, change: _Change) -> float:
    """``_score`` Gate by Gate (for an ``added`` Gate that is already on the field)."""
    ff = change.ff if change.declarer == player else 0
    score = -FRIENDLY_FIRE * ff
    gates = s.gates
    hit, added, gone = change.hit, change.added, change.gone
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
            mine = change.declarer == player
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
            dmg = change.hit_damage if i == hit else g.damage
            if g.owner == player:
                score -= dmg
            else:
                score += dmg
        elif g.owner == player:
            score += w
        else:
            score -= w
    me, them = s.players[player], s.players[1 - player]
    h = change.hands
    score += 0.3 * ((len(me.hand) + h[player]) - (len(them.hand) + h[1 - player]))
    return score
