"""The greedy look-ahead's score of a declaration made outside a Sequence, without a Draft.

Outside a Sequence a declaration opens one holding only itself; settling it (nobody answers)
resolves that one item and the turn goes on in the Main step. Most of what resolving does is
invisible to ``evaluate`` (Ready flags, Ki, the Discard, Branches, Defense bonuses that end with
the Sequence): the score sees only the Gates' damage, which Gates stand on the field, the hand
sizes and the end of the game. So for the frequent declarations (Attacks, damage, opening a
Gate) the score is the position's score with one Gate hit, removed or added and a hand size
changed, computed by the same additions in the same order as ``ruleset._score`` (the same
float, not a near one). Anything else returns None and takes the Draft path.

A rules change to resolution or to the score is made here too: tests/kyoukai/
test_quicklook.py checks this against the Draft path on every intent of many positions.
"""

from __future__ import annotations

from rules.core.model import Intent
from rules.kyoukai.foresight import FRIENDLY_FIRE, worth, worths
from rules.kyoukai.state import EMPTY, ENTRANT_LIFE, State

_NONE = -2  # no Gate (iids are >= 0, EMPTY is -1)
_HARMFUL = frozenset({"damage", "primal_instinct"})
# What resolving these effects changes that the score reads: nothing (shield ends with the
# Sequence; Ready, Branches and the Discard are not scored).
_SILENT = frozenset({"shield", "ready", "branch_self", "graft", "nothing"})


def quick_lookahead(s: State, intent: Intent, player: int) -> float | None:
    """``evaluate`` after ``intent`` and its settling, or None when this intent or position
    needs the Draft path."""
    if (s.seq is not None or s.pending is not None or s.over or s.winner is not None
            or s.absorbed or s.shield or s.step != "main" or s.active != player):
        return None
    kind = intent.kind
    if kind == "attack":
        gate: int = intent.gate  # type: ignore[attr-defined]
        zone: int = intent.zone  # type: ignore[attr-defined]
        return _hit(s, player, s.field[zone], _attack_of(s, gate), 0)
    if kind == "open":
        return _open(s, player, intent)
    if kind == "skill":
        return _skill(s, player, intent)
    return None


def _open(s: State, player: int, intent: Intent) -> float | None:
    c: int = intent.card  # type: ignore[attr-defined]
    zone: int = intent.zone  # type: ignore[attr-defined]
    card = s.card(c)
    hand = -1 if c in s.players[player].hand else 0  # a Spirit comes from the Spirit deck
    if card.type in ("summon", "spirit", "entrant"):
        return _score(s, player, 0, _NONE, 0, _NONE, c, hand, 0)
    effect = card.effect
    target = s.field[zone] if zone != EMPTY else EMPTY
    return _effect(s, player, effect, card.amount, target, hand, _NONE)


def _skill(s: State, player: int, intent: Intent) -> float | None:
    g: int = intent.gate  # type: ignore[attr-defined]
    zone: int = intent.zone  # type: ignore[attr-defined]
    pay: tuple[int, ...] = intent.pay  # type: ignore[attr-defined]
    skill = s.card(g).skills[intent.skill]  # type: ignore[attr-defined]
    if skill.kind != "location" and g not in s.gates:
        return None
    hand = -len(pay[:skill.cost.discard])
    target = s.field[zone] if zone != EMPTY else EMPTY
    effect = skill.effect
    if effect == "primal_instinct":
        return _hit(s, player, target, _attack_of(s, g), hand)
    if effect == "rebirth":
        return _score(s, player, 0, _NONE, 0, _NONE, g, hand, 0)
    return _effect(s, player, effect, skill.amount, target, hand, _NONE)


def _effect(s: State, player: int, effect: str | None, amount: int, target: int, hand: int,
            added: int) -> float | None:
    if effect == "damage":
        return _hit(s, player, target, amount, hand)
    if effect in _SILENT:
        return _score(s, player, 0, _NONE, 0, _NONE, added, hand, 0)
    if effect == "draw":
        taken = len(s.players[player].deck[:amount])
        return _score(s, player, 0, _NONE, 0, _NONE, added, hand + taken, 0)
    if effect == "heal":
        ent = s.players[player].entrant
        g = s.gates.get(ent)
        if g is None:
            return _score(s, player, 0, _NONE, 0, _NONE, added, hand, 0)
        return _score(s, player, 0, ent, g.damage - min(amount, g.damage), _NONE, added, hand,
                      0)
    if effect == "return_to_hand":
        g = s.gates.get(target)
        if g is None:
            return None
        # The Gate goes back to its owner's hand; its Branches to the Discard.
        mine = 1 if g.owner == player else 0
        return _score(s, player, 0, _NONE, 0, target, added, hand + mine, 1 - mine)
    return None


def _attack_of(s: State, iid: int) -> int:
    total = s.card(iid).attack or 0
    for b in s.gates[iid].branches:
        for sk in s.card(b).skills:
            if sk.kind == "branch" and sk.effect == "stat_bonus":
                total += sk.attack
    return total


def _defense_of(s: State, iid: int) -> int:
    total = s.card(iid).defense or 0
    for b in s.gates[iid].branches:
        for sk in s.card(b).skills:
            if sk.kind == "branch" and sk.effect == "stat_bonus":
                total += sk.defense
    return total  # no Sequence is open: no shield


def _hit(s: State, player: int, target: int, amount: int, hand: int) -> float | None:
    """``amount`` damage dealt to ``target`` (as ``Draft.damage`` with nothing absorbed yet) by
    a harmful declaration (aimed at one's own Gate, it is friendly fire)."""
    g = s.gates.get(target)
    if g is None:
        return None
    ff = 1 if g.owner == player else 0
    through = max(0, amount - max(0, _defense_of(s, target))) if amount > 0 else 0
    if through == 0:
        return _score(s, player, ff, _NONE, 0, _NONE, _NONE, hand, 0)
    if s.card(target).type == "entrant":
        total = g.damage + through
        if total >= ENTRANT_LIFE:
            score = -FRIENDLY_FIRE * ff
            return score + (1000.0 if 1 - g.owner == player else -1000.0)
        return _score(s, player, ff, target, total, _NONE, _NONE, hand, 0)
    return _score(s, player, ff, _NONE, 0, target, _NONE, hand, 0)


def _score(s: State, player: int, ff: int, hit: int, hit_damage: int, gone: int, added: int,
           hand: int, their_hand: int) -> float:
    """``ruleset._score`` of ``s`` with Gate ``hit`` at ``hit_damage``, Gate ``gone`` off the
    field, Gate ``added`` put on it (last, as ``Draft.place`` does) and the hands changed."""
    score = -FRIENDLY_FIRE * ff
    gates = s.gates
    known = worths(s)
    order = list(gates) if added == _NONE else [*gates, added]
    for i in order:
        if i == gone:
            continue
        if i in known:
            w = known[i]
        else:
            w = known[i] = worth(s, i)
        if i == added:  # put on the field by ``player``, undamaged
            if w is None:
                score -= 0
            else:
                score += w
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
    score += 0.3 * ((len(me.hand) + hand) - (len(them.hand) + their_hand))
    return score
